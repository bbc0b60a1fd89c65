public import Foundation
public import Rules

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

extension SweepRenderers {
    /// Writes a stale repository's pages (Markdown and HTML) in `runID` with the notice above its last
    /// result. The files replace the links to the earlier run's pages by rename, so those stay as they were.
    func writeStalePages(_ report: ScanReport, notice: StaleNotice, key: RepoKey, store: RunStore, runID: String) throws {
        if let staleRepoMarkdown {
            try AtomicFile.write(staleRepoMarkdown(report, notice), to: store.resultPath(run: runID, key: key, ext: "md"))
        }
        if let staleRepoHTML {
            try AtomicFile.write(staleRepoHTML(report, notice), to: store.resultPath(run: runID, key: key, ext: "html"))
        }
    }
}
