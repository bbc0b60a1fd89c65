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

    @Test func theDaemonHasAHelpPageAndIsListed() {
        let help = FleetCommandTests.run(["daemon", "--help"], in: ".")
        #expect(help.status == 0)
        #expect(help.out.hasPrefix("USAGE: scenesweep daemon [--config FILE]"))
        #expect(help.out.contains("--log-format FORMAT"))
        #expect(
            FleetCommandTests.run(["--help"], in: ".").out.contains("  daemon    Sweep the fleet at each time of the config's schedule"))
    }

    @Test func usageErrorsExit64AndAConfigWithoutAScheduleExits2UnlessOnce() throws {
        let bench = GitWorkbench("daemoncli")
        try bench.write(
            ["fleet.yaml": "version: 1\nrepos: [{ url: shop }]\n", "bad.yaml": "version: 1\nschedule: 7\nrepos: []\n"], in: bench.root)

        // Without --config the daemon reads ./fleet.yaml, which has no schedule; elsewhere it is a usage error.
        #expect(FleetCommandTests.run(["daemon"], in: bench.root).status == 2)
        let empty = TemporaryDirectory("daemon-noconfig")
        try FileManager.default.createDirectory(atPath: empty.path, withIntermediateDirectories: true)
        #expect(FleetCommandTests.run(["daemon"], in: empty.path).status == 64)
        #expect(
            FleetCommandTests.run(["daemon", "-c", "fleet.yaml", "--log-format", "xml"], in: bench.root).err.contains("use text or json"))
        #expect(FleetCommandTests.run(["daemon", "-c", "fleet.yaml", "--stop-timeout", "soon"], in: bench.root).status == 64)
        #expect(FleetCommandTests.run(["daemon", "-c", "fleet.yaml", "extra"], in: bench.root).status == 64)

        let unscheduled = FleetCommandTests.run(["daemon", "--config", "fleet.yaml"], in: bench.root)
        #expect(unscheduled.status == 2)
        #expect(unscheduled.err == "scenesweep daemon: fleet.yaml has no schedule: add one (schedule: \"0 2 * * *\") or use --once\n")

        let bad = FleetCommandTests.run(["daemon", "--config", "bad.yaml", "--once"], in: bench.root)
        #expect(bad.status == 2)
        #expect(bad.err.contains("bad.yaml:2:11: error: schedule: "))
        #expect(bad.err.hasSuffix("bad.yaml: 2 problems\n"))

        let json = FleetCommandTests.run(["daemon", "--config", "bad.yaml", "--log-format", "json"], in: bench.root)
        #expect(json.status == 2)
        let lines = json.err.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] })
        #expect(lines.last?.contains("\"event\":\"daemon.unstarted\",\"message\":\"bad.yaml: 2 problems\"") == true)
    }
}
