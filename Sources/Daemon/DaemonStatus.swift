public import Fleet
public import Foundation
public import Results

/// `status.json` in the workspace: what the daemon is doing, how the last run went and when the next is
/// due, for an operator or a health check to read at a glance.
public struct DaemonStatus: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable {
        /// Waiting for the next scheduled time.
        case idle
        case sweeping
        /// Asked to stop; waiting for the repositories in flight.
        case stopping
        /// The daemon is not running (it stopped, or `--once` finished).
        case stopped
    }

    public var schemaVersion = 1
    public var state: State
    public var pid: Int32
    /// When this daemon process started.
    public var since: Date
    public var updatedAt: Date
    /// The schedule as written and the zone it is read in; nil under `--once` without a schedule.
    public var schedule: String?
    public var timezone: String?
    public var nextRun: Date?
    /// The sweep under way, while `state` is sweeping or stopping.
    public var current: SweepProgress?
    /// The most recent sweep, however it ended.
    public var lastRun: RunFigures?
    /// The most recent sweep that succeeded; its figures are what metrics.prom reports.
    public var lastSuccess: RunFigures?
    /// Sweeps by how they ended, kept across restarts.
    public var runs: RunCounts

    public init(state: State, pid: Int32, since: Date, schedule: String?, timezone: String?) {
        self.state = state
        self.pid = pid
        self.since = since
        self.updatedAt = since
        self.schedule = schedule
        self.timezone = timezone
        self.runs = RunCounts()
    }
}

/// How far the sweep under way has got.
public struct SweepProgress: Codable, Sendable, Equatable {
    public var startedAt: Date
    /// Repositories in the sweep, and how many are done (failed ones included).
    public var total: Int
    public var done: Int
    public var failed: Int
    /// Repositories being fetched or scanned right now.
    public var inFlight: [String]

    public init(startedAt: Date, total: Int = 0, done: Int = 0, failed: Int = 0, inFlight: [String] = []) {
        self.startedAt = startedAt
        self.total = total
        self.done = done
        self.failed = failed
        self.inFlight = inFlight
    }
}

/// How a sweep ended, and its figures when it stored a run.
public struct RunFigures: Codable, Sendable, Equatable {
    public enum Outcome: String, Codable, Sendable, CaseIterable {
        /// The run was stored and at least one repository could be brought up to date.
        case success
        /// The sweep could not run (bad workspace, another sweep held the lock) or no repository could be
        /// fetched and scanned.
        case failed
        /// A stop came before every repository was done; nothing was stored.
        case stopped
    }

    public var outcome: Outcome
    /// The stored run; nil when none was stored.
    public var run: String?
    public var startedAt: Date
    public var finishedAt: Date
    public var seconds: Double
    /// Why the sweep failed or stopped.
    public var error: String?
    public var apps: Int?
    public var blocked: Int?
    public var atRisk: Int?
    public var ready: Int?
    public var unknown: Int?
    /// Apps counted from stale results (with their last verdicts).
    public var staleApps: Int?
    public var repos: Int?
    public var failedRepos: Int?
    public var scannedRepos: Int?
    public var reusedRepos: Int?
    public var regressions: Int?
    public var newlyBlocked: Int?
    /// Time spent fetching and scanning, summed over repositories (they overlap, so more than `seconds`).
    public var fetchSeconds: Double?
    public var scanSeconds: Double?
    /// Where the run's reports are.
    public var runFolder: String?
    /// Apps by verdict per team, for per-team metrics.
    public var teams: [TeamFigures]?

    public init(outcome: Outcome, startedAt: Date, finishedAt: Date, error: String? = nil) {
        self.outcome = outcome
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.seconds = (finishedAt.timeIntervalSince(startedAt) * 1000).rounded() / 1000
        self.error = error
    }

    /// A stored run: successful unless no repository could be fetched and scanned.
    public init(_ sweep: SweepOutcome, startedAt: Date, finishedAt: Date) {
        self.init(outcome: sweep.nothingScanned ? .failed : .success, startedAt: startedAt, finishedAt: finishedAt)
        let summary = sweep.summary
        run = sweep.record.id
        if sweep.nothingScanned { error = "no repository could be fetched and scanned" }
        apps = summary.totals.apps
        blocked = summary.totals.blocked
        atRisk = summary.totals.atRisk
        ready = summary.totals.ready
        unknown = summary.totals.unknown
        staleApps = summary.staleApps
        repos = summary.repos
        failedRepos = summary.failedRepos
        scannedRepos = summary.scannedRepos
        reusedRepos = summary.reusedRepos
        regressions = sweep.diff.regressions.count
        newlyBlocked = RunNotification.newlyBlocked(in: sweep.diff).count
        fetchSeconds = Self.rounded(sweep.record.repos.compactMap(\.fetchSeconds).reduce(0, +))
        scanSeconds = Self.rounded(sweep.record.repos.compactMap(\.scanSeconds).reduce(0, +))
        runFolder = sweep.runFolder
        teams = summary.teams.map { team in
            TeamFigures(
                team: team.team, apps: team.counts.apps, blocked: team.counts.blocked, atRisk: team.counts.atRisk,
                ready: team.counts.ready, unknown: team.counts.unknown)
        }
    }

    private static func rounded(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }
}

/// One team's apps by verdict in a run.
public struct TeamFigures: Codable, Sendable, Equatable {
    public var team: String
    public var apps: Int
    public var blocked: Int
    public var atRisk: Int
    public var ready: Int
    public var unknown: Int

    public init(team: String, apps: Int, blocked: Int, atRisk: Int, ready: Int, unknown: Int) {
        self.team = team
        self.apps = apps
        self.blocked = blocked
        self.atRisk = atRisk
        self.ready = ready
        self.unknown = unknown
    }
}

public struct RunCounts: Codable, Sendable, Equatable {
    public var success = 0
    public var failed = 0
    public var stopped = 0

    public init() {}

    public subscript(outcome: RunFigures.Outcome) -> Int {
        get {
            switch outcome {
            case .success: success
            case .failed: failed
            case .stopped: stopped
            }
        }
        set {
            switch outcome {
            case .success: success = newValue
            case .failed: failed = newValue
            case .stopped: stopped = newValue
            }
        }
    }
}
