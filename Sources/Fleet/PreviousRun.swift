import Results

/// The latest complete run: its record read at once, each repository's result read (on a pool thread)
/// when it is asked for, and not kept: a sweep that held every previous result grew with the fleet.
/// Results that cannot be read are treated as missing, so those repositories are scanned afresh.
final class PreviousRun: Sendable {
    let record: RunRecord
    private let store: RunStore
    /// Positions in `record.repos`, not copies of its lines: a sweep holds these all along, and at 10,000
    /// repositories two more copies of every line were 15 MB.
    private let byKey: [RepoKey: Int]
    private let byName: [String: Int]

    convenience init?(store: RunStore) {
        guard let id = store.latestRun(), let record = try? store.record(of: id) else { return nil }
        self.init(store: store, record: record)
    }

    private init(store: RunStore, record: RunRecord) {
        self.store = store
        self.record = record
        byKey = Dictionary(record.repos.indices.map { (record.repos[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        byName = Dictionary(record.repos.indices.map { (record.repos[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A configured repository's line in the previous run: by its key, or by its name in a run stored
    /// before keys were made from names (its key then came from the URL).
    func repo(_ repo: RepoConfig) -> RepoRecord? {
        (byKey[repo.key] ?? byName[repo.name]).map { record.repos[$0] }
    }

    /// A configured repository's result in the previous run (see `repo(_:)`).
    func report(_ repo: RepoConfig) -> ScanReport? {
        self.repo(repo).flatMap { report($0.key) }
    }

    /// One repository's view of the previous run, for a worker process: the sweep sends the record it
    /// already read, so no worker reads run.json again.
    convenience init(store: RunStore, run: String, repo: RepoRecord?) {
        self.init(
            store: store,
            record: RunRecord(
                id: run, fleet: FleetInfo(name: "", deadline: nil), tool: ToolInfo(version: "", rulePack: ""), configHash: "",
                startedAt: .distantPast, finishedAt: .distantPast, offline: false, only: [], previousRun: nil,
                repos: repo.map { [$0] } ?? []))
    }

    var id: String { record.id }

    func repo(_ key: RepoKey) -> RepoRecord? {
        byKey[key].map { record.repos[$0] }
    }

    func report(_ key: RepoKey) -> ScanReport? {
        repo(key)?.hasResult == true ? try? store.result(run: record.id, key: key) : nil
    }

    /// The run with every result that can be read, each read when the diff asks for it.
    func snapshot() -> RunSnapshot {
        RunSnapshot(record: record) { [self] key in report(key) }
    }
}
