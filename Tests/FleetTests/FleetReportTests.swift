import Fleet
import Foundation
import Rules
import ScanCore
import TestSupport
import Testing

@testable import Reports
@testable import Results

/// The fleet's report files: apps.csv, summary.json, diff.json, and reading results back.
@Suite("Fleet reports")
struct FleetReportTests {
    static func summary(_ apps: [AppReport], repo: String = "shop", team: String? = "commerce") -> FleetSummary {
        let snapshot = RunDiffTests.snapshot(RunDiffTests.new, [(RunDiffTests.repo(repo, .scanned, team: team), apps)])
        return FleetSummary.make(snapshot: snapshot, diff: RunDiff.between(nil, snapshot), at: Date(timeIntervalSince1970: 1_796_018_400))
    }

    @Test func appsCSVHasOneRowPerAppUnderTheAgreedHeader() {
        let csv = AppsCSVReport.render(Self.summary([RunDiffTests.app("App", .blocked), RunDiffTests.app("Clip", .ready)]))

        #expect(
            csv
                == "repo,path,target,platform,framework,version,verdict,errors,warnings,team,commit,status,owners,result_date,suppressed,"
                + "suppressions_refused,xcode,xcode_status,xcode_pin,lagging_dependencies\r\n"
                + "shop,App,App,iOS,native,,blocked,0,0,commerce,c0ffee,scanned,,2026-11-30T06:00:00Z,0,0,,unknown,,\r\n"
                + "shop,Clip,Clip,iOS,native,,ready,0,0,commerce,c0ffee,scanned,,2026-11-30T06:00:00Z,0,0,,unknown,,\r\n")
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://evil\")", "\"'=HYPERLINK(\"\"http://evil\"\")\""), ("+1", "'+1"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"), ("\rx", "\"'\rx\""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("line\nbreak", "\"line\nbreak\""),
        ("plain", "plain"), ("ünï", "ünï"),
    ])
    func csvCellsAreQuotedAndDefusedAgainstFormulaInjection(text: String, cell: String) {
        #expect(AppsCSVReport.cell(text) == cell)
    }

    @Test func aHostileTargetNameCannotBecomeAFormula() {
        let csv = AppsCSVReport.render(Self.summary([RunDiffTests.app("App", .ready, target: "=cmd|' /C calc'!A0")], team: "@team"))
        let row = csv.split(separator: "\r\n")[1]
        #expect(row == "shop,App,'=cmd|' /C calc'!A0,iOS,native,,ready,0,0,'@team,c0ffee,scanned,,2026-11-30T06:00:00Z,0,0,,unknown,,")
    }

    @Test func summaryJSONHasTheAgreedTopLevelIntegers() throws {
        let summary = Self.summary([RunDiffTests.app("App", .blocked), RunDiffTests.app("Clip", .ready), RunDiffTests.app("W", .atRisk)])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(FleetSummaryReport.json(summary).utf8)) as? [String: Any])

        for key in ["apps", "blocked", "atRisk", "ready", "unknown", "repos", "failedRepos", "daysToDeadline"] {
            #expect(object[key] is Int, "\(key) is not an integer")
        }
        #expect(object["apps"] as? Int == 3)
        #expect(object["readiness"] as? Double == 33.3)
        #expect((object["teams"] as? [[String: Any]])?.first?["team"] as? String == "commerce")
        #expect((object["repositories"] as? [[String: Any]])?.first?["name"] as? String == "shop")
        #expect((object["blockedApps"] as? [[String: Any]])?.first?["owners"] as? [String] == [])
    }

    @Test func theLeadershipPageLeadsWithTheCountdownAndReadiness() {
        let page = FleetSummaryReport.markdown(Self.summary([RunDiffTests.app("App", .blocked), RunDiffTests.app("Clip", .ready)]))

        #expect(page.hasPrefix("# Acme: iOS 27 scene readiness\n"))
        #expect(page.contains("**122 days to the deadline** (2027-04-01)"))
        #expect(page.contains("**Readiness: 50%** — 1 of 2 apps ready · 1 blocked · 0 at risk · 0 unknown"))
        #expect(page.contains("### commerce (1)"))
        #expect(page.contains("First run: nothing to compare with yet."))
    }

    @Test("A stored result reads back into values that render the same JSON", arguments: GitTreeSourceTests.fixtures)
    func storedResultsRoundTripThroughTheJSONContract(fixture: String) throws {
        let report = Scanner.scan(try DirectorySource(root: FixturePaths.scan(fixture).path, label: fixture))
        let json = JSONReport.render(report)

        let decoded = try ScanReport.decoded(from: Data(json.utf8))

        #expect(JSONReport.render(decoded) == json)
        #expect(decoded.summary == report.summary)
    }

    @Test func aResultOfAnotherSchemaVersionIsRefused() throws {
        let error = try #require(throws: DecodingError.self) {
            try ScanReport.decoded(
                from: Data(
                    #"{"schemaVersion": 2, "tool": {"version": "9", "rulePack": "x"}, "root": "", "apps": [], "diagnostics": []}"#.utf8))
        }
        #expect(FileProblem.sentence("read", "runs/x/repos/a.json", error).contains("(unsupported schema version 2)"))
    }

    @Test func diffJSONListsRegressionsWithRepoPathTargetFromAndTo() throws {
        let before = RunDiffTests.snapshot(RunDiffTests.old, [(RunDiffTests.repo("shop", .scanned), [RunDiffTests.app("Shelf", .ready)])])
        let after = RunDiffTests.snapshot(RunDiffTests.new, [(RunDiffTests.repo("shop", .scanned), [RunDiffTests.app("Shelf", .blocked)])])
        let json = RunDiffReport.json(RunDiff.between(before, after))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let regression = try #require((object["regressions"] as? [[String: Any]])?.first)

        #expect(regression["repo"] as? String == "shop")
        #expect(regression["path"] as? String == "Shelf")
        #expect(regression["target"] as? String == "Shelf")
        #expect(regression["from"] as? String == "ready")
        #expect(regression["to"] as? String == "blocked")
        #expect(object["from"] as? String == RunDiffTests.old)
    }
}
