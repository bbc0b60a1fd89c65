import CLI
import Foundation
import TestSupport
import Testing

/// Docs/schemas/ against real outputs: scans of fixtures, the recorded goldens, and a fleet's second run
/// with a new finding, a suppressed one, a stale repository and a moved Xcode pin, so the diff's arrays
/// are not empty. The schemas allow no member they do not describe, so a member a renderer gains without
/// a schema entry fails here. Checked by the jsonschema library (Debian's python3-jsonschema, which
/// scripts/test installs) through scripts/lib/check_schema.py.
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

    static func fixture(_ relative: String) -> String {
        FixturePaths.fixtures.appendingPathComponent(relative).path
    }

    /// Every value under `key`, at any depth of a JSON document.
    static func values(_ key: String, in document: Any) -> [Any] {
        if let object = document as? [String: Any] {
            return (object[key].map { [$0] } ?? []) + object.values.flatMap { values(key, in: $0) }
        }
        if let array = document as? [Any] { return array.flatMap { values(key, in: $0) } }
        return []
    }

    static func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A fleet of `FleetCommandTests.fleet()` plus tide, the Flutter old template (blocked, with a lagging
    /// pub dependency, a framework requirement and test targets) pinned by `Fixtures/toolchain`'s
    /// `.xcode-version`. Between the runs shop gains a finding and a suppressed one, books goes missing
    /// (stale), and tide gains the GitHub Actions workflow fixtures, whose nightly Xcode 27 image moves it.
    @Test func aRunsFilesAndAScanMatchTheirSchemas() throws {
        let bench = try FleetCommandTests.fleet()
        let tide = try bench.makeRepository("tide")
        try bench.copyTree(Self.fixture("frameworks/flutter-old-template"), to: tide)
        try bench.copyTree(Self.fixture("toolchain/xcode-version"), to: tide)
        try bench.commit(in: tide)
        let config = try String(contentsOfFile: bench.path("fleet.yaml"), encoding: .utf8)
        try bench.write(["fleet.yaml": config + "  - url: tide\n    team: retail\n"], in: bench.root)
        #expect(FleetCommandTests.run(["sweep", "--quiet"], in: bench.root).status == 0)
        // A global window lookup in a file the target compiles: a new finding.
        try bench.append(
            "\nfunc topWindow() -> UIWindow? { UIApplication.shared.keyWindow }\n", to: "Shelf/Router.swift", in: bench.path("shop"))
        // And one a scenesweep:ignore comment suppresses: a suppressed finding with its reason.
        try bench.append(
            "\nfunc kioskWindow() -> UIWindow? { UIApplication.shared.keyWindow }  // scenesweep:ignore window-lookup kiosk build has one window\n",
            to: "Shelf/Router.swift", in: bench.path("shop"))
        try FileManager.default.moveItem(atPath: bench.path("books"), toPath: bench.path("books-gone"))
        try bench.copyTree(Self.fixture("toolchain/github-actions"), to: tide + "/.github/workflows")
        try bench.commit(in: tide)
        #expect(FleetCommandTests.run(["sweep", "--quiet"], in: bench.root).status == 0)

        let workspace = bench.path("ws")
        let run = try String(contentsOfFile: workspace + "/latest", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = workspace + "/runs/" + run
        let repos = try FileManager.default.contentsOfDirectory(atPath: folder + "/repos").filter { $0.hasSuffix(".json") }.map {
            folder + "/repos/" + $0
        }
        // Scans of the fixtures that have what a fleet of these repositories does not: vendored apps (not
        // counted), an app no project identified, a framework's test host.
        var scans: [String] = []
        for fixture in [
            "scan/workspace-two-apps-with-extensions", "descriptions/vendored-example", "descriptions/rn-project-generated-by-script",
            "descriptions/framework-test-host",
        ] {
            let path = Self.fixture(fixture)
            let scan = FleetCommandTests.run(["scan", path, "--root", path, "--format", "json"], in: ".")
            let file = bench.path(fixture.replacingOccurrences(of: "/", with: "-") + ".json")
            try Data(scan.out.utf8).write(to: URL(fileURLWithPath: file))
            scans.append(file)
        }

        // The goldens: the recorded reports of the scan, framework and description fixtures.
        let goldensFolder = Self.fixture("goldens")
        let goldens = try FileManager.default.subpathsOfDirectory(atPath: goldensFolder).filter { $0.hasSuffix("/report.json") }
            .map { goldensFolder + "/" + $0 }
        #expect(goldens.count > 50)

        // The documents hold every member the schemas must describe, so a schema that lacks one fails below.
        let diff = try Self.json(folder + "/diff.json")
        let diffObject = diff as? [String: Any]
        #expect((diffObject?["newFindings"] as? [Any])?.isEmpty == false)
        #expect((diffObject?["staleRepos"] as? [Any])?.isEmpty == false)
        #expect((diffObject?["toolchainMoves"] as? [Any])?.isEmpty == false)
        #expect((diffObject?["suppressedFindings"] as? [Any])?.isEmpty == false)
        // The nightly workflow's Xcode 27 image builds the blocked app: a pin regression.
        #expect(Self.values("regression", in: diff).contains { $0 as? Bool == true })
        let summary = try Self.json(folder + "/summary.json") as? [String: Any]
        #expect((summary?["blockedByXcode"] as? [Any])?.isEmpty == false)
        #expect((summary?["blockingDependencies"] as? [Any])?.isEmpty == false)
        #expect((summary?["suppressions"] as? [Any])?.isEmpty == false)
        #expect(Self.values("xcodeStatus", in: summary as Any).isEmpty == false)
        let apps = try (repos + scans).flatMap { (try Self.json($0) as? [String: Any])?["apps"] as? [Any] ?? [] }
        for member in ["unidentified", "frameworkRequirement", "vendored", "counted", "testTargets"] {
            #expect(!Self.values(member, in: apps).isEmpty, "no app with \(member)")
        }
        #expect(Self.values("pins", in: apps).contains { ($0 as? [Any])?.isEmpty == false })
        #expect(Self.values("state", in: apps).contains { $0 as? String == "lagging" })
        #expect(Self.values("reason", in: apps).contains { $0 as? String == "kiosk build has one window" })
        let scanSummaries = try scans.compactMap { (try Self.json($0) as? [String: Any])?["summary"] }
        #expect(!Self.values("vendored", in: scanSummaries).isEmpty)

        for (schema, files) in [
            ("summary.schema.json", [folder + "/summary.json"]), ("diff.schema.json", [folder + "/diff.json"]),
            ("run.schema.json", [folder + "/run.json"]), ("scan.schema.json", repos + scans + goldens),
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

        // A member written without a schema entry: the app, its toolchain and the scan summary are closed.
        let golden = try Self.json(Self.fixture("goldens/descriptions/vendored-example/report.json"))
        var report = try #require(golden as? [String: Any])
        var apps = try #require(report["apps"] as? [[String: Any]])
        apps[0]["laterMember"] = true
        var toolchain = try #require(apps[0]["toolchain"] as? [String: Any])
        toolchain["laterMember"] = 1
        apps[0]["toolchain"] = toolchain
        report["apps"] = apps
        var totals = try #require(report["summary"] as? [String: Any])
        totals["laterTotal"] = 1
        report["summary"] = totals
        try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: directory.path + "/scan.json"))
        let scan = try Self.check("scan.schema.json", [directory.path + "/scan.json"])
        #expect(scan.status == 1)
        #expect(scan.output.contains("apps/0: Additional properties are not allowed ('laterMember' was unexpected)"))
        #expect(scan.output.contains("apps/0/toolchain: Additional properties are not allowed ('laterMember' was unexpected)"))
        #expect(scan.output.contains("summary: Additional properties are not allowed ('laterTotal' was unexpected)"))
        #expect(try Self.check("scan.schema.json", [Self.fixture("goldens/descriptions/vendored-example/report.json")]).status == 0)

        directory.write("history.jsonl", #"{"run": "x"}"# + "\n")
        #expect(try Self.check("history-line.schema.json", [directory.path + "/history.jsonl"], lines: true).status == 1)
    }
}
