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

    public init(
        repoJSON: @escaping @Sendable (ScanReport) -> String, repoMarkdown: @escaping @Sendable (ScanReport) -> String,
        repoSARIF: @escaping @Sendable (ScanReport) -> String, summaryJSON: @escaping @Sendable (FleetSummary) -> String,
        summaryMarkdown: @escaping @Sendable (FleetSummary) -> String, appsCSV: @escaping @Sendable (FleetSummary) -> String,
        diffJSON: @escaping @Sendable (RunDiff) -> String, diffMarkdown: @escaping @Sendable (RunDiff) -> String
    ) {
        self.repoJSON = repoJSON
        self.repoMarkdown = repoMarkdown
        self.repoSARIF = repoSARIF
        self.summaryJSON = summaryJSON
        self.summaryMarkdown = summaryMarkdown
        self.appsCSV = appsCSV
        self.diffJSON = diffJSON
        self.diffMarkdown = diffMarkdown
    }

    /// The per-repository files, by extension.
    var repoFiles: [(ext: String, render: @Sendable (ScanReport) -> String)] {
        [("json", repoJSON), ("md", repoMarkdown), ("sarif", repoSARIF)]
    }
}
