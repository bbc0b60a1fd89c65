import CLI
import Foundation
import TestSupport
import Testing

/// Docs/schemas/ against real outputs: a scan, and a fleet's second run with a new finding and a stale
/// repository, so the diff's arrays are not empty. Checked by the jsonschema library (Debian's
/// python3-jsonschema, which scripts/test installs) through scripts/lib/check_schema.py.
@Suite("JSON Schemas")
struct JSONSchemaTests {
    static let root = FixturePaths.packageRoot.path

    /// Runs the checker; returns its exit status and what it printed.
    static func check(_ schema: String, _ files: [String], lines: Bool = false) throws -> (status: Int32, output: String) {
        let python = "/usr/bin/python3"
        try #require(FileManager.default.isExecutableFile(atPath: python), "no /usr/bin/python3")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            [root + "/scripts/lib/check_schema.py"] + (lines ? ["--lines"] : []) + [root + "/Docs/schemas/" + schema] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func aRunsFilesAndAScanMatchTheirSchemas() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(FleetCommandTests.run(["sweep", "--quiet"], in: bench.root).status == 0)
        // A global window lookup in a file the target compiles: a new finding.
        try bench.append(
            "\nfunc topWindow() -> UIWindow? { UIApplication.shared.keyWindow }\n", to: "Shelf/Router.swift", in: bench.path("shop"))
        try FileManager.default.moveItem(atPath: bench.path("books"), toPath: bench.path("books-gone"))
        #expect(FleetCommandTests.run(["sweep", "--quiet"], in: bench.root).status == 0)

        let workspace = bench.path("ws")
        let run = try String(contentsOfFile: workspace + "/latest", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = workspace + "/runs/" + run
        let diff = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/diff.json"))) as? [String: Any]
        #expect((diff?["newFindings"] as? [Any])?.isEmpty == false)
        #expect((diff?["staleRepos"] as? [Any])?.isEmpty == false)

        let repos = try FileManager.default.contentsOfDirectory(atPath: folder + "/repos").filter { $0.hasSuffix(".json") }.map {
            folder + "/repos/" + $0
        }
        let scan = FleetCommandTests.run(
            ["scan", FixturePaths.scan("workspace-two-apps-with-extensions").path, "--format", "json"], in: ".")
        let scanFile = bench.path("scan.json")
        try Data(scan.out.utf8).write(to: URL(fileURLWithPath: scanFile))

        for (schema, files) in [
            ("summary.schema.json", [folder + "/summary.json"]), ("diff.schema.json", [folder + "/diff.json"]),
            ("run.schema.json", [folder + "/run.json"]), ("scan.schema.json", repos + [scanFile]),
        ] {
            let result = try Self.check(schema, files)
            #expect(result.status == 0, "\(schema): \(result.output)")
        }
        let history = try Self.check("history-line.schema.json", [workspace + "/history.jsonl"], lines: true)
        #expect(history.status == 0, "\(history.output)")
        #expect(history.output.contains("2 document(s), 0 error(s)"))
    }

    @Test func theSchemasRejectWhatBreaksTheContract() throws {
        let directory = TemporaryDirectory("schemas")
        directory.write("summary.json", #"{"schemaVersion": 1, "run": "20261201T020000Z-1a2b", "readiness": "high"}"#)
        let result = try Self.check("summary.schema.json", [directory.path + "/summary.json"])
        #expect(result.status == 1)
        #expect(result.output.contains("readiness: 'high' is not of type 'number'"))
        #expect(result.output.contains("'apps' is a required property"))

        directory.write("history.jsonl", #"{"run": "x"}"# + "\n")
        #expect(try Self.check("history-line.schema.json", [directory.path + "/history.jsonl"], lines: true).status == 1)
    }
}
