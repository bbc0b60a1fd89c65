import Foundation
import ScanCore

/// The organisation's view of one run: readiness overall, per team and per repository, every app as a
/// row, the rules that block most apps, and the countdown to the deadline. Reports render it.
///
/// An app whose repository could not be brought up to date (stale) counts with its last verdict, never
/// better, and is labelled stale with the date of that result; the summary counts those apps beside the
/// readiness figure. A repository that was never scanned counts as one unknown app: unknown is not passing.
package struct FleetSummary: Sendable {
    package let run: String
    package let fleetName: String
    package let generatedAt: Date
    package let toolVersion: String
    package let rulePack: String
    package let deadline: CalendarDay?
    /// Whole days from the run's day (UTC) to the deadline; negative once it has passed.
    package let daysToDeadline: Int?
    /// Every app of the run: the counted ones by verdict, vendored ones apart.
    package let totals: AppCounts
    package let repos: Int
    /// Repositories that could not be fetched or scanned in this run (stale or failed).
    package let failedRepos: Int
    package let scannedRepos: Int
    package let reusedRepos: Int
    package let staleRepos: Int
    package let skippedRepos: Int
    /// When the oldest result counted from a stale repository was made; nil when no app is stale.
    package let staleSince: Date?
    package let teams: [TeamSummary]
    package let repoRows: [RepoRow]
    /// One row per app, in repository (config) order, then by path and target.
    package let apps: [AppRow]
    /// Error rules by the number of blocked apps they block, most first.
    package let topBlockingRules: [RuleCount]
    /// Every `scenesweep:ignore` comment that matched a finding, accepted or refused by the fleet's
    /// policy, by team, repository, app and place.
    package let suppressions: [SuppressionRow]
    /// The comparison with the previous complete run.
    package let diff: RunDiff
    /// Blocked apps by the Xcode their builds are pinned to: when each group will break.
    package let blockedByXcode: [XcodeCount]
    /// Dependencies that keep apps from being ready (below their scene-aware release, or without one),
    /// by the number of apps that resolve them so.
    package let blockingDependencies: [DependencyCount]
    /// With `fix: patches`: the fleet's blocked apps with a verified patch and those explained instead (nil
    /// when no result of the run was made with patches).
    package var patches: PatchCounts? = nil
    /// Blocked apps by campaign stage, as `scenesweep campaign` last left them (nil: the workspace has no campaign).
    package var campaign: CampaignProgress? = nil
    /// Vendors' example apps found in the repositories and left out of every figure above.
    package var vendoredApps: Int { totals.vendored }

    /// Ready apps over all apps, in percent (0 when there are no apps).
    package var readiness: Double { totals.readiness }

    /// Apps counted from the result of a repository that could not be brought up to date.
    package var staleApps: Int { totals.stale }

    package static let noTeam = "(no team)"

    /// - Parameter campaign: each repository's campaign stage (`CampaignState.marks`); nil without a campaign.
    package static func make(snapshot: RunSnapshot, diff: RunDiff, at date: Date, campaign: [RepoKey: CampaignMark]? = nil)
        -> FleetSummary
    {
        let record = snapshot.record
        var apps: [AppRow] = []
        var repoRows: [RepoRow] = []
        // Made to size: growing by doubling would hold a half-size copy beside them (at 10,000 repositories the
        // rows are the sweep's largest values). A record's counts are its result's, vendored apps included.
        apps.reserveCapacity(record.repos.reduce(0) { $0 + max(1, $1.counts?.apps ?? 1) })
        repoRows.reserveCapacity(record.repos.count)
        var suppressions: [SuppressionRow] = []
        var shared = StringTable()
        for repo in record.repos {
            var rows: [AppRow] = []
            var vendored = AppCounts()
            let resultDate = repo.scannedIn.flatMap(RunID.date)
            if let report = snapshot.report(repo.key) {
                // Vendored example apps are left out of the org's figures (config include_vendored_apps counts them).
                vendored = AppCounts(report.apps.filter { !$0.counted })
                for app in report.apps where app.counted {
                    let blocking = Set(app.findings.filter { $0.severity == .error }.map(\.rule)).sorted().map { shared($0) }
                    rows.append(
                        AppRow(
                            repo: repo.key, repoName: repo.name, path: shared(app.path), target: shared(app.target), platform: app.platform,
                            framework: app.framework, frameworkVersion: shared(app.frameworkVersion), verdict: app.verdict,
                            reportedVerdict: app.verdict, resultDate: resultDate,
                            errors: app.count(.error), warnings: app.count(.warning), notes: app.count(.note), team: repo.team,
                            commit: repo.commit, status: repo.status, blockingRules: blocking, owners: app.owners,
                            topFinding: AppRow.worst(app.findings).map { shared($0) }, toolchain: app.toolchain,
                            laggingDependencies: app.dependencies.filter(\.isBlocking), suppressed: app.suppressed.count,
                            suppressionsRefused: app.refusedSuppressions.count,
                            uncheckedReason: app.verdict == .unknown ? app.unreadable.first : nil))
                    for (items, accepted) in [(app.suppressed, true), (app.refusedSuppressions, false)] {
                        suppressions += items.map { SuppressionRow(repo: repo, app: app, suppressed: $0, accepted: accepted) }
                    }
                }
            } else if repo.status == .failed {
                rows.append(
                    AppRow(
                        repo: repo.key, repoName: repo.name, path: "", target: "", platform: "", framework: "", frameworkVersion: nil,
                        verdict: .unknown, reportedVerdict: nil, resultDate: nil, errors: 0, warnings: 0, notes: 0,
                        team: repo.team, commit: nil,
                        status: repo.status, blockingRules: [], owners: [], topFinding: nil, toolchain: AppToolchain(pins: []),
                        laggingDependencies: [], suppressed: 0, suppressionsRefused: 0))
            }
            rows.sort { ($0.path, $0.target) < ($1.path, $1.target) }
            apps += rows
            repoRows.append(
                RepoRow(
                    repo: repo.key, name: repo.name, team: repo.team, status: repo.status, commit: repo.commit,
                    counts: AppCounts(rows) + vendored,
                    error: repo.error, failingSince: repo.failingSince, scannedIn: repo.scannedIn, resultDate: resultDate))
        }
        // Repositories (repoRows follows record.repos) and owners by team, in one pass each.
        var teamRepos: [String: [Int]] = [:]
        for (index, repo) in record.repos.enumerated() { teamRepos[repo.team ?? noTeam, default: []].append(index) }
        var teamOwners: [String: Set<String>] = [:]
        for app in apps { teamOwners[app.team ?? noTeam, default: []].formUnion(app.owners) }
        let teams = teamRepos.keys.sorted().map { team in
            let indices = teamRepos[team] ?? []
            return TeamSummary(
                team: team, counts: indices.map { repoRows[$0].counts }.sum(), repos: indices.count,
                failedRepos: indices.filter { record.repos[$0].status.isFailure }.count,
                owners: (teamOwners[team] ?? []).sorted(), patches: PatchCounts.total(indices.map { record.repos[$0] }),
                campaign: campaign.map { progress(of: indices.map { repoRows[$0] }, stages: $0) })
        }
        var blockedByRule: [String: Int] = [:]
        for app in apps where app.verdict == .blocked {
            for rule in app.blockingRules { blockedByRule[rule, default: 0] += 1 }
        }
        let topRules = blockedByRule.map { RuleCount(rule: $0.key, apps: $0.value) }.sorted { ($1.apps, $0.rule) < ($0.apps, $1.rule) }
        let readiness = ReadinessBreakdown(apps)
        let days = record.fleet.deadline.map { $0.days(from: CalendarDay(date)) }
        return FleetSummary(
            run: record.id, fleetName: record.fleet.name, generatedAt: date, toolVersion: record.tool.version,
            rulePack: record.tool.rulePack,
            deadline: record.fleet.deadline, daysToDeadline: days, totals: repoRows.map(\.counts).sum(), repos: record.repos.count,
            failedRepos: record.repos.count { $0.status.isFailure },
            scannedRepos: record.repos.count { $0.status == .scanned },
            reusedRepos: record.repos.count { $0.status == .reused },
            staleRepos: record.repos.count { $0.status == .stale },
            skippedRepos: record.repos.count { $0.status == .skipped },
            staleSince: apps.filter(\.stale).compactMap(\.resultDate).min(),
            teams: teams, repoRows: repoRows, apps: apps, topBlockingRules: topRules,
            suppressions: suppressions.sorted {
                ($0.team ?? noTeam, $0.finding.repoName, $0.finding.file, $0.finding.line)
                    < ($1.team ?? noTeam, $1.finding.repoName, $1.finding.file, $1.finding.line)
            },
            diff: diff, blockedByXcode: readiness.blockedByXcode, blockingDependencies: readiness.blockingDependencies,
            patches: PatchCounts.total(record.repos), campaign: campaign.map { progress(of: repoRows, stages: $0) })
    }

    /// Each repository's blocked apps in its campaign stage.
    static func progress(of rows: [RepoRow], stages: [RepoKey: CampaignMark]) -> CampaignProgress {
        var progress = CampaignProgress()
        for row in rows where row.counts.blocked > 0 { progress.add(blocked: row.counts.blocked, mark: stages[row.repo]) }
        return progress
    }
}

extension AppCounts {
    /// The fleet's apps, added up.
    package init(_ rows: some Sequence<AppRow>) {
        self = rows.map(\.counts).sum()
    }
}

package struct TeamSummary: Sendable, Hashable {
    package let team: String
    package let counts: AppCounts
    package let repos: Int
    package let failedRepos: Int
    /// Everyone CODEOWNERS names for the team's apps, sorted.
    package let owners: [String]
    /// The team's blocked apps with a verified patch, and those explained (nil without `fix: patches`).
    package var patches: PatchCounts? = nil
    /// The team's blocked apps by campaign stage (nil without a campaign).
    package var campaign: CampaignProgress? = nil
}

package struct RepoRow: Sendable, Hashable {
    package let repo: RepoKey
    package let name: String
    package let team: String?
    package let status: RepoStatus
    package let commit: String?
    /// Its apps (one unknown app when it was never scanned), vendored ones apart.
    package let counts: AppCounts
    package let error: String?
    package let failingSince: String?
    package let scannedIn: String?
    /// When the result was made (the time of the run that scanned it); nil without a result.
    package let resultDate: Date?
}

/// One app of the fleet, as apps.csv lists it.
package struct AppRow: Sendable, Hashable {
    package let repo: RepoKey
    package let repoName: String
    /// The app's folder in its repository; "" for the stand-in of a repository never scanned.
    package let path: String
    package let target: String
    package let platform: String
    package let framework: String
    package let frameworkVersion: String?
    /// The verdict that counts: the result's, also when it is stale (never better than it).
    package let verdict: Verdict
    /// The verdict of the result itself; nil when there is no result.
    package let reportedVerdict: Verdict?
    /// Whether the result is carried from an earlier run because the repository could not be brought up
    /// to date (derived from `status`, so a row cannot be stale under any other status).
    package var stale: Bool { status == .stale }
    /// When the result was made (the time of the run that scanned it); nil without a result.
    package let resultDate: Date?
    package let errors: Int
    package let warnings: Int
    package let notes: Int
    package let team: String?
    package let commit: String?
    package let status: RepoStatus
    /// Error rules that fired in the app, sorted.
    package let blockingRules: [String]
    /// The app's owners from its repository's CODEOWNERS.
    package let owners: [String]
    /// The app's worst finding (the first of the highest severity, in report order); nil without any.
    package let topFinding: Finding?
    /// The Xcode the app builds with (no pins for a repository never scanned).
    package let toolchain: AppToolchain
    /// The app's dependencies that must move before it is ready.
    package let laggingDependencies: [DependencyStatus]
    /// Findings a `scenesweep:ignore` comment suppressed (not counted), and comments the fleet refused
    /// (their findings counted).
    package let suppressed: Int
    package let suppressionsRefused: Int
    /// Why the scan reported the app unknown (an unreadable input, no app identified); nil otherwise.
    package var uncheckedReason: String? = nil

    /// The app's counts.
    package var counts: AppCounts {
        AppCounts(
            app: verdict, errors: errors, warnings: warnings, notes: notes, suppressed: suppressed,
            suppressionsRefused: suppressionsRefused, stale: stale)
    }

    static func worst(_ findings: [Finding]) -> Finding? {
        var worst: Finding?
        for finding in findings where worst.map({ finding.severity > $0.severity }) ?? true {
            worst = finding
        }
        return worst
    }
}

/// A `scenesweep:ignore` comment that matched a finding, and whether the fleet accepted it.
package struct SuppressionRow: Sendable, Hashable {
    /// The finding the comment covers, where it is.
    package let finding: FleetFinding
    package let team: String?
    package let reason: String
    /// False when the fleet's policy refused it: the finding counts with its severity.
    package let accepted: Bool

    init(repo: RepoRecord, app: AppReport, suppressed: SuppressedFinding, accepted: Bool) {
        finding = FleetFinding(repo: repo.key, repoName: repo.name, app: app, finding: suppressed.finding)
        team = repo.team
        reason = suppressed.reason
        self.accepted = accepted
    }
}

package struct RuleCount: Sendable, Hashable {
    package let rule: String
    package let apps: Int
}

extension PatchCounts {
    /// The repositories' patch figures added up; nil when none of them has any.
    static func total(_ repos: [RepoRecord]) -> PatchCounts? {
        let figures = repos.compactMap(\.patches)
        return figures.isEmpty ? nil : figures.reduce(PatchCounts(), +)
    }
}
