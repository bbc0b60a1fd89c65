import Foundation
import Reports
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// Every fixture's report in every format equals its checked-in golden file, byte for byte, and two
/// scans of the same tree render identically. Re-record on purpose with `scripts/record-goldens`.
@Suite("Golden reports")
struct GoldenReportTests {
    /// Native fixtures (`scan/<name>`, goldens in every format under `goldens/<name>`) and framework
    /// fixtures (`frameworks/<name>`, goldens under `goldens/frameworks/<name>`: text, JSON and Markdown,
    /// since SARIF and GitHub output do not depend on the framework).
    static let fixtures: [String] = {
        var result: [String] = []
        for group in ["scan", "frameworks", "descriptions"] {
            let folder = FixturePaths.fixtures.appendingPathComponent(group)
            result += ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { !$0.hasPrefix(".") }.map { group + "/" + $0 }
        }
        return result.sorted()
    }()

    static func goldenFolder(_ fixture: String) -> URL {
        let goldens = FixturePaths.fixtures.appendingPathComponent("goldens")
        let name = String(fixture.split(separator: "/").last!)
        if fixture.hasPrefix("scan/") { return goldens.appendingPathComponent(name) }
        // Framework eras under goldens/frameworks, project descriptions (XcodeGen, Tuist, Bazel…) under goldens/descriptions.
        let group = fixture.hasPrefix("descriptions/") ? "descriptions" : "frameworks"
        return goldens.appendingPathComponent(group).appendingPathComponent(name)
    }

    static func formats(_ fixture: String) -> [ReportFormat] {
        fixture.hasPrefix("scan/") ? ReportFormat.allCases : [.text, .json, .markdown]
    }

    static let recording = ProcessInfo.processInfo.environment["SCENESWEEP_RECORD_GOLDENS"] == "1"

    static func fileName(_ format: ReportFormat) -> String {
        switch format {
        case .text: return "report.txt"
        case .json: return "report.json"
        case .markdown: return "report.md"
        case .sarif: return "report.sarif"
        case .github: return "report.github.txt"
        }
    }

    /// A fixture is `group/name`, or a bare name under `scan/`.
    static func scan(_ fixture: String) throws -> ScanReport {
        let relative = fixture.contains("/") ? fixture : "scan/" + fixture
        let name = String(relative.split(separator: "/").last!)
        let source = try DirectorySource(root: FixturePaths.fixtures.appendingPathComponent(relative).path, label: name)
        return Scanner.scan(source)
    }

    /// The catalogue as SARIF's `tool.driver.rules`: the same in every SARIF report, so it has a golden
    /// of its own and the reports' goldens hold this line instead (adding a rule changes one golden).
    static let driverRulesGolden = FixturePaths.fixtures.appendingPathComponent("goldens/sarif-driver-rules.json")
    static let driverRulesLine = #"          "rules": "(the catalogue: goldens/sarif-driver-rules.json)""#

    /// A SARIF report without its driver's rule list, and the list (the lines from `"rules": [` to its `]`).
    static func splittingDriverRules(_ sarif: String) -> (report: String, rules: String) {
        var lines = sarif.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: #"          "rules": ["#),
            let end = lines[start...].firstIndex(where: { $0 == "          ]" || $0 == "          ]," })
        else { return (sarif, "") }
        let rules = lines[start...end].joined(separator: "\n") + "\n"
        lines.replaceSubrange(start...end, with: [driverRulesLine + (lines[end].hasSuffix(",") ? "," : "")])
        return (lines.joined(separator: "\n"), rules)
    }

    /// What the reports' goldens hold for each result's `ruleIndex`: its rule's place in the driver's list
    /// moves when a rule is added before it, so the goldens do not pin it (adding a rule changes no
    /// report golden); `ruleIndexesNameTheirRules` checks every place instead.
    static let ruleIndexLine = #"          "ruleIndex": "(its rule's place in the catalogue)","#

    static func withoutRuleIndexes(_ sarif: String) -> String {
        sarif.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(#"          "ruleIndex": "#) && line.hasSuffix(",") ? Substring(ruleIndexLine) : line
        }.joined(separator: "\n")
    }

    /// Every result's `ruleIndex` names its own rule, in every fixture's SARIF report.
    static func ruleIndexesNameTheirRules(_ sarif: String, fixture: String) throws {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ids = try #require(driver["rules"] as? [[String: Any]]).map { $0["id"] as? String }
        for result in run["results"] as? [[String: Any]] ?? [] {
            let index = try #require(result["ruleIndex"] as? Int, "\(fixture): a result without its ruleIndex")
            #expect(ids.indices.contains(index) && ids[index] == result["ruleId"] as? String, "\(fixture): ruleIndex \(index)")
        }
    }

    @Test("SARIF's rule list is the catalogue, checked once")
    func driverRulesEqualTheirGolden() throws {
        let rendered = ReportFormat.sarif.render(try Self.scan("legacy-swift-uikit"))
        let rules = Self.splittingDriverRules(rendered).rules
        #expect(rules.components(separatedBy: "\"defaultConfiguration\"").count - 1 == Catalogue.all.count)
        if Self.recording {
            try Data(rules.utf8).write(to: Self.driverRulesGolden)
            return
        }
        let golden = try String(contentsOf: Self.driverRulesGolden, encoding: .utf8)
        #expect(rules == golden, "SARIF's rule list differs from \(Self.driverRulesGolden.path); run scripts/record-goldens if intended")
    }

    @Test("Reports equal their goldens in every format", arguments: fixtures)
    func reportsEqualGoldens(fixture: String) throws {
        let report = try Self.scan(fixture)
        let folder = Self.goldenFolder(fixture)
        for format in Self.formats(fixture) {
            var rendered = format.render(report)
            if format == .sarif {
                try Self.ruleIndexesNameTheirRules(rendered, fixture: fixture)
                let split = Self.splittingDriverRules(rendered)
                #expect(!split.rules.isEmpty, "\(fixture): no driver rule list in its SARIF")
                rendered = Self.withoutRuleIndexes(split.report)
            }
            let url = folder.appendingPathComponent(Self.fileName(format))
            if Self.recording {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(rendered.utf8).write(to: url)
                continue
            }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(
                rendered == golden,
                "\(fixture) \(format.rawValue) differs from \(url.path); run scripts/record-goldens if the change is intended")
        }
    }

    @Test(
        "A second scan of the same tree renders byte-identical reports",
        arguments: ["legacy-swift-uikit", "workspace-two-apps-with-extensions"])
    func scansAreDeterministic(fixture: String) throws {
        let first = try Self.scan(fixture)
        let second = try Self.scan(fixture)
        for format in ReportFormat.allCases {
            #expect(format.render(first) == format.render(second))
        }
    }
}
