import CLI
import Foundation
import TestSupport
import Testing

/// `scenesweep report`: a stored run rendered again equals what its sweep wrote.
@Suite("report command")
struct ReportCommandTests {
    static let files = ["html": "summary.html", "markdown": "summary.md", "json": "summary.json", "csv": "apps.csv"]

    /// Three sweeps: the first, a regression, and one with nothing new.
    static func threeRuns() throws -> (GitWorkbench, [String]) {
        let bench = try FleetCommandTests.fleet()
        _ = FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "-q"], in: bench.root)
        try bench.append(
            "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: bench.path("books"))
        _ = FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "-q"], in: bench.root)
        _ = FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "-q"], in: bench.root)
        let runs = try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/runs")).sorted()
        return (bench, runs)
    }

    /// The first line where two texts differ, both ways, for failure messages.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let (left, right) = (
            a.split(separator: "\n", omittingEmptySubsequences: false), b.split(separator: "\n", omittingEmptySubsequences: false)
        )
        guard let index = zip(left, right).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
            return "\(left.count) lines against \(right.count)"
        }
        return "line \(index + 1): \(left[index].prefix(400)) | \(right[index].prefix(400))"
    }

    @Test func everyFormatOfEveryRunEqualsTheFileItsSweepWrote() throws {
        let (bench, runs) = try Self.threeRuns()
        #expect(runs.count == 3)

        for run in runs {
            for (format, file) in Self.files {
                let result = FleetCommandTests.run(["report", "--config", "fleet.yaml", "--run", run, "--format", format], in: bench.root)
                #expect(result.status == 0)
                let stored = try String(contentsOfFile: bench.path("ws/runs/\(run)/\(file)"), encoding: .utf8)
                #expect(result.out == stored, "\(format) of \(run) differs from \(file): \(Self.firstDifference(result.out, stored))")
            }
        }
    }

    @Test func theDefaultIsTheLatestRunAsHTMLAndOutputWritesAFile() throws {
        let (bench, runs) = try Self.threeRuns()
        let latest = try String(contentsOfFile: bench.path("ws/runs/\(runs[2])/summary.html"), encoding: .utf8)

        #expect(FleetCommandTests.run(["report", "--config", "fleet.yaml"], in: bench.root).out == latest)
        #expect(FleetCommandTests.run(["report", "-c", "fleet.yaml", "-r", "latest", "-f", "html"], in: bench.root).out == latest)
        let written = FleetCommandTests.run(["report", "-c", "fleet.yaml", "-f", "markdown", "-o", "out/summary.md"], in: bench.root)
        #expect(written.status == 2)
        try FileManager.default.createDirectory(atPath: bench.path("out"), withIntermediateDirectories: true)
        let again = FleetCommandTests.run(["report", "-c", "fleet.yaml", "-f", "markdown", "-o", "out/summary.md"], in: bench.root)
        #expect(again.status == 0)
        #expect(again.out.isEmpty)
        #expect(
            try String(contentsOfFile: bench.path("out/summary.md"), encoding: .utf8)
                == String(contentsOfFile: bench.path("ws/runs/\(runs[2])/summary.md"), encoding: .utf8))
    }

    @Test func aRunWhoseHistoryLineIsLostStillGetsItsDashboard() throws {
        let (bench, runs) = try Self.threeRuns()
        try FileManager.default.removeItem(atPath: bench.path("ws/history.jsonl"))

        let result = FleetCommandTests.run(["report", "--config", "fleet.yaml", "--run", runs[1]], in: bench.root)

        #expect(result.status == 0)
        #expect(result.out.contains("data-metric=\"apps\">2<"))
        #expect(result.out.contains("No trend yet."))
    }

    @Test func usageErrorsAndMissingRunsHaveTheirExitStatuses() throws {
        let bench = try FleetCommandTests.fleet()
        // Without --config: ./fleet.yaml, which has no run yet (2); in a folder without one, a usage error.
        #expect(FleetCommandTests.run(["report"], in: bench.root).status == 2)
        let empty = TemporaryDirectory("report-noconfig")
        try FileManager.default.createDirectory(atPath: empty.path, withIntermediateDirectories: true)
        #expect(FleetCommandTests.run(["report"], in: empty.path, environment: [:]).status == 64)
        #expect(FleetCommandTests.run(["report", "-c", "fleet.yaml", "--format", "pdf"], in: bench.root).status == 64)
        #expect(FleetCommandTests.run(["report", "-c", "fleet.yaml", "extra"], in: bench.root).status == 64)
        let none = FleetCommandTests.run(["report", "-c", "fleet.yaml"], in: bench.root)
        #expect(none.status == 2)
        #expect(none.err.contains("no complete run"))
        _ = FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "-q"], in: bench.root)
        #expect(FleetCommandTests.run(["report", "-c", "fleet.yaml", "--run", "19990101"], in: bench.root).status == 2)
        #expect(FleetCommandTests.run(["report", "--help"], in: bench.root).out.hasPrefix("USAGE: scenesweep report"))
        #expect(FleetCommandTests.run(["--help"], in: bench.root).out.contains("  report "))
    }
}
