import Fleet

extension SweepRenderers {
    /// The standard formats, with summary.md and diff.md ending in links to the run's pages under the
    /// config's `report_url`; without one, exactly `standard` (a path in the workspace helps no reader of
    /// a Markdown file posted elsewhere).
    public static func standard(links: ReportLinks) -> SweepRenderers {
        guard links.base != nil else { return standard }
        var renderers = standard
        renderers.summaryMarkdown = { summary in
            FleetSummaryReport.markdown(summary) + ReportLinkLines.summary(run: summary.run, links: links)
        }
        renderers.diffMarkdown = { diff in RunDiffReport.markdown(diff) + ReportLinkLines.diff(run: diff.to, links: links) }
        return renderers
    }
}

/// The closing lines of summary.md and diff.md under a `report_url`.
public enum ReportLinkLines {
    public static func summary(run: String, links: ReportLinks) -> String {
        guard links.base != nil else { return "" }
        return "\n[Dashboard](\(links.file("summary.html", inRun: run))) · [what changed](\(links.file("diff.md", inRun: run)))"
            + " · [apps.csv](\(links.file("apps.csv", inRun: run)))\n"
    }

    public static func diff(run: String, links: ReportLinks) -> String {
        guard links.base != nil else { return "" }
        return "\n[Dashboard](\(links.file("summary.html", inRun: run))) · [summary](\(links.file("summary.md", inRun: run)))\n"
    }
}
