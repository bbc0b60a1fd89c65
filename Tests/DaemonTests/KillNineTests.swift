import Daemon
import Fleet
import Foundation
import Results
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A sweep killed with SIGKILL at three moments (a clone in flight, results written while a fetch hangs,
/// the reports half written), each followed by a normal sweep: it exits 0, every complete run stays listed
/// and readable, history lists only complete runs, `latest` names a complete run, the lock is free, the
/// mirrors work, and what the killed sweep left is cleared. `scripts/kill-loop` does this 20 times at random
/// moments over a larger fleet.
@Suite(.timeLimit(.minutes(3))) struct KillNineTests {
    /// The new run folder (one without run.json), if the killed sweep made one.
    private static func unfinishedRun(_ store: RunStore) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: store.runsFolder)) ?? []
        return names.filter { RunID.isValid($0) && !FileManager.default.fileExists(atPath: store.recordPath($0)) }.first
            .map(store.runFolder)
    }

    private static func files(in folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Runs a normal sweep after a kill and checks what the workspace must hold; returns the runs so far.
    private static func sweepAgain(_ fleet: FleetBench, after completed: [String], sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [String]
    {
        let next = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml", "-q"], in: fleet.root)
        #expect(next.status == 0, "\(next.err)", sourceLocation: sourceLocation)
        let store = fleet.store
        let runs = store.completedRuns()
        #expect(Array(runs.dropLast()) == completed, sourceLocation: sourceLocation)
        #expect(store.latestRun() == runs.last, sourceLocation: sourceLocation)
        #expect(try String(contentsOfFile: store.latestFile, encoding: .utf8) == (runs.last ?? "") + "\n", sourceLocation: sourceLocation)
        #expect(try fleet.history().compactMap { $0["run"] as? String } == runs, sourceLocation: sourceLocation)
        for run in runs {
            #expect(throws: Never.self, sourceLocation: sourceLocation) { _ = try store.summary(of: run) }
        }
        let record = try store.record(of: try #require(runs.last, sourceLocation: sourceLocation))
        #expect(record.repos.allSatisfy { !$0.status.isFailure }, sourceLocation: sourceLocation)
        #expect(unfinishedRun(store) == nil, "the killed sweep's folder is cleared", sourceLocation: sourceLocation)
        let leftovers = (try FileManager.default.contentsOfDirectory(atPath: store.mirrorsFolder)).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty, sourceLocation: sourceLocation)
        return runs
    }

    @Test func threeKillsAtDifferentMomentsEachLeaveTheNextSweepNormal() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let fleet = try FleetBench(schedule: "@every 1h")
        var runs = try await Self.sweepAgain(fleet, after: [])
        // The same fleet plus a repository whose server never answers: that sweep stays in flight.
        try fleet.writeConfig("slow.yaml", schedule: "@every 1h", repos: "  - url: http://127.0.0.1:\(server.port)/slow.git\n")

        // 1. While a clone is in flight: the mirror's temporary folder is there when the sweep dies.
        let cloning = try ScenesweepProcess(["sweep", "--config", "slow.yaml"], in: fleet.root)
        await eventually("the clone of slow.git is under way") {
            server.requests > 0
                && ((try? FileManager.default.contentsOfDirectory(atPath: fleet.store.mirrorsFolder)) ?? []).contains {
                    $0.contains(".git.tmp-")
                }
        }
        cloning.send(SIGKILL)
        #expect(await cloning.exit()?.bySignal == true)
        runs = try await Self.sweepAgain(fleet, after: runs)

        // 2. With results written: books scanned into the new run, while slow.git still hangs.
        try fleet.regressBooks()
        let scanning = try ScenesweepProcess(["sweep", "--config", "slow.yaml"], in: fleet.root)
        await eventually("books' result is in the unfinished run") {
            Self.unfinishedRun(fleet.store).map { Self.files(in: $0).contains { $0.hasPrefix("repos/") && $0.hasSuffix(".json") } } == true
        }
        scanning.send(SIGKILL)
        #expect(await scanning.exit()?.bySignal == true)
        runs = try await Self.sweepAgain(fleet, after: runs)

        // 3. Writing the reports: killed the moment summary.json is in place, before summary.md, the
        // dashboard, the diff and run.json.
        try fleet.blockBooks()
        let process = Mutex<Int32>(0)
        let watch = try #require(
            FileWatch(folder: fleet.store.runsFolder, name: "summary.json", signal: SIGKILL) { process.withLock { $0 } })
        let reporting = try ScenesweepProcess(["sweep", "--config", "fleet.yaml"], in: fleet.root)
        process.withLock { $0 = reporting.pid }
        #expect(watch.wait())
        #expect(await reporting.exit()?.bySignal == true)
        let unfinished = try #require(Self.unfinishedRun(fleet.store))
        #expect(Self.files(in: unfinished).contains("summary.json"))
        #expect(!Self.files(in: unfinished).contains("run.json"))
        #expect(fleet.store.latestRun() == runs.last)
        runs = try await Self.sweepAgain(fleet, after: runs)
        #expect(runs.count == 4)
    }
}
