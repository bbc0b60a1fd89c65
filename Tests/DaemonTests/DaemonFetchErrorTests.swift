import Foundation
import TestSupport
import Testing

/// `daemon --once --fail-on-fetch-error` (issue 13, item 9): a sweep in which a repository could not be
/// fetched exits 2 with the reason in the log, so an outside scheduler sees it; without the flag, 0.
@Suite(.timeLimit(.minutes(3))) struct DaemonFetchErrorTests {
    @Test func daemonOnceExits2WhenARepositoryCouldNotBeFetchedAndAskedToFailOnIt() async throws {
        let fleet = try FleetBench(schedule: "@every 1h", repos: "  - url: gone.git\n    team: retail\n")

        let plain = try await ScenesweepProcess.run(["daemon", "--once", "--config", "fleet.yaml"], in: fleet.root)
        let strict = try await ScenesweepProcess.run(
            ["daemon", "--once", "--config", "fleet.yaml", "--fail-on-fetch-error", "--log-format", "json"], in: fleet.root)

        #expect(plain.status == 0)
        #expect(strict.status == 2)
        let last = try #require(strict.err.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "sweep.fetch-errors")
        #expect(
            (object["message"] as? String)?.hasPrefix("1 of 3 repositories could not be fetched or scanned (--fail-on-fetch-error): gone")
                == true)
        #expect(strict.err.contains("\"event\":\"sweep.finished\""), "the run is stored all the same")
    }
}
