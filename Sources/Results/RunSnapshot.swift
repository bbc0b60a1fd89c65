/// A complete run with the results of its repositories, as values.
package struct RunSnapshot: Sendable {
    package let record: RunRecord
    /// Results by repository, for every repository that has one.
    package let reports: [RepoKey: ScanReport]

    package init(record: RunRecord, reports: [RepoKey: ScanReport]) {
        self.record = record
        self.reports = reports
    }
}
