/// A complete run with the results of its repositories, as values.
public struct RunSnapshot: Sendable {
    public let record: RunRecord
    /// Results by repository, for every repository that has one.
    public let reports: [RepoKey: ScanReport]

    public init(record: RunRecord, reports: [RepoKey: ScanReport]) {
        self.record = record
        self.reports = reports
    }
}
