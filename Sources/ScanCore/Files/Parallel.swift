import Dispatch
import Synchronization

/// Runs independent jobs on all cores and keeps results in input order.
package enum Parallel {
    /// `transform` for every index in `0..<count`, spread over `workers` threads.
    package static func map<Result: Sendable>(
        _ count: Int, workers: Int = defaultWorkers, _ transform: @Sendable (Int) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let slots = Slots<Result>(count: count)
        let workers = max(1, min(workers, count))
        // Workers pull the next index from a shared counter, so a few large files do not leave a core idle.
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = counter.next()
                guard index < count else { break }
                slots.store(transform(index), at: index)
            }
        }
        return slots.collect()
    }

    /// Runs `first` on one worker while every worker (that one too, once `first` returns) maps
    /// `transform` over `0..<count`: a serial job overlapped with parallel work it does not depend on.
    package static func overlap<First: Sendable, Result: Sendable>(
        _ first: @Sendable () -> First, map count: Int, workers: Int = defaultWorkers, _ transform: @Sendable (Int) -> Result
    ) -> (First, [Result]) {
        // With one worker allowed, one thread does both, one after the other.
        if workers <= 1 { return (first(), (0..<count).map(transform)) }
        let slots = Slots<Result>(count: count)
        let firstSlot = Slots<First>(count: 1)
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            if worker == 0 { firstSlot.store(first(), at: 0) }
            while true {
                let index = counter.next()
                guard index < count else { break }
                slots.store(transform(index), at: index)
            }
        }
        return (firstSlot.collect()[0], slots.collect())
    }

    /// How many threads parallel work may use: the cores, unless a caller set a cap (`scan --jobs`, a
    /// sweep's `concurrency.scan`). One cap for the process, so that nested parallel work (apps of a
    /// repository, files of an app) stays within what the user allowed.
    package static var defaultWorkers: Int {
        let cap = limit.load(ordering: .relaxed)
        return max(1, cap > 0 ? min(cap, sysconfCores()) : sysconfCores())
    }

    /// The cap (0: none).
    package static let limit = Atomic<Int>(0)

    /// Runs `body` with parallel work capped at `jobs` threads (no cap for nil), then restores the cap.
    package static func limited<Result>(to jobs: Int?, _ body: () throws -> Result) rethrows -> Result {
        guard let jobs else { return try body() }
        let previous = limit.exchange(max(1, jobs), ordering: .relaxed)
        defer { limit.store(previous, ordering: .relaxed) }
        return try body()
    }

    private static func sysconfCores() -> Int {
        #if canImport(Glibc)
            return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
            return 1
        #endif
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// One slot per result; each slot is written by exactly one worker, then read after all finish.
private final class Slots<Value>: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil, count: count)
    }

    deinit {
        buffer.deinitialize(count: count)
        buffer.deallocate()
    }

    func store(_ value: Value, at index: Int) {
        buffer[index] = value
    }

    func collect() -> [Value] {
        (0..<count).map { buffer[$0]! }
    }
}

private final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    func next() -> Int {
        value.add(1, ordering: .relaxed).oldValue
    }
}
