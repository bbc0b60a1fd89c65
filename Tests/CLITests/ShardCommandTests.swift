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
