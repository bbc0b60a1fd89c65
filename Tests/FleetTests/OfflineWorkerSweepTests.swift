import Foundation
import Results
import TestSupport
import Testing

@testable import Fleet

/// Offline, the sweep reads where each mirror's branch points in its own process (`RepoWork.decideFromMirror`)
/// and asks workers only to scan: a worker asked to open each mirror cost as much CPU as a small repository's
/// scan, on the cores the scans need (issue 21's scaling).
@Suite("An offline sweep in worker processes reads the mirrors' branches itself")
struct OfflineWorkerSweepTests {
    private func harness() throws -> FleetHarness {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("bank", fixture: "migrated-swift-uikit")
        try harness.writeConfig(
            """
            repos:
              - url: shop
                team: retail
              - url: bank
                team: money

            """)
        return harness
    }

    /// Real workers that append their phase trace to `log`: a worker that opens a mirror writes
    /// "<repository>: open mirror" there, one that scans writes its scan's phases.
    private func tracedWorkers(log: String) -> WorkerLaunch {
        WorkerLaunch(
            executable: "/bin/sh",
            arguments: ["-c", "SCENESWEEP_TRACE=1 exec \"$0\" _sweep-worker 2>>\"$1\"", ScenesweepBinary.path, log])
    }

    /// Lets the next sweep start as if it were the first: nothing earlier to reuse, the mirrors kept.
    private func forgetRuns(_ harness: FleetHarness) throws {
        for name in ["runs", "latest", "history.jsonl"] {
            try FileManager.default.removeItem(atPath: harness.workspace + "/" + name)
        }
    }

    @Test func noWorkerOpensAMirrorAndEveryRepositoryIsScannedFromIt() throws {
        let harness = try harness()
        let online = try harness.sweep()
        try forgetRuns(harness)
        let log = harness.bench.path("workers.log")

        let offline = try harness.sweep(SweepOptions(offline: true), workers: tracedWorkers(log: log))

        #expect(offline.record.repos.map(\.status) == [.scanned, .scanned])
        #expect(offline.record.repos.map(\.commit) == online.record.repos.map(\.commit))
        #expect(offline.record.repos.map(\.scannedBranch) == ["main", "main"])
        #expect(offline.summary.appLines == online.summary.appLines)
        let trace = try String(contentsOfFile: log, encoding: .utf8)
        #expect(trace.contains("trace: check "), "the workers scanned, and their trace reached the log:\n\(trace)")
        #expect(!trace.contains("open mirror"), "no worker was asked for a mirror's branch:\n\(trace)")

        // Read from the mirrors again, every result holds.
        let again = try harness.sweep(SweepOptions(offline: true), workers: tracedWorkers(log: log))
        #expect(again.record.repos.map(\.status) == [.reused, .reused])
        #expect(again.diff.isEmpty)
    }

    @Test func aRepositoryWithoutAMirrorIsStillToldToSweepOnlineFirst() throws {
        let harness = try harness()
        try harness.sweep()
        try harness.repository("cafe", fixture: "legacy-swift-uikit")
        try harness.writeConfig(
            """
            repos:
              - url: shop
              - url: bank
              - url: cafe

            """)

        let offline = try harness.sweep(SweepOptions(offline: true), workers: WorkerLaunch(executable: ScenesweepBinary.path))

        #expect(offline.record.repos.map(\.status) == [.reused, .reused, .failed])
        let error = harness.record(offline, "cafe")?.error ?? ""
        #expect(error.contains("no mirror of") && error.contains("run a sweep without --offline first"), "\(error)")
    }
}
