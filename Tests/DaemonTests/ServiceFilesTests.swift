import Daemon
import Foundation
import TestSupport
import Testing

/// The files in config/ that run the daemon: they must agree with the command line and with each other.
/// (DeploymentManifestTests checks config/k8s/nightly-cronjob.yaml.)
@Suite struct ServiceFilesTests {
    private func file(_ relative: String) throws -> String {
        try String(contentsOf: FixturePaths.packageRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    /// `Key=value` lines of a unit's section; a key may repeat.
    private func unitSection(_ text: String, _ name: String) -> [(key: String, value: String)] {
        var inSection = false
        var entries: [(key: String, value: String)] = []
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("[") {
                inSection = line == "[\(name)]"
            } else if inSection, !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                entries.append((String(line[..<equals]), String(line[line.index(after: equals)...])))
            }
        }
        return entries
    }

    @Test func theSystemdUnitRunsTheDaemonSandboxedWithOnlyTheWorkspaceWritable() throws {
        let unit = try file("config/systemd/scenesweep.service")
        let service = unitSection(unit, "Service")
        func value(_ key: String) -> String? { service.last { $0.key == key }?.value }

        let command = try #require(value("ExecStart")).split(separator: " ").map(String.init)
        #expect(command.first?.hasSuffix("/scenesweep") == true)
        #expect(Array(command.dropFirst().prefix(3)) == ["daemon", "--config", "/etc/scenesweep/fleet.yaml"])
        #expect(value("ExecReload") == "/bin/kill -HUP $MAINPID")
        let stopTimeout = try #require(command.firstIndex(of: "--stop-timeout").flatMap { Int(command[$0 + 1]) })
        let stopSeconds = try #require(value("TimeoutStopSec").flatMap(Int.init))
        #expect(stopSeconds > stopTimeout, "systemd would SIGKILL the daemon while it waits for the repositories in flight")

        for (key, expected) in [
            ("NoNewPrivileges", "yes"), ("ProtectSystem", "strict"), ("PrivateTmp", "yes"), ("ProtectHome", "yes"),
            ("PrivateDevices", "yes"), ("ProtectKernelTunables", "yes"), ("ProtectControlGroups", "yes"), ("RestrictSUIDSGID", "yes"),
            ("CapabilityBoundingSet", ""), ("ReadWritePaths", "/var/lib/scenesweep"), ("WorkingDirectory", "/var/lib/scenesweep"),
        ] {
            #expect(value(key) == expected, "\(key)")
        }
        #expect(unitSection(unit, "Install").contains { $0 == ("WantedBy", "multi-user.target") })
    }

    @Test func theExampleConfigHasAScheduleTimezoneAndNotifications() throws {
        let config = try ServiceConfig.load(path: FixturePaths.packageRoot.appendingPathComponent("config/fleet.example.yaml").path)

        #expect(config.schedule?.text == "0 2 * * *")
        #expect(config.schedule?.timeZone == .gmt)
        #expect(config.fleet.timeZone == "UTC")
        #expect(config.notify == NotifySettings(webhookURLVariable: "SLACK_WEBHOOK", events: [.regression, .blocked]))
    }
}
