import CLI
import Foundation
import Synchronization
import TestSupport
import Testing

/// `sweep`, `diff`, `validate` and `init`, run in-process against real git repositories.
@Suite("fleet commands")
struct FleetCommandTests {
    final class Captured: Sendable {
        let out = Mutex("")
        let err = Mutex("")
    }

    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) -> (
        status: Int32, out: String, err: String
    ) {
        let captured = Captured()
        let console = Console(
            out: { text in captured.out.withLock { $0 += text } }, err: { text in captured.err.withLock { $0 += text } },
            environment: environment, directory: directory)
        let status = CommandLineTool.run(arguments, console: console)
        return (status, captured.out.withLock { $0 }, captured.err.withLock { $0 })
    }

    /// Two repositories (one blocked app, one ready) and fleet.yaml over them.
    static func fleet() throws -> GitWorkbench {
        let bench = GitWorkbench("fleetcli")
        try bench.makeRepository("shop", fixture: "legacy-swift-uikit")
        try bench.makeRepository("books", fixture: "migrated-swift-uikit")
        try bench.write(
            [
                "fleet.yaml": """
                version: 1
                fleet: { name: CLI Fleet, deadline: 2027-04-01 }
                workspace: ws
                repos:
                  - url: shop
                    team: commerce
                  - url: books
                    team: retail

                """
            ], in: bench.root)
        return bench
    }

    @Test("Every fleet command has a help page and is listed", arguments: ["sweep", "diff", "validate", "init"])
    func helpPages(command: String) {
        let result = Self.run([command, "--help"], in: ".")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("USAGE: scenesweep \(command)"))
        #expect(Self.run(["--help"], in: ".").out.contains("  \(command) "))
    }

    @Test func validateAcceptsAGoodConfigAndSaysWhatItHolds() throws {
        let bench = try Self.fleet()
        let result = Self.run(["validate", "--config", "fleet.yaml"], in: bench.root)

        #expect(result.status == 0)
        #expect(result.out == "fleet.yaml: ok: 2 repositories, 2 teams, workspace \(bench.root)/ws\n")
    }

    @Test func validateReportsEveryProblemAsFileLineColumnAndExitsTwo() throws {
        let bench = GitWorkbench("fleetcli")
        try bench.write(
            ["bad.yaml": "version: 1\nfleet: { nam: x, deadline: soon }\nrepos:\n  - url: a\n    tem: x\n"], in: bench.root)

        let result = Self.run(["validate", "--config", "bad.yaml"], in: bench.root)

        #expect(result.status == 2)
        #expect(
            result.err == """
                bad.yaml:2:10: error: fleet: unknown key 'nam' (did you mean 'name'?)
                bad.yaml:2:28: error: fleet.deadline: expected a date like 2027-04-01, found 'soon'
                bad.yaml:5:5: error: repos[0]: unknown key 'tem' (did you mean 'team'?)
                bad.yaml: 3 problems

                """)
        #expect(Self.run(["validate"], in: bench.root).status == 64)
        #expect(
            Self.run(["validate", "--config", "missing.yaml"], in: bench.root).err.hasPrefix("missing.yaml: error: no such config file"))
    }

    @Test func initWritesTheExampleConfigAndNeverOverwrites() throws {
        let bench = GitWorkbench("fleetcli")
        let example = try String(contentsOf: FixturePaths.packageRoot.appendingPathComponent("config/fleet.example.yaml"), encoding: .utf8)

        let first = Self.run(["init"], in: bench.root)
        #expect(first.status == 0)
        #expect(try String(contentsOfFile: bench.path("fleet.yaml"), encoding: .utf8) == example)
        #expect(Self.run(["validate", "--config", "fleet.yaml"], in: bench.root).status == 0)

        try bench.write(["fleet.yaml": "mine\n"], in: bench.root)
        let second = Self.run(["init"], in: bench.root)
        #expect(second.status == 2)
        #expect(second.err.contains("fleet.yaml already exists; not overwriting it"))
        #expect(try String(contentsOfFile: bench.path("fleet.yaml"), encoding: .utf8) == "mine\n")

        #expect(Self.run(["init", "--output", "-"], in: bench.root).out == example)
        #expect(Self.run(["init", "-o", "other.yaml"], in: bench.root).status == 0)
    }

    @Test func sweepRunsStoresAndReportsThenReusesAndGatesOnRegressions() throws {
        let bench = try Self.fleet()

        let first = Self.run(["sweep", "--config", "fleet.yaml"], in: bench.root)
        #expect(first.status == 0)
        #expect(first.out.contains(": 2 repositories in "))
        #expect(first.out.contains("2 scanned, 0 unchanged"))
        #expect(first.out.contains("2 apps: 1 blocked, 0 at risk, 1 ready, 0 unknown; readiness 50%"))
        #expect(first.out.contains("summary: ws/runs/"))
        #expect(first.err.contains("] shop: scanned 1 app (1 blocked) in "))

        let unchanged = Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root)
        #expect(unchanged.status == 0)
        #expect(unchanged.out.contains("0 scanned, 2 unchanged"))
        #expect(unchanged.err.isEmpty)

        try bench.append(
            "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: bench.path("books"))
        let regressed = Self.run(["sweep", "--config", "fleet.yaml", "--fail-on-regression", "-q"], in: bench.root)
        #expect(regressed.status == 1)
        #expect(regressed.out.contains("1 regression, 0 improvements"))
        #expect(regressed.out.contains("  regressed: books Shelf (Shelf) ready -> at-risk"))

        #expect(Self.run(["sweep", "--config", "fleet.yaml", "-q"], in: bench.root).status == 0)
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "-q", "--fail-on", "error"], in: bench.root).status == 1)
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "-q", "--only", "books", "--fail-on-regression"], in: bench.root).status == 0)
    }

    @Test func sweepExitStatusesForUsageBadConfigAndNothingScanned() throws {
        let bench = try Self.fleet()
        let empty = TemporaryDirectory("sweep-noconfig")
        try FileManager.default.createDirectory(atPath: empty.path, withIntermediateDirectories: true)
        #expect(Self.run(["sweep"], in: empty.path).status == 64, "no --config, no ./fleet.yaml, no SCENESWEEP_CONFIG")
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--only", "bokos"], in: bench.root).err.contains("did you mean 'books'?"))
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--only", "bokos"], in: bench.root).status == 64)
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--fail-on", "fatal"], in: bench.root).status == 64)

        try bench.write(["broken.yaml": "version: 1\nrepos: {}\n"], in: bench.root)
        let broken = Self.run(["sweep", "--config", "broken.yaml"], in: bench.root)
        #expect(broken.status == 2)
        #expect(broken.err.hasPrefix("broken.yaml:2:8: error: repos: expected a sequence, found a mapping"))

        try bench.write(["gone.yaml": "version: 1\nworkspace: ws2\nrepos:\n  - url: nowhere-a\n  - url: nowhere-b\n"], in: bench.root)
        let gone = Self.run(["sweep", "--config", "gone.yaml", "-q"], in: bench.root)
        #expect(gone.status == 2)
        #expect(gone.err.contains("no repository could be fetched and scanned"))
    }

    @Test func diffComparesTheLastTwoRunsOrAnyTwoInTextJSONOrMarkdown() throws {
        let bench = try Self.fleet()
        #expect(Self.run(["diff", "--config", "fleet.yaml"], in: bench.root).status == 2)
        _ = Self.run(["sweep", "--config", "fleet.yaml", "-q"], in: bench.root)
        #expect(Self.run(["diff", "--config", "fleet.yaml"], in: bench.root).out.contains("is the first complete run"))
        try bench.append(
            "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: bench.path("books"))
        _ = Self.run(["sweep", "--config", "fleet.yaml", "-q"], in: bench.root)
        _ = Self.run(["sweep", "--config", "fleet.yaml", "-q"], in: bench.root)
        let runs = try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/runs")).sorted()
        #expect(runs.count == 3)

        let lastTwo = Self.run(["diff", "--config", "fleet.yaml"], in: bench.root)
        #expect(lastTwo.status == 0)
        #expect(lastTwo.out == "changes from run \(runs[1]) to run \(runs[2])\nnothing changed\n")

        let chosen = Self.run(["diff", runs[0], runs[2], "--config", "fleet.yaml"], in: bench.root)
        #expect(chosen.out.contains("regression: books Shelf (Shelf): ready -> at-risk"))
        #expect(chosen.out.contains("new: books Shelf/Support/OfflineBanner.swift:"))

        let json = Self.run(["diff", runs[0], "latest", "--config", "fleet.yaml", "--format", "json"], in: bench.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["from"] as? String == runs[0])
        #expect((object["regressions"] as? [Any])?.count == 1)

        let markdown = Self.run(["diff", runs[1], "--config", "fleet.yaml", "--format", "markdown"], in: bench.root)
        #expect(markdown.out.contains("## Regressions (1)"))
        #expect(Self.run(["diff", "nope", "--config", "fleet.yaml"], in: bench.root).status == 2)
    }
}
