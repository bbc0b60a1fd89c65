import Fleet
import Results
import Synchronization

/// The daemon's mailbox: signals, timers and the end of a sweep all arrive here, and the service takes
/// them one at a time, so its state changes in one place and in one order.
package final class ServiceEvents: Sendable {
    enum Event: Sendable {
        /// Stop after the sweep in flight, if any (SIGTERM, SIGINT, or the service task cancelled).
        case stop(reason: String)
        /// Read the config again (SIGHUP).
        case reload
        /// A timer the service set went off.
        case timer(Int)
        /// The sweep the service started ended.
        case sweepEnded(Int, Result<SweepOutcome, any Error>)
        /// The notification the service started ended (delivered or not).
        case notified(Int)
    }

    private struct State {
        var pending: [Event] = []
        var waiter: CheckedContinuation<Event, Never>?
    }

    private let state = Mutex(State())

    package init() {}

    /// Asks the service to stop; `reason` is logged ("SIGTERM").
    package func stop(reason: String) {
        post(.stop(reason: reason))
    }

    /// Asks the service to read its config again.
    package func reload() {
        post(.reload)
    }

    func post(_ event: Event) {
        let waiter = state.withLock { state -> CheckedContinuation<Event, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.pending.append(event)
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// The next event, in the order they came. One task takes events; if it is cancelled, it gets a stop.
    func next() async -> Event {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Event? in
                    if state.pending.isEmpty {
                        state.waiter = continuation
                        return nil
                    }
                    return state.pending.removeFirst()
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            post(.stop(reason: "cancelled"))
        }
    }
}
