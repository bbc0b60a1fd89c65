import Daemon
import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// The real binary over a workspace that cannot be written: mounted read-only, or on a file system that is
/// full. The sweep (and `daemon --once`) fails with exit status 2 and a message naming the path and the
/// system's reason, and every earlier run stays as it was. Tests run as root, whom permission bits do not
/// stop, so the workspace is a read-only bind mount or a small tmpfs; they run only where mounting works.
@Suite(.timeLimit(.minutes(3)), .enabled(if: ScratchMount.isAvailable, "needs to mount (root with CAP_SYS_ADMIN)"))
struct WorkspaceFaultTests {
    @Test func aReadOnlyWorkspaceFailsTheSweepWithStatus2NamingThePathAndTheReason() async throws {
        let fleet = try FleetBench(schedule: "@every 1h")
        let first = try fleet.sweep()
        try fleet.regressBooks()
        let before = KeptRuns(fleet.store)

        let (sweep, once): ((status: Int32, out: String, err: String), (status: Int32, out: String, err: String))
        do {
            let readOnly = try #require(ScratchMount.readOnly(fleet.workspace))
            sweep = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml"], in: fleet.root)
            once = try await ScenesweepProcess.run(["daemon", "--once", "--config", "fleet.yaml"], in: fleet.root)
            withExtendedLifetime(readOnly) {}
        }

        #expect(sweep.status == 2)
        #expect(sweep.err == "scenesweep sweep: cannot open \(fleet.workspace)/lock: Read-only file system\n")
        #expect(sweep.out.isEmpty)
        #expect(once.status == 2)
        #expect(once.err.contains("sweep failed: cannot open \(fleet.workspace)/lock: Read-only file system"))
        #expect(once.err.contains("cannot write status.json or metrics.prom: "))
        #expect(KeptRuns(fleet.store) == before)
        let next = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml", "-q"], in: fleet.root)
        #expect(next.status == 0)
        let latest = try #require(fleet.store.latestRun())
        #expect(try fleet.store.record(of: latest).previousRun == first.record.id)
    }

    @Test func aFullWorkspaceFailsTheSweepWithStatus2NamingThePathAndTheReason() async throws {
        let fleet = try FleetBench(schedule: "@every 1h")
        let disk = try #require(ScratchMount.tmpfs(at: fleet.workspace, megabytes: 16))
        let first = try fleet.sweep()
        try fleet.regressBooks()
        disk.fill()
        let before = KeptRuns(fleet.store)

        let sweep = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml"], in: fleet.root)
        let once = try await ScenesweepProcess.run(["daemon", "--once", "--config", "fleet.yaml"], in: fleet.root)

        #expect(sweep.status == 2)
        // The fetch into the full mirror fails that repository first; then storing the run fails the sweep.
        // Which of libgit2's writes meets the full disk first ("failed to write out file", "cannot extend
        // packfile") depends on timing; the line names the repository, the fetch and the reason.
        let booksLine = sweep.err.split(separator: "\n").first {
            $0.contains("books: FAILED: fetching \(fleet.bench.path("books")) failed: ")
        }
        #expect(booksLine?.contains("No space left on device") == true, "\(sweep.err)")
        let last = sweep.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("scenesweep sweep: cannot store run "), "\(sweep.err)")
        #expect(last.contains(": cannot write \(fleet.workspace)/runs/"), "\(sweep.err)")
        #expect(last.hasSuffix(": No space left on device"), "\(sweep.err)")
        #expect(once.status == 2)
        #expect(once.err.contains("No space left on device"))
        #expect(KeptRuns(fleet.store) == before)
        try FileManager.default.removeItem(atPath: disk.path + "/filler")
        let next = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml", "-q"], in: fleet.root)
        #expect(next.status == 0)
        let latest = try #require(fleet.store.latestRun())
        #expect(try fleet.store.record(of: latest).previousRun == first.record.id)
        #expect(try fleet.history().compactMap { $0["run"] as? String } == [first.record.id, latest])
    }
}
