import Fleet
import Foundation
import Results

/// What the webhook is told after a run in which apps regressed or became blocked: the apps, their teams
/// and owners, and where the run's report is. A Slack-compatible message: a `text` that says it all (for
/// clients that show only that) and `blocks` that lay it out.
package struct RunNotification: Sendable, Equatable {
    /// One app the message names.
    package struct AppLine: Sendable, Equatable {
        package let repo: String
        package let path: String
        package let target: String
        package let team: String?
        package let owners: [String]
        /// The verdict in the previous run; nil for an app new in this one.
        package let from: Verdict?
        package let to: Verdict
        /// Why a blocked app is news without a verdict change: its build moved to Xcode 27.
        package var pinMove: String? = nil
    }

    package let fleet: String
    package let run: String
    package let regressions: Int
    package let newlyBlocked: Int
    /// Blocked apps whose builds moved to Xcode 27 in this run (reported with regressions).
    package var pinRegressions: Int = 0
    package let apps: [AppLine]
    /// The run's diff and summary pages.
    package let report: String
    package let summary: String

    /// The message for a run, or nil when none of `events` happened in it. A first run has nothing to
    /// compare with, so it never notifies.
    /// - Parameter links: where the diff and summary are for the reader (`report_url`); nil: their paths.
    package static func make(for sweep: SweepOutcome, events: Set<NotifyEvent>, links: ReportLinks? = nil) -> RunNotification? {
        let diff = sweep.diff
        guard diff.from != nil else { return nil }
        var changes: [Change] = []
        if events.contains(.regression) { changes += diff.regressions.map(Change.init) }
        let blocked = events.contains(.blocked) ? newlyBlocked(in: diff) : []
        for change in blocked where !changes.contains(where: { $0.sameApp(as: change) }) { changes.append(change) }
        // A pin moved to Xcode 27 while the app is blocked: the crash reaches that build, though no verdict changed.
        let pinMoves = events.contains(.regression) ? diff.pinRegressions.map(Change.init) : []
        for change in pinMoves where !changes.contains(where: { $0.sameApp(as: change) }) { changes.append(change) }
        guard !changes.isEmpty else { return nil }
        let apps = changes.map { change in
            let row = sweep.summary.apps.first { $0.repo == change.repo && $0.path == change.path && $0.target == change.target }
            return AppLine(
                repo: change.repoName, path: change.path, target: change.target, team: change.team, owners: row?.owners ?? [],
                from: change.from, to: change.to, pinMove: change.pinMove)
        }
        var message = RunNotification(
            fleet: sweep.summary.fleetName, run: sweep.record.id,
            regressions: events.contains(.regression) ? diff.regressions.count : 0, newlyBlocked: blocked.count, apps: apps,
            report: links?.file("diff.md", inRun: sweep.record.id, runFolder: sweep.runFolder) ?? sweep.runFolder + "/diff.md",
            summary: links?.file("summary.html", inRun: sweep.record.id, runFolder: sweep.runFolder) ?? sweep.runFolder + "/summary.md")
        message.pinRegressions = pinMoves.count
        return message
    }

    /// Apps blocked in this run that were not before: verdicts that became blocked, and new apps of
    /// repositories already in the previous run (a repository added to the config is not news).
    static func newlyBlocked(in diff: RunDiff) -> [Change] {
        diff.regressions.filter { $0.to == .blocked }.map(Change.init) + diff.newApps.filter { $0.verdict == .blocked }.map(Change.init)
    }

    /// The headline: "Acme Mobile: 1 regression, 1 newly blocked app in run 20261130T020000Z-1a2b".
    package var headline: String {
        var parts: [String] = []
        if regressions > 0 { parts.append("\(regressions) regression\(regressions == 1 ? "" : "s")") }
        if newlyBlocked > 0 { parts.append("\(newlyBlocked) newly blocked app\(newlyBlocked == 1 ? "" : "s")") }
        if pinRegressions > 0 {
            parts.append("\(pinRegressions) blocked app\(pinRegressions == 1 ? "" : "s") now built with Xcode 27")
        }
        return "scenesweep · \(fleet): \(parts.joined(separator: ", ")) in run \(run)"
    }

    /// "shop Shelf (Shelf): ready → blocked · team commerce · owners @jane, @acme/commerce".
    package static func describe(_ app: AppLine) -> String {
        var change = app.from.map { "\($0.rawValue) → \(app.to.rawValue)" } ?? "new app, \(app.to.rawValue)"
        if let pinMove = app.pinMove { change = "\(app.to.rawValue), \(pinMove)" }
        let owners = app.owners.isEmpty ? "no owners listed" : "owners " + app.owners.joined(separator: ", ")
        return
            "\(app.repo) \(app.path.isEmpty ? "." : app.path) (\(app.target)): \(change) · team \(app.team ?? FleetSummary.noTeam) · \(owners)"
    }

    /// The whole message as plain text.
    package var text: String {
        var lines = [headline]
        lines += apps.map { "• " + Self.describe($0) }
        lines.append("Report: \(report) (summary: \(summary))")
        return lines.joined(separator: "\n")
    }

    /// The JSON body to post.
    package func payload() -> Data {
        let shown = 20
        var blocks = [Block(type: "header", text: TextObject(type: "plain_text", text: String(headline.prefix(150))))]
        for app in apps.prefix(shown) {
            blocks.append(Block(type: "section", text: TextObject(type: "mrkdwn", text: Self.escaped(Self.describe(app)))))
        }
        if apps.count > shown {
            blocks.append(Block(type: "section", text: TextObject(type: "mrkdwn", text: "…and \(apps.count - shown) more")))
        }
        blocks.append(
            Block(
                type: "context",
                elements: [TextObject(type: "mrkdwn", text: Self.escaped("Report: \(report) · summary: \(summary)"))]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(SlackMessage(text: Self.escaped(text), blocks: blocks))) ?? Data()
    }

    /// Slack reads `&`, `<` and `>` as markup.
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }

    struct Change {
        let repo: RepoKey
        let repoName: String
        let team: String?
        let path: String
        let target: String
        let from: Verdict?
        let to: Verdict
        var pinMove: String? = nil

        init(_ move: ToolchainMove) {
            (repo, repoName, team, path, target, from, to) = (
                move.repo, move.repoName, move.team, move.path, move.target, move.verdict, move.verdict
            )
            pinMove = "now built with Xcode \(move.to ?? "27")\(move.pin.map { " (\($0))" } ?? "") and crashes at launch"
        }

        init(_ change: VerdictChange) {
            (repo, repoName, team, path, target, from, to) = (
                change.repo, change.repoName, change.team, change.path, change.target, change.from, change.to
            )
        }

        init(_ app: AppChange) {
            (repo, repoName, team, path, target, from, to) = (app.repo, app.repoName, app.team, app.path, app.target, nil, app.verdict)
        }

        func sameApp(as other: Change) -> Bool {
            repo == other.repo && path == other.path && target == other.target
        }
    }

    private struct SlackMessage: Encodable {
        let text: String
        let blocks: [Block]
    }

    private struct Block: Encodable {
        let type: String
        var text: TextObject? = nil
        var elements: [TextObject]? = nil
    }

    private struct TextObject: Encodable {
        let type: String
        let text: String
    }
}
