/// A complete run with the results of its repositories, as values.
///
/// The results are asked for one repository at a time (`report(_:)`): a snapshot either holds them, or
/// reads each from where the run stored it when it is asked for, so the diff and the summary of 10,000
/// repositories hold one result at a time rather than the fleet's.
package struct RunSnapshot: Sendable {
    package let record: RunRecord
    private let lookup: @Sendable (RepoKey) -> ScanReport?

    /// A snapshot holding every result: by repository, for every repository that has one.
    package init(record: RunRecord, reports: [RepoKey: ScanReport]) {
        self.record = record
        lookup = { reports[$0] }
    }

    /// A snapshot reading each result when asked: `read` gives a repository's result, nil when it has none.
    package init(record: RunRecord, reading read: @escaping @Sendable (RepoKey) -> ScanReport?) {
        self.record = record
        lookup = read
    }

    /// The result of a repository of the run, nil when it has none.
    package func report(_ key: RepoKey) -> ScanReport? {
        lookup(key)
    }
}
