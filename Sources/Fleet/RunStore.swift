import Foundation
import Results
import ScanCore

/// The workspace on disk (DESIGN.md): mirrors, runs, history and the pointer to the latest complete run.
///
/// ```
/// mirrors/<repo-key>.git
/// runs/<run-id>/run.json, repos/<repo-key>.{json,md,sarif,html}, summary.{json,md,html}, rules.html, apps.csv,
///     diff.{json,md}
/// history.jsonl
/// latest
/// lock
/// ```
///
/// Every file is written under a temporary name and renamed into place. `run.json` is written after
/// everything else in its run and `latest` after that, so a run interrupted at any point is never
/// taken for a complete one.
package struct RunStore: Sendable {
    package let root: String

    package init(root: String) {
        self.root = root
    }

    package var mirrorsFolder: String { root + "/mirrors" }
    package var runsFolder: String { root + "/runs" }
    package var historyFile: String { root + "/history.jsonl" }
    package var latestFile: String { root + "/latest" }

    package func mirrorPath(_ key: RepoKey) -> String { mirrorsFolder + "/" + key.rawValue + ".git" }
    package func runFolder(_ run: String) -> String { runsFolder + "/" + run }
    package func recordPath(_ run: String) -> String { runFolder(run) + "/run.json" }

    /// `runs/<run>/repos/<key>.<ext>`.
    /// Where `fix: patches` puts a repository's patches and explanations in a run.
    package func patchFolder(run: String, key: RepoKey) -> String {
        runFolder(run) + "/patches/" + key.rawValue
    }

    package func resultPath(run: String, key: RepoKey, ext: String) -> String {
        runFolder(run) + "/repos/" + key.rawValue + "." + ext
    }

    /// Ids of runs that completed (they have a run.json), oldest first.
    package func completedRuns() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runsFolder)) ?? []
        return names.filter { RunID.isValid($0) && FileManager.default.fileExists(atPath: recordPath($0)) }.sorted()
    }

    /// The run named in `latest` when it is complete; otherwise the newest complete run.
    package func latestRun() -> String? {
        if let data = FileManager.default.contents(atPath: latestFile) {
            let id = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if RunID.isValid(id), FileManager.default.fileExists(atPath: recordPath(id)) { return id }
        }
        return completedRuns().last
    }

    package func record(of run: String) throws -> RunRecord {
        guard RunID.isValid(run) else { throw StoreError("'\(run)' is not a run id") }
        guard let data = FileManager.default.contents(atPath: recordPath(run)) else {
            throw StoreError("run \(run) is not a complete run in \(runsFolder)")
        }
        do {
            return try RunRecord.decoded(from: data)
        } catch {
            throw StoreError(FileProblem.sentence("read", recordPath(run), error))
        }
    }

    /// The stored result of one repository in a run.
    package func result(run: String, key: RepoKey) throws -> ScanReport {
        let path = resultPath(run: run, key: key, ext: "json")
        guard let data = FileManager.default.contents(atPath: path) else { throw StoreError("missing result \(path)") }
        do {
            return try ScanReport.decoded(from: data)
        } catch {
            throw StoreError(FileProblem.sentence("read", path, error))
        }
    }

    /// The stored results of these repositories in a run, read side by side; the first of them (in `keys`
    /// order) that cannot be read is the error.
    package func results(run: String, keys: [RepoKey]) throws -> [RepoKey: ScanReport] {
        let read = Parallel.map(keys.count) { index in Result { try result(run: run, key: keys[index]) } }
        var reports: [RepoKey: ScanReport] = [:]
        reports.reserveCapacity(keys.count)
        for (key, outcome) in zip(keys, read) { reports[key] = try outcome.get() }
        return reports
    }

    /// A complete run with every repository's result.
    package func snapshot(of run: String) throws -> RunSnapshot {
        let record = try record(of: run)
        return RunSnapshot(record: record, reports: try results(run: run, keys: record.repos.filter(\.hasResult).map(\.key)))
    }

    /// The lines of `history.jsonl`, oldest first; lines that cannot be read are left out.
    package func history() -> [HistoryEntry] {
        guard let data = FileManager.default.contents(atPath: historyFile) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { try? Self.decoder.decode(HistoryEntry.self, from: Data($0)) }
    }

    /// The summary of a complete run as its sweep made it: from the stored results, compared with the run
    /// it was compared with then (results of that run that cannot be read count as missing, as they did).
    package func summary(of run: String) throws -> FleetSummary {
        let snapshot = try snapshot(of: run)
        let previous = snapshot.record.previousRun.flatMap { try? record(of: $0) }.map { record in
            var reports: [RepoKey: ScanReport] = [:]
            for repo in record.repos where repo.hasResult {
                reports[repo.key] = try? result(run: record.id, key: repo.key)
            }
            return RunSnapshot(record: record, reports: reports)
        }
        return FleetSummary.make(
            snapshot: snapshot, diff: RunDiff.between(previous, snapshot), at: snapshot.record.startedAt,
            campaign: CampaignState.marks(file: campaignFile(run: run)))
    }

    /// Takes the workspace lock, held until the value is released; fails at once if another sweep holds it.
    package func lock() throws -> WorkspaceLock {
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw StoreError(FileProblem.sentence("create the workspace folder", root, error))
        }
        return try WorkspaceLock(path: root + "/lock")
    }

    /// Takes the lock as `lock()` does, then claims the workspace for `config` (`WorkspaceOwner`): what
    /// a sweep and a merge do before they write a run.
    func lock(claimingFor config: FleetConfig, now: Date) throws -> WorkspaceLock {
        let lock = try self.lock()
        try WorkspaceOwner.check(config, claim: true, now: now)
        return lock
    }

    /// Resolves a run named by the user: a full id, a unique prefix of one, or `latest`.
    package func resolveRun(_ name: String) throws -> String {
        let runs = completedRuns()
        if name == "latest", let latest = latestRun() { return latest }
        if runs.contains(name) { return name }
        let matches = runs.filter { $0.hasPrefix(name) }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 { throw StoreError("'\(name)' matches \(matches.count) runs: \(matches.joined(separator: ", "))") }
        throw StoreError("no complete run '\(name)' in \(runsFolder)")
    }

    /// Pretty, sorted and with ISO 8601 dates: how every JSON file of the workspace is written.
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let lineEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

package struct StoreError: Error, CustomStringConvertible, Sendable {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
