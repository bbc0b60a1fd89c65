import Foundation
import ScanCore

/// What changed between two stored runs: verdicts per app, findings by fingerprint, apps and
/// repositories that came or went, and the repositories that could not be brought up to date.
///
/// A repository the newer run could not fetch or scan (stale, failed, or left out by `--only`) was not
/// observed: nothing of it counts as resolved, removed or improved, because absence of evidence is not
/// a fix. Apps and findings of repositories that are new or removed are not listed one by one; the
/// repository is.
package struct RunDiff: Sendable {
    /// The older run; nil when there was none to compare with (the first sweep).
    package let from: String?
    package let to: String
    package var regressions: [VerdictChange] = []
    package var improvements: [VerdictChange] = []
    /// Changes to or from `unknown` that are neither (blocked → unknown is not a fix).
    package var otherChanges: [VerdictChange] = []
    package var newFindings: [FleetFinding] = []
    package var resolvedFindings: [FleetFinding] = []
    /// Findings that got a `scenesweep:ignore` comment since the older run (accepted by the fleet's policy
    /// or not), or whose comment the policy accepts now: never listed as resolved.
    package var suppressedFindings: [SuppressedChange] = []
    /// Verdicts that got better only because comments the fleet accepts now suppress findings: never
    /// listed as improvements.
    package var suppressionChanges: [VerdictChange] = []
    package var newApps: [AppChange] = []
    package var removedApps: [AppChange] = []
    package var newRepos: [RepoChange] = []
    package var removedRepos: [RepoChange] = []
    /// Repositories of the newer run that could not be fetched or scanned.
    package var staleRepos: [StaleRepo] = []
    /// Apps whose builds moved to another Xcode (a pin changed, or a floating pin's image did).
    package var toolchainMoves: [ToolchainMove] = []

    /// Blocked apps whose builds moved to Xcode 27 or later in this run: the crash reaches that build now.
    package var pinRegressions: [ToolchainMove] { toolchainMoves.filter(\.isRegression) }

    package init(from: String?, to: String) {
        self.from = from
        self.to = to
    }

    package var isEmpty: Bool {
        regressions.isEmpty && improvements.isEmpty && otherChanges.isEmpty && newFindings.isEmpty && resolvedFindings.isEmpty
            && suppressedFindings.isEmpty && suppressionChanges.isEmpty && newApps.isEmpty && removedApps.isEmpty && newRepos.isEmpty
            && removedRepos.isEmpty && toolchainMoves.isEmpty
    }

    /// Compares a run with an older one (nil: nothing to compare with).
    package static func between(_ old: RunSnapshot?, _ new: RunSnapshot) -> RunDiff {
        var diff = RunDiff(from: old?.record.id, to: new.record.id)
        for repo in new.record.repos where repo.status.isFailure {
            diff.staleRepos.append(
                StaleRepo(
                    repo: repo.key, repoName: repo.name, team: repo.team, error: repo.error ?? "", failingSince: repo.failingSince,
                    hasResult: repo.hasResult, resultCommit: repo.commit, resultDate: repo.scannedIn.flatMap(RunID.date)))
        }
        guard let old else { return diff }
        // A repository is the same one across runs by its key (made from its name), or by its name alone
        // against a run stored before keys were made from names.
        // By position, not by copies of the records: at 10,000 repositories those tables were 12 MB, the
        // peak of an unchanged sweep.
        let oldRepos = old.record.repos
        let oldByKey = Dictionary(oldRepos.indices.map { (oldRepos[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        let oldByName = Dictionary(oldRepos.indices.map { (oldRepos[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        let newKeys = Set(new.record.repos.map(\.key))
        let newNames = Set(new.record.repos.map(\.name))
        for repo in new.record.repos {
            guard let index = oldByKey[repo.key] ?? oldByName[repo.name] else {
                diff.newRepos.append(
                    RepoChange(repo: repo.key, repoName: repo.name, team: repo.team, apps: new.report(repo.key)?.apps.count))
                continue
            }
            // A result compared with itself changes nothing: neither copy is read (in a nightly sweep,
            // most repositories).
            let before = oldRepos[index]
            if repo.hasSameResult(as: before) { continue }
            diff.compare(repo: repo, old: old.report(before.key), new: new.report(repo.key))
        }
        for repo in old.record.repos where !newKeys.contains(repo.key) && !newNames.contains(repo.name) {
            diff.removedRepos.append(
                RepoChange(repo: repo.key, repoName: repo.name, team: repo.team, apps: old.report(repo.key)?.apps.count))
        }
        return diff
    }

    private mutating func compare(repo: RepoRecord, old: ScanReport?, new: ScanReport?) {
        let observed = repo.status.isCurrent
        guard let new else { return }
        func change(_ app: AppReport) -> AppChange {
            AppChange(repo: repo.key, repoName: repo.name, team: repo.team, path: app.path, target: app.target, verdict: app.verdict)
        }
        guard let old else {
            newApps += new.apps.map(change)
            return
        }
        let oldApps = Dictionary(old.apps.map { (AppIdentity($0), $0) }, uniquingKeysWith: { first, _ in first })
        let newIdentities = Set(new.apps.map(AppIdentity.init))
        for app in new.apps {
            guard let before = oldApps[AppIdentity(app)] else {
                newApps.append(change(app))
                continue
            }
            // Fingerprints of findings under a comment before (results stored before suppressed findings
            // had fingerprints have none) and of those a comment now suppresses or was refused for.
            let commentedBefore = Set((before.suppressed + before.refusedSuppressions).map(\.finding.fingerprint)).subtracting([""])
            let acceptedBefore = Set(before.suppressed.map(\.finding.fingerprint)).subtracting([""])
            let acceptedNow = Set(app.suppressed.map(\.finding.fingerprint))
            let commented = app.suppressed.map { ($0, true) } + app.refusedSuppressions.map { ($0, false) }
            // Newly under a comment, or newly accepted (the fleet's policy changed): suppressed, not resolved.
            for (item, accepted) in commented
            where !commentedBefore.contains(item.finding.fingerprint) || (accepted && !acceptedBefore.contains(item.finding.fingerprint)) {
                suppressedFindings.append(
                    SuppressedChange(
                        change: FleetFinding(repo: repo.key, repoName: repo.name, app: app, finding: item.finding), reason: item.reason,
                        accepted: accepted))
            }
            if before.verdict != app.verdict {
                let item = VerdictChange(
                    repo: repo.key, repoName: repo.name, team: repo.team, path: app.path, target: app.target, from: before.verdict,
                    to: app.verdict)
                // What the verdict would be without the comments accepted since the older run.
                let newlySuppressed = app.suppressed.filter { !acceptedBefore.contains($0.finding.fingerprint) }.map(\.finding)
                let unsuppressed = Verdict.of(app.findings + newlySuppressed, unreadable: app.unreadable)
                switch Self.direction(from: before.verdict, to: app.verdict) {
                case .worse: regressions.append(item)
                case .better where !newlySuppressed.isEmpty && Self.direction(from: before.verdict, to: unsuppressed) != .better:
                    suppressionChanges.append(item)
                case .better where observed: improvements.append(item)
                case .better, .neither: otherChanges.append(item)
                }
            }
            if let move = ToolchainMove(repo: repo, from: before, to: app) { toolchainMoves.append(move) }
            let beforePrints = Set(before.findings.map(\.fingerprint))
            let afterPrints = Set(app.findings.map(\.fingerprint)).union(acceptedNow)
            for finding in app.findings where !beforePrints.contains(finding.fingerprint) {
                newFindings.append(FleetFinding(repo: repo.key, repoName: repo.name, app: app, finding: finding))
            }
            // A finding is resolved only when the app was read whole: one the scan could not see (an
            // unreadable project, plist or source) is not evidence of a fix.
            if observed, app.unreadable.isEmpty {
                for finding in before.findings where !afterPrints.contains(finding.fingerprint) {
                    resolvedFindings.append(FleetFinding(repo: repo.key, repoName: repo.name, app: app, finding: finding))
                }
            }
        }
        if observed {
            for app in old.apps where !newIdentities.contains(AppIdentity(app)) {
                removedApps.append(change(app))
            }
        }
    }

    enum Direction {
        case worse, better, neither
    }

    /// ready < at-risk < blocked; leaving `ready` for `unknown` is worse, reaching `ready` from it better,
    /// and any other move to or from `unknown` is neither.
    static func direction(from: Verdict, to: Verdict) -> Direction {
        func rank(_ verdict: Verdict) -> Int? {
            switch verdict {
            case .ready: return 0
            case .atRisk: return 1
            case .blocked: return 2
            case .unknown: return nil
            }
        }
        switch (rank(from), rank(to)) {
        case (let before?, let after?): return after > before ? .worse : (after < before ? .better : .neither)
        case (0, nil): return .worse
        case (nil, 0): return .better
        default: return .neither
        }
    }
}

/// An app's identity across runs: its folder and target.
struct AppIdentity: Hashable {
    let path: String
    let target: String

    init(_ app: AppReport) {
        path = app.path
        target = app.target
    }
}

package struct VerdictChange: Sendable, Hashable {
    package let repo: RepoKey
    package let repoName: String
    package let team: String?
    package let path: String
    package let target: String
    package let from: Verdict
    package let to: Verdict
}

/// An app whose builds use another Xcode than in the previous run.
package struct ToolchainMove: Sendable, Hashable {
    package let repo: RepoKey
    package let repoName: String
    package let team: String?
    package let path: String
    package let target: String
    /// The Xcode column before and after ("16.4", "latest"; nil when unknown).
    package let from: String?
    package let to: String?
    package let fromStatus: AppToolchain.Status
    package let toStatus: AppToolchain.Status
    /// The app's verdict in the newer run.
    package let verdict: Verdict
    /// The pin that decides now, `file:line`.
    package let pin: String?

    /// The move put a blocked app's build on Xcode 27 or later: it crashes at launch in that build.
    package var isRegression: Bool {
        toStatus == .current && fromStatus != .current && verdict == .blocked
    }

    init?(repo: RepoRecord, from old: AppReport, to new: AppReport) {
        guard old.toolchain.xcode != new.toolchain.xcode || old.toolchain.status != new.toolchain.status else { return nil }
        self.repo = repo.key
        repoName = repo.name
        team = repo.team
        path = new.path
        target = new.target
        from = old.toolchain.xcode
        to = new.toolchain.xcode
        fromStatus = old.toolchain.status
        toStatus = new.toolchain.status
        verdict = new.verdict
        pin = new.toolchain.deciding.map { "\($0.location.file):\($0.location.line)" }
    }
}

/// A finding with where it is in the fleet: its repository and app.
package struct FleetFinding: Sendable, Hashable {
    package let repo: RepoKey
    package let repoName: String
    package let path: String
    package let target: String
    package let rule: String
    package let severity: Severity
    package let message: String
    package let file: String
    package let line: Int
    package let fingerprint: String

    init(repo: RepoKey, repoName: String, app: AppReport, finding: Finding) {
        self.repo = repo
        self.repoName = repoName
        path = app.path
        target = app.target
        rule = finding.rule
        severity = finding.severity
        message = finding.message
        file = finding.file
        line = finding.line
        fingerprint = finding.fingerprint
    }
}

/// A finding that got a `scenesweep:ignore` comment, with its reason and whether the fleet accepted it.
package struct SuppressedChange: Sendable, Hashable {
    package let change: FleetFinding
    package let reason: String
    package let accepted: Bool
}

package struct AppChange: Sendable, Hashable {
    package let repo: RepoKey
    package let repoName: String
    package let team: String?
    package let path: String
    package let target: String
    package let verdict: Verdict
}

package struct RepoChange: Sendable, Hashable {
    package let repo: RepoKey
    package let repoName: String
    package let team: String?
    /// Apps in its result; nil when it has none.
    package let apps: Int?
}

package struct StaleRepo: Sendable, Hashable {
    package let repo: RepoKey
    package let repoName: String
    package let team: String?
    package let error: String
    package let failingSince: String?
    /// Whether an older result is carried forward.
    package let hasResult: Bool
    package let resultCommit: String?
    /// When the carried result was made; nil without one.
    package let resultDate: Date?
}
