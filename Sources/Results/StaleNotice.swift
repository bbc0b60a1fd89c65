public import Foundation

/// What a stale repository's own pages say above the result they show: that the result is carried from
/// an earlier run because the repository could not be brought up to date, why, and since when.
public struct StaleNotice: Sendable, Hashable {
    /// Why the repository could not be brought up to date this time.
    public let error: String
    /// The run whose scan made the result, and when that was.
    public let resultRun: String?
    public let resultDate: Date?
    /// The first run of the current streak of failures.
    public let failingSince: String?

    public init(error: String, resultRun: String?, resultDate: Date?, failingSince: String?) {
        self.error = error
        self.resultRun = resultRun
        self.resultDate = resultDate
        self.failingSince = failingSince
    }

    /// The notice of a stale repository's line in a run.
    public init(_ record: RepoRecord) {
        self.init(
            error: record.error ?? "", resultRun: record.scannedIn, resultDate: record.scannedIn.flatMap(RunID.date),
            failingSince: record.failingSince)
    }
}
