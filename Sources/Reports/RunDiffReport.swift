import Results
import ScanCore

/// `diff.json`, `diff.md` and the text of `scenesweep diff`: pure functions of a `RunDiff`.
package enum RunDiffReport {
    package static func json(_ diff: RunDiff) -> String {
        // Encoding cannot fail: every member is a string, number, date, list or object.
        (try? JSONValueEncoder().encode(diff).serialized()) ?? ""
    }

    package static func markdown(_ diff: RunDiff) -> String {
        var output = "# scenesweep: what changed\n\n"
        guard let from = diff.from else {
            output += "Run `\(diff.to)` is the first complete run: nothing to compare with yet.\n"
            return output + staleMarkdown(diff)
        }
        output += "From run `\(from)` to run `\(diff.to)`.\n\n"
        if diff.isEmpty { output += "No verdict, finding, app or repository changed.\n\n" }
        output += changeTable("Regressions", diff.regressions)
        output += changeTable("Improvements", diff.improvements)
        output += changeTable("Better only by suppression", diff.suppressionChanges)
        output += changeTable("Other verdict changes", diff.otherChanges)
        output += findingTable("New findings", diff.newFindings)
        output += findingTable("Resolved findings", diff.resolvedFindings)
        output += suppressedTable(diff.suppressedFindings)
        output += appList("New apps", diff.newApps)
        output += appList("Removed apps", diff.removedApps)
        output += repoList("New repositories", diff.newRepos)
        output += repoList("Removed from the config", diff.removedRepos)
        output += toolchainTable(diff.toolchainMoves)
        return output + staleMarkdown(diff)
    }

    private static func toolchainTable(_ moves: [ToolchainMove]) -> String {
        guard !moves.isEmpty else { return "" }
        var output =
            "## Xcode pins that moved (\(moves.count))\n\nA blocked app whose build moved to Xcode 27 crashes at launch in that build.\n\n"
            + "| Repository | App | Target | Was | Now | Verdict | Pin |\n|---|---|---|---|---|---|---|\n"
        for move in moves {
            let now = (move.to.map { "Xcode \($0)" } ?? "unknown") + (move.isRegression ? " ⚠ crashes at launch in this build" : "")
            output +=
                "| \(Markdown.cell(move.repoName)) | `\(Markdown.code(display(move.path)))` | \(Markdown.cell(move.target)) | "
                + "\(move.from.map { "Xcode \($0)" } ?? "unknown") | \(Markdown.cell(now)) | \(MarkdownReport.verdict(move.verdict)) | "
                + "\(move.pin.map { "`\(Markdown.code($0))`" } ?? "") |\n"
        }
        return output + "\n"
    }

    private static func changeTable(_ title: String, _ changes: [VerdictChange]) -> String {
        guard !changes.isEmpty else { return "" }
        var output = "## \(title) (\(changes.count))\n\n| Repository | App | Target | Was | Now |\n|---|---|---|---|---|\n"
        for change in changes {
            output +=
                "| \(Markdown.cell(change.repoName)) | `\(Markdown.code(display(change.path)))` | \(Markdown.cell(change.target)) | "
                + "\(MarkdownReport.verdict(change.from)) | \(MarkdownReport.verdict(change.to)) |\n"
        }
        return output + "\n"
    }

    private static func findingTable(_ title: String, _ findings: [FleetFinding]) -> String {
        guard !findings.isEmpty else { return "" }
        var output =
            "## \(title) (\(findings.count))\n\n| Repository | Target | Severity | Location | Rule | Message |\n|---|---|---|---|---|---|\n"
        for finding in findings {
            output +=
                "| \(Markdown.cell(finding.repoName)) | \(Markdown.cell(finding.target)) | \(finding.severity.rawValue) | "
                + "`\(Markdown.code("\(finding.file):\(finding.line)"))` | `\(finding.rule)` | \(Markdown.cell(finding.message)) |\n"
        }
        return output + "\n"
    }

    /// Findings that got a `scenesweep:ignore` comment: suppressed (never resolved), with the reason and
    /// whether the fleet accepted the comment.
    private static func suppressedTable(_ items: [SuppressedChange]) -> String {
        guard !items.isEmpty else { return "" }
        var output =
            "## Suppressed since the last run (\(items.count))\n\nFindings a `scenesweep:ignore` comment now covers: not resolved. "
            + "A comment the fleet config does not accept leaves its finding counted.\n\n"
            + "| Repository | Target | Severity | Location | Rule | Reason | Accepted |\n|---|---|---|---|---|---|---|\n"
        for item in items {
            let finding = item.change
            output +=
                "| \(Markdown.cell(finding.repoName)) | \(Markdown.cell(finding.target)) | \(finding.severity.rawValue) | "
                + "`\(Markdown.code("\(finding.file):\(finding.line)"))` | `\(finding.rule)` | \(Markdown.cell(item.reason)) | "
                + "\(item.accepted ? "yes" : "no: still counted") |\n"
        }
        return output + "\n"
    }

    private static func appList(_ title: String, _ apps: [AppChange]) -> String {
        guard !apps.isEmpty else { return "" }
        var output = "## \(title) (\(apps.count))\n\n"
        for app in apps {
            output +=
                "- \(Markdown.cell(app.repoName)): `\(Markdown.code(display(app.path)))` (\(Markdown.cell(app.target))), \(MarkdownReport.verdict(app.verdict))\n"
        }
        return output + "\n"
    }

    private static func repoList(_ title: String, _ repos: [RepoChange]) -> String {
        guard !repos.isEmpty else { return "" }
        var output = "## \(title) (\(repos.count))\n\n"
        for repo in repos {
            let apps = repo.apps.map { " — \(FleetSummaryReport.count($0, "app"))" } ?? ""
            output += "- \(Markdown.cell(repo.repoName))\(apps)\n"
        }
        return output + "\n"
    }

    private static func staleMarkdown(_ diff: RunDiff) -> String {
        guard !diff.staleRepos.isEmpty else { return "" }
        var output =
            "## Not brought up to date (\(diff.staleRepos.count))\n\nThese repositories could not be fetched or scanned: their apps count "
            + "with the verdicts of their last result, marked stale, and nothing of theirs counts as resolved.\n\n"
            + "| Repository | Error | Shown | Failing since |\n|---|---|---|---|\n"
        for repo in diff.staleRepos {
            output +=
                "| \(Markdown.cell(repo.repoName)) | \(Markdown.cell(repo.error)) | \(shown(repo)) | "
                + "\(repo.failingSince.map { "`\($0)`" } ?? "") |\n"
        }
        return output + "\n"
    }

    /// The terminal form of `scenesweep diff`.
    package static func text(_ diff: RunDiff) -> String {
        guard let from = diff.from else { return "run \(diff.to) is the first complete run: nothing to compare with\n" }
        // Names, paths and messages come from repositories and the config: escaped as in TextReport.
        let show = VisibleText.escape
        var output = "changes from run \(from) to run \(diff.to)\n"
        var counts: [String] = []
        func note(_ number: Int, _ one: String, _ many: String) {
            if number > 0 { counts.append("\(number) \(number == 1 ? one : many)") }
        }
        note(diff.regressions.count, "regression", "regressions")
        note(diff.improvements.count, "improvement", "improvements")
        note(diff.newFindings.count, "new finding", "new findings")
        note(diff.resolvedFindings.count, "resolved finding", "resolved findings")
        note(diff.suppressedFindings.count, "newly suppressed finding", "newly suppressed findings")
        note(diff.newApps.count, "new app", "new apps")
        note(diff.removedApps.count, "removed app", "removed apps")
        note(diff.newRepos.count, "new repository", "new repositories")
        note(diff.removedRepos.count, "removed repository", "removed repositories")
        note(diff.staleRepos.count, "repository not brought up to date", "repositories not brought up to date")
        note(diff.toolchainMoves.count, "Xcode pin moved", "Xcode pins moved")
        output += counts.isEmpty ? "nothing changed\n" : counts.joined(separator: ", ") + "\n"
        for (title, changes) in [
            ("regression", diff.regressions), ("improvement", diff.improvements), ("better only by suppression", diff.suppressionChanges),
            ("changed", diff.otherChanges),
        ] {
            for change in changes {
                output +=
                    "\(title): \(show(change.repoName)) \(show(display(change.path))) (\(show(change.target))): \(change.from.rawValue) -> \(change.to.rawValue)\n"
            }
        }
        for finding in diff.newFindings {
            output +=
                "new: \(show(finding.repoName)) \(show(finding.file)):\(finding.line): \(finding.severity.rawValue): \(show(finding.message)) [\(finding.rule)]\n"
        }
        for finding in diff.resolvedFindings {
            output +=
                "resolved: \(show(finding.repoName)) \(show(finding.file)):\(finding.line): \(show(finding.message)) [\(finding.rule)]\n"
        }
        for item in diff.suppressedFindings {
            let finding = item.change
            output +=
                "suppressed\(item.accepted ? "" : " (not accepted, still counted)"): \(show(finding.repoName)) \(show(finding.file)):\(finding.line): "
                + "\(show(item.reason)) [\(finding.rule)]\n"
        }
        for app in diff.newApps {
            output += "new app: \(show(app.repoName)) \(show(display(app.path))) (\(show(app.target))): \(app.verdict.rawValue)\n"
        }
        for app in diff.removedApps { output += "removed app: \(show(app.repoName)) \(show(display(app.path))) (\(show(app.target)))\n" }
        for move in diff.toolchainMoves {
            output +=
                "\(move.isRegression ? "pin regression" : "xcode"): \(show(move.repoName)) \(show(display(move.path))) (\(show(move.target))): "
                + "Xcode \(move.from ?? "unknown") -> \(move.to ?? "unknown")\(move.pin.map { " at \(show($0))" } ?? "")\n"
        }
        for repo in diff.newRepos { output += "new repository: \(show(repo.repoName))\n" }
        for repo in diff.removedRepos { output += "removed repository: \(show(repo.repoName))\n" }
        for repo in diff.staleRepos {
            output +=
                "not up to date: \(show(repo.repoName)): \(show(repo.error))\(repo.hasResult ? " (\(shown(repo)) counted, stale)" : " (unknown)")\n"
        }
        return output
    }

    /// `result of 2026-11-29 02:00 UTC` for a carried result, `unknown` without one.
    static func shown(_ repo: StaleRepo) -> String {
        guard repo.hasResult else { return "unknown" }
        return repo.resultDate.map { "result of \(Timestamp.readable($0))" } ?? "last result"
    }

    private static func display(_ path: String) -> String {
        path.isEmpty ? "." : path
    }
}
