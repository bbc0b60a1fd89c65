import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// A sweep in worker processes scans with every setting of the fleet config, as one in-process does.
@Suite("Worker processes get the fleet's scan settings")
struct WorkerSettingsTests {
    @Test func forcedLevelsSuppressionPolicyAndPatchesReachTheWorkers() throws {
        let harness = FleetHarness()
        try harness.repository(
            "shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig(
            """
            rules: { force_severity: { app-delegate-window: warning } }
            suppressions: { allow: [window-lookup] }
            fix: { patches: true }
            repos:
              - url: shop

            """)
        let outcome = try harness.sweep(workers: WorkerLaunch(executable: ScenesweepBinary.path))
        let record = try #require(harness.record(outcome, "shop"))
        #expect(record.status == .scanned, "\(record.error ?? "")")
        let report = try harness.store.result(run: outcome.record.id, key: record.key)
        let windows = report.apps.flatMap(\.findings).filter { $0.rule == "app-delegate-window" }
        #expect(!windows.isEmpty)
        #expect(windows.allSatisfy { $0.severity == .warning }, "\(windows.map(\.severity))")
        #expect(record.patches == PatchCounts(patched: 1, explained: 0))
        let folder = harness.store.patchFolder(run: outcome.record.id, key: record.key)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasSuffix(".patch") })
    }
}
