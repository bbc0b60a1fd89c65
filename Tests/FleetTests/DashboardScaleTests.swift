import Fleet
import Foundation
import ScanCore
import TestSupport
import Testing

@testable import Reports
@testable import Results

/// The dashboard for fleets of many teams: teams worst first, owners said once, no percentage without
/// apps, the apps table's filters, and the figures instead of a chart on the first day.
@Suite("The dashboard at scale")
struct DashboardScaleTests {
    static func summary(_ repos: [(name: String, team: String, verdicts: [Verdict], owners: [String])], previous: Bool = false)
        -> FleetSummary
    {
        let snapshot = RunDiffTests.snapshot(
            RunDiffTests.new,
            repos.map { repo in
                (
                    RunDiffTests.repo(repo.name, .scanned, team: repo.team),
                    repo.verdicts.enumerated().map { index, verdict in
                        let app = RunDiffTests.app("\(repo.name)\(index)", verdict)
                        return repo.owners.isEmpty ? app : DashboardTests.owned(app, repo.owners[0])
                    }
                )
            })
        return FleetSummary.make(snapshot: snapshot, diff: RunDiff.between(nil, snapshot), at: SteppingClock.start)
    }

    static func teamOrder(_ html: String) -> [String] {
        html.components(separatedBy: "<tr data-team=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func teamsComeWorstFirstNotAlphabetically() {
        let summary = Self.summary([
            ("a1", "alpha", [.ready, .ready], []), ("b1", "bravo", [.blocked, .blocked, .ready], []),
            ("c1", "charlie", [.blocked, .atRisk], []), ("d1", "delta", [.atRisk, .ready], []), ("e1", "echo", [], []),
        ])
        let html = DashboardReport.html(summary, history: [])
        // Two blocked first; one blocked at 0% before none blocked; at-risk before all ready; no apps last.
        #expect(Self.teamOrder(html) == ["bravo", "charlie", "delta", "alpha", "echo"])
    }

    @Test func aTeamWithoutAppsShowsNoPercentage() throws {
        let summary = Self.summary([("a1", "alpha", [.ready], []), ("e1", "echo", [], [])])
        let html = DashboardReport.html(summary, history: [])
        let echo = try #require(
            html.components(separatedBy: "<tr data-team=\"echo\">").dropFirst().first?.components(separatedBy: "</tr>").first)
        #expect(echo.contains("no apps"))
        #expect(!echo.contains("%"))
        #expect(DashboardTests.metric("readiness", in: echo) == ["no apps"])
    }

    @Test func withoutAnyCodeOwnersTheTeamsSectionSaysSoOnceInsteadOfUnderEveryTeam() {
        let none = DashboardReport.html(
            Self.summary([("a1", "alpha", [.ready], []), ("b1", "bravo", [.blocked], []), ("c1", "charlie", [.atRisk], [])]), history: [])
        #expect(none.components(separatedBy: "No CODEOWNERS file names an owner for any app").count - 1 == 1)
        #expect(!none.contains("no CODEOWNERS owner for any app"))
        #expect(!none.contains("unowned (no CODEOWNERS entry)"))
        #expect(!none.contains(">unowned<"), "no per-app 'unowned' where nothing is owned")

        // Where some teams have owners, a team without any is the exception worth its note.
        let some = DashboardReport.html(
            Self.summary([("a1", "alpha", [.ready], ["@acme/alpha"]), ("b1", "bravo", [.blocked], [])]), history: [])
        #expect(some.components(separatedBy: "no CODEOWNERS owner for any app").count - 1 == 1)
        #expect(some.contains("@acme/alpha"))
        #expect(some.components(separatedBy: "<div class=\"owners unowned\">unowned</div>").count - 1 == 1)
    }

    @Test func theAppsTableHasASearchAndFiltersWorkedByTheOnlyScriptWhichThePolicyAllowsByItsHash() throws {
        let summary = Self.summary([("a1", "alpha", [.ready], []), ("b1", "bravo", [.blocked, .atRisk], [])])
        let html = DashboardReport.html(summary, history: [])

        #expect(html.contains("<div class=\"filters\" id=\"app-filters\" role=\"search\" hidden>"))
        #expect(
            html.contains(
                "<select id=\"app-team\"><option value=\"\">all</option><option value=\"alpha\">alpha</option><option value=\"bravo\">bravo</option></select>"
            ))
        #expect(html.contains("data-app-team=\"bravo\" data-framework=\""))
        #expect(html.components(separatedBy: "<script>").count - 1 == 1)
        #expect(html.contains("script-src '\(AppFilterScript.hash)'"))
        #expect(!html.contains("unsafe-eval") && !html.contains("script-src 'unsafe-inline'"))

        // The hash in the policy is the script's: recomputed by sha256sum.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import sys,hashlib,base64;print(base64.b64encode(hashlib.sha256(sys.stdin.buffer.read()).digest()).decode())",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(AppFilterScript.source.utf8))
        try input.fileHandleForWriting.close()
        let digest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        process.waitUntilExit()
        #expect(AppFilterScript.hash == "sha256-" + digest)
    }

    @Test func theFirstRunShowsItsFiguresInsteadOfAnEmptyChart() {
        let summary = Self.summary([("a1", "alpha", [.blocked, .ready, .ready], [])])
        let first = DashboardReport.html(
            summary, history: [DashboardTests.entry(RunDiffTests.new, daysAfterStart: 0, blocked: 1, atRisk: 0, ready: 2)])
        #expect(first.contains("data-trend=\"first\""))
        #expect(!first.contains("class=\"card chart\""))
        #expect(first.contains("the trend is drawn from the next run on"))

        let later = DashboardReport.html(
            summary,
            history: [
                DashboardTests.entry(RunDiffTests.old, daysAfterStart: -1, blocked: 2, atRisk: 0, ready: 1),
                DashboardTests.entry(RunDiffTests.new, daysAfterStart: 0, blocked: 1, atRisk: 0, ready: 2),
            ])
        #expect(later.contains("class=\"card chart\""))
        #expect(!later.contains("data-trend=\"first\""))
    }
}
