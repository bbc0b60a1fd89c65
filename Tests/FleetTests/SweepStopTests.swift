import Fleet
import Foundation
import Reports
import Results
import Rules
import ScanCore
import Synchronization
import TestSupport
import Testing

/// A stop request (the daemon's SIGTERM): repositories in flight finish, no new one starts, waits between
/// fetch retries end at once, and a run not done with every repository is dropped whole.
@Suite("Stopping a sweep")
struct SweepStopTests {
    /// Three repositories fetched one at a time, so a stop during the first leaves the others unstarted.
    private func fleet() throws -> FleetHarness {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.repository("pantry", fixture: "swiftui-app")
        let text = """
            version: 1
            workspace: workspace
            concurrency: { fetch: 1, scan: 1 }
            repos: [{ url: shop }, { url: books }, { url: pantry }]

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: harness.configPath))
        return harness
    }

    private func environment(
        _ harness: FleetHarness, stop: StopRequest, retry: RetryPolicy = .never,
        observer: (@Sendable (ProgressReporter.Snapshot) -> Void)? = nil,
        write: @escaping @Sendable (String) -> Void = { _ in }
    ) -> SweepEnvironment {
        let probe = harness.probe
        return SweepEnvironment(
            clock: harness.clock.clock, progress: ProgressReporter([ProgressTextLines(write: write)], observer: observer),
            defaultScanWorkers: 1,
            scan: { source, filter, rules in
                probe.recordScan(source.origin)
                return Rules.Scanner.scan(source, filter: filter, rules: rules)
            }, fetchRetry: retry, stop: stop)
    }

    @Test func theRepositoryInFlightFinishesTheOthersAreNotStartedAndNothingIsStored() throws {
        let harness = try fleet()
        let complete = try harness.sweep()
        let stop = StopRequest()
        let seen = Mutex<[ProgressReporter.Snapshot]>([])
        let environment = environment(harness, stop: stop) { snapshot in
            seen.withLock { $0.append(snapshot) }
            if snapshot.fetching == ["shop"] { stop.request() }
        }
        let scansBefore = harness.probe.scans

        let stopped = try #require(throws: SweepStopped.self) { try Sweep(config: harness.config(), environment: environment).run() }

        #expect(stopped.finished == 1)
        #expect(stopped.total == 3)
        #expect(stopped.description == "stopped after 1 of 3 repositories; the run was not stored")
        // The first sweep ran with another rule pack, so the repository in flight is scanned again, to the end.
        #expect(harness.probe.scans == scansBefore + 1)
        #expect(harness.probe.scannedOrigins.last?.hasPrefix("shop@") == true)
        #expect(harness.store.completedRuns() == [complete.record.id])
        #expect(harness.store.latestRun() == complete.record.id)
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.store.runsFolder) == [complete.record.id])
        let snapshots = seen.withLock { $0 }
        #expect(snapshots.first == ProgressReporter.Snapshot(total: 3, done: 0, failures: 0, fetching: [], waiting: [], scanning: []))
        #expect(snapshots.last == ProgressReporter.Snapshot(total: 3, done: 1, failures: 0, fetching: [], waiting: [], scanning: []))
    }

    @Test func aStopBeforeTheSweepStartsNothingAndTheNextSweepWorks() throws {
        let harness = try fleet()
        let stop = StopRequest()
        stop.request()

        let stopped = try #require(throws: SweepStopped.self) {
            try Sweep(config: harness.config(), environment: environment(harness, stop: stop)).run()
        }

        #expect(stopped.finished == 0)
        #expect(harness.probe.scans == 0)
        #expect(harness.store.latestRun() == nil)
        let next = try harness.sweep()
        #expect(next.record.repos.map(\.status) == [.scanned, .scanned, .scanned])
        #expect(harness.store.latestRun() == next.record.id)
    }

    @Test func aStopEndsTheWaitBeforeAFetchIsTriedAgain() throws {
        let harness = FleetHarness()
        let work = try harness.bench.makeRepository("work/shop", fixture: "legacy-swift-uikit")
        try FileManager.default.createDirectory(atPath: harness.bench.path("served"), withIntermediateDirectories: true)
        try harness.bench.git(["clone", "-q", "--bare", work, harness.bench.path("served/shop.git")], in: harness.bench.root)
        let server = try FlakyGitServer(root: harness.bench.path("served"), refusals: 100, status: 503)
        defer { server.stop() }
        try harness.writeConfig("repos:\n  - url: http://127.0.0.1:\(server.port)/shop.git\n")
        let stop = StopRequest()
        let environment = environment(
            harness, stop: stop, retry: RetryPolicy(attempts: 5, initialDelay: 60, maximumDelay: 60),
            write: { text in if text.contains("trying again in") { stop.request() } })

        let stopped = try #require(throws: SweepStopped.self) { try Sweep(config: harness.config(), environment: environment).run() }

        // One request: the stop cut the first 60-second wait short, and no attempt came after it.
        #expect(stopped.finished == 0)
        #expect(server.referenceRequests == 1)
        #expect(harness.store.latestRun() == nil)
    }

    @Test func aStopRequestWaitsOutItsTimeUnlessRequested() {
        let stop = StopRequest()
        #expect(stop.wait(seconds: 0.01))
        #expect(!stop.isRequested)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { stop.request() }
        #expect(!stop.wait(seconds: 30))
        #expect(stop.isRequested)
        #expect(!stop.wait(seconds: 30))
    }
}
