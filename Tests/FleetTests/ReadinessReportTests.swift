import Fleet
import Foundation
import Rules
import ScanCore
import TestSupport
import Testing

@testable import Reports
@testable import Results

/// The toolchain and dependency facts through the fleet: stored results, the diff, apps.csv, the
/// summary and the dashboard.
@Suite("Readiness in fleet reports")
struct ReadinessReportTests {
    static func pin(_ text: String, _ version: XcodeVersion?, floating: Bool = false, line: Int = 5) -> XcodePin {
        XcodePin(
            version: version, floating: floating, text: text, source: .githubRunnerImage,
            location: Location(file: ".github/workflows/ios.yml", line: line, column: 14), scope: "", basis: "image default")
    }

    static func lagging(_ package: String, _ resolved: String, _ sceneAware: String?) -> DependencyStatus {
        DependencyStatus(
            name: package, package: package, ecosystem: .pub, resolved: resolved, sceneAware: sceneAware,
            state: sceneAware == nil ? .noSceneAwareRelease : .lagging, breaks: "links are lost", source: "https://example.org/\(package)",
            severity: .warning, file: "pubspec.lock", line: 12)
    }

    static func app(_ path: String, _ verdict: Verdict, pins: [XcodePin] = [], dependencies: [DependencyStatus] = []) -> AppReport {
        AppReport(
            path: path, target: path, project: nil, platform: "iOS", framework: "flutter", frameworkVersion: "3.41.0", verdict: verdict,
            findings: [], suppressed: [], unreadable: [], toolchain: AppToolchain(pins: pins), dependencies: dependencies)
    }

    @Test("A stored result reads back with its toolchain pins and dependency inventory")
    func storedResultRoundTrip() throws {
        let app = Self.app(
            "ios/Runner", .blocked, pins: [Self.pin("macos-15", XcodeVersion(16, 4)), Self.pin("latest", nil, floating: true, line: 9)],
            dependencies: [Self.lagging("app_links", "6.4.1", "7.0.0")])
        let report = ScanReport(root: "tide", toolVersion: "0.1.0", rulePack: "ios27", apps: [app], diagnostics: [])
        let json = JSONReport.render(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let stored = try #require((object["apps"] as? [[String: Any]])?.first)
        let toolchain = try #require(stored["toolchain"] as? [String: Any])
        #expect(toolchain["status"] as? String == "floating")
        #expect(toolchain["xcode"] as? String == "latest")
        #expect(toolchain["line"] as? Int == 9)
        #expect((toolchain["pins"] as? [Any])?.count == 2)
        let read = try ScanReport.decoded(from: Data(json.utf8)).apps[0]
        #expect(read.toolchain == app.toolchain)
        #expect(read.dependencies == app.dependencies)
        // A result stored before these members existed reads as unknown, with no dependencies.
        let old = json.replacingOccurrences(of: "\"toolchain\"", with: "\"toolchainLater\"")
            .replacingOccurrences(of: "\"dependencies\"", with: "\"dependenciesLater\"")
        let legacy = try ScanReport.decoded(from: Data(old.utf8)).apps[0]
        #expect(legacy.toolchain.status == .unknown)
        #expect(legacy.dependencies.isEmpty)
    }

    @Test("The repository page and Markdown name each app's Xcode and dependencies, escaping what the repository wrote")
    func repoPageAndMarkdown() {
        let hostile = DependencyStatus(
            name: "app_links", package: "<script>alert(1)</script>", ecosystem: .pub, resolved: "6.4.1", sceneAware: "7.0.0",
            state: .lagging, breaks: "links are lost", source: "https://example.org/app_links", severity: .warning, file: "pubspec.lock",
            line: 12)
        let app = Self.app(
            "ios/Runner", .blocked, pins: [Self.pin("macos-15<img src=x>", XcodeVersion(16, 4))],
            dependencies: [hostile, Self.lagging("url_launcher_ios", "6.4.1", "6.4.0")])
        let report = ScanReport(root: "tide@c0ffee", toolVersion: "0.1.0", rulePack: "ios27", apps: [app], diagnostics: [])
        let html = RepoPageReport.html(report)
        #expect(html.contains("<p class=\"small\" data-xcode-status=\"deferred\"><b>Xcode:</b> builds with Xcode 16.4"))
        #expect(html.contains("macos-15&lt;img src=x&gt;"))
        #expect(!html.contains("<script>alert(1)</script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; 6.4.1</span> (pubspec.lock:12): move to 7.0.0"))
        #expect(html.contains("<details open><summary>Dependencies checked for scene support (2 to move)</summary>"))
        let markdown = MarkdownReport.render(report)
        #expect(markdown.contains("Xcode: builds with Xcode 16.4 (GitHub Actions runner image macos-15"))
        let text = TextReport.render(report)
        #expect(
            text.contains(
                "  builds with Xcode 16.4 (GitHub Actions runner image macos-15<img src=x> at .github/workflows/ios.yml:5): safe until the pin moves"
            ))
    }

    @Test("The diff lists toolchain moves; only a blocked app moved onto Xcode 27 is a pin regression")
    func toolchainMoves() {
        let repo = RunDiffTests.repo("shop", .scanned)
        let before = RunDiffTests.snapshot(
            RunDiffTests.old,
            [
                (
                    repo,
                    [
                        Self.app("A", .blocked, pins: [Self.pin("macos-26", XcodeVersion(26, 6))]),
                        Self.app("B", .ready, pins: [Self.pin("macos-26", XcodeVersion(26, 6))]),
                        Self.app("C", .blocked, pins: [Self.pin("macos-15", XcodeVersion(16, 4))]),
                        Self.app("D", .blocked, pins: [Self.pin("macos-26", XcodeVersion(26, 6))]),
                    ]
                )
            ])
        let after = RunDiffTests.snapshot(
            RunDiffTests.new,
            [
                (
                    repo,
                    [
                        Self.app("A", .blocked, pins: [Self.pin("xcode-27", XcodeVersion(27))]),
                        Self.app("B", .ready, pins: [Self.pin("xcode-27", XcodeVersion(27))]),
                        Self.app("C", .blocked, pins: [Self.pin("macos-26", XcodeVersion(26, 6))]),
                        Self.app("D", .blocked, pins: [Self.pin("macos-26", XcodeVersion(26, 6), line: 40)]),
                    ]
                )
            ])
        let diff = RunDiff.between(before, after)
        #expect(diff.toolchainMoves.map(\.path) == ["A", "B", "C"])
        #expect(diff.pinRegressions.map(\.path) == ["A"])
        #expect(diff.pinRegressions.first?.pin == ".github/workflows/ios.yml:5")
        #expect(diff.regressions.isEmpty)
        #expect(!diff.isEmpty)
        let json = RunDiffReport.json(diff)
        #expect(json.contains("\"pinRegressions\": 1"))
        #expect(RunDiffReport.markdown(diff).contains("| Xcode 26.6 | Xcode 27 ⚠ crashes at launch in this build |"))
        #expect(RunDiffReport.text(diff).contains("pin regression: shop A (A): Xcode 26.6 -> 27 at .github/workflows/ios.yml:5"))
    }

    static func summary() -> FleetSummary {
        FleetReportTests.summary([
            Self.app(
                "A", .blocked, pins: [Self.pin("xcode-27", XcodeVersion(27, 0))],
                dependencies: [Self.lagging("app_links", "6.4.1", "7.0.0")]),
            Self.app(
                "B", .blocked, pins: [Self.pin("macos-15", XcodeVersion(16, 4))],
                dependencies: [Self.lagging("app_links", "6.0.0", "7.0.0")]),
            Self.app("C", .blocked, pins: [Self.pin("macos-26", XcodeVersion(26, 6))]),
            Self.app("D", .blocked, pins: [Self.pin("macos-latest", XcodeVersion(26, 6), floating: true)]),
            Self.app("E", .blocked),
            Self.app(
                "F", .atRisk, pins: [Self.pin("macos-15", XcodeVersion(16, 4))],
                dependencies: [Self.lagging("receive_sharing_intent", "1.8.1", nil)]),
            Self.app("G", .ready, pins: [Self.pin("macos-15", XcodeVersion(16, 4))]),
        ])
    }

    @Test("The summary counts blocked apps by pinned Xcode (Xcode 27 first) and dependencies by apps")
    func summaryBreakdowns() throws {
        let summary = Self.summary()
        #expect(
            summary.blockedByXcode.map { "\($0.group)=\($0.apps)" } == [
                "Xcode 27=1", "floating=1", "Xcode 26=1", "Xcode 16=1", "unknown=1",
            ])
        #expect(
            summary.blockingDependencies.map { "\($0.name)=\($0.apps) \($0.resolved)" } == [
                "app_links=2 [\"6.0.0\", \"6.4.1\"]", "receive_sharing_intent=1 [\"1.8.1\"]",
            ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(FleetSummaryReport.json(summary).utf8)) as? [String: Any])
        let groups = try #require(object["blockedByXcode"] as? [[String: Any]])
        #expect(groups.first?["xcode"] as? String == "Xcode 27")
        #expect(groups.first?["current"] as? Bool == true)
        #expect((object["blockingDependencies"] as? [[String: Any]])?.first?["sceneAware"] as? String == "7.0.0")
        let markdown = FleetSummaryReport.markdown(summary)
        #expect(markdown.contains("| **Xcode 27** (crashes now) | 1 |"))
        #expect(markdown.contains("| app\\_links | pub | 2 | 6.0.0, 6.4.1 | 7.0.0 | [source](https://example.org/app_links) |"))
    }

    @Test("apps.csv carries the Xcode, its status, the pin and the lagging dependencies")
    func csvColumns() {
        let csv = AppsCSVReport.render(Self.summary())
        let rows = csv.split(separator: "\r\n").map(String.init)
        #expect(rows[0].hasSuffix(",owners,result_date,suppressed,suppressions_refused,xcode,xcode_status,xcode_pin,lagging_dependencies"))
        #expect(rows[1].hasSuffix(",27.0,current,.github/workflows/ios.yml:5,app_links 6.4.1 -> 7.0.0"))
        #expect(
            rows.first { $0.hasPrefix("shop,F,") }?.hasSuffix(
                ",16.4,deferred,.github/workflows/ios.yml:5,receive_sharing_intent 1.8.1 -> none") == true)
        #expect(rows.first { $0.hasPrefix("shop,E,") }?.hasSuffix(",,unknown,,") == true)
    }

    @Test("The dashboard shows when blocked apps break and which dependencies hold apps back")
    func dashboardSections() throws {
        let html = DashboardReport.html(Self.summary(), history: [])
        let xcode = try #require(html.range(of: "<section id=\"xcode\">"))
        let section = String(html[xcode.lowerBound...].prefix { _ in true }.prefix(4000))
        #expect(section.contains("<tr data-xcode-group=\"Xcode 27\"><td>Xcode 27</td>"))
        #expect(section.contains("Now: these builds crash at launch."))
        #expect(html.contains("<tr data-dependency=\"app_links\"><td><a href=\"https://example.org/app_links\">app_links</a>"))
        #expect(html.contains("data-xcode=\"16.4\""))
        let empty = DashboardReport.html(FleetReportTests.summary([RunDiffTests.app("Z", .ready)]), history: [])
        #expect(empty.contains("No lockfile resolves a dependency that must move."))
        #expect(empty.contains("<section id=\"xcode\">"))
    }
}
