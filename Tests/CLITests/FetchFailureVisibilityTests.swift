import CLI
import Foundation
import TestSupport
import Testing

/// Failures visible to CI (issue 13, item 9): `--fail-on-fetch-error` on sweep and merge (`daemon --once`:
/// DaemonFetchErrorTests, with the real binary); `sweep` log lines carry timestamps, and `sweep --log-format
/// json` writes one JSON object per line.
@Suite("fetch failures are visible to CI")
struct FetchFailureVisibilityTests {
    static func run(_ arguments: [String], in directory: String) -> (status: Int32, out: String, err: String) {
        FleetCommandTests.run(arguments, in: directory)
    }

    /// The two-repository fleet plus a third repository that does not exist.
    static func fleetWithAMissingRepository() throws -> GitWorkbench {
        let bench = try FleetCommandTests.fleet()
        let config = try String(contentsOfFile: bench.path("fleet.yaml"), encoding: .utf8)
        try bench.write(["fleet.yaml": config + "  - url: gone.git\n    team: retail\n"], in: bench.root)
        return bench
    }

    @Test func aSweepWithAFailedRepositoryExits0UnlessAskedToFailOnFetchErrors() throws {
        let bench = try Self.fleetWithAMissingRepository()

        let plain = Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root)
        let strict = Self.run(["sweep", "--config", "fleet.yaml", "--quiet", "--fail-on-fetch-error"], in: bench.root)

        #expect(plain.status == 0)
        #expect(strict.status == 2)
        #expect(strict.err.contains("scenesweep sweep: 1 of 3 repositories could not be fetched or scanned (--fail-on-fetch-error): gone"))
        #expect(strict.out.contains("summary: ws/runs/"), "the run is stored all the same")
        #expect(Self.run(["sweep", "--help"], in: ".").out.contains("--fail-on-fetch-error"))
    }

    @Test func mergeFailsOnFetchErrorsToo() throws {
        let bench = try Self.fleetWithAMissingRepository()
        #expect(Self.run(["daemon", "--fail-on-fetch-error", "--config", "fleet.yaml"], in: bench.root).status == 64)

        for shard in ["1/2", "2/2"] {
            _ = Self.run(["sweep", "--config", "fleet.yaml", "--shard", shard, "--quiet"], in: bench.root)
        }
        let merge = Self.run(["merge", "--config", "fleet.yaml", "ws/shards/1", "ws/shards/2", "--fail-on-fetch-error"], in: bench.root)
        #expect(merge.status == 2)
        #expect(merge.err.contains("could not be fetched or scanned"))
    }

    @Test func sweepLogLinesCarryTimestamps() throws {
        let bench = try Self.fleetWithAMissingRepository()

        let result = Self.run(["sweep", "--config", "fleet.yaml"], in: bench.root)

        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.count >= 3)
        let iso = ISO8601DateFormatter()
        for line in lines {
            let stamp = String(line.prefix { $0 != " " })
            #expect(iso.date(from: stamp) != nil, "no timestamp: \(line)")
        }
        #expect(lines.contains { $0.contains("gone: FAILED: repository not found") })
    }

    @Test func sweepLogFormatJSONWritesOneObjectPerLineWithTheFigures() throws {
        let bench = try Self.fleetWithAMissingRepository()

        let result = Self.run(["sweep", "--config", "fleet.yaml", "--log-format", "json"], in: bench.root)

        #expect(result.status == 0)
        var events: [[String: Any]] = []
        for line in result.err.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            events.append(try #require(object, "not a JSON object: \(line)"))
        }
        #expect(events.allSatisfy { $0["time"] is String && $0["level"] is String && $0["event"] is String && $0["message"] is String })
        let failed = try #require(events.first { ($0["message"] as? String)?.contains("gone: FAILED") == true })
        #expect(failed["event"] as? String == "sweep.repo")
        #expect(failed["level"] as? String == "warning")
        let finished = try #require(events.first { $0["event"] as? String == "sweep.finished" })
        #expect(finished["failed"] as? Int == 1)
        #expect(finished["repos"] as? Int == 3)
        #expect(finished["ready"] as? Int == 1)
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--log-format", "yaml"], in: bench.root).status == 64)
    }
}
