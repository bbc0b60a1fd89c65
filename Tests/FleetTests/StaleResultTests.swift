import Fleet
import Foundation
import Reports
import Results
import ScanCore
import TestSupport
import Testing

/// A repository that could not be brought up to date counts with its last verdict, never better, and
/// every report says that it is stale and since when (DESIGN.md, "Data flow").
@Suite("Stale results count with their last verdict")
struct StaleResultTests {
    /// books (one ready app, on branch `release`) and shop (one blocked app), swept once; then books'
    /// branch is deleted upstream and the fleet swept again.
    static func booksGoesStale() throws -> (FleetHarness, first: SweepOutcome, second: SweepOutcome) {
        let harness = FleetHarness()
        let books = try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.bench.git(["branch", "release"], in: books)
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig(
            """
            repos:
              - url: books
                branch: release
                team: commerce
              - url: shop
                team: commerce

            """)
        let first = try harness.sweep()
        try harness.bench.git(["branch", "-D", "release"], in: books)
        let second = try harness.sweep()
        return (harness, first, second)
    }

    @Test func aStaleRepositorysReadyAppStillCountsAsReadyAndTheReadinessFigureDoesNotSwing() throws {
        let (harness, first, second) = try Self.booksGoesStale()
        #expect(harness.record(second, "books")?.status == .stale)

        let firstSummary = try harness.json(first, "summary.json")
        let summary = try harness.json(second, "summary.json")
        #expect(firstSummary["readiness"] as? Double == 50)
        #expect(summary["readiness"] as? Double == 50)
        #expect(summary["ready"] as? Int == 1)
        #expect(summary["unknown"] as? Int == 0)
        #expect(summary["staleApps"] as? Int == 1)
        #expect(summary["staleSince"] as? String == "2026-11-30T06:00:00Z")
        let books = try #require((summary["repositories"] as? [[String: Any]])?.first { $0["name"] as? String == "books" })
        #expect(books["stale"] as? Int == 1)
        #expect(books["resultDate"] as? String == "2026-11-30T06:00:00Z")
        // Nothing about it got better.
        #expect(second.diff.improvements.isEmpty && second.diff.resolvedFindings.isEmpty)
        #expect(second.summary.apps.first { $0.repoName == "books" }?.verdict == .ready)
    }

    @Test func everyReportLabelsTheStaleAppWithTheDateOfItsResult() throws {
        let (harness, _, second) = try Self.booksGoesStale()
        let date = "2026-11-30 06:00 UTC"

        let markdown = try String(contentsOfFile: second.runFolder + "/summary.md", encoding: .utf8)
        #expect(markdown.contains("**Readiness: 50%** — 1 of 2 apps ready"))
        #expect(markdown.contains("1 app counted from a stale result (since \(date))"))

        let csv = try String(contentsOfFile: second.runFolder + "/apps.csv", encoding: .utf8)
        let lines = csv.split(separator: "\r\n").map(String.init)
        #expect(lines[0].contains(",status,owners,result_date,suppressed,suppressions_refused,"))
        let booksRow = try #require(lines.first { $0.hasPrefix("books,") })
        #expect(booksRow.contains(",ready,"))
        #expect(booksRow.contains(",stale,"))
        #expect(booksRow.contains(",2026-11-30T06:00:00Z,0,0,"))

        let diff = try String(contentsOfFile: second.runFolder + "/diff.md", encoding: .utf8)
        #expect(diff.contains("| books | branch 'release' not found in \(harness.bench.path("books")) | result of \(date) |"))
        let diffJSON = try harness.json(second, "diff.json")
        let stale = try #require((diffJSON["staleRepos"] as? [[String: Any]])?.first)
        #expect(stale["resultDate"] as? String == "2026-11-30T06:00:00Z")

        let dashboard = try String(contentsOfFile: second.runFolder + "/summary.html", encoding: .utf8)
        #expect(dashboard.contains("data-metric=\"stale\">1<"))
        #expect(dashboard.contains("app counted from a stale result since 30 Nov 2026, 06:00 UTC"))

        let key = try #require(harness.record(second, "books")?.key)
        let page = try String(contentsOfFile: second.runFolder + "/repos/\(key).html", encoding: .utf8)
        #expect(page.contains("<b>Stale result</b> from 30 Nov 2026, 06:00 UTC"))
        let repoMarkdown = try String(contentsOfFile: second.runFolder + "/repos/\(key).md", encoding: .utf8)
        #expect(repoMarkdown.contains("**Stale result** from \(date)"))
        // The previous run's page is its own file, unchanged: a stale notice never reaches it.
        let earlier = try String(
            contentsOfFile: harness.store.resultPath(run: try #require(second.record.previousRun), key: key, ext: "html"), encoding: .utf8)
        #expect(!earlier.contains("Stale result"))
    }

    @Test func anAtRiskAppOfAStaleRepositoryStaysAtRiskAndABlockedOneBlocked() throws {
        let harness = FleetHarness()
        let books = try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.bench.append(
            "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: books)
        let shop = try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig("repos:\n  - url: books\n  - url: shop\n")
        let first = try harness.sweep()
        #expect(first.summary.apps.map(\.verdict) == [.atRisk, .blocked])
        try FileManager.default.moveItem(atPath: books, toPath: books + "-moved")
        try FileManager.default.moveItem(atPath: shop, toPath: shop + "-moved")

        let second = try harness.sweep()

        #expect(second.summary.apps.map(\.verdict) == [.atRisk, .blocked])
        let summary = try harness.json(second, "summary.json")
        #expect(summary["staleApps"] as? Int == 2)
        #expect(second.nothingScanned)
    }
}
