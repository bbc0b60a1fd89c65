import Fleet
import Foundation
import Reports
import Results
import ScanCore
import TestSupport
import Testing

/// In fleet runs the fleet config, not the repository, decides which `scenesweep:ignore` comments count
/// (issue 13, item 3): a suppressed error still counts unless `suppressions` allows it, every report
/// shows the suppressions with their reasons, and a finding that became suppressed is never "resolved".
@Suite("Suppressions are governed by the fleet")
struct SuppressionGovernanceTests {
    /// shop (the legacy, blocked app) swept once, then its team adds three suppressions: two of its errors
    /// and one warning.
    static func shopSuppresses() throws -> (FleetHarness, shop: String, first: SweepOutcome) {
        let harness = FleetHarness()
        let shop = try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.writeConfig("repos:\n  - url: shop\n    team: commerce\n  - url: books\n    team: retail\n")
        let first = try harness.sweep()
        #expect(first.summary.apps.map(\.verdict) == [.blocked, .ready])
        func edit(_ file: String, _ change: (inout [String]) -> Void) throws -> String {
            var lines = try String(contentsOfFile: shop + "/" + file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .map(String.init)
            change(&lines)
            return lines.joined(separator: "\n")
        }
        let plist = try edit("Shelf/Info.plist") {
            $0.insert("<!-- scenesweep:ignore scene-manifest-missing the launch is fine -->", at: 2)
        }
        let delegate = try edit("Shelf/AppDelegate.swift") { $0[25] += " // scenesweep:ignore app-delegate-window kept on purpose" }
        let list = try edit("Shelf/Controllers/BookListViewController.swift") {
            $0[69] += " // scenesweep:ignore window-lookup single-window app"
        }
        try harness.bench.commit(
            in: shop,
            files: [
                "Shelf/Info.plist": plist, "Shelf/AppDelegate.swift": delegate, "Shelf/Controllers/BookListViewController.swift": list,
            ], message: "suppress")
        return (harness, shop, first)
    }

    @Test func aRepositoryCannotSuppressItsOwnErrorsAwayAndTheDiffListsTheSuppressionsNotFixes() throws {
        let (harness, _, _) = try Self.shopSuppresses()

        let second = try harness.sweep()

        let shop = try #require(second.summary.apps.first { $0.repoName == "shop" })
        #expect(shop.verdict == .blocked)
        #expect(shop.errors == 2)
        #expect(second.diff.improvements.isEmpty)
        #expect(second.diff.resolvedFindings.isEmpty)
        let diff = try harness.json(second, "diff.json")
        let suppressed = try #require(diff["suppressedFindings"] as? [[String: Any]])
        #expect(
            suppressed.map { "\($0["rule"] as? String ?? "") \($0["accepted"] as? Bool ?? false) \($0["reason"] as? String ?? "")" }
                .sorted()
                == [
                    "app-delegate-window false kept on purpose", "scene-manifest-missing false the launch is fine",
                    "window-lookup true single-window app",
                ])
        let diffMarkdown = try String(contentsOfFile: second.runFolder + "/diff.md", encoding: .utf8)
        #expect(diffMarkdown.contains("## Suppressed since the last run (3)"))
        #expect(!diffMarkdown.contains("## Resolved findings"))
    }

    @Test func everyFleetReportShowsTheSuppressionsPerTeamWithTheirReasons() throws {
        let (harness, _, _) = try Self.shopSuppresses()

        let second = try harness.sweep()

        let summary = try harness.json(second, "summary.json")
        #expect(summary["suppressed"] as? Int == 1)
        #expect(summary["suppressionsRefused"] as? Int == 2)
        let teams = try #require(summary["teams"] as? [[String: Any]])
        let commerce = try #require(teams.first { $0["team"] as? String == "commerce" })
        #expect(commerce["suppressed"] as? Int == 1)
        let list = try #require(summary["suppressions"] as? [[String: Any]])
        #expect(list.count == 3)
        #expect(list.allSatisfy { $0["team"] as? String == "commerce" && $0["repo"] as? String == "shop" })
        #expect(list.contains { $0["rule"] as? String == "window-lookup" && $0["reason"] as? String == "single-window app" })

        let markdown = try String(contentsOfFile: second.runFolder + "/summary.md", encoding: .utf8)
        #expect(markdown.contains("## Suppressions by team"))
        #expect(markdown.contains("single-window app"))
        #expect(markdown.contains("not accepted by the fleet config"))
        let html = try String(contentsOfFile: second.runFolder + "/summary.html", encoding: .utf8)
        #expect(html.contains("id=\"suppressions\""))
        #expect(html.contains("kept on purpose"))
        let csv = try String(contentsOfFile: second.runFolder + "/apps.csv", encoding: .utf8)
        let lines = csv.split(separator: "\r\n").map(String.init)
        let columns = lines[0].split(separator: ",").map(String.init)
        let accepted = try #require(columns.firstIndex(of: "suppressed"))
        let refused = try #require(columns.firstIndex(of: "suppressions_refused"))
        let shopRow = try #require(lines.first { $0.hasPrefix("shop,") }).split(separator: ",", omittingEmptySubsequences: false)
        #expect(shopRow[accepted] == "1")
        #expect(shopRow[refused] == "2")
    }

    @Test func anErrorTheFleetAllowsToBeSuppressedIsListedAsSuppressedNeverAsAnImprovement() throws {
        let (harness, _, _) = try Self.shopSuppresses()
        let second = try harness.sweep()
        #expect(second.summary.apps.first?.verdict == .blocked)
        try harness.writeConfig(
            """
            suppressions: { allow: [scene-manifest-missing, app-delegate-window, window-lookup], errors: true }
            repos:
              - url: shop
                team: commerce
              - url: books
                team: retail

            """)

        let third = try harness.sweep()

        #expect(third.summary.apps.first?.verdict == .atRisk)
        #expect(third.diff.improvements.isEmpty)
        #expect(third.diff.resolvedFindings.isEmpty)
        let diff = try harness.json(third, "diff.json")
        let changes = try #require(diff["suppressionChanges"] as? [[String: Any]])
        #expect(changes.map { "\($0["from"] as? String ?? "")->\($0["to"] as? String ?? "")" } == ["blocked->at-risk"])
        let suppressed = try #require(diff["suppressedFindings"] as? [[String: Any]])
        #expect(Set(suppressed.compactMap { $0["rule"] as? String }) == ["scene-manifest-missing", "app-delegate-window"])
        let diffMarkdown = try String(contentsOfFile: third.runFolder + "/diff.md", encoding: .utf8)
        #expect(diffMarkdown.contains("## Better only by suppression (1)"))
        #expect(!diffMarkdown.contains("## Improvements"))
    }

    @Test func aSuppressionOfARuleTheFleetDoesNotAllowStillCounts() throws {
        let (harness, _, _) = try Self.shopSuppresses()
        try harness.writeConfig(
            """
            suppressions: { allow: [main-screen-use] }
            repos:
              - url: shop
                team: commerce
              - url: books
                team: retail

            """)

        let second = try harness.sweep()

        let shop = try #require(second.summary.apps.first { $0.repoName == "shop" })
        #expect(shop.warnings == 13)
        #expect(shop.errors == 2)
        let summary = try harness.json(second, "summary.json")
        #expect(summary["suppressed"] as? Int == 0)
        #expect(summary["suppressionsRefused"] as? Int == 3)
    }
}
