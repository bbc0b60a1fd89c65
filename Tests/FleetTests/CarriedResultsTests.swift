import Foundation
import Git
import Results
import TestSupport
import Testing

@testable import Fleet

/// Results carried from the previous run (reused, stale, left out) are placed in the new run folder and
/// not held, and the previous run keeps none of the results it reads: an unchanged sweep's memory does
/// not grow with the fleet.
@Suite("Carried results are placed in the run folder, not held")
struct CarriedResultsTests {
    private static let fleet = """
        repos:
          - url: shop
            team: retail
          - url: bank
            team: money

        """

    /// A harness swept once, and a second run's folder with the work that fills it.
    private func secondRun() throws -> (FleetHarness, RepoWork, [RepoConfig]) {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("bank", fixture: "migrated-swift-uikit")
        try harness.writeConfig(Self.fleet)
        try harness.sweep()
        let config = try harness.config()
        let runID = try harness.store.makeRunFolder(at: harness.clock.now, suffix: { 7 })
        let work = RepoWork(
            config: config, store: harness.store, runID: runID, previous: PreviousRun(store: harness.store),
            environment: harness.environment(), offline: false, credentials: Credentials())
        return (harness, work, config.repos)
    }

    private func apps(_ report: ScanReport?) -> [String] {
        (report?.apps ?? []).map { "\($0.path) \($0.target) \($0.verdict.rawValue) \($0.findings.map(\.fingerprint))" }
    }

    @Test func aReusedResultIsLinkedIntoTheRunAndNotHeld() throws {
        let (harness, work, repos) = try secondRun()
        let previous = try #require(work.previous)
        for repo in repos {
            guard case .done(let outcome) = work.fetch(repo) else {
                Issue.record("\(repo.name) was handed on to be scanned")
                continue
            }
            #expect(outcome.record.status == .reused)
            #expect(outcome.report == nil, "\(repo.name): the reused result is held")
            #expect(outcome.resultInRunFolder)
            let placed = try harness.store.result(run: work.runID, key: repo.key)
            #expect(apps(placed) == apps(previous.report(repo)))
            #expect(!apps(placed).isEmpty)
        }
    }

    @Test func staleAndLeftOutResultsArePlacedAndNotHeld() throws {
        let (harness, work, repos) = try secondRun()
        let stale = work.failure(repos[0], "could not resolve host", branch: nil, fetchSeconds: 0)
        #expect(stale.record.status == .stale)
        #expect(stale.report == nil && stale.resultInRunFolder)
        #expect(!apps(try harness.store.result(run: work.runID, key: repos[0].key)).isEmpty)

        let leftOut = try #require(work.leaveOut(repos[1]))
        #expect(leftOut.record.status == .skipped)
        #expect(leftOut.report == nil && leftOut.resultInRunFolder)
        #expect(!apps(try harness.store.result(run: work.runID, key: repos[1].key)).isEmpty)
    }

    @Test func aFailureWithNothingToCarryHoldsNoResultAndClaimsNone() throws {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig(Self.fleet)
        let config = try harness.config()
        let runID = try harness.store.makeRunFolder(at: harness.clock.now, suffix: { 7 })
        let work = RepoWork(
            config: config, store: harness.store, runID: runID, previous: nil, environment: harness.environment(), offline: false,
            credentials: Credentials())
        let failed = work.failure(config.repos[0], "repository not found", branch: nil, fetchSeconds: 0)
        #expect(failed.record.status == .failed)
        #expect(failed.report == nil && !failed.resultInRunFolder)
    }

    @Test func thePreviousRunReadsEachResultWhenAskedAndKeepsNone() throws {
        let (harness, work, repos) = try secondRun()
        let previous = try #require(work.previous)
        #expect(!apps(previous.report(repos[0])).isEmpty)
        // Damaged after the first read: a kept copy would still answer.
        let path = harness.store.resultPath(run: previous.id, key: repos[0].key, ext: "json")
        try Data("{".utf8).write(to: URL(fileURLWithPath: path))
        #expect(previous.report(repos[0]) == nil)
        #expect(previous.snapshot().report(repos[0].key) == nil)
        #expect(!apps(previous.snapshot().report(repos[1].key)).isEmpty)
    }

    @Test func anUnchangedSweepSummarisesAndDiffsAsTheFirstDid() throws {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("bank", fixture: "migrated-swift-uikit")
        try harness.writeConfig(Self.fleet)
        let first = try harness.sweep()
        let again = try harness.sweep()
        #expect(again.record.repos.allSatisfy { $0.status == .reused }, "\(again.record.repos.map(\.status))")
        #expect(again.summary.appLines == first.summary.appLines)
        #expect(again.summary.appLines.count >= 2, "\(again.summary.appLines)")
        #expect(again.summary.totals == first.summary.totals)
        #expect(again.summary.totals.blocked > 0)
        #expect(again.diff.isEmpty)
    }
}
