import Fleet

extension SweepRenderers {
    /// The formats a sweep writes, from this module's renderers.
    public static let standard = SweepRenderers(
        repoJSON: JSONReport.render, repoMarkdown: MarkdownReport.render, repoSARIF: SARIFReport.render,
        summaryJSON: FleetSummaryReport.json, summaryMarkdown: FleetSummaryReport.markdown, appsCSV: AppsCSVReport.render,
        diffJSON: RunDiffReport.json, diffMarkdown: RunDiffReport.markdown, repoHTML: RepoPageReport.html,
        summaryHTML: DashboardReport.html, rulesHTML: RulesPageReport.html, staleRepoMarkdown: { MarkdownReport.render($0, stale: $1) },
        staleRepoHTML: { RepoPageReport.html($0, stale: $1) })
}
