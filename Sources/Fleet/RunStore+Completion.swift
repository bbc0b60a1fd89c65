import Foundation
import Results
import ScanCore

#if canImport(Glibc)
    import Glibc
#endif

extension RunStore {
    /// Where `sweep --shard I/N` keeps its own store (mirrors, runs, history, latest, lock):
    /// `shards/<I>` under this one. A folder per index, so a shard's mirrors stay warm wherever its runs
    /// happen as long as that folder persists (a volume or cache per index), and shards sharing one
    /// volume never touch each other's files.
    package var shardsFolder: String { root + "/shards" }

    package func shardStore(_ shard: Shard) -> RunStore {
        RunStore(root: shardsFolder + "/\(shard.index)")
    }

    /// Makes the folder of a new run (with its `repos/`) and returns the run's id: one that sorts after
    /// the newest complete run (same second, clock set back) and never reuses a folder.
    func makeRunFolder(at date: Date, suffix: () -> UInt16) throws -> String {
        let fileManager = FileManager.default
        var runID = RunID.next(at: date, suffix: suffix(), after: completedRuns().last)
        while let id = runID, fileManager.fileExists(atPath: runFolder(id)) {
            runID = RunID.next(at: date, suffix: suffix(), after: id)
        }
        guard let runID else { throw SweepError("cannot make a new run id: too many runs in one second") }
        do {
            try fileManager.createDirectory(atPath: runFolder(runID) + "/repos", withIntermediateDirectories: true)
        } catch {
            throw SweepError(FileProblem.sentence("create the run folder", runFolder(runID), error))
        }
        return runID
    }

    /// Writes a run's reports, then run.json, the history line and `latest`, in that order, so a run
    /// interrupted at any point is never taken for a complete one. The per-repository results must be in
    /// the run folder already.
    func complete(record: RunRecord, summary: FleetSummary, diff: RunDiff, links: ReportLinks?) throws {
        let folder = runFolder(record.id)
        let entry = HistoryEntry(record: record, summary: summary)
        var historyLength: Int?
        do {
            // The reports are independent: written side by side (at 10,000 repositories each takes a
            // while, and this is the sweep's serial tail), each straight to its file in pieces, so that
            // none is held whole. The first failure, in the reports' order, is the one reported.
            let reports = RunFiles.runReports(summary: summary, diff: diff, history: history() + [entry], links: links)
            let failures = Parallel.map(reports.count) { [reports] index -> String? in
                do {
                    try AtomicFile.write(to: folder + "/" + reports[index].name, reports[index].write)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            if let failure = failures.compactMap({ $0 }).first { throw StoreError(failure) }
            // One flush of everything the run wrote before the record that makes it complete: far
            // cheaper than an fsync per file, and a power cut cannot leave run.json over empty results.
            AtomicFile.flushAll()
            try AtomicFile.write(to: recordPath(record.id), durable: true) { try RunFiles.record(record, to: $0) }
            AtomicFile.syncFolder(folder)

            var history = FileManager.default.contents(atPath: historyFile) ?? Data()
            let length = history.count
            if let last = history.last, last != UInt8(ascii: "\n") { history.append(UInt8(ascii: "\n")) }
            history += try Self.lineEncoder.encode(entry) + Data("\n".utf8)
            try AtomicFile.write(history, to: historyFile, durable: true)
            historyLength = length
            try AtomicFile.write(record.id + "\n", to: latestFile, durable: true)
            AtomicFile.syncFolder(root)
        } catch {
            abandon(folder, historyLength: historyLength)
            throw SweepError("cannot store run \(record.id): \(error)")
        }
    }

    /// Clears what sweeps killed midway left. Run folders without run.json (never complete, never to be)
    /// and the temporary files of history.jsonl and `latest` whose rename never came are removed. A run
    /// killed after its run.json is finished the way `complete` would have: one that reached history.jsonl
    /// becomes `latest`; one newer than `latest` and than every history line, but in none, is removed, so
    /// history lists every complete run and `latest` names the newest. Call it holding the lock: then no
    /// other sweep or merge is writing them.
    func removeLeftovers() {
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: runsFolder)) ?? []
        where RunID.isValid(name) && !fileManager.fileExists(atPath: recordPath(name)) {
            try? fileManager.removeItem(atPath: runFolder(name))
        }
        for name in (try? fileManager.contentsOfDirectory(atPath: root)) ?? []
        where name.hasPrefix("history.jsonl.tmp-") || name.hasPrefix("latest.tmp-") {
            try? fileManager.removeItem(atPath: root + "/" + name)
        }
        // Only with a `latest` to go by: a workspace without one (its first run, or edited by hand) is left as it is.
        guard let named = fileManager.contents(atPath: latestFile).map({ String(decoding: $0, as: UTF8.self) }) else { return }
        var latest = named.trimmingCharacters(in: .whitespacesAndNewlines)
        let listed = history().map(\.run)
        for run in completedRuns() where run > latest {
            if listed.contains(run) {
                if (try? AtomicFile.write(run + "\n", to: latestFile, durable: true)) != nil { latest = run }
            } else if run > (listed.last ?? "") {
                try? fileManager.removeItem(atPath: runFolder(run))
            }
        }
    }

    /// Takes back a run that could not be stored whole (a full disk, a read-only workspace), so that no
    /// part of it counts: its history line is cut off again (truncating needs no free space) and its
    /// folder, run.json included, is removed, which also frees the space it took. `latest` still names
    /// the run before.
    func abandon(_ folder: String, historyLength: Int? = nil) {
        if let historyLength { truncate(historyFile, off_t(historyLength)) }
        try? FileManager.default.removeItem(atPath: folder)
    }
}
