import Fleet
import Foundation
import Results

/// `status.json` in the workspace: what the daemon is doing, how the last run went and when the next is
/// due, for an operator or a health check to read at a glance.
package struct DaemonStatus: Codable, Sendable, Equatable {
    package enum State: String, Codable, Sendable {
        /// Waiting for the next scheduled time.
        case idle
        case sweeping
        /// Asked to stop; waiting for the repositories in flight.
        case stopping
        /// The daemon is not running (it stopped, or `--once` finished).
        case stopped
    }

    package var schemaVersion = 1
    package var state: State
    package var pid: Int32
    /// When this daemon process started.
    package var since: Date
    package var updatedAt: Date
    /// The schedule as written and the zone it is read in; nil under `--once` without a schedule.
    package var schedule: String?
    package var timezone: String?
    package var nextRun: Date?
    /// The sweep under way, while `state` is sweeping or stopping.
    package var current: SweepProgress?
    /// The most recent sweep, however it ended.
    package var lastRun: RunFigures?
    /// The most recent sweep that succeeded; its figures are what metrics.prom reports.
    package var lastSuccess: RunFigures?
    /// Sweeps by how they ended, kept across restarts.
    package var runs: RunCounts

    package init(state: State, pid: Int32, since: Date, schedule: String?, timezone: String?) {
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
package struct SweepProgress: Codable, Sendable, Equatable {
    package var startedAt: Date
    /// Repositories in the sweep, and how many are done (failed ones included).
    package var total: Int
    package var done: Int
    package var failed: Int
    /// Repositories being fetched or scanned right now.
    package var inFlight: [String]

    package init(startedAt: Date, total: Int = 0, done: Int = 0, failed: Int = 0, inFlight: [String] = []) {
        self.startedAt = startedAt
        self.total = total
        self.done = done
        self.failed = failed
        self.inFlight = inFlight
    }
}

/// How a sweep ended, and its figures when it stored a run.
package struct RunFigures: Codable, Sendable, Equatable {
    package enum Outcome: String, Codable, Sendable, CaseIterable {
        /// The run was stored and at least one repository could be brought up to date.
        case success
        /// The sweep could not run (bad workspace, another sweep held the lock) or no repository could be
        /// fetched and scanned.
        case failed
        /// A stop came before every repository was done; nothing was stored.
        case stopped
    }

    package var outcome: Outcome
    /// The stored run; nil when none was stored.
    package var run: String?
    package var startedAt: Date
    package var finishedAt: Date
    package var seconds: Double
    /// Why the sweep failed or stopped.
    package var error: String?
    package var apps: Int?
    package var blocked: Int?
    package var atRisk: Int?
    package var ready: Int?
    package var unknown: Int?
    /// Apps counted from stale results (with their last verdicts).
    package var staleApps: Int?
    package var repos: Int?
    package var failedRepos: Int?
    package var scannedRepos: Int?
    package var reusedRepos: Int?
    package var regressions: Int?
    package var newlyBlocked: Int?
    /// Time spent fetching and scanning, summed over repositories (they overlap, so more than `seconds`).
    package var fetchSeconds: Double?
    package var scanSeconds: Double?
    /// Where the run's reports are.
    package var runFolder: String?
    /// Apps by verdict per team, for per-team metrics.
    package var teams: [TeamFigures]?

    package init(outcome: Outcome, startedAt: Date, finishedAt: Date, error: String? = nil) {
        self.outcome = outcome
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.seconds = (finishedAt.timeIntervalSince(startedAt) * 1000).rounded() / 1000
        self.error = error
    }

    /// A stored run: successful unless no repository could be fetched and scanned.
    package init(_ sweep: SweepOutcome, startedAt: Date, finishedAt: Date) {
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
package struct TeamFigures: Codable, Sendable, Equatable {
    package var team: String
    package var apps: Int
    package var blocked: Int
    package var atRisk: Int
    package var ready: Int
    package var unknown: Int

    package init(team: String, apps: Int, blocked: Int, atRisk: Int, ready: Int, unknown: Int) {
        self.team = team
        self.apps = apps
        self.blocked = blocked
        self.atRisk = atRisk
        self.ready = ready
        self.unknown = unknown
    }
}

package struct RunCounts: Codable, Sendable, Equatable {
    package var success = 0
    package var failed = 0
    package var stopped = 0

    package init() {}

    package subscript(outcome: RunFigures.Outcome) -> Int {
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
