import Foundation
import Testing

@testable import Fleet
@testable import Results

/// `--shard I/N`: which repositories a shard sweeps, and where its run goes.
@Suite("Shards")
struct ShardTests {
    @Test func theSplitIsA64BitFNV1aHashOfTheKeyThroughJumpConsistentHashing() {
        #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a("github.com-acme-shop-ios-1a2b3c4d") == 0xd3af_494c_1422_8374)
        // Pinned from an independent implementation of Lamping and Veach's algorithm: these must never
        // change, or every shard's mirrors go cold.
        let expected: [(String, [Int])] = [
            ("github.com-acme-shop-ios-1a2b3c4d", [1, 1, 1, 1, 5, 7, 7]),
            ("github.com-acme-wallet-9f8e7d6c", [1, 2, 2, 2, 2, 2, 2]),
            ("git.example.com-acme-mobile-0badf00d", [1, 2, 2, 2, 2, 2, 12]),
            ("local-books-12345678", [1, 1, 1, 4, 4, 4, 4]),
        ]
        for (key, indices) in expected {
            let actual = [1, 2, 3, 4, 5, 8, 16].map { Shard.index(of: RepoKey(rawValue: key), count: $0) }
            #expect(actual == indices, "\(key)")
        }
    }

    static let keys = (0..<3000).map { RepoKey(location: "https://git.example.com/acme/app-\($0).git", branch: nil) }

    @Test func everyRepositoryLandsOnExactlyOneShardAndTheShardsAreEven() {
        for count in [1, 2, 3, 7] {
            var sizes = [Int](repeating: 0, count: count)
            for key in Self.keys {
                let owners = (1...count).filter { Shard(index: $0, count: count)!.contains(key) }
                #expect(owners.count == 1)
                sizes[owners[0] - 1] += 1
            }
            let even = Double(Self.keys.count) / Double(count)
            #expect(sizes.allSatisfy { abs(Double($0) - even) < even * 0.15 }, "\(count) shards: \(sizes)")
        }
    }

    @Test func addingAShardMovesOnlyTheRepositoriesTheNewShardTakes() {
        for count in [2, 3, 4] {
            let moved = Self.keys.filter { Shard.index(of: $0, count: count) != Shard.index(of: $0, count: count + 1) }
            #expect(moved.allSatisfy { Shard.index(of: $0, count: count + 1) == count + 1 })
            let share = Double(moved.count) / Double(Self.keys.count)
            #expect(abs(share - 1 / Double(count + 1)) < 0.04, "\(count) → \(count + 1) shards moved \(share)")
        }
    }

    @Test(arguments: ["2/3", "1/1", "3/3", "12/40"])
    func shardsAreWrittenIndexSlashCount(text: String) throws {
        let shard = try #require(Shard(parsing: text))
        #expect(shard.description == text)
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "0/0", "a/b", "2", "2/3/4", "-1/3", " 2/3", "2/ 3", "", "/3", "+1/3"])
    func anythingElseIsNotAShard(text: String) {
        #expect(Shard(parsing: text) == nil)
    }

    @Test func aShardRunRecordSaysWhichShardOfHowManyAndOldRecordsHaveNone() throws {
        let record = RunRecord(
            id: "20261130T060000Z-0001", fleet: FleetInfo(name: "F", deadline: nil), tool: ToolInfo(version: "1", rulePack: "p"),
            configHash: "h", startedAt: SteppingClock.start, finishedAt: SteppingClock.start, offline: false, only: [], previousRun: nil,
            repos: [], shard: Shard(index: 2, count: 3))
        let data = try RunStore.encoder.encode(record)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["shard"] as? [String: Int] == ["index": 2, "count": 3])
        #expect(object?["shards"] == nil)
        #expect(try RunStore.decoder.decode(RunRecord.self, from: data) == record)

        var whole = record
        whole.shard = nil
        let plain = try JSONSerialization.jsonObject(with: RunStore.encoder.encode(whole)) as? [String: Any]
        #expect(plain?["shard"] == nil)
        let bad = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"index\" : 2", with: "\"index\" : 4")
        #expect(throws: DecodingError.self) { try RunStore.decoder.decode(RunRecord.self, from: Data(bad.utf8)) }
    }
}

/// `sweep --shard I/N` over real repositories.
@Suite("Shard sweeps over real repositories")
struct ShardSweepTests {
    @Test func aShardSweepsOnlyItsRepositoriesIntoItsOwnStore() throws {
        let harness = try FleetHarness.nineRepositories()
        let config = try harness.config()

        let outcomes = try harness.sweepShards(3)

        var swept: [String] = []
        for index in 1...3 {
            let outcome = try #require(outcomes[index])
            let store = harness.store.shardStore(try #require(Shard(index: index, count: 3)))
            #expect(outcome.record.shard == Shard(index: index, count: 3))
            #expect(outcome.runFolder == store.runFolder(outcome.record.id))
            #expect(store.latestRun() == outcome.record.id)
            #expect(outcome.record.repos.map(\.name) == (try harness.repos(ofShard: index, count: 3)))
            #expect(outcome.record.repos.allSatisfy { $0.status == .scanned })
            for repo in outcome.record.repos {
                #expect(
                    FileManager.default.fileExists(
                        atPath: store.mirrorPath(try harness.config().repos.first { $0.name == repo.name }!.mirrorKey) + "/HEAD"))
            }
            swept += outcome.record.repos.map(\.name)
        }
        // Each repository once, in config order within its shard; nothing in the workspace's own store but
        // the lock and the claim naming its fleet.
        #expect(swept.sorted() == config.repos.map(\.name).sorted())
        #expect(harness.store.completedRuns().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: harness.store.mirrorsFolder))
        #expect(harness.writtenFiles().allSatisfy { $0.hasPrefix("shards/") || $0 == "lock" || $0 == "fleet.json" })
    }

    @Test func aShardsNextSweepFindsItsMirrorsWarmAndReusesItsResults() throws {
        let harness = try FleetHarness.nineRepositories()
        let shard = try #require(Shard(index: harness.shard(of: "repo1", count: 3), count: 3))
        let first = try harness.sweep(SweepOptions(shard: shard))
        let scans = harness.probe.scans
        try harness.bench.append("\n// touched\n", to: "README.md", in: harness.bench.path("repo1"))

        let second = try harness.sweep(SweepOptions(shard: shard))

        #expect(second.record.previousRun == first.record.id)
        #expect(harness.probe.scans == scans + 1)
        #expect(second.record.repos.map { $0.name == "repo1" ? $0.status == .scanned : $0.status == .reused }.allSatisfy { $0 })
        #expect(harness.probe.output.contains("repo1: scanned"))
    }

    @Test func onlyWithAShardSelectsWithinTheShardAndIgnoresOtherShardsNames() throws {
        let harness = try FleetHarness.nineRepositories()
        let index = try harness.shard(of: "repo2", count: 3)
        let other = try #require(try harness.config().repos.first { Shard.index(of: $0.mirrorKey, count: 3) != index })
        let shard = try #require(Shard(index: index, count: 3))
        try harness.sweep(SweepOptions(shard: shard))

        let limited = try harness.sweep(SweepOptions(only: ["repo2", other.name], shard: shard))

        #expect(limited.record.repos.map(\.name) == (try harness.repos(ofShard: index, count: 3)))
        #expect(limited.record.repos.allSatisfy { $0.status == ($0.name == "repo2" ? .reused : .skipped) })
        #expect(throws: SweepError.self) { try harness.sweep(SweepOptions(only: ["nope"], shard: shard)) }
    }
}
