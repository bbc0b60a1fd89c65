import Foundation

/// The machine's clock.
package struct SystemClock: WallClock {
    /// The longest single wait. `Task.sleep` counts elapsed time, not wall-clock time, so after the wall
    /// clock is stepped or the machine resumes from suspend, a wait ends at most this late.
    static let longestWait: TimeInterval = 60

    package init() {}

    package var now: Date { Date() }

    package func sleep(until deadline: Date) async throws {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                return
            }
            try await Task.sleep(for: .seconds(min(remaining, SystemClock.longestWait)))
        }
    }
}
