import CLI
import Foundation
import TestSupport
import Testing

/// Without `--config`, every command that reads a config takes ./fleet.yaml, then $SCENESWEEP_CONFIG.
@Suite("config default")
struct ConfigDefaultTests {
    @Test("./fleet.yaml is read without --config", arguments: ["validate", "sweep", "report", "diff"])
    func localFleetFile(command: String) throws {
        let bench = try FleetCommandTests.fleet()
        if command != "validate" && command != "sweep" {
            #expect(FleetCommandTests.run(["sweep", "--quiet"], in: bench.root).status == 0)
        }
        let result = FleetCommandTests.run([command], in: bench.root)
        #expect(result.status == 0, "\(result.err)")
        if command == "validate" { #expect(result.out == "fleet.yaml: ok: 2 repositories, 2 teams, workspace \(bench.root)/ws\n") }
    }

    @Test func theVariableNamesTheConfigWhenTheFolderHasNone() throws {
        let bench = try FleetCommandTests.fleet()
        let elsewhere = GitWorkbench("configdefault-elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere.root, withIntermediateDirectories: true)

        let result = FleetCommandTests.run(
            ["validate"], in: elsewhere.root, environment: ["SCENESWEEP_CONFIG": bench.root + "/fleet.yaml"])

        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "\(bench.root)/fleet.yaml: ok: 2 repositories, 2 teams, workspace \(bench.root)/ws\n")
    }

    @Test func aLocalFleetFileWinsOverTheVariableAndAnExplicitConfigOverBoth() throws {
        let bench = try FleetCommandTests.fleet()
        let environment = ["SCENESWEEP_CONFIG": bench.root + "/missing.yaml"]

        #expect(FleetCommandTests.run(["validate"], in: bench.root, environment: environment).status == 0)
        let explicit = FleetCommandTests.run(["validate", "--config", "other.yaml"], in: bench.root, environment: environment)
        #expect(explicit.status == 2)
        #expect(explicit.err.hasPrefix("other.yaml: error: no such config file"))
    }

    @Test func withNeitherTheUsageErrorSaysWhereItLooked() throws {
        let empty = GitWorkbench("configdefault-empty")
        try FileManager.default.createDirectory(atPath: empty.root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: empty.root + "/fleet.yaml", withIntermediateDirectories: true)

        for command in ["validate", "sweep", "diff", "report", "daemon", "merge"] {
            let result = FleetCommandTests.run([command], in: empty.root, environment: ["SCENESWEEP_CONFIG": ""])
            #expect(result.status == 64, "\(command)")
            #expect(
                result.err.hasPrefix(
                    "scenesweep \(command): no config: pass --config FILE, or run where fleet.yaml is, or set SCENESWEEP_CONFIG\n"),
                "\(command): \(result.err)")
        }
    }
}
