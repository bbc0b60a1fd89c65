import CLI
import Foundation
import TestSupport
import Testing

/// `sweep --shard I/N` and `merge`, run in-process against real git repositories.
@Suite("shard and merge commands")
struct ShardCommandTests {
    static func run(_ arguments: [String], in directory: String) -> (status: Int32, out: String, err: String) {
        FleetCommandTests.run(arguments, in: directory)
    }

    @Test func eachShardSweepsIntoItsOwnStoreAndSaysWhichShardItIs() throws {
        let bench = try FleetCommandTests.fleet()

        let first = Self.run(["sweep", "--config", "fleet.yaml", "--shard", "1/2", "--quiet"], in: bench.root)
        let second = Self.run(["sweep", "--config", "fleet.yaml", "--shard=2/2", "--quiet"], in: bench.root)

        #expect(first.status == 0)
        #expect(second.status == 0)
        #expect(first.out.hasPrefix("run ") && first.out.contains(" (shard 1 of 2): "))
        #expect(first.out.contains("summary: ws/shards/1/runs/"))
        #expect(second.out.contains("summary: ws/shards/2/runs/"))
        // Two repositories between two shards, each in exactly one.
        let counts = [first.out, second.out].compactMap { Int($0.split(separator: ":")[1].split(separator: " ")[0]) }
        #expect(counts.count == 2 && counts.reduce(0, +) == 2, "\(first.out)\(second.out)")
    }

    @Test(arguments: ["0/3", "4/3", "3", "a/b", "1/0"])
    func aShardOutsideOneToNIsAUsageError(shard: String) throws {
        let bench = try FleetCommandTests.fleet()

        let result = Self.run(["sweep", "--config", "fleet.yaml", "--shard", shard], in: bench.root)

        #expect(result.status == 64)
        #expect(result.err.hasPrefix("scenesweep sweep: --shard takes I/N with I from 1 to N, such as 2/3; got '\(shard)'"))
    }
}

extension ShardCommandTests {
    @Test func mergeHasAHelpPageAndIsListed() {
        let result = Self.run(["merge", "--help"], in: ".")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("USAGE: scenesweep merge [--config FILE] RUN_DIR..."))
        #expect(Self.run(["--help"], in: ".").out.contains("  merge     Combine shard runs"))
    }

    @Test func mergeCombinesTheShardStoresIntoOneRunOfTheWorkspace() throws {
        let bench = try FleetCommandTests.fleet()
        for shard in ["1/2", "2/2"] {
            #expect(Self.run(["sweep", "--config", "fleet.yaml", "--shard", shard, "--quiet"], in: bench.root).status == 0)
        }

        let result = Self.run(["merge", "--config", "fleet.yaml", "ws/shards/1", "ws/shards/2/"], in: bench.root)

        #expect(result.status == 0)
        #expect(result.err == "")
        let lines = result.out.split(separator: "\n")
        #expect(lines[0].hasPrefix("merged 2 of 2 shards: 1 (") && lines[0].contains("), 2 ("))
        #expect(lines[1].hasPrefix("run ") && lines[1].contains(": 2 repositories in "))
        #expect(lines[2].hasPrefix("2 apps: 1 blocked, 0 at risk, 1 ready, 0 unknown; readiness 50%"))
        #expect(result.out.contains("summary: ws/runs/"))

        // The same runs again are not new evidence: no run is stored (one of carried-forward results would
        // swing the figure for nothing), and the merge says so. Exit 0, or 2 with --fail-on-fetch-error.
        let latest = try String(contentsOfFile: bench.path("ws/latest"), encoding: .utf8)
        let runs = try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/runs")).sorted()
        let again = Self.run(["merge", "--config", "fleet.yaml", "ws/shards/1", "ws/shards/2"], in: bench.root)
        #expect(again.status == 0)
        #expect(again.out == "")
        #expect(
            again.err.hasSuffix(
                "scenesweep merge: no shard has a new run since the last merge (\(latest.trimmingCharacters(in: .newlines))): no run stored\n"
            ))
        #expect(try String(contentsOfFile: bench.path("ws/latest"), encoding: .utf8) == latest)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/runs")).sorted() == runs)
        let strict = Self.run(["merge", "--config", "fleet.yaml", "ws/shards/1", "ws/shards/2", "--fail-on-fetch-error"], in: bench.root)
        #expect(strict.status == 2)
        #expect(strict.err.contains("no run stored"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/runs")).sorted() == runs)
    }

    @Test func mergeRefusesOverlappingShardsWithExitTwoAndNeedsARunDir() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--shard", "1/2", "--quiet"], in: bench.root).status == 0)

        let overlapping = Self.run(["merge", "--config", "fleet.yaml", "ws/shards/1", "ws/shards/1"], in: bench.root)
        let missing = Self.run(["merge", "--config", "fleet.yaml"], in: bench.root)

        #expect(overlapping.status == 2)
        #expect(
            overlapping.err.hasPrefix(
                "scenesweep merge: overlapping shards: \(bench.root)/ws/shards/1 and \(bench.root)/ws/shards/1 are both shard 1 of 2"))
        #expect(overlapping.out == "")
        #expect(missing.status == 64)
        #expect(missing.err.hasPrefix("scenesweep merge: missing RUN_DIR: name the shard runs to merge\n"))
    }
}
