public import Foundation
public import Rules
public import ScanCore

/// The organisation's view of one run: readiness overall, per team and per repository, every app as a
/// row, the rules that block most apps, and the countdown to the deadline. Reports render it.
///
/// Unknown is not passing: an app whose repository could not be brought up to date keeps its last
/// verdict when that was a problem, but never counts as ready (it becomes unknown), and a repository
/// that was never scanned counts as one unknown app.
public struct FleetSummary: Sendable {
    public let run: String
    public let fleetName: String
    public let generatedAt: Date
    public let toolVersion: String
    public let rulePack: String
    public let deadline: CalendarDay?
    /// Whole days from the run's day (UTC) to the deadline; negative once it has passed.
    public let daysToDeadline: Int?
    public let totals: VerdictCounts
    public let repos: Int
    /// Repositories that could not be fetched or scanned in this run (stale or failed).
    public let failedRepos: Int
    public let scannedRepos: Int
    public let reusedRepos: Int
    public let staleRepos: Int
    public let skippedRepos: Int
    public let teams: [TeamSummary]
    public let repoRows: [RepoRow]
    /// One row per app, in repository (config) order, then by path and target.
    public let apps: [AppRow]
    /// Error rules by the number of blocked apps they block, most first.
    public let topBlockingRules: [RuleCount]
    /// The comparison with the previous complete run.
    public let diff: RunDiff
    /// Vendors' example apps found in the repositories and left out of every figure above.
    public var vendoredApps: Int = 0

    /// Ready apps over all apps, in percent (0 when there are no apps).
    public var readiness: Double { totals.readiness }

    public static let noTeam = "(no team)"

    public static func make(snapshot: RunSnapshot, diff: RunDiff, at date: Date) -> FleetSummary {
        let record = snapshot.record
        var apps: [AppRow] = []
        var repoRows: [RepoRow] = []
        var vendored = 0
        for repo in record.repos {
            var rows: [AppRow] = []
            if let report = snapshot.reports[repo.key] {
                // Vendored example apps are left out of the org's figures (config include_vendored_apps counts them).
                vendored += report.apps.filter { !$0.counted }.count
                for app in report.apps where app.counted {
                    let effective = repo.status.isFailure && app.verdict == .ready ? Verdict.unknown : app.verdict
                    let blocking = Set(app.findings.filter { $0.severity == .error }.map(\.rule)).sorted()
                    rows.append(
                        AppRow(
                            repo: repo.key, repoName: repo.name, path: app.path, target: app.target, platform: app.platform,
                            framework: app.framework, frameworkVersion: app.frameworkVersion, verdict: effective,
                            reportedVerdict: app.verdict,
                            errors: app.count(.error), warnings: app.count(.warning), notes: app.count(.note), team: repo.team,
                            commit: repo.commit, status: repo.status, blockingRules: blocking, owners: app.owners,
                            topFinding: AppRow.worst(app.findings), uncheckedReason: app.verdict == .unknown ? app.unreadable.first : nil))
                }
            } else if repo.status == .failed {
                rows.append(
                    AppRow(
                        repo: repo.key, repoName: repo.name, path: "", target: "", platform: "", framework: "", frameworkVersion: nil,
                        verdict: .unknown, reportedVerdict: nil, errors: 0, warnings: 0, notes: 0, team: repo.team, commit: nil,
                        status: repo.status, blockingRules: [], owners: [], topFinding: nil))
            }
            rows.sort { ($0.path, $0.target) < ($1.path, $1.target) }
            apps += rows
            repoRows.append(
                RepoRow(
                    repo: repo.key, name: repo.name, team: repo.team, status: repo.status, commit: repo.commit, counts: VerdictCounts(rows),
                    error: repo.error, failingSince: repo.failingSince, scannedIn: repo.scannedIn))
        }
        let teamNames = Set(record.repos.map { $0.team ?? noTeam }).sorted()
        let teams = teamNames.map { team in
            TeamSummary(
                team: team, counts: VerdictCounts(apps.filter { ($0.team ?? noTeam) == team }),
                repos: record.repos.filter { ($0.team ?? noTeam) == team }.count,
                failedRepos: record.repos.filter { ($0.team ?? noTeam) == team && $0.status.isFailure }.count,
                owners: Set(apps.filter { ($0.team ?? noTeam) == team }.flatMap(\.owners)).sorted())
        }
        var blockedByRule: [String: Int] = [:]
        for app in apps where app.verdict == .blocked {
            for rule in app.blockingRules { blockedByRule[rule, default: 0] += 1 }
        }
        let topRules = blockedByRule.map { RuleCount(rule: $0.key, apps: $0.value) }.sorted { ($1.apps, $0.rule) < ($0.apps, $1.rule) }
        let days = record.fleet.deadline.map { $0.days(from: CalendarDay(date)) }
        return FleetSummary(
            run: record.id, fleetName: record.fleet.name, generatedAt: date, toolVersion: record.tool.version,
            rulePack: record.tool.rulePack,
            deadline: record.fleet.deadline, daysToDeadline: days, totals: VerdictCounts(apps), repos: record.repos.count,
            failedRepos: record.repos.filter { $0.status.isFailure }.count,
            scannedRepos: record.repos.filter { $0.status == .scanned }.count,
            reusedRepos: record.repos.filter { $0.status == .reused }.count,
            staleRepos: record.repos.filter { $0.status == .stale }.count,
            skippedRepos: record.repos.filter { $0.status == .skipped }.count,
            teams: teams, repoRows: repoRows, apps: apps, topBlockingRules: topRules, diff: diff, vendoredApps: vendored)
    }
}

/// App counts by verdict.
public struct VerdictCounts: Sendable, Hashable {
    public let apps: Int
    public let blocked: Int
    public let atRisk: Int
    public let ready: Int
    public let unknown: Int

    public init(_ rows: [AppRow]) {
        apps = rows.count
        blocked = rows.filter { $0.verdict == .blocked }.count
        atRisk = rows.filter { $0.verdict == .atRisk }.count
        ready = rows.filter { $0.verdict == .ready }.count
        unknown = rows.filter { $0.verdict == .unknown }.count
    }

    /// Ready over all, in percent with one decimal; 0 without apps.
    public var readiness: Double {
        apps == 0 ? 0 : (Double(ready) * 1000 / Double(apps)).rounded() / 10
    }
}

public struct TeamSummary: Sendable, Hashable {
    public let team: String
    public let counts: VerdictCounts
    public let repos: Int
    public let failedRepos: Int
    /// Everyone CODEOWNERS names for the team's apps, sorted.
    public let owners: [String]
}

public struct RepoRow: Sendable, Hashable {
    public let repo: RepoKey
    public let name: String
    public let team: String?
    public let status: RepoStatus
    public let commit: String?
    public let counts: VerdictCounts
    public let error: String?
    public let failingSince: String?
    public let scannedIn: String?
}

/// One app of the fleet, as apps.csv lists it.
public struct AppRow: Sendable, Hashable {
    public let repo: RepoKey
    public let repoName: String
    /// The app's folder in its repository; "" for the stand-in of a repository never scanned.
    public let path: String
    public let target: String
    public let platform: String
    public let framework: String
    public let frameworkVersion: String?
    /// The verdict that counts: a stale repository's ready app is unknown.
    public let verdict: Verdict
    /// The verdict of the result itself; nil when there is no result.
    public let reportedVerdict: Verdict?
    public let errors: Int
    public let warnings: Int
    public let notes: Int
    public let team: String?
    public let commit: String?
    public let status: RepoStatus
    /// Error rules that fired in the app, sorted.
    public let blockingRules: [String]
    /// The app's owners from its repository's CODEOWNERS.
    public let owners: [String]
    /// The app's worst finding (the first of the highest severity, in report order); nil without any.
    public let topFinding: Finding?
    /// Why the scan reported the app unknown (an unreadable input, no app identified); nil otherwise.
    public var uncheckedReason: String? = nil

    static func worst(_ findings: [Finding]) -> Finding? {
        var worst: Finding?
        for finding in findings where worst.map({ finding.severity > $0.severity }) ?? true {
            worst = finding
        }
        return worst
    }
}

public struct RuleCount: Sendable, Hashable {
    public let rule: String
    public let apps: Int
}
