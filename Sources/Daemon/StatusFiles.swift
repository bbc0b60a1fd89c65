import Fleet
import Foundation
import Results
import Synchronization

/// Holds the daemon's status and, after every change, writes it to `status.json` and the metrics to
/// `metrics.prom` in the workspace, each replaced whole (written under a temporary name and renamed).
package final class StatusFiles: Sendable {
    private struct State {
        var status: DaemonStatus
        var workspace: String
        var deadline: CalendarDay?
        var lastProgressWrite: ContinuousClock.Instant?
        /// A progress change was held back and is to be written shortly.
        var isFlushPending = false
    }

    /// Progress is written at most this often; other changes at once.
    static let progressInterval: TimeInterval = 0.5

    private let state: Mutex<State>
    private let now: @Sendable () -> Date
    private let onError: @Sendable (String) -> Void

    /// - Parameter onError: told when a file cannot be written (the daemon goes on).
    package init(
        workspace: String, deadline: CalendarDay?, status: DaemonStatus, now: @escaping @Sendable () -> Date,
        onError: @escaping @Sendable (String) -> Void
    ) {
        state = Mutex(State(status: status, workspace: workspace, deadline: deadline))
        self.now = now
        self.onError = onError
    }

    package static func statusPath(in workspace: String) -> String { workspace + "/status.json" }
    package static func metricsPath(in workspace: String) -> String { workspace + "/metrics.prom" }

    /// The status a daemon left in `workspace`, if it can be read: its counts and last runs carry over.
    package static func previous(in workspace: String) -> DaemonStatus? {
        guard let data = FileManager.default.contents(atPath: statusPath(in: workspace)) else { return nil }
        return try? decoder.decode(DaemonStatus.self, from: data)
    }

    package var status: DaemonStatus { state.withLock { $0.status } }

    /// Points the files at another workspace and deadline (a reloaded config).
    package func configure(workspace: String, deadline: CalendarDay?) {
        state.withLock { state in
            state.workspace = workspace
            state.deadline = deadline
        }
    }

    /// Changes the status and writes both files.
    package func update(_ change: (inout DaemonStatus) -> Void) {
        state.withLock { state in
            change(&state.status)
            write(&state)
        }
    }

    /// Records how far the sweep under way has got. Written at once when the last write is old enough,
    /// otherwise a little later, so a sweep of thousands of repositories costs a few writes a second.
    package func progress(_ snapshot: ProgressReporter.Snapshot) {
        let flushLater = state.withLock { state -> Bool in
            guard var current = state.status.current else { return false }
            current.total = snapshot.total
            current.done = snapshot.done
            current.failed = snapshot.failures
            current.inFlight = snapshot.scanning + snapshot.fetching
            state.status.current = current
            let now = ContinuousClock.now
            if let last = state.lastProgressWrite, now - last < .seconds(Self.progressInterval) {
                defer { state.isFlushPending = true }
                return !state.isFlushPending
            }
            state.lastProgressWrite = now
            write(&state)
            return false
        }
        if flushLater {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.progressInterval) { self.flushProgress() }
        }
    }

    private func flushProgress() {
        state.withLock { state in
            state.isFlushPending = false
            // The sweep may have ended meanwhile; its last status is already written.
            guard state.status.current != nil else { return }
            state.lastProgressWrite = ContinuousClock.now
            write(&state)
        }
    }

    private func write(_ state: inout State) {
        let date = now()
        state.status.updatedAt = date
        do {
            try FileManager.default.createDirectory(atPath: state.workspace, withIntermediateDirectories: true)
            try AtomicFile.write(Self.encoder.encode(state.status) + Data("\n".utf8), to: Self.statusPath(in: state.workspace))
            try AtomicFile.write(
                MetricsText.render(state.status, deadline: state.deadline, now: date), to: Self.metricsPath(in: state.workspace))
        } catch {
            onError("\(error)")
        }
    }

    /// status.json is written and read like the run store's JSON files.
    static var encoder: JSONEncoder { RunStore.encoder }
    static var decoder: JSONDecoder { RunStore.decoder }
}
