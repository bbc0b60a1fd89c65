import Reports
import Results

/// The files a run writes, each from its renderer in Reports: one list, so a sweep, a shard merge and a
/// result carried forward write the same files.
enum RunFiles {
    /// Each repository's files by extension: the JSON contract (what later runs read back to carry a
    /// result forward), Markdown, SARIF and its page. A carried-forward result gets every one of them:
    /// linked from the previous run, or rendered when that run lacks one (it predates the format).
    static let repoFiles: [(ext: String, render: @Sendable (ScanReport) -> String)] = [
        ("json", JSONReport.render), ("md", MarkdownReport.render), ("sarif", SARIFReport.render), ("html", RepoPageReport.html),
    ]

    /// Writes a stale repository's pages (Markdown and HTML) in `runID` with the notice above its last
    /// result. The files replace the links to the earlier run's pages by rename, so those stay as they were.
    static func writeStalePages(_ report: ScanReport, notice: StaleNotice, key: RepoKey, store: RunStore, runID: String) throws {
        try AtomicFile.write(MarkdownReport.render(report, stale: notice), to: store.resultPath(run: runID, key: key, ext: "md"))
        try AtomicFile.write(RepoPageReport.html(report, stale: notice), to: store.resultPath(run: runID, key: key, ext: "html"))
    }

    /// run.json, a member at a time and its repositories one by one (7 MB at 10,000 repositories, whose
    /// encoding in one piece was the sweep's peak of memory). `RunRecord.decoded` reads it back.
    static func record(_ record: RunRecord, to sink: TextSink) throws {
        try JSONValueEncoder().stream(record, to: sink)
    }

    /// The run's own reports, in the order they are written; summary.md and diff.md end in links to the
    /// run's pages under the config's `report_url` when it has one. The large ones (summary.json, apps.csv,
    /// summary.html) write into their sink in pieces.
    static func runReports(
        summary: FleetSummary, diff: RunDiff, history: [HistoryEntry], links: ReportLinks?
    ) -> [(name: String, write: @Sendable (TextSink) -> Void)] {
        [
            ("summary.json", { FleetSummaryReport.json(summary, to: $0) }),
            (
                "summary.md",
                {
                    $0.write(
                        FleetSummaryReport.markdown(summary) + (links.map { ReportLinkLines.summary(run: summary.run, links: $0) } ?? ""))
                }
            ),
            ("apps.csv", { AppsCSVReport.render(summary, to: $0) }),
            ("diff.json", { $0.write(RunDiffReport.json(diff)) }),
            ("diff.md", { $0.write(RunDiffReport.markdown(diff) + (links.map { ReportLinkLines.diff(run: diff.to, links: $0) } ?? "")) }),
            ("summary.html", { DashboardReport.html(summary, history: history, to: $0) }),
            ("rules.html", { $0.write(RuleCatalogueReport.html()) }),
        ]
    }
}
