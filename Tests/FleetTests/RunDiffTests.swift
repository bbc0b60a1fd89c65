import Fleet
import Foundation
import Results
import ScanCore
import Synchronization
import Testing

/// Diffs and summaries computed from run values built by hand.
@Suite("Run diffs and summaries")
struct RunDiffTests {
    static func finding(_ rule: String, _ severity: Severity, print: String, file: String = "App/AppDelegate.swift") -> Finding {
        var finding = Finding(rule: rule, severity: severity, message: "\(rule) here", file: file, line: 1, column: 1, anchor: "")
        finding.fingerprint = print
        return finding
    }

    static func app(_ path: String, _ verdict: Verdict, _ findings: [Finding] = [], target: String? = nil) -> AppReport {
        AppReport(
            path: path, target: target ?? path, project: nil, platform: "iOS", framework: "native", frameworkVersion: nil, verdict: verdict,
            findings: findings, suppressed: [], unreadable: [])
    }

    static func repo(_ name: String, _ status: RepoStatus, team: String? = nil, error: String? = nil) -> RepoRecord {
        RepoRecord(
            key: RepoKey(rawValue: "local-\(name)-00000000"), name: name, url: "/srv/\(name).git", branch: nil, team: team, status: status,
            commit: status == .failed ? nil : "c0ffee", scannedIn: status == .failed ? nil : "20261130T060000Z-0000", error: error,
            failingSince: status.isFailure ? "20261130T060000Z-0000" : nil)
    }

    static func snapshot(_ id: String, _ repos: [(RepoRecord, [AppReport]?)], deadline: String? = "2027-04-01") -> RunSnapshot {
        var reports: [RepoKey: ScanReport] = [:]
        for (record, apps) in repos {
            if let apps {
                reports[record.key] = ScanReport(root: record.name, toolVersion: "0.1.0", rulePack: "ios27", apps: apps, diagnostics: [])
            }
        }
        // A scanned repository's result was made in this run, as a sweep records it; a carried one keeps its
        // run (two records with one `scannedIn` hold one result).
        let records = repos.map { record, _ in
            var record = record
            if record.status == .scanned { record.scannedIn = id }
            return record
        }
        let record = RunRecord(
            id: id, fleet: FleetInfo(name: "Acme", deadline: deadline.flatMap(CalendarDay.init)),
            tool: ToolInfo(version: "0.1.0", rulePack: "ios27"),
            configHash: "h", startedAt: Date(timeIntervalSince1970: 1_796_018_400), finishedAt: Date(timeIntervalSince1970: 1_796_018_460),
            offline: false, only: [], previousRun: nil, repos: records)
        return RunSnapshot(record: record, reports: reports)
    }

    static let old = "20261129T060000Z-0000"
    static let new = "20261130T060000Z-0000"

    @Test func verdictChangesAreRegressionsImprovementsOrNeither() {
        let cases: [(Verdict, Verdict, String)] = [
            (.ready, .atRisk, "worse"), (.ready, .blocked, "worse"), (.atRisk, .blocked, "worse"), (.ready, .unknown, "worse"),
            (.blocked, .ready, "better"), (.atRisk, .ready, "better"), (.unknown, .ready, "better"),
            (.blocked, .unknown, "neither"), (.unknown, .blocked, "neither"), (.atRisk, .unknown, "neither"),
        ]
        for (from, to, expected) in cases {
            let before = Self.snapshot(Self.old, [(Self.repo("shop", .scanned), [Self.app("App", from)])])
            let after = Self.snapshot(Self.new, [(Self.repo("shop", .scanned), [Self.app("App", to)])])
            let diff = RunDiff.between(before, after)
            let found =
                !diff.regressions.isEmpty
                ? "worse" : !diff.improvements.isEmpty ? "better" : !diff.otherChanges.isEmpty ? "neither" : "none"
            #expect(found == expected, "\(from) -> \(to)")
        }
    }

    @Test func findingsAreNewOrResolvedByFingerprintNotByLine() {
        var moved = Self.finding("window-lookup", .warning, print: "aaaa")
        moved = Finding(
            rule: moved.rule, severity: moved.severity, message: moved.message, file: moved.file, line: 40, column: 3, anchor: "")
        moved.fingerprint = "aaaa"
        let before = Self.snapshot(
            Self.old,
            [
                (
                    Self.repo("shop", .scanned),
                    [
                        Self.app(
                            "App", .atRisk,
                            [Self.finding("window-lookup", .warning, print: "aaaa"), Self.finding("main-screen-use", .note, print: "bbbb")])
                    ]
                )
            ])
        let after = Self.snapshot(
            Self.new,
            [(Self.repo("shop", .scanned), [Self.app("App", .atRisk, [moved, Self.finding("status-bar-api", .warning, print: "cccc")])])])

        let diff = RunDiff.between(before, after)

        #expect(diff.newFindings.map(\.fingerprint) == ["cccc"])
        #expect(diff.resolvedFindings.map(\.fingerprint) == ["bbbb"])
        #expect(diff.regressions.isEmpty)
    }

    @Test func aStaleRepositoryIsListedApartAndNothingOfItIsResolvedImprovedOrRemoved() {
        let before = Self.snapshot(
            Self.old,
            [
                (
                    Self.repo("shop", .scanned),
                    [Self.app("App", .blocked, [Self.finding("scene-manifest-missing", .error, print: "aaaa")]), Self.app("Old", .ready)]
                )
            ])
        // The newer run could not fetch: what it shows is an older, different result (say from a third run).
        let after = Self.snapshot(
            Self.new, [(Self.repo("shop", .stale, error: "authentication failed for https://x"), [Self.app("App", .ready)])])

        let diff = RunDiff.between(before, after)

        #expect(diff.staleRepos.map(\.error) == ["authentication failed for https://x"])
        #expect(diff.resolvedFindings.isEmpty)
        #expect(diff.improvements.isEmpty)
        #expect(diff.removedApps.isEmpty)
        #expect(diff.otherChanges.map(\.to) == [.ready])
        // It counts with the verdict of the result shown, marked stale: never better than that result.
        let summary = FleetSummary.make(snapshot: after, diff: diff, at: Date(timeIntervalSince1970: 1_796_018_400))
        #expect(summary.totals.ready == 1)
        #expect(summary.totals.unknown == 0)
        #expect(summary.staleApps == 1)
        #expect(summary.apps.map(\.stale) == [true])
    }

    /// Reads of a run's results, by repository name, counted.
    final class ReadLog: Sendable {
        private let names = Mutex<[String]>([])
        var read: [String] { names.withLock { $0.sorted() } }
        func counting(_ snapshot: RunSnapshot, as run: String) -> RunSnapshot {
            RunSnapshot(record: snapshot.record) { [self] key in
                names.withLock { $0.append("\(run) \(key.rawValue.split(separator: "-")[1])") }
                return snapshot.report(key)
            }
        }
    }

    @Test func aResultCarriedUnchangedIsNeitherReadNorCompared() {
        let kept = Self.repo("kept", .scanned)
        var reused = kept
        (reused.status, reused.scannedIn) = (.reused, Self.old)
        var stale = Self.repo("late", .scanned)
        (stale.status, stale.scannedIn, stale.error) = (.stale, Self.old, "network")
        let blocked = [Self.app("App", .blocked, [Self.finding("scene-manifest-missing", .error, print: "aaaa")])]
        let before = Self.snapshot(
            Self.old, [(kept, blocked), (Self.repo("late", .scanned), blocked), (Self.repo("moved", .scanned), blocked)])
        let after = Self.snapshot(
            Self.new, [(reused, blocked), (stale, blocked), (Self.repo("moved", .scanned), [Self.app("App", .ready)])])
        let log = ReadLog()

        let diff = RunDiff.between(log.counting(before, as: "old"), log.counting(after, as: "new"))

        // Only the repository scanned again is read, once in each run.
        #expect(log.read == ["new moved", "old moved"])
        #expect(diff.improvements.map(\.repoName) == ["moved"])
        #expect(diff.resolvedFindings.map(\.repoName) == ["moved"])
        #expect(diff.staleRepos.map(\.repoName) == ["late"])
        #expect(diff.regressions.isEmpty && diff.newFindings.isEmpty && diff.newApps.isEmpty)
    }

    @Test func appsAndRepositoriesThatComeAndGoAreListed() {
        let before = Self.snapshot(
            Self.old,
            [
                (Self.repo("shop", .scanned), [Self.app("App", .ready), Self.app("Clip", .ready)]),
                (Self.repo("gone", .scanned), [Self.app("G", .blocked)]),
            ])
        let after = Self.snapshot(
            Self.new,
            [
                (Self.repo("shop", .scanned), [Self.app("App", .ready), Self.app("Widget", .atRisk)]),
                (Self.repo("fresh", .scanned), [Self.app("F", .ready)]),
            ])

        let diff = RunDiff.between(before, after)

        #expect(diff.newApps.map(\.path) == ["Widget"])
        #expect(diff.removedApps.map(\.path) == ["Clip"])
        #expect(diff.newRepos.map(\.repoName) == ["fresh"])
        #expect(diff.removedRepos.map(\.repoName) == ["gone"])
        #expect(diff.resolvedFindings.isEmpty && diff.newFindings.isEmpty)
    }

    @Test func theFirstRunHasNothingToCompareWith() {
        let diff = RunDiff.between(nil, Self.snapshot(Self.new, [(Self.repo("shop", .scanned), [Self.app("App", .blocked)])]))
        #expect(diff.from == nil)
        #expect(diff.isEmpty)
    }

    @Test func theSummaryCountsVerdictsTeamsRulesAndDaysToTheDeadline() {
        let blocked = Self.app(
            "App", .blocked,
            [Self.finding("scene-manifest-missing", .error, print: "a"), Self.finding("app-delegate-window", .error, print: "b")])
        let snapshot = Self.snapshot(
            Self.new,
            [
                (Self.repo("shop", .scanned, team: "commerce"), [blocked, Self.app("Clip", .ready)]),
                (
                    Self.repo("wallet", .reused, team: "payments"),
                    [Self.app("W", .blocked, [Self.finding("scene-manifest-missing", .error, print: "c")])]
                ),
                (Self.repo("kiosk", .stale, team: "payments", error: "network"), [Self.app("K", .ready), Self.app("K2", .atRisk)]),
                (Self.repo("ghost", .failed, error: "repository not found at /x"), nil),
            ])

        let summary = FleetSummary.make(
            snapshot: snapshot, diff: RunDiff.between(nil, snapshot), at: Date(timeIntervalSince1970: 1_796_018_400))

        #expect(summary.totals == AppCounts(summary.apps))
        #expect(summary.totals.apps == 6)
        #expect(summary.totals.blocked == 2)
        #expect(summary.totals.atRisk == 1)
        #expect(summary.totals.ready == 2)
        #expect(summary.totals.unknown == 1)
        #expect(summary.staleApps == 2)
        #expect(summary.readiness == 33.3)
        #expect(summary.repos == 4)
        #expect(summary.failedRepos == 2)
        #expect(summary.daysToDeadline == 122)
        #expect(summary.teams.map(\.team) == ["(no team)", "commerce", "payments"])
        #expect(summary.teams.map(\.counts.apps) == [1, 2, 3])
        #expect(summary.topBlockingRules.map { "\($0.rule)=\($0.apps)" } == ["scene-manifest-missing=2", "app-delegate-window=1"])
        #expect(summary.apps.map(\.path) == ["App", "Clip", "W", "K", "K2", ""])
        #expect(summary.apps.last?.status == .failed)
        #expect(summary.apps.allSatisfy { $0.owners.isEmpty })
    }

    @Test func aPassedDeadlineCountsNegativeDays() {
        let snapshot = Self.snapshot(Self.new, [(Self.repo("shop", .scanned), [Self.app("App", .ready)])], deadline: "2026-11-01")
        let summary = FleetSummary.make(
            snapshot: snapshot, diff: RunDiff.between(nil, snapshot), at: Date(timeIntervalSince1970: 1_796_018_400))
        #expect(summary.daysToDeadline == -29)
    }
}
