import Foundation

/// Asks a running sweep to stop: repositories not yet started are left alone, those in flight finish,
/// and waits between fetch retries end at once. Set from another thread (a signal handler's queue).
package final class StopRequest: @unchecked Sendable {
    // Guarded by `condition`.
    private var requested = false
    private let condition = NSCondition()

    package init() {}

    package func request() {
        condition.lock()
        requested = true
        condition.broadcast()
        condition.unlock()
    }

    package var isRequested: Bool {
        condition.lock()
        defer { condition.unlock() }
        return requested
    }

    /// Waits `seconds` unless a stop is requested first; true when the whole wait passed without one.
    package func wait(seconds: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !requested {
            if !condition.wait(until: deadline) { return !requested }
        }
        return false
    }
}

/// A sweep stopped by a `StopRequest` before it was done with every repository; nothing of the run was kept.
package struct SweepStopped: Error, Sendable, CustomStringConvertible {
    /// Repositories that were finished (in flight when the stop came), out of how many.
    package let finished: Int
    package let total: Int

    package init(finished: Int, total: Int) {
        self.finished = finished
        self.total = total
    }

    package var description: String {
        "stopped after \(finished) of \(total) repositories; the run was not stored"
    }
}
