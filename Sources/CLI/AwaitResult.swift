import Dispatch
import Foundation
import Synchronization

/// Runs async work from a synchronous command and waits for it. The command line is synchronous, so the
/// work runs as a task while this thread waits. The task prefers an executor of its own (a serial dispatch
/// queue, which gets a thread of its own) rather than Swift's shared pool: when a command is called from a
/// thread of that pool (tests call commands in-process, several at once), waiting for work that needs the
/// same pool could take every thread of it and never end.
enum AwaitResult {
    static func of<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) -> Result<Value, any Error> {
        let result = Mutex<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: QueueExecutor()) {
            do {
                let value = try await work()
                result.withLock { $0 = .success(value) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        // The task always sets a result before it signals.
        return result.withLock { $0 } ?? .failure(CancellationError())
    }
}

/// A task executor on a serial dispatch queue of its own.
private final class QueueExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "scenesweep.command")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
