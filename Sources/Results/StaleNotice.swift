import Foundation

/// What a stale repository's own pages say above the result they show: that the result is carried from
/// an earlier run because the repository could not be brought up to date, why, and since when.
package struct StaleNotice: Sendable, Hashable {
    /// Why the repository could not be brought up to date this time.
    package let error: String
    /// The run whose scan made the result, and when that was.
    package let resultRun: String?
    package let resultDate: Date?
    /// The first run of the current streak of failures.
    package let failingSince: String?

    package init(error: String, resultRun: String?, resultDate: Date?, failingSince: String?) {
        self.error = error
        self.resultRun = resultRun
        self.resultDate = resultDate
        self.failingSince = failingSince
    }

    /// The notice of a stale repository's line in a run.
    package init(_ record: RepoRecord) {
        self.init(
            error: record.error ?? "", resultRun: record.scannedIn, resultDate: record.scannedIn.flatMap(RunID.date),
            failingSince: record.failingSince)
    }
}
