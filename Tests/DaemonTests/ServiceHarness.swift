import Daemon
import Fleet
import Foundation
import Results
import Synchronization
import TestSupport
import Testing

/// Waits (without blocking a thread) until `condition` holds; records an issue after `seconds`. The limit is
/// generous: while the synchronous tests of other suites occupy the cooperative threads, async tests crawl.
func eventually(
    _ what: String, within seconds: Double = 90, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        if ContinuousClock.now > deadline {
            Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
}

/// A sweep that takes only test-clock time: it notes when it started, optionally waits until the test
/// lets it go, moves the clock on by its duration, and returns an empty run.
final class ScriptedRunner: SweepRunner, @unchecked Sendable {
    private struct State {
        var starts: [Date] = []
        var durations: [TimeInterval] = []
        var isGated = false
        var stopsSeen = 0
        var fleets: [FleetConfig] = []
    }

    let clock: TestClock
    private let state = Mutex(State())
    private let gate = DispatchSemaphore(value: 0)

    init(clock: TestClock) {
        self.clock = clock
    }

    /// When each sweep started, on the test clock.
    var starts: [Date] { state.withLock { $0.starts } }
    var stopsSeen: Int { state.withLock { $0.stopsSeen } }
    /// The config each sweep was given.
    var fleets: [FleetConfig] { state.withLock { $0.fleets } }

    /// How long the next sweeps take, in order (then 60 s each).
    func take(_ durations: [TimeInterval]) { state.withLock { $0.durations = durations } }

    /// Makes sweeps wait in the middle until `release` is called.
    func hold() { state.withLock { $0.isGated = true } }

    func release() {
        state.withLock { $0.isGated = false }
        gate.signal()
    }

    func sweep(_ config: FleetConfig, progress: ProgressReporter, stop: StopRequest) throws -> SweepOutcome {
        let (started, isGated, duration) = state.withLock { state in
            state.starts.append(clock.now)
            state.fleets.append(config)
            let duration = state.durations.isEmpty ? 60 : state.durations.removeFirst()
            return (clock.now, state.isGated, duration)
        }
        progress.begin(total: 1)
        progress.report(.fetching("app"))
        if isGated { gate.wait() }
        if stop.isRequested {
            state.withLock { $0.stopsSeen += 1 }
            throw SweepStopped(finished: 0, total: 1)
        }
        clock.advance(by: duration)
        progress.report(
            .scanned(
                "app", counts: AppCounts(),
                seconds: 0, reason: "first scan"))
        return Self.emptyRun(config, started: started, finished: clock.now)
    }

    static func emptyRun(_ config: FleetConfig, started: Date, finished: Date) -> SweepOutcome {
        let id = RunID.make(at: started, suffix: 0xbeef)
        let record = RunRecord(
            id: id, fleet: FleetInfo(name: config.fleetName, deadline: config.deadline), tool: ToolInfo(version: "test", rulePack: "test"),
            configHash: config.hash, startedAt: started, finishedAt: finished, offline: false, only: [], previousRun: nil, repos: [])
        let snapshot = RunSnapshot(record: record, reports: [:])
        let diff = RunDiff.between(nil, snapshot)
        return SweepOutcome(
            record: record, summary: FleetSummary.make(snapshot: snapshot, diff: diff, at: started), diff: diff,
            runFolder: config.workspace + "/runs/" + id)
    }
}

/// Log lines kept for a test.
final class LogCapture: Sendable {
    private let text = Mutex("")

    var lines: [String] { text.withLock { $0 }.split(separator: "\n").map(String.init) }
    var all: String { text.withLock { $0 } }

    func write(_ line: String) { text.withLock { $0 += line } }

    /// The `event` of each JSON line.
    var events: [String] {
        lines.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
        }
    }
}

/// A service over a config in a temporary folder, driven by a test clock and a scripted runner.
final class ServiceHarness: @unchecked Sendable {
    let folder = TemporaryDirectory("service")
    let clock: TestClock
    let runner: ScriptedRunner
    let events = ServiceEvents()
    let log = LogCapture()
    /// What a reload reads: a config, or the problems of one.
    let reloaded = Mutex<Result<ServiceConfig, ConfigProblems>?>(nil)
    private(set) var config: ServiceConfig!

    var workspace: String { folder.path + "/ws" }

    init(schedule: String, timezone: String? = nil, at start: Date) throws {
        clock = TestClock(now: start)
        runner = ScriptedRunner(clock: clock)
        config = try load(schedule: schedule, timezone: timezone)
    }

    func load(schedule: String, timezone: String? = nil) throws -> ServiceConfig {
        var text = "version: 1\nfleet: { name: Test, deadline: 2027-04-01 }\nworkspace: ws\nschedule: \"\(schedule)\"\n"
        if let timezone { text += "timezone: \(timezone)\n" }
        text += "repos: [{ url: app }]\n"
        folder.write("fleet.yaml", text)
        return try ServiceConfig.load(path: "fleet.yaml", directory: folder.path)
    }

    /// - Parameter readingTheFile: reloads read fleet.yaml in `folder`, as the daemon does, instead of `reloaded`.
    func service(once: Bool = false, stopTimeout: TimeInterval = 60, readingTheFile: Bool = false) -> SweepService {
        SweepService(
            config: config, options: SweepService.Options(once: once, stopTimeout: stopTimeout), clock: clock, runner: runner,
            events: events, log: DaemonLog(format: .json, now: { [clock] in clock.now }, write: log.write),
            reload: { [self] () throws(ConfigProblems) -> ServiceConfig in
                if readingTheFile { return try ServiceConfig.load(path: "fleet.yaml", directory: self.folder.path) }
                switch self.reloaded.withLock({ $0 }) {
                case .success(let config)?: return config
                case .failure(let problems)?: throw problems
                case nil: throw ConfigProblems([])
                }
            })
    }

    /// The status file as JSON.
    func status() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: workspace + "/status.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Waits until the service sleeps towards exactly one deadline, and returns it.
    func nextDeadline(after sweeps: Int) async -> Date? {
        await eventually("sweep \(sweeps) is done and the service waits for the next") {
            runner.starts.count == sweeps && clock.deadlines.count == 1
        }
        return clock.deadlines.first
    }
}
