import Fleet
import Foundation
import Reports
import Results
import ScanCore
import TestSupport
import Testing

/// A repository is its configured `name`: changing only its URL (https to ssh, a host move) keeps its
/// history, diff and owners; its result files carry a slug of the name (issue 13, item 8).
@Suite("a repository keeps its identity when its URL changes")
struct RepositoryIdentityTests {
    @Test func changingOnlyTheURLKeepsTheRepositoryAndItsHistory() throws {
        let harness = FleetHarness()
        let books = try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig("repos:\n  - url: books\n    name: acme/books\n    team: retail\n  - url: shop\n    team: commerce\n")
        let first = try harness.sweep()
        // The host moved: the same repository is now reached at another URL.
        try FileManager.default.createDirectory(atPath: harness.bench.path("moved"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: books, toPath: harness.bench.path("moved/books.git"))
        try harness.writeConfig(
            "repos:\n  - url: moved/books.git\n    name: acme/books\n    team: retail\n  - url: shop\n    team: commerce\n")

        let second = try harness.sweep()

        #expect(second.diff.newRepos.isEmpty)
        #expect(second.diff.removedRepos.isEmpty)
        #expect(second.diff.newApps.isEmpty && second.diff.removedApps.isEmpty)
        let record = try #require(harness.record(second, "acme/books"))
        #expect(record.key == harness.record(first, "acme/books")?.key)
        #expect(record.status == .reused)
        #expect(record.url == harness.bench.path("moved/books.git") || record.url == "moved/books.git")
        let diff = try String(contentsOfFile: second.runFolder + "/diff.md", encoding: .utf8)
        #expect(!diff.contains("acme/books"), "\(diff)")
    }

    @Test func resultFilesAreNamedAfterTheRepositorysNameNotItsURL() throws {
        let harness = FleetHarness()
        try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig("repos:\n  - url: books\n    name: acme/books\n  - url: shop\n")

        let outcome = try harness.sweep()

        let files = try FileManager.default.contentsOfDirectory(atPath: outcome.runFolder + "/repos").sorted()
        #expect(files.contains { $0.hasPrefix("acme-books-") && $0.hasSuffix(".json") }, "\(files)")
        #expect(files.contains { $0.hasPrefix("shop-") && $0.hasSuffix(".json") }, "\(files)")
        #expect(!files.contains { $0.hasPrefix("local-") }, "\(files)")
    }

    @Test func twoNamesThatSlugAlikeStillGetTheirOwnFiles() throws {
        let harness = FleetHarness()
        try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig(
            "repos:\n  - url: books\n    name: acme/shop ios\n  - url: shop\n    name: acme/shop-ios\n  - url: ../shop\n    name: ../../etc/passwd\n"
        )

        let keys = try harness.config().repos.map(\.key.rawValue)

        #expect(keys.count == 3 && Set(keys).count == 3)
        #expect(keys[0].hasPrefix("acme-shop-ios-") && keys[1].hasPrefix("acme-shop-ios-"))
        #expect(keys[2].hasPrefix("etc-passwd-"))
        #expect(keys.allSatisfy(RepoKey.isSafe))
    }
}
