import Rules
import Synchronization

/// The latest complete run: its record read at once, each repository's result read (on a pool thread)
/// when its repository is decided. Results that cannot be read are treated as missing, so those
/// repositories are scanned afresh.
final class PreviousRun: Sendable {
    let record: RunRecord
    private let store: RunStore
    private let records: [RepoKey: RepoRecord]
    private let reports = Mutex<[RepoKey: ScanReport?]>([:])

    init?(store: RunStore) {
        guard let id = store.latestRun(), let record = try? store.record(of: id) else { return nil }
        self.store = store
        self.record = record
        records = Dictionary(record.repos.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// One repository's view of the previous run, for a worker process: the sweep sends the record it
    /// already read, so no worker reads run.json again.
    init(store: RunStore, run: String, repo: RepoRecord?) {
        self.store = store
        record = RunRecord(
            id: run, fleet: FleetInfo(name: "", deadline: nil), tool: ToolInfo(version: "", rulePack: ""), configHash: "",
            startedAt: .distantPast, finishedAt: .distantPast, offline: false, only: [], previousRun: nil, repos: repo.map { [$0] } ?? [])
        records = repo.map { [$0.key: $0] } ?? [:]
    }

    var id: String { record.id }

    func repo(_ key: RepoKey) -> RepoRecord? {
        records[key]
    }

    func report(_ key: RepoKey) -> ScanReport? {
        if let known = reports.withLock({ $0[key] }) { return known }
        let report = records[key]?.hasResult == true ? try? store.result(run: record.id, key: key) : nil
        reports.withLock { $0[key] = report }
        return report
    }

    /// The run with every result that could be read.
    func snapshot() -> RunSnapshot {
        var all: [RepoKey: ScanReport] = [:]
        for repo in record.repos {
            if let report = report(repo.key) { all[repo.key] = report }
        }
        return RunSnapshot(record: record, reports: all)
    }
}
