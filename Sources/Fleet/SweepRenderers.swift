public import Rules

/// The report formats a sweep writes, handed in by the caller: Fleet does not depend on Reports, so the
/// CLI builds this from the Reports module's pure functions.
public struct SweepRenderers: Sendable {
    /// `repos/<key>.json`: the JSON contract; what later runs read back to carry a result forward.
    public var repoJSON: @Sendable (ScanReport) -> String
    public var repoMarkdown: @Sendable (ScanReport) -> String
    public var repoSARIF: @Sendable (ScanReport) -> String
    public var summaryJSON: @Sendable (FleetSummary) -> String
    public var summaryMarkdown: @Sendable (FleetSummary) -> String
    public var appsCSV: @Sendable (FleetSummary) -> String
    public var diffJSON: @Sendable (RunDiff) -> String
    public var diffMarkdown: @Sendable (RunDiff) -> String
    /// `repos/<key>.html`, when set: a page of one repository's findings.
    public var repoHTML: (@Sendable (ScanReport) -> String)?
    /// `summary.html`, when set: the dashboard, from the summary and the history up to and including the run.
    public var summaryHTML: (@Sendable (FleetSummary, [HistoryEntry]) -> String)?
    /// `rules.html`, when set: the rule pages the other HTML files link to.
    public var rulesHTML: (@Sendable () -> String)?
    /// A stale repository's `repos/<key>.md` and `.html`, when set: its last result under a notice saying
    /// that it is stale, why and since when.
    public var staleRepoMarkdown: (@Sendable (ScanReport, StaleNotice) -> String)?
    public var staleRepoHTML: (@Sendable (ScanReport, StaleNotice) -> String)?

    public init(
        repoJSON: @escaping @Sendable (ScanReport) -> String, repoMarkdown: @escaping @Sendable (ScanReport) -> String,
        repoSARIF: @escaping @Sendable (ScanReport) -> String, summaryJSON: @escaping @Sendable (FleetSummary) -> String,
        summaryMarkdown: @escaping @Sendable (FleetSummary) -> String, appsCSV: @escaping @Sendable (FleetSummary) -> String,
        diffJSON: @escaping @Sendable (RunDiff) -> String, diffMarkdown: @escaping @Sendable (RunDiff) -> String,
        repoHTML: (@Sendable (ScanReport) -> String)? = nil, summaryHTML: (@Sendable (FleetSummary, [HistoryEntry]) -> String)? = nil,
        rulesHTML: (@Sendable () -> String)? = nil, staleRepoMarkdown: (@Sendable (ScanReport, StaleNotice) -> String)? = nil,
        staleRepoHTML: (@Sendable (ScanReport, StaleNotice) -> String)? = nil
    ) {
        self.repoJSON = repoJSON
        self.repoMarkdown = repoMarkdown
        self.repoSARIF = repoSARIF
        self.summaryJSON = summaryJSON
        self.summaryMarkdown = summaryMarkdown
        self.appsCSV = appsCSV
        self.diffJSON = diffJSON
        self.diffMarkdown = diffMarkdown
        self.repoHTML = repoHTML
        self.summaryHTML = summaryHTML
        self.rulesHTML = rulesHTML
        self.staleRepoMarkdown = staleRepoMarkdown
        self.staleRepoHTML = staleRepoHTML
    }

    /// The per-repository files, by extension. A carried-forward result gets every one of them: linked
    /// from the previous run, or rendered when that run does not have it (it predates the format).
    var repoFiles: [(ext: String, render: @Sendable (ScanReport) -> String)] {
        var files: [(ext: String, render: @Sendable (ScanReport) -> String)] = [
            ("json", repoJSON), ("md", repoMarkdown), ("sarif", repoSARIF),
        ]
        if let repoHTML { files.append(("html", repoHTML)) }
        return files
    }
}
