import Results

/// The formats `scan` writes.
package enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, markdown, sarif, github

    /// Renders a report; each format is a pure function of the report value.
    package func render(_ report: ScanReport) -> String {
        switch self {
        case .text: return TextReport.render(report)
        case .json: return JSONReport.render(report)
        case .markdown: return MarkdownReport.render(report)
        case .sarif: return SARIFReport.render(report)
        case .github: return GitHubReport.render(report)
        }
    }
}
