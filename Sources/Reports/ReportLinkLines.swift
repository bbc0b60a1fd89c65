import Results

/// The closing lines of summary.md and diff.md under a `report_url`.
package enum ReportLinkLines {
    package static func summary(run: String, links: ReportLinks) -> String {
        guard links.base != nil else { return "" }
        return "\n[Dashboard](\(links.file("summary.html", inRun: run))) · [what changed](\(links.file("diff.md", inRun: run)))"
            + " · [apps.csv](\(links.file("apps.csv", inRun: run)))\n"
    }

    package static func diff(run: String, links: ReportLinks) -> String {
        guard links.base != nil else { return "" }
        return "\n[Dashboard](\(links.file("summary.html", inRun: run))) · [summary](\(links.file("summary.md", inRun: run)))\n"
    }
}
