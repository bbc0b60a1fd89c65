import Fleet
import Foundation
import TestSupport
import Testing

@testable import Reports
@testable import Results

/// The dashboard in a real browser (headless Chromium): a demo-style fleet's page renders to a
/// screenshot with real content, its numbers read back from the DOM equal summary.json, it prints, and
/// the hostile fixture's pages hold no element that came from repository data.
///
/// CI installs Chromium (.ci/run); without it these tests fail and say how to get it, unless
/// SCENESWEEP_BROWSER_TESTS=skip asks to leave them out of a local run.
@Suite("The dashboard in a browser", .serialized, .enabled(if: !Chromium.skipped, "SCENESWEEP_BROWSER_TESTS=skip"))
struct DashboardBrowserTests {
    static let teams = ["commerce", "payments", "growth", "platform"]
    static let fixtures = [
        "scan/legacy-swift-uikit", "scan/migrated-swift-uikit", "scan/legacy-objc-xib", "scan/swiftui-app",
        "scan/workspace-two-apps-with-extensions", "scan/missing-scene-storyboard", "scan/flavour-infoplists", "scan/migrated-objc-xib",
        "frameworks/rn-0.77-rctappdelegate-swift", "frameworks/capacitor-8.5", "frameworks/flutter-new-template",
        "frameworks/expo-54-no-ios", "frameworks/monorepo-workspace", "frameworks/cordova-7",
    ]

    /// Like scripts/demo, over two weeks: a first sweep, a fix a week later, a regression a week after.
    static func demoFleet() throws -> (FleetHarness, SweepOutcome) {
        let harness = FleetHarness()
        var body = "repos:\n"
        for (index, fixture) in fixtures.enumerated() {
            let name = String(fixture.split(separator: "/").last!)
            try harness.bench.copyTree(FixturePaths.fixtures.appendingPathComponent(fixture).path, to: harness.bench.path(name))
            if name == "monorepo-workspace" {
                try harness.bench.write(
                    [".github/CODEOWNERS": "apps/shop/  @acme/shop-ios\napps/field/ @acme/field-ops\n"], in: harness.bench.path(name))
            }
            try harness.bench.makeRepository(name)
            body += "  - url: \(name)\n    team: \(teams[index % teams.count])\n"
        }
        try harness.writeConfig(body)
        try harness.sweep()
        harness.clock.advance(7 * 86_400)
        // The legacy app adopts scenes: the migrated tree replaces it.
        let legacy = harness.bench.path("legacy-swift-uikit")
        for item in try FileManager.default.contentsOfDirectory(atPath: legacy) where item != ".git" {
            try FileManager.default.removeItem(atPath: legacy + "/" + item)
        }
        try harness.bench.copyTree(FixturePaths.scan("migrated-swift-uikit").path, to: legacy)
        try harness.bench.commit(in: legacy, message: "Adopt scenes")
        try harness.sweep()
        harness.clock.advance(7 * 86_400)
        try harness.bench.append(
            "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: harness.bench.path("migrated-swift-uikit"))
        return (harness, try harness.sweep())
    }

    /// The text of each element carrying `data-metric="NAME"` in a stretch of the DOM.
    static func metrics(_ name: String, in html: some StringProtocol) -> [String] {
        html.components(separatedBy: "data-metric=\"\(name)\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    static func percent(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + "%"
    }

    static func object(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
    }

    /// The filter script runs under the page's own Content-Security-Policy (so its hash is right) and
    /// filters in a real browser: a page whose verdict filter starts at "blocked" and search at a team's
    /// repository shows only the matching rows.
    @Test func theAppsFilterRunsUnderThePolicyAndHidesRowsThatDoNotMatch() throws {
        let chromium = try Chromium.find()
        let summary = DashboardScaleTests.summary([
            ("shop", "commerce", [.blocked, .ready], []), ("books", "retail", [.blocked, .atRisk], []), ("kiosk", "retail", [.ready], []),
        ])
        let html = DashboardReport.html(summary, history: [])
        let directory = TemporaryDirectory("filter")
        directory.write("plain.html", html)
        let dom = try chromium.dumpDOM(of: directory.path + "/plain.html")
        #expect(dom.contains("<div class=\"filters\" id=\"app-filters\" role=\"search\">"), "the script did not run")
        #expect(dom.contains("<span class=\"muted\" id=\"app-count\" aria-live=\"polite\">5 apps</span>"))

        let preset = html.replacingOccurrences(of: "<option value=\"blocked\">", with: "<option value=\"blocked\" selected>")
            .replacingOccurrences(
                of: "<input type=\"search\" id=\"app-search\"", with: "<input type=\"search\" id=\"app-search\" value=\"BOOKS\"")
        directory.write("preset.html", preset)
        let filtered = try chromium.dumpDOM(of: directory.path + "/preset.html")
        let rows = filtered.components(separatedBy: "<tr data-app=").dropFirst()
        #expect(rows.count == 5)
        #expect(rows.filter { !$0.prefix(400).contains(" hidden=") }.count == 1)
        #expect(filtered.contains(">1 of 5 apps</span>"))
    }

    @Test func theDemoDashboardRendersWithTheNumbersOfSummaryJSON() throws {
        let chromium = try Chromium.find()
        let (harness, outcome) = try Self.demoFleet()
        let page = outcome.runFolder + "/summary.html"
        let summary = try Self.object(outcome.runFolder + "/summary.json")
        let diff = try Self.object(outcome.runFolder + "/diff.json")
        let history = harness.store.history()
        let previous = try #require(history.first { $0.run == summary["previousRun"] as? String })

        let dom = try chromium.dumpDOM(of: page)

        #expect(Self.metrics("days-to-deadline", in: dom) == ["\(try #require(summary["daysToDeadline"] as? Int))"])
        #expect(Self.metrics("readiness", in: dom) == [Self.percent(try #require(summary["readiness"] as? Double))])
        let apps = try #require(summary["apps"] as? Int)
        #expect(Self.metrics("apps", in: dom).first == "\(apps)")
        let verdicts: [(metric: String, key: String, before: Int)] = [
            ("blocked", "blocked", previous.counts.blocked), ("at-risk", "atRisk", previous.counts.atRisk),
            ("ready", "ready", previous.counts.ready), ("unknown", "unknown", previous.counts.unknown),
        ]
        var total = 0
        for verdict in verdicts {
            let value = try #require(summary[verdict.key] as? Int)
            total += value
            #expect(Self.metrics(verdict.metric, in: dom).first == "\(value)", "\(verdict.metric)")
            #expect(
                Self.metrics(verdict.metric + "-share", in: dom) == [Self.percent((Double(value) * 1000 / Double(apps)).rounded() / 10)])
            let change = value - verdict.before
            let shown = change == 0 ? "No change" : (change > 0 ? "+\(change)" : "\u{2212}\(-change)")
            #expect(Self.metrics(verdict.metric + "-change", in: dom) == [shown], "\(verdict.metric) change")
            #expect(dom.components(separatedBy: "data-verdict=\"\(verdict.metric)\"").count - 1 == value, "\(verdict.metric) rows")
        }
        #expect(total == apps)
        #expect(dom.components(separatedBy: "<tr data-app=").count - 1 == apps)
        #expect(Self.metrics("regressions", in: dom).last == "\(try #require(summary["regressions"] as? Int))")
        #expect(Self.metrics("improvements", in: dom) == ["\(try #require(summary["improvements"] as? Int))"])

        let regressions = try #require(diff["regressions"] as? [[String: Any]])
        for team in try #require(summary["teams"] as? [[String: Any]]) {
            let name = try #require(team["team"] as? String)
            let row = try #require(
                dom.components(separatedBy: "<tr data-team=\"\(name)\">").dropFirst().first?.components(separatedBy: "</tr>").first)
            for (metric, key) in [
                ("apps", "apps"), ("blocked", "blocked"), ("at-risk", "atRisk"), ("ready", "ready"), ("unknown", "unknown"),
            ] {
                #expect(Self.metrics(metric, in: row) == ["\(try #require(team[key] as? Int))"], "\(name) \(metric)")
            }
            #expect(Self.metrics("regressions", in: row) == ["\(regressions.filter { $0["team"] as? String == name }.count)"], "\(name)")
        }
        for rule in try #require(summary["topBlockingRules"] as? [[String: Any]]) {
            let id = try #require(rule["rule"] as? String)
            let row = try #require(
                dom.components(separatedBy: "<tr data-rule=\"\(id)\">").dropFirst().first?.components(separatedBy: "</tr>").first)
            #expect(Self.metrics("apps", in: row) == ["\(try #require(rule["apps"] as? Int))"], "\(id)")
        }
        #expect(dom.contains("@acme/shop-ios"))
        #expect(dom.contains("data-outlook=\"off-track\""))
        #expect(dom.contains("class=\"projection\""))
    }

    @Test func theDemoDashboardScreenshotHasTheHeadlineTheBarsAndTheChartInIt() throws {
        let chromium = try Chromium.find()
        let (harness, outcome) = try Self.demoFleet()
        defer { withExtendedLifetime(harness) {} }
        let png = outcome.runFolder + "/../screenshot.png"
        try chromium.screenshot(of: outcome.runFolder + "/summary.html", to: png, width: 1440, height: 1400)

        let image = try PNGImage(contentsOf: png)
        #expect(image.width == 1440)
        #expect(image.height == 1400)
        let histogram = image.histogram()
        let total = image.width * image.rows
        let commonest = try #require(histogram.max { $0.value < $1.value })
        // A blank render is one colour. This one is white cards on a light page, with much drawn on both.
        #expect(commonest.value < total * 4 / 5, "\(commonest.value) of \(total) pixels are #\(String(commonest.key, radix: 16))")
        #expect(histogram.count > 200, "only \(histogram.count) colours")
        #expect(image.count(near: 0xF6F7F9, tolerance: 0, in: histogram) > total / 20)
        #expect(image.count(near: 0xFFFFFF, tolerance: 0, in: histogram) > total / 5)
        // The countdown card (navy), the blocked bar and line (red), the ready ones (green).
        #expect(image.count(near: 0x14213D, in: histogram) > total / 100)
        #expect(image.count(near: 0xC4322A, in: histogram) > 2_000)
        #expect(image.count(near: 0x2B8050, in: histogram) > 500)
        // Red in the headline's bar and again lower down, in the chart's blocked line.
        let redRows = (0..<image.rows).filter { y in
            stride(from: 0, to: image.width, by: 2).contains { x in isRed(image.color(x: x, y: y)) }
        }
        let chartTop = try #require(redRows.first) + 200
        #expect(redRows.contains { $0 > chartTop }, "no red below the headline")
    }

    private func isRed(_ color: UInt32) -> Bool {
        let (red, green, blue) = (Int(color >> 16 & 0xFF), Int(color >> 8 & 0xFF), Int(color & 0xFF))
        return abs(red - 0xC4) <= 12 && abs(green - 0x32) <= 12 && abs(blue - 0x2A) <= 12
    }

    @Test func theDashboardPrintsOnPagesOfItsOwn() throws {
        let chromium = try Chromium.find()
        let (harness, outcome) = try Self.demoFleet()
        defer { withExtendedLifetime(harness) {} }
        let pdf = outcome.runFolder + "/../summary.pdf"
        try chromium.printToPDF(outcome.runFolder + "/summary.html", to: pdf)

        let data = try #require(FileManager.default.contents(atPath: pdf))
        #expect(data.starts(with: Data("%PDF-".utf8)))
        #expect(data.count > 20_000)
    }

    @Test func theHostileFixturesPagesHaveNoElementFromRepositoryData() throws {
        let chromium = try Chromium.find()
        let (harness, outcome) = try HostileNameTests.sweep()
        let key = try #require(outcome.record.repos.first?.key)
        let pages = [outcome.runFolder + "/summary.html", harness.store.resultPath(run: outcome.record.id, key: key, ext: "html")]

        for page in pages {
            let source = try String(contentsOfFile: page, encoding: .utf8)
            let dom = try chromium.dumpDOM(of: page)
            let tags = HTMLTag.all(in: dom)

            // Only the dashboard's own filter script, as the page spells it.
            #expect(tags.filter { $0.name == "script" }.count == (page.hasSuffix("summary.html") ? 1 : 0), "script elements in \(page)")
            #expect(HTMLTag.dangerous(in: dom).filter { $0.name != "script" }.isEmpty, "\(HTMLTag.dangerous(in: dom))")
            // The browser built exactly the elements the page spells out: none came from a name.
            func census(_ tags: [HTMLTag]) -> [String: Int] { Dictionary(tags.map { ($0.name, 1) }, uniquingKeysWith: +) }
            #expect(census(tags) == census(HTMLTag.all(in: source)))
            #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(dom.contains("&lt;img src=x onerror=alert(1)&gt;"))
        }
    }
}
