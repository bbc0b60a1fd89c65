import CLI
import Foundation
import TestSupport
import Testing

/// `fix: patches` / `sweep --patches`: each blocked app's verified patch, or its explanation, in the run.
@Suite("sweep patches")
struct SweepPatchesTests {
    static func runs(_ bench: GitWorkbench) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/runs")).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func repoRecord(_ name: String, run: String, bench: GitWorkbench) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: bench.path("ws/runs/\(run)/run.json")))
        let repos = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["repos"] as? [[String: Any]])
        return try #require(repos.first { $0["name"] as? String == name })
    }

    @Test func aSweepWithPatchesWritesEachBlockedAppsPatchAndCarriesItToTheNextRun() throws {
        let bench = try FleetCommandTests.fleet()
        let first = FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--patches", "--quiet"], in: bench.root)
        #expect(first.status == 0, "\(first.err)")
        let run = try #require(try Self.runs(bench).last)
        let shop = try Self.repoRecord("shop", run: run, bench: bench)
        let key = try #require(shop["key"] as? String)
        #expect((shop["patches"] as? [String: Any])?["patched"] as? Int == 1)
        #expect((shop["patches"] as? [String: Any])?["explained"] as? Int == 0)
        // The ready repository has nothing to patch and no patch figures.
        #expect(try Self.repoRecord("books", run: run, bench: bench)["patches"] == nil)
        let folder = bench.path("ws/runs/\(run)/patches/\(key)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names.count == 2)
        let patch = try #require(names.first { $0.hasSuffix(".patch") })
        let decision = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + patch.replacingOccurrences(of: ".patch", with: ".json")))
        let apps = try #require((try JSONSerialization.jsonObject(with: decision) as? [String: Any])?["apps"] as? [[String: Any]])
        #expect(apps.first?["status"] as? String == "patched")
        #expect(apps.first?["target"] as? String == "Shelf")
        // A sweep reads written Swift back with scenesweep's lexer and says that swiftc did not parse it.
        let checks = apps.first?["checks"] as? [String] ?? []
        #expect(
            checks.contains {
                $0.contains("Swift with scenesweep's lexer; swiftc -parse not run: a sweep leaves it to `scenesweep fix`")
                    && $0.contains("project.pbxproj with Foundation, and ProjectReader in the re-scan")
            }, "\(checks)")
        // git checks it against the scanned commit in the mirror, not against copies of the files.
        #expect(checks.contains("git apply --check on the scanned commit"), "\(checks)")
        // It is the patch `fix` writes for the repository, and git applies it at the repository's root.
        let text = try String(contentsOfFile: folder + "/" + patch, encoding: .utf8)
        #expect(text == ConsoleCapture.run(["fix", bench.path("shop")]).out)
        _ = try bench.git(["apply", "--check", folder + "/" + patch], in: bench.path("shop"))
        // The run's summary counts them, for the fleet and per team, in summary.json, summary.md and the dashboard.
        let summaryData = try Data(contentsOf: URL(fileURLWithPath: bench.path("ws/runs/\(run)/summary.json")))
        let summary = try #require(try JSONSerialization.jsonObject(with: summaryData) as? [String: Any])
        #expect((summary["patches"] as? [String: Any])?["patched"] as? Int == 1)
        let teams = try #require(summary["teams"] as? [[String: Any]])
        #expect(teams.first { $0["team"] as? String == "commerce" }.flatMap { $0["patches"] as? [String: Any] }?["patched"] as? Int == 1)
        #expect(teams.first { $0["team"] as? String == "retail" }?["patches"] == nil)
        let schema = try JSONSchemaTests.check("summary.schema.json", [bench.path("ws/runs/\(run)/summary.json")])
        #expect(schema.status == 0, "\(schema.output)")
        let runSchema = try JSONSchemaTests.check("run.schema.json", [bench.path("ws/runs/\(run)/run.json")])
        #expect(runSchema.status == 0, "\(runSchema.output)")
        let markdown = try String(contentsOfFile: bench.path("ws/runs/\(run)/summary.md"), encoding: .utf8)
        #expect(markdown.contains("## Migrations\n\n1 blocked app has a verified patch in the run's `patches/` folder; 0 are explained"))
        #expect(markdown.contains("| commerce | 1 | 0 |"))
        let dashboard = try String(contentsOfFile: bench.path("ws/runs/\(run)/summary.html"), encoding: .utf8)
        #expect(dashboard.contains("<b data-metric=\"patched\">1</b> blocked app has a verified patch"))

        let second = FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--patches", "--quiet"], in: bench.root)
        #expect(second.status == 0)
        let next = try #require(try Self.runs(bench).last)
        #expect(next != run)
        let carried = try Self.repoRecord("shop", run: next, bench: bench)
        #expect(carried["status"] as? String == "reused")
        #expect((carried["patches"] as? [String: Any])?["patched"] as? Int == 1)
        #expect(try String(contentsOfFile: bench.path("ws/runs/\(next)/patches/\(key)/\(patch)"), encoding: .utf8) == text)
    }

    @Test func withoutPatchesNoPatchFolderIsWrittenAndTheConfigKeyTurnsThemOn() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        let run = try #require(try Self.runs(bench).last)
        #expect(!FileManager.default.fileExists(atPath: bench.path("ws/runs/\(run)/patches")))
        #expect(!(try String(contentsOfFile: bench.path("ws/runs/\(run)/summary.md"), encoding: .utf8)).contains("## Migrations"))
        var config = try String(contentsOfFile: bench.path("fleet.yaml"), encoding: .utf8)
        config = config.replacingOccurrences(of: "workspace: ws\n", with: "workspace: ws\nfix: { patches: true }\n")
        try config.write(toFile: bench.path("fleet.yaml"), atomically: true, encoding: .utf8)
        #expect(FleetCommandTests.run(["validate", "--config", "fleet.yaml"], in: bench.root).status == 0)
        #expect(FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        let next = try #require(try Self.runs(bench).last)
        // Asking for patches makes the result again: one made without them is not carried.
        let shop = try Self.repoRecord("shop", run: next, bench: bench)
        #expect(shop["status"] as? String == "scanned")
        #expect((shop["patches"] as? [String: Any])?["patched"] as? Int == 1)
    }
}
