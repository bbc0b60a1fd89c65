import Foundation
import Git
import Results
import ScanCore

/// Combines shard runs (`sweep --shard I/N`, each in its own store) into one run of the whole fleet in
/// the config's workspace: per-repository results, summary, reports, diff against the previous merged
/// run, a history line and `latest`, written like a sweep's run (run.json after everything else).
///
/// Every repository of the config is taken from the new run of its shard. A shard without a new run
/// (missing, or only a run an earlier merge already used) and a repository its shard could not fetch or
/// scan are carried forward from the previous merged run, marked stale with the reason: never reported
/// as fixed, never counted as ready. Without a previous result such a repository is unknown.
///
/// Inputs that cannot belong together are refused before anything is written: runs of another config
/// (its hash), of different tool versions or rule packs, of different shard counts, or of the same shard.
package struct Merge: Sendable {
    package let config: FleetConfig
    /// Shard run folders (holding run.json) or shard stores (`shards/<I>`, holding runs/ and latest).
    package let inputs: [String]
    package let environment: SweepEnvironment

    package init(config: FleetConfig, inputs: [String], environment: SweepEnvironment) {
        self.config = config
        self.inputs = inputs
        self.environment = environment
    }

    package func run() throws -> SweepOutcome {
        let store = RunStore(root: config.workspace)
        let lock: WorkspaceLock
        do {
            lock = try store.lock(claimingFor: config, now: environment.clock.now())
        } catch {
            throw MergeError("\(error)")
        }
        return try withExtendedLifetime(lock) { try merge(into: store) }
    }

    private func merge(into store: RunStore) throws -> SweepOutcome {
        let mergeStarted = environment.clock.now()
        let previous = PreviousRun(store: store)
        var notes: [String] = []
        var runs: [ShardInput] = []
        for path in inputs {
            if let input = try ShardInput.read(path) {
                runs.append(input)
            } else {
                notes.append("\(path) holds no complete run: its shard counts as missing")
            }
        }

        // A shard run no newer than one an earlier merge took for that shard is not new evidence: a shard
        // that failed tonight still has last night's run in its store.
        var lastMerged: [Shard: String] = [:]
        for entry in previous?.record.shards ?? [] {
            if let run = entry.run { lastMerged[entry.shard] = run }
        }
        var fresh: [ShardInput] = []
        var used: [Shard: ShardInput] = [:]
        for input in runs {
            if let last = lastMerged[input.shard], input.record.id <= last {
                used[input.shard] = input
                notes.append(
                    "\(input.path): run \(input.record.id) of \(input.shard.label) is no newer than the run an earlier merge took "
                        + "for that shard (\(last)): not new, so the shard counts as missing")
            } else {
                fresh.append(input)
            }
        }
        // Nothing new is no run: one made only of carried-forward results would add a history line and
        // a diff that say nothing happened, and make a stale copy of the last run `latest`.
        guard !fresh.isEmpty else {
            let reason =
                runs.isEmpty
                ? "none of the inputs holds a complete shard run"
                : "no shard has a new run since the last merge" + (previous.map { " (\($0.id))" } ?? "")
            throw NothingNewToMerge(reason: reason + ": no run stored", notes: notes)
        }
        try Self.check(fresh, config: config)
        let count = fresh[0].shard.count

        let runID = try store.makeRunFolder(at: mergeStarted, suffix: environment.runSuffix)
        let byIndex = Dictionary(fresh.map { ($0.shard.index, $0) }, uniquingKeysWith: { first, _ in first })
        var shards: [MergedShard] = []
        for index in 1...count {
            let shard = Shard(index: index, count: count)!
            if let input = byIndex[index] {
                shards.append(MergedShard(shard: shard, merged: true, run: input.record.id))
            } else {
                let error =
                    used[shard].map { "\(shard.label) has no new run (its latest, \($0.record.id), was merged already)" }
                    ?? "\(shard.label) did not complete a run"
                shards.append(MergedShard(shard: shard, merged: false, run: lastMerged[shard], error: error))
            }
        }

        let carrier = Carrier(store: store, runID: runID, previous: previous)
        var records: [RepoRecord] = []
        var reports: [RepoKey: ScanReport] = [:]
        for repo in config.repos {
            let index = Shard.index(of: repo.mirrorKey, count: count)
            let outcome: RepoWork.Outcome
            if let input = byIndex[index] {
                outcome = carrier.take(repo, from: input)
            } else {
                outcome = carrier.carryStale(repo, error: shards[index - 1].error ?? "")
            }
            records.append(outcome.record)
            if let report = outcome.report { reports[repo.key] = report }
        }

        let tool = fresh.first?.record.tool ?? ToolInfo(version: environment.toolVersion, rulePack: environment.rulePack)
        var only: [String] = []
        for name in fresh.flatMap(\.record.only) where !only.contains(name) { only.append(name) }
        let record = RunRecord(
            id: runID, fleet: FleetInfo(name: config.fleetName, deadline: config.deadline), tool: tool, configHash: config.hash,
            startedAt: fresh.map(\.record.startedAt).min() ?? mergeStarted, finishedAt: environment.clock.now(),
            offline: fresh.contains { $0.record.offline }, only: only, previousRun: previous?.id, repos: records, shards: shards)
        let snapshot = RunSnapshot(record: record, reports: reports)
        let diff = RunDiff.between(previous?.snapshot(), snapshot)
        let summary = FleetSummary.make(snapshot: snapshot, diff: diff, at: record.startedAt, campaign: store.keepCampaign(run: record.id))
        try store.complete(record: record, summary: summary, diff: diff, links: environment.links)
        let retention = store.applyRetention(
            config.retention, listed: Set(config.repos.map(\.mirrorKey)), now: record.finishedAt, stored: record)
        notes += [retention.summary].compactMap { $0 } + retention.problems
        return SweepOutcome(
            record: record, summary: summary, diff: diff, runFolder: store.runFolder(runID), notes: notes,
            nothingScanned: !records.isEmpty && records.allSatisfy { $0.status.isFailure })
    }

    /// Refuses shard runs that cannot be merged into one run of `config`.
    static func check(_ runs: [ShardInput], config: FleetConfig) throws(MergeError) {
        for input in runs where input.record.configHash != config.hash {
            throw MergeError(
                "\(input.path): run \(input.record.id) was made with a different config (config hash \(input.record.configHash)) "
                    + "than \(config.file) (config hash \(config.hash)); merge only shard runs of this config")
        }
        if let first = runs.first, let other = runs.first(where: { $0.record.tool != first.record.tool }) {
            throw MergeError(
                "\(first.path) and \(other.path) were made by different tool versions or rule packs "
                    + "(\(first.record.tool.version), \(first.record.tool.rulePack) and \(other.record.tool.version), "
                    + "\(other.record.tool.rulePack)); run every shard with the same scenesweep")
        }
        if let first = runs.first, let other = runs.first(where: { $0.shard.count != first.shard.count }) {
            throw MergeError(
                "shard counts differ: \(first.path) is \(first.shard.label) and \(other.path) is \(other.shard.label); "
                    + "merge the runs of one split")
        }
        var byIndex: [Int: ShardInput] = [:]
        var owners: [RepoKey: ShardInput] = [:]
        for input in runs {
            if let other = byIndex[input.shard.index] {
                throw MergeError(
                    "overlapping shards: \(other.path) and \(input.path) are both \(input.shard.label) "
                        + "(runs \(other.record.id) and \(input.record.id)); give each shard once")
            }
            byIndex[input.shard.index] = input
            for repo in input.record.repos {
                if let other = owners[repo.key] {
                    throw MergeError("overlapping shards: \(other.path) and \(input.path) both hold repository \(repo.name)")
                }
                owners[repo.key] = input
            }
        }
    }
}

/// A merge none of whose inputs holds a shard run newer than those already merged: it stores nothing.
package struct NothingNewToMerge: Error, CustomStringConvertible, Sendable {
    package let reason: String
    /// What was found in the inputs (runs merged already, stores without a run).
    package let notes: [String]
    package var description: String { reason }
}

package struct MergeError: Error, CustomStringConvertible, Sendable {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// A shard's complete run given to `merge`.
struct ShardInput: Sendable {
    /// As given.
    let path: String
    /// The run folder: run.json, repos/.
    let folder: String
    let record: RunRecord
    let shard: Shard

    /// The run at `path` (a run folder) or the latest complete run of the store at `path`; nil when that
    /// store has none.
    static func read(_ path: String) throws(MergeError) -> ShardInput? {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw MergeError("\(path): no such folder")
        }
        let folder: String
        if fileManager.fileExists(atPath: path + "/run.json") {
            folder = path
        } else if fileManager.fileExists(atPath: path + "/runs") || fileManager.fileExists(atPath: path + "/latest") {
            let shardStore = RunStore(root: path)
            guard let latest = shardStore.latestRun() else { return nil }
            folder = shardStore.runFolder(latest)
        } else {
            throw MergeError("\(path) is neither a run folder (with run.json) nor a shard's store (with runs/ and latest)")
        }
        let record: RunRecord
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/run.json"))
            record = try RunRecord.decoded(from: data)
        } catch {
            throw MergeError(FileProblem.sentence("read", folder + "/run.json", error))
        }
        guard let shard = record.shard else {
            let kind = record.shards == nil ? "a whole-fleet run (made without --shard)" : "a merged run"
            throw MergeError("\(path): run \(record.id) is \(kind), not a shard's run")
        }
        return ShardInput(path: path, folder: folder, record: record, shard: shard)
    }

    func resultPath(_ key: RepoKey, ext: String) -> String {
        folder + "/repos/" + key.rawValue + "." + ext
    }
}

/// Puts each repository's line and result files into the merged run.
private struct Carrier {
    let store: RunStore
    let runID: String
    let previous: PreviousRun?
    private var carry: StaleCarry { StaleCarry(store: store, runID: runID) }

    /// The repository as its shard's run left it; carried forward stale when the shard could not bring
    /// it up to date or its result cannot be read.
    func take(_ repo: RepoConfig, from input: ShardInput) -> RepoWork.Outcome {
        guard let record = input.record.repo(repo.key) else {
            return carryStale(repo, error: "not in run \(input.record.id) of \(input.shard.label)")
        }
        if record.status.isFailure {
            return carryStale(repo, error: record.error ?? "\(input.shard.label) could not bring it up to date", fallback: input)
        }
        guard record.hasResult else { return RepoWork.Outcome(record: record, report: nil) }
        guard let report = read(input.resultPath(repo.key, ext: "json")),
            carry.place(report, of: repo.key, from: { input.resultPath(repo.key, ext: $0) })
        else {
            return carryStale(repo, error: "cannot read its result in \(input.folder)")
        }
        return RepoWork.Outcome(record: record, report: report)
    }

    /// The previous merged run's result marked stale with `error`; failing that, the shard's own carried
    /// result (`fallback`); failing that, no result (unknown).
    func carryStale(_ repo: RepoConfig, error: String, fallback: ShardInput? = nil) -> RepoWork.Outcome {
        let before = previous?.repo(repo)
        let since = carry.failingSince(before)
        if let before, let previous, let report = previous.report(repo),
            carry.place(report, of: repo.key, from: { store.resultPath(run: previous.id, key: before.key, ext: $0) })
        {
            return carry.stale(before.carried(as: .stale, repo: repo), report: report, error: error, since: since)
        }
        if let fallback, let record = fallback.record.repo(repo.key), record.hasResult,
            let report = read(fallback.resultPath(repo.key, ext: "json")),
            carry.place(report, of: repo.key, from: { fallback.resultPath(repo.key, ext: $0) })
        {
            return carry.stale(record, report: report, error: error, since: since)
        }
        return carry.failed(repo, error: error, since: since)
    }

    private func read(_ path: String) -> ScanReport? {
        FileManager.default.contents(atPath: path).flatMap { try? ScanReport.decoded(from: $0) }
    }

}
