import Foundation
import Results
import TestSupport
import Testing

@testable import Fleet

/// A sweep in worker processes lets go of each result once it has checked it, and reads them all again from
/// the run folder for the diff and the summary (its memory no longer grows with the fleet while workers run).
@Suite("Results written by workers are read again for the diff and the summary")
struct WorkerResultsTests {
    private static let fleet = """
        repos:
          - url: shop
            team: retail
          - url: bank
            team: money
          - url: suite
            team: money

        """

    private func harness() throws -> FleetHarness {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("bank", fixture: "migrated-swift-uikit")
        try harness.repository("suite", fixture: "workspace-two-apps-with-extensions")
        try harness.writeConfig(Self.fleet)
        return harness
    }

    @Test func aWorkerSweepSummarisesEveryAppAsAnInProcessSweepDoes() throws {
        let inProcess = try harness().sweep()
        let workers = try harness()
        let isolated = try workers.sweep(workers: WorkerLaunch(executable: ScenesweepBinary.path))
        #expect(isolated.record.repos.allSatisfy { $0.status == .scanned }, "\(isolated.record.repos.map(\.status))")
        #expect(isolated.summary.appLines == inProcess.summary.appLines)
        #expect(isolated.summary.appLines.count >= 4, "\(isolated.summary.appLines)")
        #expect(isolated.summary.totals == inProcess.summary.totals)
        #expect(isolated.summary.totals.blocked > 0)
        #expect(isolated.diff.newApps.count == inProcess.diff.newApps.count)

        // The next run compares with this one's results, read from the run folder too.
        let again = try workers.sweep(workers: WorkerLaunch(executable: ScenesweepBinary.path))
        #expect(again.record.repos.allSatisfy { $0.status == .reused }, "\(again.record.repos.map(\.status))")
        #expect(again.summary.appLines == inProcess.summary.appLines)
        #expect(again.diff.isEmpty)
    }

    @Test func aResultThatCannotBeReadFailsTheReadNamingItsFile() throws {
        let harness = try harness()
        let outcome = try harness.sweep()
        let keys = outcome.record.repos.map(\.key)
        #expect(try harness.store.results(run: outcome.record.id, keys: keys).count == 3)

        let damaged = harness.store.resultPath(run: outcome.record.id, key: keys[1], ext: "json")
        try Data("{\"apps\": [".utf8).write(to: URL(fileURLWithPath: damaged))
        #expect {
            try harness.store.results(run: outcome.record.id, keys: keys)
        } throws: { error in
            "\(error)".contains(damaged)
        }
        #expect(throws: StoreError.self) { try harness.store.snapshot(of: outcome.record.id) }
    }

    @Test func aWrittenResultThatNoLongerReadsIsRememberedNotCountedAsNoApps() throws {
        let harness = try harness()
        let outcome = try harness.sweep()
        let keys = outcome.record.repos.map(\.key)
        let reader = RunResultReader(store: harness.store, run: outcome.record.id, held: [:], written: Set(keys.dropLast()))
        #expect(reader.report(keys[0])?.apps.isEmpty == false)
        #expect(reader.report(keys[2]) == nil, "a repository the run has no written result for")
        #expect(reader.firstProblem == nil)

        let damaged = harness.store.resultPath(run: outcome.record.id, key: keys[1], ext: "json")
        try FileManager.default.removeItem(atPath: damaged)
        #expect(reader.report(keys[1]) == nil)
        #expect(reader.firstProblem?.contains(damaged) == true, "\(reader.firstProblem ?? "no problem")")
        // A held result is never read from the folder.
        let held = RunResultReader(
            store: harness.store, run: outcome.record.id, held: [keys[1]: try harness.store.result(run: outcome.record.id, key: keys[0])],
            written: Set(keys))
        #expect(held.report(keys[1])?.apps.isEmpty == false)
        #expect(held.firstProblem == nil)
    }
}
