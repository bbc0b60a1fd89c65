import Foundation
import Results
import Rules

/// `summary.json` and `summary.md` of a sweep: pure functions of a `FleetSummary`.
package enum FleetSummaryReport {
    package static func json(_ summary: FleetSummary) -> String {
        TextSink.text { json(summary, to: $0) }
    }

    /// summary.json into a sink, in pieces (at 10,000 repositories it is 7 MB).
    package static func json(_ summary: FleetSummary, to sink: TextSink) {
        // Encoding cannot fail: every member is a string, number, date, list or object.
        try? JSONValueEncoder().stream(summary, to: sink)
    }

    /// The leadership page: the countdown, readiness, regressions, blocked apps by team, top blocking rules.
    package static func markdown(_ summary: FleetSummary) -> String {
        let totals = summary.totals
        var output = "# \(Markdown.cell(summary.fleetName)): iOS 27 scene readiness\n\n"
        output +=
            "Run `\(summary.run)` · \(Timestamp.readable(summary.generatedAt)) · scenesweep \(Markdown.cell(summary.toolVersion)) "
            + "(rule pack \(Markdown.cell(summary.rulePack)))\n\n"
        output += countdown(summary) + "\n\n"
        output +=
            "**Readiness: \(percent(totals.readiness))** — \(totals.ready) of \(count(totals.apps, "app")) ready · "
            + "\(totals.blocked) blocked · \(totals.atRisk) at risk · \(totals.unknown) unknown"
            + (staleNote(summary).map { " · **\($0)**" } ?? "") + "\n\n"
        var coverage = ["\(summary.scannedRepos) scanned", "\(summary.reusedRepos) unchanged"]
        if summary.skippedRepos > 0 { coverage.append("\(summary.skippedRepos) not checked (--only)") }
        if summary.failedRepos > 0 { coverage.append("**\(summary.failedRepos) could not be fetched or scanned**") }
        output += "\(count(summary.repos, "repository", "repositories")): \(coverage.joined(separator: ", ")).\n\n"
        if summary.vendoredApps > 0 {
            output +=
                "\(count(summary.vendoredApps, "vendored app")) (vendors' example and demo apps inside third-party code) "
                + "\(summary.vendoredApps == 1 ? "is" : "are") not counted; `include_vendored_apps: true` counts them.\n\n"
        }

        output += regressions(summary.diff)
        output += blockedByTeam(summary)
        output += unchecked(summary)
        output += topRules(summary)
        output += blockedByXcode(summary)
        output += blockingDependencies(summary)
        output += teams(summary)
        output += migrations(summary)
        output += suppressions(summary)
        output += failures(summary)
        output +=
            "Apps of repositories that could not be brought up to date count with their last verdict, never better, and are marked stale; "
            + "a repository never scanned is unknown, and unknown is not passing.\n"
        return output
    }

    /// `2 apps counted from stale results (since 2026-11-29 02:00 UTC)`; nil when no app is stale.
    static func staleNote(_ summary: FleetSummary) -> String? {
        guard summary.staleApps > 0 else { return nil }
        let since = summary.staleSince.map { " (since \(Timestamp.readable($0)))" } ?? ""
        return summary.staleApps == 1
            ? "1 app counted from a stale result\(since)" : "\(summary.staleApps) apps counted from stale results\(since)"
    }

    private static func countdown(_ summary: FleetSummary) -> String {
        guard let deadline = summary.deadline, let days = summary.daysToDeadline else {
            return "No deadline is set (`fleet.deadline` in the config)."
        }
        if days > 0 {
            return "**\(count(days, "day")) to the deadline** (\(deadline)): from then the App Store accepts only iOS 27 SDK builds."
        }
        if days == 0 { return "**The deadline is today** (\(deadline))." }
        return "**The deadline (\(deadline)) passed \(count(-days, "day")) ago.**"
    }

    private static func regressions(_ diff: RunDiff) -> String {
        guard let from = diff.from else { return "## Regressions\n\nFirst run: nothing to compare with yet.\n\n" }
        guard !diff.regressions.isEmpty else { return "## Regressions since `\(from)`\n\nNone.\n\n" }
        var output = "## Regressions since `\(from)`\n\n| Repository | App | Target | Was | Now |\n|---|---|---|---|---|\n"
        for change in diff.regressions {
            output +=
                "| \(Markdown.cell(change.repoName)) | `\(Markdown.code(change.path.isEmpty ? "." : change.path))` | \(Markdown.cell(change.target)) | "
                + "\(MarkdownReport.verdict(change.from)) | \(MarkdownReport.verdict(change.to)) |\n"
        }
        return output + "\n"
    }

    /// When the blocked apps break: grouped by the Xcode their builds are pinned to.
    private static func blockedByXcode(_ summary: FleetSummary) -> String {
        guard !summary.blockedByXcode.isEmpty else { return "" }
        var output =
            "## Blocked apps by pinned Xcode\n\nXcode 27 builds crash at launch now; older pins are safe until they move, "
            + "and must move before 2027-04-01.\n\n| Xcode | Blocked apps |\n|---|---|\n"
        for group in summary.blockedByXcode {
            output += "| \(group.group.isCurrent ? "**\(group.group)** (crashes now)" : group.group.description) | \(group.apps) |\n"
        }
        return output + "\n"
    }

    private static func blockingDependencies(_ summary: FleetSummary) -> String {
        guard !summary.blockingDependencies.isEmpty else { return "" }
        var output =
            "## Dependencies blocking readiness\n\n| Dependency | Ecosystem | Apps | Resolved | Move to | Source |\n|---|---|---|---|---|---|\n"
        for dependency in summary.blockingDependencies {
            output +=
                "| \(Markdown.cell(dependency.name)) | \(dependency.ecosystem.displayName) | \(dependency.apps) | "
                + "\(Markdown.cell(dependency.resolved.joined(separator: ", "))) | \(Markdown.cell(dependency.sceneAware ?? "no scene-aware release")) | "
                + "[source](\(dependency.source.replacingOccurrences(of: ")", with: "%29").replacingOccurrences(of: " ", with: "%20"))) |\n"
        }
        return output + "\n"
    }

    private static func blockedByTeam(_ summary: FleetSummary) -> String {
        // By index in one pass: the rows are large, and a fleet's blocked apps can be thousands.
        var byTeam: [String: [Int]] = [:]
        for (index, app) in summary.apps.enumerated() where app.verdict == .blocked {
            byTeam[app.team ?? FleetSummary.noTeam, default: []].append(index)
        }
        guard !byTeam.isEmpty else { return "## Blocked apps\n\nNone.\n\n" }
        var output = "## Blocked apps by team\n\n"
        for (team, indices) in byTeam.sorted(by: { $0.key < $1.key }) {
            output +=
                "### \(Markdown.cell(team)) (\(indices.count))\n\n| Repository | App | Target | Blocking rules | Owners |\n|---|---|---|---|---|\n"
            for app in indices.lazy.map({ summary.apps[$0] }) {
                let rules = app.blockingRules.map { "`\($0)`" }.joined(separator: ", ")
                let owners = app.owners.isEmpty ? "—" : app.owners.map(Markdown.cell).joined(separator: ", ")
                output +=
                    "| \(Markdown.cell(app.repoName)) | `\(Markdown.code(app.path.isEmpty ? "." : app.path))` | \(Markdown.cell(app.target)) | \(rules) | \(owners) |\n"
            }
            output += "\n"
        }
        return output
    }

    /// Apps the scan itself reported unknown, with why: an unreadable input, or a repository with signs of an
    /// app that no project or description identified. They count against readiness, so they are named.
    private static func unchecked(_ summary: FleetSummary) -> String {
        let apps = summary.apps.filter { $0.verdict == .unknown && $0.uncheckedReason != nil }
        guard !apps.isEmpty else { return "" }
        var output =
            "## Apps that could not be checked (\(apps.count))\n\n| Repository | Team | App | Target | Why |\n|---|---|---|---|---|\n"
        for app in apps {
            output +=
                "| \(Markdown.cell(app.repoName)) | \(Markdown.cell(app.team ?? FleetSummary.noTeam)) | `\(Markdown.code(app.path.isEmpty ? "." : app.path))` "
                + "| \(Markdown.cell(app.target)) | \(Markdown.cell(app.uncheckedReason ?? "")) |\n"
        }
        return output + "\n"
    }

    private static func topRules(_ summary: FleetSummary) -> String {
        guard !summary.topBlockingRules.isEmpty else { return "" }
        var output = "## Top blocking rules\n\n| Rule | Blocked apps | What to do |\n|---|---:|---|\n"
        for item in summary.topBlockingRules.prefix(5) {
            let fix = Catalogue.rule(named: item.rule).map { Markdown.cell($0.description.fix) } ?? ""
            output += "| `\(Markdown.code(item.rule))` | \(item.apps) | \(fix) |\n"
        }
        return output + "\n"
    }

    private static func teams(_ summary: FleetSummary) -> String {
        var output = "## Teams\n\n| Team | Apps | Ready | Blocked | At risk | Unknown | Readiness |\n|---|---:|---:|---:|---:|---:|---:|\n"
        for team in summary.teams {
            let counts = team.counts
            output +=
                "| \(Markdown.cell(team.team)) | \(counts.apps) | \(counts.ready) | \(counts.blocked) | \(counts.atRisk) | \(counts.unknown) | "
                + "\(percent(counts.readiness)) |\n"
        }
        return output + "\n"
    }

    /// With `fix: patches`: how many blocked apps have a verified patch in the run, and how many are explained,
    /// per team.
    private static func migrations(_ summary: FleetSummary) -> String {
        guard let patches = summary.patches else { return "" }
        var output = "## Migrations\n\n"
        output +=
            "\(count(patches.patched, "blocked app")) \(patches.patched == 1 ? "has" : "have") a verified patch in the run's `patches/` folder; "
            + "\(patches.explained) \(patches.explained == 1 ? "is" : "are") explained instead (why, with the steps, in each app's `.json` there).\n\n"
        output += "| Team | Patched | Explained |\n|---|---:|---:|\n"
        for team in summary.teams {
            guard let figures = team.patches else { continue }
            output += "| \(Markdown.cell(team.team)) | \(figures.patched) | \(figures.explained) |\n"
        }
        return output + "\n"
    }

    /// Every `scenesweep:ignore` comment that matched a finding, per team, with its reason and whether the
    /// fleet accepted it (a refused one leaves its finding counted).
    private static func suppressions(_ summary: FleetSummary) -> String {
        let accepted = summary.totals.suppressed
        let refused = summary.totals.suppressionsRefused
        var output = "## Suppressions by team\n\n"
        guard !summary.suppressions.isEmpty else { return output + "No finding is suppressed by a `scenesweep:ignore` comment.\n\n" }
        output +=
            "\(count(accepted, "finding")) suppressed by `scenesweep:ignore` comments the fleet config accepts (not counted); "
            + "\(count(refused, "comment")) not accepted by the fleet config (\(refused == 1 ? "its finding is" : "their findings are") counted).\n\n"
        let teams = Set(summary.suppressions.map { $0.team ?? FleetSummary.noTeam }).sorted()
        for team in teams {
            let items = summary.suppressions.filter { ($0.team ?? FleetSummary.noTeam) == team }
            output +=
                "### \(Markdown.cell(team)) (\(items.count))\n\n| Repository | Target | Severity | Location | Rule | Reason | Accepted |\n"
                + "|---|---|---|---|---|---|---|\n"
            for item in items {
                let finding = item.finding
                output +=
                    "| \(Markdown.cell(finding.repoName)) | \(Markdown.cell(finding.target)) | \(finding.severity.rawValue) | "
                    + "`\(Markdown.code("\(finding.file):\(finding.line)"))` | `\(finding.rule)` | \(Markdown.cell(item.reason)) | "
                    + "\(item.accepted ? "yes" : "no: counted") |\n"
            }
            output += "\n"
        }
        return output
    }

    private static func failures(_ summary: FleetSummary) -> String {
        let failed = summary.repoRows.filter { $0.status.isFailure }
        guard !failed.isEmpty else { return "" }
        var output =
            "## Repositories that could not be brought up to date\n\n| Repository | Team | Error | Shown | Failing since |\n|---|---|---|---|---|\n"
        for repo in failed {
            let shown =
                repo.scannedIn.map { run in "result of `\(run)`" + (repo.resultDate.map { " (\(Timestamp.readable($0)))" } ?? "") }
                ?? "unknown"
            output +=
                "| \(Markdown.cell(repo.name)) | \(Markdown.cell(repo.team ?? FleetSummary.noTeam)) | \(Markdown.cell(repo.error ?? "")) | \(shown) | "
                + "\(repo.failingSince.map { "`\($0)`" } ?? "") |\n"
        }
        return output + "\n"
    }

    static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }

    static func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
