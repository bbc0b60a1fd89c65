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

/// A view of a sweep's progress (the terminal's live line, log lines, the daemon's log, a worker's
/// relay): told of every event with the counts it leaves, in the order the reporter took them in.
package protocol ProgressConsumer: Sendable {
    /// The sweep starts counting `snapshot.total` repositories.
    func began(_ snapshot: ProgressReporter.Snapshot)
    func receive(_ event: ProgressEvent, _ snapshot: ProgressReporter.Snapshot)
    /// The sweep is over.
    func ended()
}

extension ProgressConsumer {
    package func began(_ snapshot: ProgressReporter.Snapshot) {}
    package func ended() {}
}

/// Counts a sweep's progress from its events (how many repositories are done, how many failed, which
/// are in flight) and hands each event, with those counts, to its consumers.
package final class ProgressReporter: Sendable {
    /// Where a sweep stands: how many repositories are done, and which are in flight.
    package struct Snapshot: Sendable, Equatable {
        package var total: Int
        package var done: Int
        package var failures: Int
        package var fetching: [String]
        /// Fetched, waiting for a scan worker; sorted.
        package var waiting: [String]
        package var scanning: [String]

        package init(
            total: Int = 0, done: Int = 0, failures: Int = 0, fetching: [String] = [], waiting: [String] = [], scanning: [String] = []
        ) {
            self.total = total
            self.done = done
            self.failures = failures
            self.fetching = fetching
            self.waiting = waiting
            self.scanning = scanning
        }

        /// The counts once `event` happened.
        mutating func take(_ event: ProgressEvent) {
            guard let name = event.repository else { return }
            fetching.removeAll { $0 == name }
            waiting.removeAll { $0 == name }
            scanning.removeAll { $0 == name }
            switch event {
            case .fetching: fetching.append(name)
            case .queued: waiting.insert(name, at: waiting.firstIndex { $0 > name } ?? waiting.endIndex)
            case .scanning: scanning.append(name)
            case .scanned, .reused, .failed:
                done += 1
                if event.isFailure { failures += 1 }
            case .note: break
            }
        }
    }

    private let consumers: [any ProgressConsumer]
    private let observer: (@Sendable (Snapshot) -> Void)?
    private let state = Mutex(Snapshot())

    /// - Parameter observer: told of every change, outside the reporter's lock (from the sweep's threads,
    ///   in no guaranteed order); consumers are told in order.
    package init(_ consumers: [any ProgressConsumer] = [], observer: (@Sendable (Snapshot) -> Void)? = nil) {
        self.consumers = consumers
        self.observer = observer
    }

    /// Starts counting a sweep of `total` repositories.
    package func begin(total: Int) {
        let snapshot = state.withLock { state in
            state.total = total
            for consumer in consumers { consumer.began(state) }
            return state
        }
        observer?(snapshot)
    }

    package func report(_ event: ProgressEvent) {
        let snapshot = state.withLock { state in
            state.take(event)
            // Inside the lock, so a log's `[3/12]` lines come in the order they were counted.
            for consumer in consumers { consumer.receive(event, state) }
            return state
        }
        if event.repository != nil { observer?(snapshot) }
    }

    /// A line to keep that is not a repository's end.
    package func note(_ text: String) {
        report(.note(text))
    }

    package var snapshot: Snapshot {
        state.withLock { $0 }
    }

    /// Ends the sweep for every consumer (the live line is cleared).
    package func end() {
        state.withLock { _ in
            for consumer in consumers { consumer.ended() }
        }
    }
}
