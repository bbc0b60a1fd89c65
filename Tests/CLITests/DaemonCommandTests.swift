import CLI
import Foundation
import TestSupport
import Testing

/// The daemon's side of the command line, run in-process: config checks and usage errors. (The daemon
/// itself runs as the real binary in DaemonTests.)
@Suite("daemon command")
struct DaemonCommandTests {
    @Test func validateReportsABadScheduleZoneOrEventAtItsLineAndColumn() throws {
        let bench = GitWorkbench("daemoncli")
        try bench.write(
            [
                "fleet.yaml": """
                version: 1
                schedule: "@every 0s"
                timezone: Mars/Olympus
                notify: { webhook_url_env: HOOK, on: [deploy] }
                repos: [{ url: shop }]

                """
            ], in: bench.root)

        let result = FleetCommandTests.run(["validate", "--config", "fleet.yaml"], in: bench.root)

        #expect(result.status == 2)
        #expect(
            result.err == """
                fleet.yaml:2:19: error: schedule: @every: the interval must be longer than 0s
                fleet.yaml:3:11: error: timezone: unknown time zone 'Mars/Olympus'; use a name like UTC or Europe/Berlin
                fleet.yaml:4:39: error: notify.on[0]: unknown event 'deploy'; use regression or blocked
                fleet.yaml: 3 problems

                """)
    }
}
