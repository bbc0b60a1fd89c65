import Foundation
import TestSupport
import Testing

@testable import Fleet
@testable import Results

/// A bounded workspace (issue 14, item 6): `retention: { runs, days }` removes the oldest complete runs,
/// never `latest` or the run it was compared with, never a shard run no merge has taken; history.jsonl
/// keeps every line; mirrors of repositories gone from the config go after `mirror_grace_days`.
@Suite("Retention of runs and mirrors")
struct RetentionTests {
    /// The mirror of a repository of the harness (mirrors are named from the URL: `local-books-<hash>.git`).
    static func mirror(of name: String, in store: RunStore) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: store.mirrorsFolder)
        let mirror = try #require(names.first { $0.contains("-\(name)-") && $0.hasSuffix(".git") }, "\(names)")
        return store.mirrorsFolder + "/" + mirror
    }

    static func twoRepositories(_ retention: String) throws -> FleetHarness {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.writeConfig("\(retention)\nrepos:\n  - url: shop\n  - url: books\n")
        return harness
    }

    @Test func runsKeepsTheNewestNAndHistoryKeepsEveryLine() throws {
        let harness = try Self.twoRepositories("retention: { runs: 3 }")
        var ids: [String] = []
        for round in 0..<6 {
            if round == 2 { try harness.bench.append("\n// two\n", to: "Shelf/AppDelegate.swift", in: harness.bench.path("books")) }
            ids.append(try harness.sweep().record.id)
        }

        #expect(harness.store.completedRuns() == Array(ids.suffix(3)))
        #expect(harness.store.latestRun() == ids.last)
        #expect(harness.store.history().map(\.run) == ids)
        for id in ids.prefix(3) { #expect(!FileManager.default.fileExists(atPath: harness.store.runFolder(id)), "\(id)") }
        #expect(harness.probe.output.contains("note: retention: removed 1 old run"))
        // Results carried by hard links from removed runs are still whole, and the next sweep reuses them.
        let snapshot = try harness.store.snapshot(of: try #require(ids.last))
        #expect(snapshot.record.repos.compactMap { snapshot.report($0.key) }.count == 2)
        let next = try harness.sweep()
        #expect(next.record.repos.map(\.status) == [.reused, .reused])
        #expect(next.diff.from == ids.last)
    }

    @Test func withoutRetentionEveryRunIsKept() throws {
        let harness = try Self.twoRepositories("")
        for _ in 0..<4 { try harness.sweep() }
        #expect(harness.store.completedRuns().count == 4)
    }

    @Test func daysKeepsTheRunsOfTheLastDaysAndEitherLimitKeepsARun() throws {
        let harness = try Self.twoRepositories("retention: { runs: 1, days: 2 }")
        var ids: [String] = []
        for _ in 0..<5 {
            ids.append(try harness.sweep().record.id)
            harness.clock.advance(86_400 - 3_600)
        }
        // The last sweep started four days after the first: days 2, 3 and 4 are within two days of it.
        #expect(harness.store.completedRuns() == Array(ids.suffix(3)))
        #expect(harness.store.history().count == 5)
    }

    @Test func latestAndTheRunItWasComparedWithAreNeverRemoved() throws {
        let harness = try Self.twoRepositories("retention: { runs: 1 }")
        var ids: [String] = []
        for _ in 0..<4 { ids.append(try harness.sweep().record.id) }

        #expect(harness.store.completedRuns() == Array(ids.suffix(2)))
        let latest = try #require(harness.store.latestRun())
        #expect(try harness.store.record(of: latest).previousRun == ids[2])
        // Its diff and summary can be made again from the run it was compared with.
        let summary = try harness.store.summary(of: latest)
        #expect(summary.totals.apps == 2)
    }

    @Test func aShardStoreKeepsEveryRunNoMergeHasTaken() throws {
        let harness = try FleetHarness.nineRepositories()
        let config = try String(contentsOfFile: harness.configPath, encoding: .utf8)
        try config.replacingOccurrences(of: "repos:\n", with: "retention: { runs: 1 }\nrepos:\n").write(
            toFile: harness.configPath, atomically: true, encoding: .utf8)
        for _ in 0..<3 { try harness.sweepShards(2) }
        let shardStore = RunStore(root: harness.shardStores([1])[0])
        // No merge yet: every shard run is kept.
        #expect(shardStore.completedRuns().count == 3)

        try harness.merge(harness.shardStores(1...2))
        let merged = try #require(shardStore.latestRun())
        try harness.sweepShards(2)

        // Runs up to the merged one go (it and the one before it stay as latest's comparison until then);
        // the new, unmerged run stays.
        let kept = shardStore.completedRuns()
        #expect(kept.last! > merged)
        #expect(kept.count == 2, "\(kept)")
        #expect(kept.first == merged)
        #expect(shardStore.history().count == 4)
    }

    @Test func aMirrorOfARepositoryGoneFromTheConfigIsRemovedAfterTheGracePeriod() throws {
        let harness = try Self.twoRepositories("retention: { mirror_grace_days: 2 }")
        try harness.sweep()
        let mirror = try Self.mirror(of: "books", in: harness.store)
        let shopMirror = try Self.mirror(of: "shop", in: harness.store)

        try harness.writeConfig("retention: { mirror_grace_days: 2 }\nrepos:\n  - url: shop\n")
        try harness.sweep()
        #expect(FileManager.default.fileExists(atPath: mirror), "kept during the grace period")
        let unlisted = try String(contentsOfFile: harness.workspace + "/unlisted-mirrors.json", encoding: .utf8)
        #expect(unlisted.contains((mirror as NSString).lastPathComponent.replacingOccurrences(of: ".git", with: "")))

        harness.clock.advance(86_400)
        try harness.sweep()
        #expect(FileManager.default.fileExists(atPath: mirror), "a day later: still kept")

        harness.clock.advance(86_400)
        let removing = try harness.sweep()
        #expect(!FileManager.default.fileExists(atPath: mirror))
        #expect(removing.notes.contains("retention: removed 1 mirror of repositories no longer configured"))
        #expect(!FileManager.default.fileExists(atPath: harness.workspace + "/unlisted-mirrors.json"))
        // shop's mirror was never touched.
        #expect(FileManager.default.fileExists(atPath: shopMirror))
    }

    @Test func aRepositoryBackInTheConfigBeforeTheGracePeriodKeepsItsMirror() throws {
        let harness = try Self.twoRepositories("retention: { mirror_grace_days: 1 }")
        try harness.sweep()
        let books = try Self.mirror(of: "books", in: harness.store)
        try harness.writeConfig("retention: { mirror_grace_days: 1 }\nrepos:\n  - url: shop\n")
        try harness.sweep()
        try harness.writeConfig("retention: { mirror_grace_days: 1 }\nrepos:\n  - url: shop\n  - url: books\n")
        try harness.sweep()
        harness.clock.advance(3 * 86_400)
        try harness.writeConfig("retention: { mirror_grace_days: 1 }\nrepos:\n  - url: shop\n")
        try harness.sweep()

        // Gone from the config again only now: its grace period starts again.
        #expect(FileManager.default.fileExists(atPath: books))
    }

    @Test(
        "Bad retention settings are config errors with file:line:col",
        arguments: [
            ("retention: { runs: 0 }", "fleet.yaml:5:20: error: retention.runs: expected 1 to 1000000 runs, found 0"),
            ("retention: { days: -3 }", "fleet.yaml:5:20: error: retention.days: expected 1 to 36500 days, found -3"),
            (
                "retention: { mirror_grace_days: 99999 }",
                "fleet.yaml:5:33: error: retention.mirror_grace_days: expected 0 to 36500 days, found 99999"
            ),
            ("retention: { run: 5 }", "fleet.yaml:5:14: error: retention: unknown key 'run' (did you mean 'runs'?)"),
        ])
    func badSettings(line: String, expected: String) throws {
        let harness = FleetHarness()
        try harness.writeConfig("\(line)\nrepos:\n  - url: shop\n")
        do {
            _ = try harness.config()
            Issue.record("accepted \(line)")
        } catch let problems as ConfigProblems {
            let text = problems.description.replacingOccurrences(of: harness.configPath, with: "fleet.yaml")
            #expect(text.contains(expected), "\(text)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func thePolicyKeepsWhatEitherLimitKeeps() {
        let ids = (1...10).map { String(format: "202612%02dT020000Z-0000", $0) }
        let now = RunID.date(of: ids[9])!
        let policy = RetentionPolicy(runs: 2, days: 4)
        let removable = policy.removable(complete: ids, latest: ids[9], latestPrevious: ids[8], protected: [ids[0]], now: now)
        // Kept: day 1 (protected), days 6 to 10 (within 4 days), 9 and 10 (newest two).
        #expect(removable == Array(ids[1...4]))
        #expect(RetentionPolicy().removable(complete: ids, latest: ids[9], latestPrevious: nil, protected: [], now: now).isEmpty)
        #expect(
            RetentionPolicy(runs: 3).removable(complete: ids, latest: ids[3], latestPrevious: nil, protected: [], now: now) == [
                ids[0], ids[1], ids[2], ids[4], ids[5], ids[6],
            ])
    }
}
