import Foundation
import Results

/// The dashboard's campaign section: blocked apps by how far `scenesweep campaign` has carried them (nothing
/// yet, an issue open, a pull request open, merged), for the fleet and per team, and run by run as a burndown
/// toward the deadline. Shown once the workspace has a campaign.
extension DashboardReport {
    /// The stages in the order a bar shows them, with their class and words.
    static var campaignStages: [(key: KeyPath<CampaignProgress, Int>, css: String, label: String)] {
        [
            (\.noAction, "no-action", "No action yet"), (\.issueOpen, "issue-open", "Issue open"),
            (\.pullRequestOpen, "pr-open", "Pull request open"), (\.merged, "merged", "Merged"),
        ]
    }

    static func campaign(_ summary: FleetSummary, history: [HistoryEntry]) -> String {
        guard let progress = summary.campaign else { return "" }
        var html = "<section id=\"campaign\">\n<div class=\"section-head\"><h2>Campaign</h2>"
        let days = summary.daysToDeadline.map { days in
            days >= 0 ? "; \(count(days, "day")) to the deadline" : "; the deadline passed \(count(-days, "day")) ago"
        }
        html += "<p>Blocked apps by how far the campaign has carried them, as <code>scenesweep campaign</code> last left them"
        html += "\(days ?? "").</p></div>\n<div class=\"card\">\n"
        html += campaignBar(progress, width: 100)
        html += "<div class=\"legend\" aria-hidden=\"true\">"
        for stage in campaignStages {
            html += "<span><span class=\"swatch \(stage.css)\"></span>\(stage.label) <b>\(progress[keyPath: stage.key])</b></span>"
        }
        html += "</div>\n"
        if progress.failingChecks > 0 {
            html += "<p class=\"stale-note\"><b data-metric=\"failing-checks\">\(progress.failingChecks)</b> of the apps with a pull "
            html += "request open wait on failing checks (CI on the pull request's head, as the campaign last read it)</p>\n"
        }
        html += "<div class=\"table-wrap\"><table class=\"campaign\">\n<thead><tr><th>Team</th><th class=\"num\">Blocked</th>"
        for stage in campaignStages { html += "<th class=\"num\">\(stage.label)</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for team in summary.teams where (team.campaign?.blocked ?? 0) > 0 {
            guard let counts = team.campaign else { continue }
            html += "<tr data-team=\"\(HTML.escape(team.team))\"><td class=\"team-name\">\(HTML.escape(team.team))</td>"
            html += campaignCells(counts) + "</tr>\n"
        }
        html += "</tbody></table></div>\n"
        let runs = history.compactMap { entry in entry.campaign.map { (entry.finishedAt, $0) } }
        if !runs.isEmpty {
            html += "<h3>Burndown</h3>\n" + burndown(runs)
            for team in summary.teams where team.campaign != nil {
                let series = history.compactMap { entry in entry.campaignTeams?[team.team].map { (entry.finishedAt, $0) } }
                guard series.contains(where: { $0.1.blocked > 0 }) else { continue }
                html += "<details class=\"team-burndown\" data-team=\"\(HTML.escape(team.team))\"><summary>Burndown of "
                html += "\(HTML.escape(team.team))</summary>\n" + burndown(series) + "</details>\n"
            }
        }
        return html + "</div>\n</section>\n"
    }

    /// A row per run, the latest first: when it finished, its bar (as wide as its share of the most blocked
    /// apps of any run shown), and the figures.
    private static func burndown(_ runs: [(finishedAt: Date, counts: CampaignProgress)]) -> String {
        let widest = max(1, runs.map(\.counts.blocked).max() ?? 1)
        var html = "<div class=\"table-wrap\"><table class=\"burndown\">\n<thead><tr><th>Run</th>"
        html += "<th>Blocked apps</th><th class=\"num\">Blocked</th>"
        for stage in campaignStages { html += "<th class=\"num\">\(stage.label)</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for (finishedAt, counts) in runs.reversed() {
            html += "<tr><td class=\"nowrap\">\(HTML.moment(finishedAt))</td>"
            html += "<td class=\"bar-cell\">" + campaignBar(counts, width: Double(counts.blocked) * 100 / Double(widest)) + "</td>"
            html += campaignCells(counts) + "</tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    private static func campaignCells(_ counts: CampaignProgress) -> String {
        var html = "<td class=\"num\" data-metric=\"blocked\">\(counts.blocked)</td>"
        for stage in campaignStages {
            let value = counts[keyPath: stage.key]
            html += "<td class=\"num\(value == 0 ? " zero" : "")\" data-metric=\"\(stage.css)\">\(value)</td>"
        }
        return html
    }

    /// A bar `width` percent wide, split by stage; described in words for screen readers.
    private static func campaignBar(_ counts: CampaignProgress, width: Double) -> String {
        let words = campaignStages.map { "\(counts[keyPath: $0.key]) \($0.label.lowercased())" }.joined(separator: ", ")
        var html = "<div class=\"stack campaign-stack\" style=\"width:\(HTML.decimal(width))%\" role=\"img\" "
        html += "aria-label=\"\(count(counts.blocked, "blocked app")): \(words)\">"
        for stage in campaignStages where counts[keyPath: stage.key] > 0 {
            let share = Double(counts[keyPath: stage.key]) * 100 / Double(max(1, counts.blocked))
            html += "<span class=\"\(stage.css)\" style=\"width:\(HTML.decimal(share))%\"></span>"
        }
        return html + "</div>"
    }
}
