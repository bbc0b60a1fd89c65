import Foundation
import ScanCore
import Synchronization

/// The time source of a sweep; tests pass a fixed or stepping clock instead of sleeping.
package struct FleetClock: Sendable {
    package let now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    package static let system = FleetClock { Date() }

    package static func fixed(_ date: Date) -> FleetClock {
        FleetClock { date }
    }
}

/// Tells a person how a sweep is going. On a terminal: one live line, rewritten in place (done/total,
/// failures, repositories in progress, elapsed time, ETA), with failures kept above it. In logs: one
/// line per repository as it finishes.
package final class ProgressReporter: Sendable {
    package enum Style: Sendable {
        case live
        case lines
        case silent
    }

    private struct State {
        var done = 0
        var failures = 0
        var fetching: [String] = []
        /// Fetched, waiting for a scan worker.
        var queued: Set<String> = []
        var scanning: [String] = []
        var lastDraw: Date?
        var lineIsShown = false
    }

    /// Where a sweep stands: how many repositories are done, and which are in flight.
    package struct Snapshot: Sendable, Equatable {
        package let total: Int
        package let done: Int
        package let failures: Int
        package let fetching: [String]
        /// Fetched, waiting for a scan worker; sorted.
        package let waiting: [String]
        package let scanning: [String]

        package init(total: Int, done: Int, failures: Int, fetching: [String], waiting: [String], scanning: [String]) {
            self.total = total
            self.done = done
            self.failures = failures
            self.fetching = fetching
            self.waiting = waiting
            self.scanning = scanning
        }
    }

    private let style: Style
    /// Set in a sweep worker: every call is handed on as an event, for the sweep's own reporter.
    private let relay: (@Sendable (ProgressEvent) -> Void)?
    private let write: @Sendable (String) -> Void
    /// Set for logs: the lines `.lines` style would write, as values, so a log picks their level from
    /// what happened rather than from the text.
    private let lines: (@Sendable (ProgressLine) -> Void)?
    private let observer: (@Sendable (Snapshot) -> Void)?
    private let clock: FleetClock
    private let width: Int
    private let total: Mutex<Int>
    private let started: Mutex<Date>
    private let state = Mutex(State())

    /// - Parameter observer: told of every change (from the sweep's threads, in no guaranteed order).
    package init(
        style: Style, total: Int = 0, width: Int = 100, clock: FleetClock = .system, observer: (@Sendable (Snapshot) -> Void)? = nil,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.style = style
        self.relay = nil
        self.write = write
        self.lines = nil
        self.observer = observer
        self.clock = clock
        self.width = max(40, width)
        self.total = Mutex(total)
        self.started = Mutex(clock.now())
    }

    /// A reporter for a log: one `ProgressLine` per finished repository and per note, nothing drawn.
    package init(
        clock: FleetClock = .system, observer: (@Sendable (Snapshot) -> Void)? = nil, lines: @escaping @Sendable (ProgressLine) -> Void
    ) {
        self.style = .lines
        self.relay = nil
        self.write = { _ in }
        self.lines = lines
        self.observer = observer
        self.clock = clock
        self.width = 100
        self.total = Mutex(0)
        self.started = Mutex(clock.now())
    }

    /// A reporter that draws nothing and hands each call to `relay` (a worker process's, whose events
    /// the sweep replays on its own reporter with `apply`).
    package init(relay: @escaping @Sendable (ProgressEvent) -> Void) {
        self.style = .silent
        self.relay = relay
        self.write = { _ in }
        self.lines = nil
        self.observer = nil
        self.clock = .system
        self.width = 100
        self.total = Mutex(0)
        self.started = Mutex(Date())
    }

    /// Replays an event a worker's reporter relayed.
    package func apply(_ event: ProgressEvent) {
        switch event {
        case .fetching(let name): fetching(name)
        case .queued(let name): queued(name)
        case .scanning(let name): scanning(name)
        case .finished(let name, let message, let failed): finished(name, message: message, failed: failed)
        case .note(let text): note(text)
        }
    }

    /// Starts counting a sweep of `total` repositories.
    package func begin(total: Int) {
        self.total.withLock { $0 = total }
        started.withLock { $0 = clock.now() }
        observer?(snapshot)
    }

    package var snapshot: Snapshot {
        let total = self.total.withLock { $0 }
        return state.withLock { state in
            Snapshot(
                total: total, done: state.done, failures: state.failures, fetching: state.fetching, waiting: state.queued.sorted(),
                scanning: state.scanning)
        }
    }

    package func fetching(_ name: String) {
        if let relay { return relay(.fetching(name)) }
        update { $0.fetching.append(name) }
    }

    /// Fetched; waits for a scan worker.
    package func queued(_ name: String) {
        if let relay { return relay(.queued(name)) }
        update { state in
            state.fetching.removeAll { $0 == name }
            state.queued.insert(name)
        }
    }

    package func scanning(_ name: String) {
        if let relay { return relay(.scanning(name)) }
        update { state in
            state.fetching.removeAll { $0 == name }
            state.queued.remove(name)
            state.scanning.append(name)
        }
    }

    /// A repository is done; `message` says how (`scanned 3 apps (1 blocked) in 0.4 s`, `FAILED: …`).
    package func finished(_ name: String, message: String, failed: Bool) {
        if let relay { return relay(.finished(name, message: message, failed: failed)) }
        let total = self.total.withLock { $0 }
        var output = ""
        var logged: ProgressLine?
        state.withLock { state in
            state.done += 1
            if failed { state.failures += 1 }
            state.fetching.removeAll { $0 == name }
            state.queued.remove(name)
            state.scanning.removeAll { $0 == name }
            // The name comes from the config and the message may quote a git server: no raw control
            // characters in a log line (see VisibleText).
            let line = "[\(state.done)/\(total)] \(VisibleText.escape(name)): \(VisibleText.escape(message))\n"
            switch style {
            case .silent:
                return
            case .lines where lines != nil:
                logged = ProgressLine(kind: failed ? .failed : .repository, text: String(line.dropLast()))
            case .lines:
                output = line
            case .live:
                if failed { output = "\r\u{1B}[K" + line }
                output += liveLine(&state, total: total, force: true)
            }
        }
        if let logged, let lines { lines(logged) }
        if !output.isEmpty { write(output) }
        observer?(snapshot)
    }

    /// A line to keep (above the live line on a terminal).
    package func note(_ text: String) {
        if let relay { return relay(.note(text)) }
        switch style {
        case .silent: return
        case .lines where lines != nil: lines?(ProgressLine(kind: .note, text: VisibleText.escape(text)))
        case .lines: write("note: \(VisibleText.escape(text))\n")
        case .live: write("\r\u{1B}[Knote: \(VisibleText.escape(text))\n")
        }
    }

    /// Clears the live line at the end of a sweep.
    package func end() {
        guard style == .live else { return }
        let shown = state.withLock { state in
            defer { state.lineIsShown = false }
            return state.lineIsShown
        }
        if shown { write("\r\u{1B}[K") }
    }

    private func update(_ change: (inout State) -> Void) {
        var output = ""
        let total = self.total.withLock { $0 }
        state.withLock { state in
            change(&state)
            if style == .live { output = liveLine(&state, total: total, force: false) }
        }
        if !output.isEmpty { write(output) }
        observer?(snapshot)
    }

    /// The live line, or "" when it was drawn less than a tenth of a second ago.
    private func liveLine(_ state: inout State, total: Int, force: Bool) -> String {
        let now = clock.now()
        if !force, let last = state.lastDraw, now.timeIntervalSince(last) < 0.1 { return "" }
        state.lastDraw = now
        state.lineIsShown = true
        let elapsed = now.timeIntervalSince(started.withLock { $0 })
        var parts = ["[\(state.done)/\(total)]"]
        if state.failures > 0 { parts.append("\(state.failures) failed") }
        if !state.scanning.isEmpty { parts.append("scanning " + state.scanning.map(VisibleText.escape).joined(separator: ", ")) }
        if !state.fetching.isEmpty { parts.append("fetching " + state.fetching.map(VisibleText.escape).joined(separator: ", ")) }
        if !state.queued.isEmpty { parts.append("\(state.queued.count) waiting to scan") }
        parts.append(Self.seconds(elapsed))
        if state.done > 0, state.done < total {
            parts.append("ETA " + Self.seconds(elapsed / Double(state.done) * Double(total - state.done)))
        }
        var line = parts.joined(separator: " · ")
        if line.count > width { line = String(line.prefix(width - 1)) + "…" }
        return "\r\u{1B}[K" + line
    }

    static func seconds(_ interval: TimeInterval) -> String {
        if interval < 60 { return "\(Int(interval.rounded())) s" }
        let minutes = Int(interval) / 60
        let rest = Int(interval) % 60
        return rest == 0 ? "\(minutes) min" : "\(minutes) min \(rest) s"
    }
}

/// One line of a sweep's progress for a log, with what it reports: a repository done (`[3/12] shop:
/// scanned …`), a repository that failed (`[4/12] cart: FAILED: …`), or a note (its text alone).
package struct ProgressLine: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        case repository
        case failed
        case note
    }

    package let kind: Kind
    /// Without a line break; names and messages from repositories escaped (see `VisibleText`).
    package let text: String

    package init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }
}

/// One call on a `ProgressReporter`, as a value a worker process sends to the sweep.
package enum ProgressEvent: Sendable, Hashable, Codable {
    case fetching(String)
    case queued(String)
    case scanning(String)
    case finished(String, message: String, failed: Bool)
    case note(String)
}
