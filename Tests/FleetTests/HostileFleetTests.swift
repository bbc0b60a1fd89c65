import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// The hostile repositories of issue 14 next to good ones, swept through worker processes of the real
/// binary: each is bounded at its cause (a tree 5,000 folders deep, a binary Info.plist of shared
/// arrays, hostile entry names, stale ref locks) or by the watchdog (libgit2 spinning on a truncated
/// loose object), and the run is stored whole, with only the unbounded one failed.
@Suite("A fleet with hostile repositories")
struct HostileFleetTests {
    static let seconds = 30

    static func fleet() throws -> FleetHarness {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("books", fixture: "migrated-swift-uikit")
        // 5,000 levels: far past the walk's limit of 256, and cheap to make and remove (HostileTreeTests
        // walks 100,000).
        try HostileRepos.run("deep-tree", [try harness.repository("deep", fixture: "migrated-swift-uikit"), "5000"])
        try HostileRepos.run("names", [try harness.repository("names", fixture: "migrated-swift-uikit")])
        let bomb = try harness.repository("bomb", fixture: "migrated-swift-uikit")
        try HostileRepos.run("plist-bomb", [bomb + "/Shelf/Info.plist"])
        try harness.bench.git(["commit", "-q", "-am", "shared arrays"], in: bomb)
        try HostileRepos.run("truncated-blob", [try harness.repository("spin", fixture: "migrated-swift-uikit"), "Shelf/Spin.swift"])
        try harness.writeConfig(
            """
            limits: { repo_seconds: \(seconds), repo_memory: 1GiB }
            repos:
              - url: shop
              - url: deep
              - url: names
              - url: bomb
              - url: spin
              - url: books

            """)
        return harness
    }

    @Test func hostileRepositoriesNextToGoodOnesStoreACompleteRunInWhichOnlyTheUnboundedOneFailed() throws {
        let harness = try Self.fleet()
        let workers = WorkerLaunch(executable: ScenesweepBinary.path)

        let first = try harness.sweep(workers: workers)

        #expect(harness.store.latestRun() == first.record.id)
        #expect(first.record.repos.map(\.name) == ["shop", "deep", "names", "bomb", "spin", "books"])
        #expect(
            first.record.repos.map(\.status) == [.scanned, .scanned, .scanned, .scanned, .failed, .scanned],
            "\(first.record.repos.map { "\($0.name): \($0.error ?? "-")" })")
        let spin = try #require(harness.record(first, "spin"))
        #expect(spin.error == "timed out after \(Self.seconds) s")
        #expect(spin.counts == nil || spin.counts?.apps == 0)
        // The good ones are what a scan of their fixtures says.
        let shop = try harness.store.result(run: first.record.id, key: try #require(harness.record(first, "shop")).key)
        #expect(shop.apps.map(\.verdict) == [.blocked])
        let books = try harness.store.result(run: first.record.id, key: try #require(harness.record(first, "books")).key)
        #expect(books.apps.map(\.verdict) == [.ready])

        func diagnostics(_ name: String) throws -> [String] {
            let report = try harness.store.result(run: first.record.id, key: try #require(harness.record(first, name)).key)
            #expect(report.apps.map(\.path) == ["Shelf"], "\(name)")
            return report.diagnostics.map(\.description)
        }
        #expect(try diagnostics("deep").contains { $0.contains("it is nested more than 256 folders deep") })
        let names = try diagnostics("names")
        #expect(names.filter { $0.contains("no checkout could hold that name") }.count == 3)
        #expect(names.contains { $0.contains("second tree entry named \"Shelf\"") })
        #expect(try diagnostics("bomb").contains { $0.contains("expands to more than 100000 objects") })
        for file in harness.writtenFiles() where file.hasPrefix("runs/") {
            #expect(!file.contains(".."), "\(file)")
        }

        // A fetch killed inside libgit2's reference update left locks in shop's mirror; upstream moved.
        let mirror = harness.store.mirrorPath(try #require(harness.record(first, "shop")).key)
        for lock in ["refs/heads/main.lock", "HEAD.lock", "packed-refs.lock", "config.lock"] {
            FileManager.default.createFile(atPath: mirror + "/" + lock, contents: Data())
        }
        let commit = try harness.bench.append("\n// moved\n", to: "Shelf/AppDelegate.swift", in: harness.bench.path("shop"))

        let second = try harness.sweep(workers: workers)

        #expect(harness.store.latestRun() == second.record.id)
        #expect(second.record.repos.map(\.status) == [.scanned, .reused, .reused, .reused, .failed, .reused])
        #expect(harness.record(second, "shop")?.commit == commit)
        #expect(harness.record(second, "spin")?.error == "timed out after \(Self.seconds) s")
        #expect(harness.record(second, "spin")?.failingSince == first.record.id)
    }
}
