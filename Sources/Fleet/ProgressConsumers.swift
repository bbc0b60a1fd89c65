import Foundation
import ScanCore
import Synchronization

/// A sweep's progress on a terminal: one live line rewritten in place (done/total, failures,
/// repositories in flight, elapsed time, ETA), with failures and notes kept above it.
package final class LiveProgressLine: ProgressConsumer {
    private struct Drawing {
        var started: Date
        var lastDraw: Date?
        var isShown = false
    }

    private let width: Int
    private let clock: FleetClock
    private let write: @Sendable (String) -> Void
    private let drawing: Mutex<Drawing>

    package init(width: Int = 100, clock: FleetClock = .system, write: @escaping @Sendable (String) -> Void) {
        self.width = max(40, width)
        self.clock = clock
        self.write = write
        self.drawing = Mutex(Drawing(started: clock.now()))
    }

    package func began(_ snapshot: ProgressReporter.Snapshot) {
        drawing.withLock { $0.started = clock.now() }
    }

    package func receive(_ event: ProgressEvent, _ snapshot: ProgressReporter.Snapshot) {
        if case .note(let text) = event { return write("\r\u{1B}[Knote: \(VisibleText.escape(text))\n") }
        var output = ""
        if event.isFailure, let line = event.logLine(done: snapshot.done, total: snapshot.total) { output = "\r\u{1B}[K" + line + "\n" }
        output += drawing.withLock { line(&$0, snapshot, force: event.isDone) }
        if !output.isEmpty { write(output) }
    }

    package func ended() {
        let shown = drawing.withLock { drawing in
            defer { drawing.isShown = false }
            return drawing.isShown
        }
        if shown { write("\r\u{1B}[K") }
    }

    /// The live line, or "" when it was drawn less than a tenth of a second ago (unless `force`).
    private func line(_ drawing: inout Drawing, _ progress: ProgressReporter.Snapshot, force: Bool) -> String {
        let now = clock.now()
        if !force, let last = drawing.lastDraw, now.timeIntervalSince(last) < 0.1 { return "" }
        drawing.lastDraw = now
        drawing.isShown = true
        let elapsed = now.timeIntervalSince(drawing.started)
        var parts = ["[\(progress.done)/\(progress.total)]"]
        if progress.failures > 0 { parts.append("\(progress.failures) failed") }
        if !progress.scanning.isEmpty { parts.append("scanning " + progress.scanning.map(VisibleText.escape).joined(separator: ", ")) }
        if !progress.fetching.isEmpty { parts.append("fetching " + progress.fetching.map(VisibleText.escape).joined(separator: ", ")) }
        if !progress.waiting.isEmpty { parts.append("\(progress.waiting.count) waiting to scan") }
        parts.append(Self.seconds(elapsed))
        if progress.done > 0, progress.done < progress.total {
            parts.append("ETA " + Self.seconds(elapsed / Double(progress.done) * Double(progress.total - progress.done)))
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

/// A sweep's progress as plain text lines (stderr that is not a terminal): one per repository as it
/// ends (`[3/12] shop: scanned …`) and one per note (`note: …`).
package struct ProgressTextLines: ProgressConsumer {
    private let write: @Sendable (String) -> Void

    package init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    package func receive(_ event: ProgressEvent, _ snapshot: ProgressReporter.Snapshot) {
        guard let line = event.logLine(done: snapshot.done, total: snapshot.total) else { return }
        if case .note = event { write("note: \(line)\n") } else { write(line + "\n") }
    }
}

/// Hands every event on as it comes: a worker process's progress, sent to the sweep that started it,
/// which reports it on its own reporter.
package struct ProgressRelay: ProgressConsumer {
    private let send: @Sendable (ProgressEvent) -> Void

    package init(_ send: @escaping @Sendable (ProgressEvent) -> Void) {
        self.send = send
    }

    package func receive(_ event: ProgressEvent, _ snapshot: ProgressReporter.Snapshot) {
        send(event)
    }
}
