import Daemon
import Foundation
import Synchronization

/// A clock that moves only when a test moves it: `sleep(until:)` returns once `advance` reaches the
/// deadline, so the daemon loop can be driven through days of schedule without waiting.
package final class TestClock: WallClock {
    private struct Sleeper {
        let id: Int
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var sleepers: [Sleeper] = []
        var nextID = 0
        /// Sleeps cancelled before their continuation was stored.
        var cancelled: Set<Int> = []
    }

    private let state: Mutex<State>

    package init(now: Date) {
        state = Mutex(State(now: now))
    }

    package var now: Date { state.withLock { $0.now } }

    /// When the tasks sleeping on this clock wake, earliest first, so a test can wait until the code under
    /// test is asleep and check what it is waiting for.
    package var deadlines: [Date] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

    package func sleep(until deadline: Date) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.cancelled.remove(id) != nil {
                        return .failure(CancellationError())
                    }
                    if state.now >= deadline {
                        return .success(())
                    }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome {
                    continuation.resume(with: outcome)
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil as Sleeper?
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline it reaches.
    package func advance(by interval: TimeInterval) {
        precondition(interval >= 0, "a test clock only moves forward")
        let woken = state.withLock { state in
            state.now = state.now.addingTimeInterval(interval)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        // Resumed outside the lock: a woken task may call back into the clock at once.
        for sleeper in woken.sorted(by: { $0.deadline < $1.deadline }) {
            sleeper.continuation.resume()
        }
    }

    /// Moves the clock forward to `date` (not back) and wakes every sleeper it reaches.
    package func advance(to date: Date) {
        advance(by: max(0, date.timeIntervalSince(now)))
    }
}
