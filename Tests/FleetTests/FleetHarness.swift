import Fleet
import Foundation
import Reports
import Results
import Rules
import ScanCore
import Synchronization
import TestSupport

/// A clock tests move by hand: sweeps get distinct, ordered run ids without sleeping.
final class SteppingClock: Sendable {
    /// 2026-11-30 06:00:00 UTC, 122 days before the 2027-04-01 deadline.
    static let start = Date(timeIntervalSince1970: 1_796_018_400)
    private let current = Mutex(SteppingClock.start)

    var clock: FleetClock {
        FleetClock { self.current.withLock { $0 } }
    }

    var now: Date { current.withLock { $0 } }

    func advance(_ seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// Counts scans and collects log output, shared with the sweep's threads.
final class SweepProbe: Sendable {
    private let scanned = Mutex<[String]>([])
    private let log = Mutex("")

    var scans: Int { scanned.withLock { $0.count } }
    var scannedOrigins: [String] { scanned.withLock { $0 } }
    var output: String { log.withLock { $0 } }

    func recordScan(_ origin: String) { scanned.withLock { $0.append(origin) } }
    func write(_ text: String) { log.withLock { $0 += text } }
}

/// A fleet of real git repositories made at test time, a config over them, and sweeps with an injected
/// clock and a counting scanner.
final class FleetHarness: @unchecked Sendable {
    let bench = GitWorkbench("fleet")
    let clock = SteppingClock()
    let probe = SweepProbe()

    var configPath: String { bench.path("fleet.yaml") }
    var workspace: String { bench.path("workspace") }
    var store: RunStore { RunStore(root: workspace) }

    /// Writes fleet.yaml: the header (version, fleet, workspace) and then `body` (usually `repos:`).
    func writeConfig(_ body: String, deadline: String = "2027-04-01") throws {
        let text = """
            version: 1
            fleet: { name: Test Fleet, deadline: \(deadline) }
            workspace: workspace
            concurrency: { fetch: 3, scan: 2 }

            """ + body
        try Data(text.utf8).write(to: URL(fileURLWithPath: configPath))
    }

    func config() throws -> FleetConfig {
        try ConfigValidator.load(path: configPath)
    }

    /// Runs one sweep, then moves the clock an hour on.
    @discardableResult
    func sweep(
        _ options: SweepOptions = SweepOptions(), toolVersion: String = ToolInfo.currentVersion, rulePack: String = "ios27+test",
        variables: [String: String] = [:], links: ReportLinks? = nil, workers: WorkerLaunch? = nil
    ) throws -> SweepOutcome {
        let environment = self.environment(
            toolVersion: toolVersion, rulePack: rulePack, variables: variables, links: links, workers: workers)
        defer { clock.advance(3600) }
        return try Sweep(config: config(), options: options, environment: environment).run()
    }

    /// What `sweep` runs in: this harness's clock, and its probe counting scans and keeping the log.
    func environment(
        toolVersion: String = ToolInfo.currentVersion, rulePack: String = "ios27+test", variables: [String: String] = [:],
        links: ReportLinks? = nil, workers: WorkerLaunch? = nil
    ) -> SweepEnvironment {
        let probe = self.probe
        return SweepEnvironment(
            links: links, variables: variables, clock: clock.clock,
            progress: ProgressReporter([ProgressTextLines { probe.write($0) }]), toolVersion: toolVersion, rulePack: rulePack,
            defaultScanWorkers: 2,
            scan: { source, filter, rules in
                probe.recordScan(source.origin)
                return Scanner.scan(source, filter: filter, rules: rules)
            }, workers: workers)
    }

    /// A repository seeded from a fixture under the workbench, and its config entry.
    @discardableResult
    func repository(_ name: String, fixture: String) throws -> String {
        try bench.makeRepository(name, fixture: fixture)
    }

    /// The mirror of the configured repository named `name`.
    func mirrorPath(_ name: String) throws -> String {
        let repo = try config().repos.first { $0.name == name }
        return store.mirrorPath(repo?.mirrorKey ?? RepoKey(rawValue: "none"))
    }

    func record(_ outcome: SweepOutcome, _ name: String) -> RepoRecord? {
        outcome.record.repos.first { $0.name == name }
    }

    /// The parsed JSON of a file in a run folder.
    func json(_ outcome: SweepOutcome, _ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: outcome.runFolder + "/" + file))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Every regular file under the workspace, except the mirrors' object stores.
    func writtenFiles() -> [String] {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: workspace)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: workspace + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(relative)
            }
        }
        return files.sorted()
    }
}

extension FleetSummary {
    /// Each app's row in a line (repository, path, target, verdict, errors/warnings/notes): what tests compare
    /// between two sweeps of the same fleet.
    var appLines: [String] {
        apps.map { "\($0.repoName) \($0.path) \($0.target) \($0.verdict.rawValue) \($0.errors)/\($0.warnings)/\($0.notes)" }
    }
}
