import Dispatch
import Foundation
import Synchronization

/// Two bounded pools of threads: the first stage (fetching: waits on the network) hands items to the
/// second (scanning: uses the cores) as soon as each is ready, and both refill continuously, so one slow
/// repository never idles the others. Results come back in input order, whatever order work finished in.
///
/// Threads rather than tasks because both stages make long blocking calls (libgit2, the scanner), which
/// must not occupy Swift concurrency's few cooperative threads, and because libgit2 reports errors per
/// thread: each job runs start to finish on one thread.
struct Pipeline: Sendable {
    let firstWorkers: Int
    let secondWorkers: Int

    /// What the first stage decided for an item.
    enum Handoff<Pending: Sendable, Output: Sendable>: Sendable {
        /// Finished without the second stage.
        case done(Output)
        /// Needs the second stage.
        case next(Pending)
    }

    func run<Pending: Sendable, Output: Sendable>(
        count: Int, first: @escaping @Sendable (Int) -> Handoff<Pending, Output>,
        second: @escaping @Sendable (Int, Pending) -> Output
    ) -> [Output] {
        guard count > 0 else { return [] }
        let results = ResultSlots<Output>(count: count)
        let queue = HandoffQueue<Pending>()
        let firstCount = max(1, min(firstWorkers, count))
        let counters = Counters(firstWorkers: firstCount)
        let group = DispatchGroup()

        for _ in 0..<firstCount {
            Self.spawn(group) {
                while true {
                    let index = counters.nextIndex.add(1, ordering: .relaxed).oldValue
                    guard index < count else { break }
                    switch first(index) {
                    case .done(let output): results.store(output, at: index)
                    case .next(let pending): queue.push(index, pending)
                    }
                }
                // The last first-stage worker to finish tells the second stage no more work is coming.
                if counters.runningFirst.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { queue.close() }
            }
        }
        for _ in 0..<max(1, secondWorkers) {
            Self.spawn(group) {
                while let (index, pending) = queue.pop() {
                    results.store(second(index, pending), at: index)
                }
            }
        }
        group.wait()
        return results.collect()
    }

    /// Starts a thread with a stack large enough for the scanner's recursive parsers.
    private static func spawn(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        let thread = Thread {
            body()
            group.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

private final class Counters: Sendable {
    let nextIndex = Atomic<Int>(0)
    let runningFirst: Atomic<Int>

    init(firstWorkers: Int) {
        runningFirst = Atomic(firstWorkers)
    }
}

/// Items handed from the first stage to the second; `pop` waits until one arrives or the queue closes.
private final class HandoffQueue<Pending: Sendable>: @unchecked Sendable {
    // Guarded by `condition`.
    private var items: [(Int, Pending)] = []
    private var head = 0
    private var isClosed = false
    private let condition = NSCondition()

    func push(_ index: Int, _ pending: Pending) {
        condition.lock()
        items.append((index, pending))
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next item in arrival order, or nil once the queue is closed and empty.
    func pop() -> (Int, Pending)? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count, !isClosed { condition.wait() }
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        return item
    }
}

/// One slot per input; each is written by exactly one worker, read after all have finished.
private final class ResultSlots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Value?]>

    init(count: Int) {
        slots = Mutex([Value?](repeating: nil, count: count))
    }

    func store(_ value: Value, at index: Int) {
        slots.withLock { $0[index] = value }
    }

    func collect() -> [Value] {
        slots.withLock { $0.map { $0! } }
    }
}
