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
        // The workers write each result straight into the array returned: collecting them from a table of
        // optionals made a second array as large beside the first, the sweep's peak at 10,000 repositories
        // (4.6 MB each).
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            run(count: count, into: ResultSlots(buffer), first: first, second: second)
            initialized = count
        }
    }

    /// Runs both stages until every one of the `count` slots holds its item's result.
    private func run<Pending: Sendable, Output: Sendable>(
        count: Int, into results: ResultSlots<Output>, first: @escaping @Sendable (Int) -> Handoff<Pending, Output>,
        second: @escaping @Sendable (Int, Pending) -> Output
    ) {
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
        results.checkFilled()
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

/// The array being returned, written in place: each slot by exactly one worker (the item's first stage
/// or its second), and read only after every worker has finished (`DispatchGroup.wait`), so no two
/// threads ever touch the same slot.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Value>
    private let filled: Mutex<Int> = Mutex(0)

    init(_ buffer: UnsafeMutableBufferPointer<Value>) {
        self.buffer = buffer
    }

    func store(_ value: Value, at index: Int) {
        (buffer.baseAddress! + index).initialize(to: value)
        filled.withLock { $0 += 1 }
    }

    /// Every slot must hold a result before the array is handed out: one left uninitialised would be read
    /// as garbage, so a worker that returned without storing stops the process here instead.
    func checkFilled() {
        let count = filled.withLock { $0 }
        precondition(count == buffer.count, "the pipeline stored \(count) results of \(buffer.count)")
    }
}
