import Fleet
import Foundation
import Reports
import Results
import TestSupport
import Testing

/// A run that cannot be stored whole (the disk fills while its reports are written, a write after its
/// run.json fails) is not stored at all: no folder of it stays, history and `latest` are as before, and
/// the next sweep is an ordinary one.
@Suite("Runs that cannot be stored")
struct StoreFailureTests {
    @Test(.enabled(if: ScratchMount.isAvailable, "needs to mount a tmpfs (root with CAP_SYS_ADMIN)"))
    func theDiskFillingUpWhileTheReportsAreWrittenStoresNoPartOfTheRun() throws {
        let harness = try SweepTests.threeRepositories()
        let disk = try #require(ScratchMount.tmpfs(at: harness.workspace, megabytes: 16))
        let first = try harness.sweep()
        let before = KeptRuns(harness.store)
        try harness.bench.append("\n// touched\n", to: "Shelf/AppDelegate.swift", in: harness.bench.path("books"))
        // Reports are rendered first, then written in order: summary.json fits; summary.md, which ends in
        // three links under a `report_url` of 8 MB, is bigger than the 16 MB disk.
        let links = ReportLinks(base: "https://reports.example/" + String(repeating: "a", count: 8 << 20), workspace: harness.workspace)

        let error = try #require(throws: SweepError.self) { try harness.sweep(links: links) }

        #expect(error.message.hasPrefix("cannot store run "))
        #expect(error.message.hasSuffix("/summary.md: No space left on device"), "\(error.message)")
        #expect(KeptRuns(harness.store) == before)
        // The workspace is still the 16 MB disk (kept mounted until the end), now with room again.
        #expect(FileManager.default.fileExists(atPath: disk.path + "/runs"))
        let next = try harness.sweep()
        #expect(next.record.previousRun == first.record.id)
        #expect(harness.record(next, "books")?.status == .scanned)
        #expect(harness.store.completedRuns() == [first.record.id, next.record.id])
        #expect(harness.store.history().map(\.run) == [first.record.id, next.record.id])
    }

    @Test func aHistoryThatCannotBeWrittenAfterRunJSONTakesTheWholeRunBack() throws {
        let harness = try SweepTests.threeRepositories()
        let first = try harness.sweep()
        // history.jsonl a folder: run.json is written, then replacing history.jsonl fails.
        try FileManager.default.removeItem(atPath: harness.store.historyFile)
        try FileManager.default.createDirectory(atPath: harness.store.historyFile + "/x", withIntermediateDirectories: true)
        let before = KeptRuns(harness.store)

        let error = try #require(throws: SweepError.self) { try harness.sweep() }

        #expect(error.message.contains("cannot write \(harness.store.historyFile): Is a directory"), "\(error.message)")
        #expect(KeptRuns(harness.store) == before)
        #expect(harness.store.latestRun() == first.record.id)
    }

    @Test func aLatestThatCannotBeWrittenTakesTheHistoryLineAndTheRunBack() throws {
        let harness = try SweepTests.threeRepositories()
        let first = try harness.sweep()
        try FileManager.default.removeItem(atPath: harness.store.latestFile)
        try FileManager.default.createDirectory(atPath: harness.store.latestFile + "/x", withIntermediateDirectories: true)
        let before = KeptRuns(harness.store)

        let error = try #require(throws: SweepError.self) { try harness.sweep() }

        #expect(error.message.contains("cannot write \(harness.store.latestFile): Is a directory"), "\(error.message)")
        #expect(KeptRuns(harness.store) == before)
        #expect(harness.store.history().map(\.run) == [first.record.id])
    }

    @Test func aRunKilledBetweenItsRunJSONAndItsHistoryLineIsTakenBackByTheNextSweep() throws {
        let harness = try SweepTests.threeRepositories()
        let first = try harness.sweep()
        let history = try Data(contentsOf: URL(fileURLWithPath: harness.store.historyFile))
        let second = try harness.sweep()
        // As a kill right after run.json leaves it: history and `latest` as before the second run.
        try history.write(to: URL(fileURLWithPath: harness.store.historyFile))
        try AtomicFile.write(first.record.id + "\n", to: harness.store.latestFile)

        let third = try harness.sweep()

        #expect(third.record.previousRun == first.record.id)
        #expect(harness.store.completedRuns() == [first.record.id, third.record.id])
        #expect(harness.store.history().map(\.run) == [first.record.id, third.record.id])
        #expect(!FileManager.default.fileExists(atPath: harness.store.runFolder(second.record.id)))
    }

    @Test func aRunKilledBetweenItsHistoryLineAndLatestIsMadeLatestByTheNextSweep() throws {
        let harness = try SweepTests.threeRepositories()
        let first = try harness.sweep()
        let second = try harness.sweep()
        try AtomicFile.write(first.record.id + "\n", to: harness.store.latestFile)

        let third = try harness.sweep()

        #expect(third.record.previousRun == second.record.id)
        #expect(harness.store.completedRuns() == [first.record.id, second.record.id, third.record.id])
        #expect(harness.store.history().map(\.run) == [first.record.id, second.record.id, third.record.id])
    }
}
