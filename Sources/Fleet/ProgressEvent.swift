import Foundation
import Results
import ScanCore

/// What happened in a sweep, as a value. Every view of a sweep's progress is made from these: the
/// terminal's live line, plain log lines, the daemon's log levels, the status file's counts, and a
/// worker process's relay to the sweep that started it.
package enum ProgressEvent: Sendable, Equatable, Codable {
    /// The repository's mirror is being brought up to date.
    case fetching(String)
    /// Fetched; waits for a scan worker.
    case queued(String)
    case scanning(String)
    /// Scanned at a new commit (or with new settings); `reason` says why it was scanned again.
    case scanned(String, counts: AppCounts, seconds: Double, reason: String)
    /// Unchanged since the previous run, whose result holds.
    case reused(String, commit: String)
    /// Could not be fetched or scanned; `keeping` names the run whose result is carried forward stale.
    case failed(String, reason: String, keeping: String?)
    /// A line to keep that is not a repository's end (a retry, a mirror cloned again, a setting).
    case note(String)

    /// The repository the event is about; nil for a note.
    package var repository: String? {
        switch self {
        case .fetching(let name), .queued(let name), .scanning(let name), .scanned(let name, _, _, _), .reused(let name, _),
            .failed(let name, _, _):
            name
        case .note:
            nil
        }
    }

    /// True for the events that end a repository's part of the sweep.
    package var isDone: Bool {
        switch self {
        case .scanned, .reused, .failed: true
        case .fetching, .queued, .scanning, .note: false
        }
    }

    package var isFailure: Bool {
        if case .failed = self { true } else { false }
    }

    /// How a repository ended, for people: `scanned 3 apps (1 blocked) in 0.4 s (new commit)`,
    /// `reused (unchanged at 1a2b3c4)`, `FAILED: … (keeping the result of …)`; nil for other events.
    package var outcome: String? {
        switch self {
        case .scanned(_, let counts, let seconds, let reason):
            "scanned \(Self.describe(counts)) in \(Self.duration(seconds)) (\(reason))"
        case .reused(_, let commit):
            "reused (unchanged at \(commit.prefix(7)))"
        case .failed(_, let reason, let keeping):
            "FAILED: \(reason)" + (keeping.map { " (keeping the result of \($0))" } ?? "")
        case .fetching, .queued, .scanning, .note:
            nil
        }
    }

    /// The line a log keeps for the event: `[3/12] shop: scanned …` when a repository is done (`done` and
    /// `total` from the sweep's counts), the note's text, nil otherwise. Names and messages can come from
    /// a config or a git server: control characters are shown as escapes (see `VisibleText`).
    package func logLine(done: Int, total: Int) -> String? {
        if case .note(let text) = self { return VisibleText.escape(text) }
        guard let name = repository, let outcome else { return nil }
        return "[\(done)/\(total)] \(VisibleText.escape(name)): \(VisibleText.escape(outcome))"
    }

    /// `40 ms` under a tenth of a second, `0.4 s` above.
    package static func duration(_ seconds: Double) -> String {
        seconds < 0.1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.1f s", seconds)
    }

    /// `3 apps (1 blocked, 1 at risk)`, `1 app (ready)`, `no apps`.
    static func describe(_ counts: AppCounts) -> String {
        guard counts.apps > 0 else { return "no apps" }
        var parts: [String] = []
        if counts.blocked > 0 { parts.append("\(counts.blocked) blocked") }
        if counts.atRisk > 0 { parts.append("\(counts.atRisk) at risk") }
        if counts.unknown > 0 { parts.append("\(counts.unknown) unknown") }
        if parts.isEmpty { parts.append(counts.apps == 1 ? "ready" : "all ready") }
        return "\(counts.apps) app\(counts.apps == 1 ? "" : "s") (\(parts.joined(separator: ", ")))"
    }
}
