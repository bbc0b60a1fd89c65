import Foundation
import Synchronization

/// The sweep's worker processes: started when a pipeline thread first needs one, kept between
/// repositories (starting a process costs more than most repositories' work), and replaced when one
/// is killed, dies, or grows past half its memory limit (memory a scan freed is not always given back).
final class WorkerPool: Sendable {
    let launch: WorkerLaunch
    let setup: WorkerSetup
    let limits: RepoLimits
    private let idle = Mutex<[WorkerProcess]>([])

    init(launch: WorkerLaunch, setup: WorkerSetup, limits: RepoLimits) {
        self.launch = launch
        self.setup = setup
        self.limits = limits
    }

    /// An idle worker, or a new one that has taken the setup.
    func checkout() -> Result<WorkerProcess, WorkerFailure> {
        if let worker = idle.withLock({ $0.popLast() }) { return .success(worker) }
        let worker: WorkerProcess
        do {
            worker = try WorkerProcess(launch)
        } catch {
            return .failure(.unreadable("\(error)"))
        }
        guard worker.send(.setup(setup)) else { return .failure(.unreadable("the new worker did not take its setup")) }
        let check = LimitCheck(seconds: max(30, limits.seconds), memoryBytes: limits.memoryBytes)
        switch worker.awaitAnswer(limits: check, startedAt: .now, progress: { _ in }) {
        case .success(.ready): return .success(worker)
        case .success: return .failure(.unreadable("the new worker answered its setup with something else"))
        case .failure(let failure): return .failure(failure)
        }
    }

    /// Takes back a worker that answered; one grown past half the memory limit is ended instead.
    func checkin(_ worker: WorkerProcess) {
        if worker.residentBytes() > limits.memoryBytes / 2 {
            worker.finish()
            return
        }
        idle.withLock { $0.append(worker) }
    }

    /// Ends every idle worker (each exits when its input closes).
    func shutdown() {
        let workers = idle.withLock { all in
            defer { all = [] }
            return all
        }
        for worker in workers { worker.finish() }
    }
}
