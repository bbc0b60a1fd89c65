import Fleet
import Foundation
import Rules
import ScanCore
import TestSupport
import Testing

@testable import Reports
@testable import Results

/// `summary.html` rendered from run values built by hand: order, numbers, changes, teams and owners,
/// the projection, escaping, and that nothing in it reaches outside the page.
@Suite("The HTML dashboard")
struct DashboardTests {
    static let day = 86_400.0

    static func entry(_ run: String, daysAfterStart: Double, blocked: Int, atRisk: Int = 2, ready: Int = 3, unknown: Int = 0)
        -> HistoryEntry
    {
        HistoryEntry(
            run: run, finishedAt: SteppingClock.start.addingTimeInterval(daysAfterStart * day),
            counts: AppCounts(blocked: blocked, atRisk: atRisk, ready: ready, unknown: unknown), repos: 1, failedRepos: 0, scannedRepos: 1,
            reusedRepos: 0, regressions: 0, improvements: 0, seconds: 1)
    }

    /// Two runs of two repositories: `shop` (owned per app by CODEOWNERS) regresses one app; `books` has no owners.
    static func twoRuns() -> FleetSummary {
        let before = RunDiffTests.snapshot(
            RunDiffTests.old,
            [
                (
                    RunDiffTests.repo("shop", .scanned, team: "commerce"),
                    [owned(RunDiffTests.app("Shop", .ready), "@acme/shop"), owned(RunDiffTests.app("Clip", .blocked), "@acme/clip")]
                ),
                (RunDiffTests.repo("books", .scanned, team: "retail"), [RunDiffTests.app("Books", .atRisk)]),
            ])
        let after = RunDiffTests.snapshot(
            RunDiffTests.new,
            [
                (
                    RunDiffTests.repo("shop", .scanned, team: "commerce"),
                    [
                        owned(
                            RunDiffTests.app("Shop", .blocked, [RunDiffTests.finding("scene-manifest-missing", .error, print: "a")]),
                            "@acme/shop"),
                        owned(RunDiffTests.app("Clip", .blocked), "@acme/clip"),
                    ]
                ),
                (RunDiffTests.repo("books", .scanned, team: "retail"), [RunDiffTests.app("Books", .ready)]),
            ])
        return FleetSummary.make(snapshot: after, diff: RunDiff.between(before, after), at: SteppingClock.start)
    }

    static func owned(_ app: AppReport, _ owners: String...) -> AppReport {
        AppReport(
            path: app.path, target: app.target, project: app.project, platform: app.platform, framework: app.framework,
            frameworkVersion: app.frameworkVersion, verdict: app.verdict, findings: app.findings, suppressed: app.suppressed,
            unreadable: app.unreadable, owners: owners)
    }

    static let history = [
        entry(RunDiffTests.old, daysAfterStart: -1, blocked: 1, atRisk: 1, ready: 1),
        entry(RunDiffTests.new, daysAfterStart: 0, blocked: 2, atRisk: 0, ready: 1),
    ]

    /// The text of every element carrying `data-metric="NAME"`, in page order.
    static func metric(_ name: String, in html: String) -> [String] {
        var values: [String] = []
        var rest = html[...]
        let marker = "data-metric=\"\(name)\">"
        while let range = rest.range(of: marker) {
            let after = rest[range.upperBound...]
            let end = after.firstIndex(of: "<") ?? after.endIndex
            values.append(String(after[..<end]))
            rest = after[end...]
        }
        return values
    }

    @Test func theCountdownAndReadinessComeFirstThenTrendTeamsChangesRulesAndApps() throws {
        let html = DashboardReport.html(Self.twoRuns(), history: Self.history)
        let order = [
            "data-metric=\"days-to-deadline\"", "data-metric=\"readiness\"", "id=\"trend\"", "id=\"teams\"", "id=\"changes\"",
            "id=\"rules\"", "id=\"apps\"",
        ]
        let positions = try order.map { try #require(html.range(of: $0)?.lowerBound, "\($0) missing") }

        #expect(positions == positions.sorted())
        #expect(Self.metric("days-to-deadline", in: html) == ["122"])
        #expect(html.contains("1 Apr 2027: from then the App Store accepts only iOS 27 SDK builds."))
    }

    @Test func theHeadlineShowsEachVerdictWithItsShareAndItsChangeSinceThePreviousRun() {
        let html = DashboardReport.html(Self.twoRuns(), history: Self.history)

        #expect(Self.metric("apps", in: html).first == "3")
        #expect(Self.metric("readiness", in: html) == ["33.3%"])
        #expect(Self.metric("blocked", in: html).first == "2")
        #expect(Self.metric("blocked-share", in: html) == ["66.7%"])
        #expect(Self.metric("blocked-change", in: html) == ["+1"])
        #expect(Self.metric("at-risk-change", in: html) == ["\u{2212}1"])
        #expect(Self.metric("ready-change", in: html) == ["No change"])
        #expect(Self.metric("unknown-share", in: html) == ["0%"])
    }

    @Test func aFirstRunHasNoChangesToShow() {
        let snapshot = RunDiffTests.snapshot(RunDiffTests.new, [(RunDiffTests.repo("shop", .scanned), [RunDiffTests.app("App", .ready)])])
        let summary = FleetSummary.make(snapshot: snapshot, diff: RunDiff.between(nil, snapshot), at: SteppingClock.start)
        let html = DashboardReport.html(
            summary, history: [Self.entry(RunDiffTests.new, daysAfterStart: 0, blocked: 0, atRisk: 0, ready: 1)])

        #expect(Self.metric("ready-change", in: html).isEmpty)
        #expect(html.contains("First run: nothing to compare with yet."))
        #expect(html.contains("No app is blocked."))
    }

    @Test func teamsCountRegressionsAndListCodeOwnersOwnersAndUnownedAppsUnderThem() {
        let html = DashboardReport.html(Self.twoRuns(), history: Self.history)
        let commerce = html.components(separatedBy: "<tr data-team=\"commerce\">")[1].components(separatedBy: "data-team=")[0]

        #expect(Self.metric("apps", in: commerce).first == "2")
        #expect(Self.metric("blocked", in: commerce).first == "2")
        #expect(Self.metric("regressions", in: commerce) == ["1", "0", "1"])
        #expect(commerce.contains("@acme/clip"))
        #expect(commerce.contains("@acme/shop"))
        // retail has no owners while commerce has: the note applies to it.
        #expect(html.contains("<span class=\"small unowned\">no CODEOWNERS owner for any app</span>"))
        #expect(Self.metric("regressions", in: html).last == "1")
        #expect(Self.metric("improvements", in: html) == ["1"])
    }

    @Test func topBlockingRulesLinkToTheirPagesInTheRulesFile() {
        let html = DashboardReport.html(Self.twoRuns(), history: Self.history)

        #expect(
            html.contains("<tr data-rule=\"scene-manifest-missing\"><td><a class=\"rule-name\" href=\"rules.html#scene-manifest-missing\">")
        )
        #expect(RuleCatalogueReport.html().contains("<article class=\"card rule-page\" id=\"scene-manifest-missing\">"))
        for description in Catalogue.descriptions {
            #expect(RuleCatalogueReport.html().contains("id=\"\(HTML.anchor(description.id))\""))
        }
    }

    @Test func everyAppIsARowLinkingToItsRepositorysPage() {
        let html = DashboardReport.html(Self.twoRuns(), history: Self.history)

        #expect(html.components(separatedBy: "<tr data-app ").count - 1 == 3)
        #expect(html.contains("<a class=\"repo\" href=\"repos/local-shop-00000000.html\">shop</a>"))
        #expect(html.contains("scene-manifest-missing here"))
    }

    @Test func repositoriesNotBroughtUpToDateAreListedAndTheirAppsCountWithTheirLastVerdictsMarkedStale() {
        let snapshot = RunDiffTests.snapshot(
            RunDiffTests.new,
            [
                (
                    RunDiffTests.repo("shop", .stale, team: "commerce", error: "authentication failed <for> x"),
                    [RunDiffTests.app("App", .ready)]
                ),
                (RunDiffTests.repo("kiosk", .failed, team: "retail", error: "host not found"), nil),
            ])
        let summary = FleetSummary.make(snapshot: snapshot, diff: RunDiff.between(nil, snapshot), at: SteppingClock.start)
        let html = DashboardReport.html(summary, history: [])

        #expect(html.contains("<h2>Repositories not brought up to date</h2>"))
        #expect(html.components(separatedBy: "<tr data-failed-repo>").count - 1 == 2)
        #expect(html.contains("authentication failed &lt;for&gt; x"))
        #expect(Self.metric("unknown", in: html).first == "1")
        #expect(Self.metric("ready", in: html).first == "1")
        #expect(Self.metric("stale", in: html) == ["1"])
        #expect(html.contains("<span class=\"status stale\">stale</span>"))
        #expect(html.contains("<b>kiosk</b>"))
        #expect(!html.contains("repos/local-kiosk-00000000.html"))
        #expect(html.contains("repos/local-shop-00000000.html"))
        // Its own run is on the page even when the history has lost it: alone, as the first figures.
        #expect(html.contains("data-trend=\"first\""))
        let withEarlier = DashboardReport.html(summary, history: [Self.entry(RunDiffTests.old, daysAfterStart: -1, blocked: 1)])
        #expect(withEarlier.contains("<rect class=\"marker blocked\""))
    }

    @Test func thePageIsSelfContainedWithNoScriptButItsOwnFilterAndNothingFetched() {
        let pages = [
            DashboardReport.html(Self.twoRuns(), history: Self.history), RuleCatalogueReport.html(),
            RepoPageReport.html(
                ScanReport(
                    root: "shop@0123456789ab", toolVersion: "0.1.0", rulePack: "ios27",
                    apps: [RunDiffTests.app("App", .blocked, [RunDiffTests.finding("app-delegate-window", .error, print: "x")])],
                    diagnostics: [])),
        ]
        for page in pages {
            let lowered = page.lowercased()
            // The dashboard's filter is its one script, exactly AppFilterScript.source, allowed by its hash alone.
            let scripts = page.components(separatedBy: "<script>").dropFirst().map { String($0.components(separatedBy: "</script>")[0]) }
            #expect(scripts.allSatisfy { $0 == AppFilterScript.source })
            let isDashboard = page.contains("class=\"dashboard\"")
            #expect(scripts.count == (isDashboard ? 1 : 0))
            #expect(lowered.contains("script-src") == isDashboard)
            let dangerous = HTMLTag.dangerous(in: page).filter { $0.name != "script" }
            #expect(dangerous.isEmpty, "\(dangerous)")
            #expect(!HTMLTag.all(in: page).contains { $0.attributes.contains { $0.name == "src" } })
            let style = lowered.components(separatedBy: "<style>")[1].components(separatedBy: "</style>")[0]
            #expect(!style.contains("@import"))
            #expect(!style.contains("url("))
            #expect(lowered.contains("<meta http-equiv=\"content-security-policy\" content=\"default-src 'none'"))
            #expect(style.contains("@media print"))
            // Links stay on this machine, except Apple's documentation on the rule pages.
            for link in page.components(separatedBy: "href=\"").dropFirst().map({ String($0.prefix { $0 != "\"" }) }) {
                #expect(!link.contains(":") || link.hasPrefix("https://developer.apple.com/"), "\(link)")
            }
        }
    }

    @Test func renderingIsAPureFunctionOfTheValues() {
        #expect(DashboardReport.html(Self.twoRuns(), history: Self.history) == DashboardReport.html(Self.twoRuns(), history: Self.history))
        // Fractions of a second, which history.jsonl does not keep, do not change the page.
        let fractional = Self.history.map { entry in
            var entry = entry
            entry.finishedAt += 0.7
            return entry
        }
        #expect(DashboardReport.html(Self.twoRuns(), history: fractional) == DashboardReport.html(Self.twoRuns(), history: Self.history))
        // History after the run does not leak into it.
        let later = Self.history + [Self.entry("20261201T060000Z-0000", daysAfterStart: 1, blocked: 0)]
        #expect(DashboardReport.html(Self.twoRuns(), history: later) == DashboardReport.html(Self.twoRuns(), history: Self.history))
    }

    @Test func markupInNamesPathsMessagesTeamsAndOwnersIsText() {
        let markup = "<script>alert(1)</script>"
        var finding = Finding(
            rule: "app-delegate-window", severity: .error, message: "message \(markup)", file: "\(markup).swift", line: 3, column: 1,
            anchor: "")
        finding.fingerprint = "f"
        let app = Self.owned(
            AppReport(
                path: "apps/\(markup)", target: "\"><img src=x onerror=alert(1)>", project: nil, platform: "iOS", framework: "native",
                frameworkVersion: "'><svg onload=alert(1)>", verdict: .blocked, findings: [finding], suppressed: [], unreadable: []),
            "@\(markup)")
        let snapshot = RunDiffTests.snapshot(RunDiffTests.new, [(RunDiffTests.repo("shop", .scanned, team: markup), [app])])
        let summary = FleetSummary.make(snapshot: snapshot, diff: RunDiff.between(nil, snapshot), at: SteppingClock.start)
        let report = ScanReport(root: markup, toolVersion: "0.1.0", rulePack: "ios27", apps: [app], diagnostics: [])

        for page in [DashboardReport.html(summary, history: []), RepoPageReport.html(report)] {
            // No script but the dashboard's own filter.
            let scripts = page.components(separatedBy: "<script>").dropFirst()
            #expect(scripts.allSatisfy { $0.hasPrefix(AppFilterScript.source + "</script>") })
            #expect(!page.contains("<img"))
            #expect(!page.contains("<svg onload"))
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(page.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        }
    }

    @Test func escapingCoversMarkupQuotesAndControlCharacters() {
        #expect(HTML.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTML.escape("a\u{0}b\u{1B}c\u{85}d\ne") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\ne")
        #expect(HTML.anchor("Scene manifest/<missing>") == "scene-manifest-missing-")
        #expect(HTML.fileLink("local-shop-1a2b.c_d") == "local-shop-1a2b.c_d")
        #expect(HTML.fileLink("../x y") == "%2E.%2Fx%20y")
    }

    // MARK: Projection

    @Test func blockedAppsFallingReachZeroAtTheRecentRate() throws {
        // 20 blocked a week ago, 13 now: one a day, so zero thirteen days after the last run.
        let history = (0...7).map { Self.entry("r\($0)", daysAfterStart: Double($0), blocked: 20 - $0) }
        let projection = BlockedProjection(history)

        guard case .falling(let zero) = projection.outcome else {
            Issue.record("expected a falling projection, got \(projection.outcome)")
            return
        }
        #expect(abs(zero.timeIntervalSince(history.last!.finishedAt) - 13 * Self.day) < 60)
        #expect(abs(projection.perWeek + 7) < 0.001)
        #expect(projection.blocked(at: history.last!.finishedAt.addingTimeInterval(3 * Self.day)) == 10)
    }

    @Test func onlyTheLastTwoWeeksSetTheRateAndOnlyTheLastRunOfEachDayCounts() {
        // A month of no progress, then two weeks of two a day; a burst of runs on the last day counts once.
        var history = (0..<30).map { Self.entry("a\($0)", daysAfterStart: Double($0), blocked: 80) }
        history += (1...14).map { Self.entry("b\($0)", daysAfterStart: Double(29 + $0), blocked: 80 - 2 * $0) }
        history.append(Self.entry("c", daysAfterStart: 43.01, blocked: 52))
        let projection = BlockedProjection(history)

        #expect(projection.span == 13)
        #expect(abs(projection.perDay + 2) < 0.01)
        #expect(projection.days == 44)
    }

    @Test func aHistoryOnOneDayHasNoTrendAndNoBlockedAppsNeedNone() {
        let sameDay = [Self.entry("a", daysAfterStart: 0, blocked: 5), Self.entry("b", daysAfterStart: 0.01, blocked: 4)]
        #expect(BlockedProjection(sameDay).outcome == .noTrend)
        #expect(BlockedProjection([Self.entry("a", daysAfterStart: 0, blocked: 0)]).outcome == .cleared)
        let rising = [Self.entry("a", daysAfterStart: 0, blocked: 4), Self.entry("b", daysAfterStart: 1, blocked: 5)]
        #expect(BlockedProjection(rising).outcome == .notFalling)
    }

    @Test func theOutlookSaysWhetherBlockedAppsReachZeroBeforeTheDeadline() {
        let summary = Self.twoRuns()
        func outlook(_ history: [HistoryEntry]) -> (kind: String, text: String) {
            DashboardReport.outlookSentence(summary, projection: BlockedProjection(history))
        }
        // 2 blocked now, one fewer a day: fixed in two days, long before the deadline 122 days on.
        let fast = outlook([Self.entry("a", daysAfterStart: -1, blocked: 3), Self.entry("b", daysAfterStart: 0, blocked: 2)])
        #expect(fast.kind == "on-track")
        #expect(fast.text.contains("around 2 Dec 2026, 120 days before the deadline"))
        // One fewer in 200 days: after the deadline.
        let slow = outlook([Self.entry("a", daysAfterStart: -200, blocked: 3), Self.entry("b", daysAfterStart: 0, blocked: 2)])
        #expect(slow.kind == "off-track")
        #expect(slow.text.contains("after the deadline; about 1 app would still be blocked on 1 Apr 2027"))
        let flat = outlook([Self.entry("a", daysAfterStart: -1, blocked: 2), Self.entry("b", daysAfterStart: 0, blocked: 2)])
        #expect(flat.kind == "off-track")
        #expect(flat.text.contains("not falling"))
        #expect(outlook(Self.history.suffix(1)).kind == "no-trend")
    }

    @Test func theTrendChartDrawsEveryRunAndTheDeadlineAndStaysInsideItsBox() {
        let history = (0...7).map { Self.entry("r\($0)", daysAfterStart: Double($0) - 7, blocked: 20 - $0) }
        let chart = TrendChart(history: history, deadline: CalendarDay("2027-04-01"), projection: BlockedProjection(history))
        let svg = chart.svg(summary: "s")

        #expect(svg.components(separatedBy: "<rect class=\"marker blocked\"").count - 1 == 8)
        #expect(svg.contains("Deadline 1 Apr 2027"))
        #expect(svg.contains("<line class=\"projection\""))
        #expect(svg.contains("0 blocked \u{2248} 13 Dec 2026"))
        #expect(chart.x(TrendChart.date(of: CalendarDay("2027-04-01")!)) < TrendChart.right)
        #expect(chart.maximum == 20)
    }
}
