import Foundation
import Results

/// `RepoWork` done in worker processes: each repository's fetch and scan run in a `scenesweep
/// _sweep-worker` the sweep can kill, so a repository that loops, balloons or crashes (libgit2 on a
/// truncated loose object, a stalled server, a hostile plist) costs only itself. What the worker
/// decides comes back as a record; the results it wrote are read from the run folder. A worker past a
/// limit, or dead, makes the repository's failure through the same path as any fetch or scan error:
/// the previous result carried forward as stale, or unknown.
struct IsolatedRepoWork: Sendable {
    let work: RepoWork
    let pool: WorkerPool
    let limits: RepoLimits

    private var environment: SweepEnvironment { work.environment }

    func fetch(_ repo: RepoConfig) -> Pipeline.Handoff<RepoWork.ScanJob, RepoWork.Outcome> {
        if environment.stop.isRequested { return .done(work.interrupted(repo)) }
        // Offline, every repository is decided here from its mirror's references; online, an unchanged one
        // is (the remote asked where its branch points). Neither starts or wakes a worker.
        if let handoff = work.decideFromMirror(repo) { return handoff }
        if let outcome = work.withoutFetch(repo) { return .done(outcome) }
        let started = ContinuousClock.now
        switch ask(.fetch(repo, previous: previous(repo)), startedAt: started, stoppable: true) {
        case .success(.fetched(_, _, interrupted: true)):
            return .done(work.interrupted(repo))
        case .success(.fetched(let record?, _, _)):
            return .done(outcome(of: record, repo: repo, branch: record.scannedBranch))
        case .success(.fetched(nil, let job?, _)):
            return .next(job)
        case .success:
            return .done(work.failure(repo, WorkerFailure.unreadable("an answer to another request").message, branch: nil, fetchSeconds: 0))
        case .failure(let failure):
            return .done(
                work.failure(repo, failure.message, branch: nil, fetchSeconds: WorkerProcess.seconds(ContinuousClock.now - started)))
        }
    }

    func scan(_ job: RepoWork.ScanJob) -> RepoWork.Outcome {
        // The limit is the repository's: its fetch already used part of it.
        let started = ContinuousClock.now - .milliseconds(Int(job.fetchSeconds * 1000))
        switch ask(.scan(job, previous: previous(job.repo)), startedAt: started, stoppable: false) {
        case .success(.scanned(let record)):
            return outcome(of: record, repo: job.repo, branch: job.state.branch)
        case .success:
            return work.failure(
                job.repo, WorkerFailure.unreadable("an answer to another request").message, branch: job.state.branch,
                fetchSeconds: job.fetchSeconds)
        case .failure(let failure):
            return work.failure(job.repo, failure.message, branch: job.state.branch, fetchSeconds: job.fetchSeconds)
        }
    }

    /// What the worker needs of the previous run for this repository: sent along, so no worker reads
    /// run.json (every worker did, once each, even in a sweep where nothing changed).
    private func previous(_ repo: RepoConfig) -> WorkerPrevious? {
        work.previous.map { WorkerPrevious(run: $0.id, repo: $0.repo(repo)) }
    }

    /// Sends one request to a worker and waits for its answer within the repository's limits.
    private func ask(_ request: WorkerRequest, startedAt: ContinuousClock.Instant, stoppable: Bool) -> Result<WorkerReply, WorkerFailure> {
        let worker: WorkerProcess
        switch pool.checkout() {
        case .success(let checkedOut): worker = checkedOut
        case .failure(let failure): return .failure(failure)
        }
        guard worker.send(request) else {
            worker.terminate()
            return .failure(.unreadable("the worker did not take the request"))
        }
        let progress = environment.progress
        let stop = environment.stop
        let answer = worker.awaitAnswer(
            limits: LimitCheck(seconds: limits.seconds, memoryBytes: limits.memoryBytes), startedAt: startedAt,
            progress: { progress.report($0) }, stopRequested: { stoppable && stop.isRequested })
        if case .success = answer { pool.checkin(worker) }
        if case .failure(.timedOut) = answer { return .failure(.timedOut(seconds: limits.seconds)) }
        return answer
    }

    /// The worker's record, once the result it wrote reads back; the diff and the summary read it again.
    private func outcome(of record: RepoRecord, repo: RepoConfig, branch: String?) -> RepoWork.Outcome {
        guard record.hasResult else { return RepoWork.Outcome(record: record, report: nil) }
        do {
            _ = try work.store.result(run: work.runID, key: record.key)
            return RepoWork.Outcome(placed: record)
        } catch {
            return work.failure(
                repo, "the worker's result cannot be read: \(error)", branch: branch, fetchSeconds: record.fetchSeconds ?? 0)
        }
    }
}
