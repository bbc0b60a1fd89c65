import Results
import Synchronization

/// The results of the run a sweep is storing, for its diff and its summary: those the sweep holds, and
/// those its workers wrote, read from the run folder each time they are asked for and let go after, so
/// the sweep holds one at a time rather than the fleet's. A result that no longer reads is remembered:
/// the sweep then does not store the run, rather than count the repository as having no apps.
final class RunResultReader: Sendable {
    private let store: RunStore
    private let run: String
    private let held: [RepoKey: ScanReport]
    private let written: Set<RepoKey>
    private let problem = Mutex<String?>(nil)

    init(store: RunStore, run: String, held: [RepoKey: ScanReport], written: Set<RepoKey>) {
        self.store = store
        self.run = run
        self.held = held
        self.written = written
    }

    /// A repository's result in the run, nil when it has none (or when it no longer reads: see `firstProblem`).
    func report(_ key: RepoKey) -> ScanReport? {
        if let report = held[key] { return report }
        guard written.contains(key) else { return nil }
        do {
            return try store.result(run: run, key: key)
        } catch {
            problem.withLock { $0 = $0 ?? "\(error)" }
            return nil
        }
    }

    /// The first result that was written but could not be read again, if any.
    var firstProblem: String? { problem.withLock { $0 } }
}
