import Foundation
import Git
import Migration
import Results
import Rules
import ScanCore

/// What a sweep does for one repository: fetch it, decide whether its previous result still holds,
/// scan it, or carry the previous result forward when something failed. Runs on the pipeline's threads.
struct RepoWork: Sendable {
    let config: FleetConfig
    let store: RunStore
    let runID: String
    var previous: PreviousRun?
    let environment: SweepEnvironment
    let offline: Bool
    let credentials: Credentials
    /// Ask the remote where the branch points before fetching (`withoutFetch`); off in worker processes,
    /// whose sweep asked already.
    var checksTipFirst = true

    /// A repository's line in the run and its result.
    struct Outcome: Sendable {
        var record: RepoRecord
        var report: ScanReport?
        /// The sweep was asked to stop before this repository was started, or while its fetch waited to try again.
        var wasInterrupted = false
        /// The result is in the run folder and not held: one a worker wrote, read back once to check it, or
        /// one carried from an earlier run, read once to decide. The sweep reads it again for the diff and
        /// the summary. Holding every one until then made the sweep grow with the fleet: by 70 MB over
        /// 10,000 scanned repositories, by 170 MB over 10,000 reused ones.
        var resultInRunFolder = false
    }

    /// A fetched repository whose result must be made afresh.
    struct ScanJob: Sendable, Codable {
        let repo: RepoConfig
        let state: Mirror.State
        let settings: ScanSettings
        let fetchSeconds: Double
        /// Why the previous result does not hold, for the log.
        let reason: String
    }

    private var progress: ProgressReporter { environment.progress }

    func fetch(_ repo: RepoConfig) -> Pipeline.Handoff<ScanJob, Outcome> {
        if environment.stop.isRequested { return .done(interrupted(repo)) }
        if checksTipFirst, let outcome = withoutFetch(repo) { return .done(outcome) }
        let handoff = decide(repo)
        if case .next = handoff { progress.report(.queued(repo.name)) }
        return handoff
    }

    /// Fetches a repository, then reuses its previous result or hands it on to be scanned.
    private func decide(_ repo: RepoConfig) -> Pipeline.Handoff<ScanJob, Outcome> {
        progress.report(.fetching(repo.name))
        let started = environment.clock.now()
        let trace = PhaseClock()
        let state: Mirror.State
        do {
            state = try update(repo)
            trace.lap("\(repo.name): \(offline ? "open" : "fetch") mirror")
        } catch {
            // A stop cuts the waits between tries short: that is not the repository's failure.
            if environment.stop.isRequested { return .done(interrupted(repo)) }
            return .done(failure(repo, error.message, branch: nil, fetchSeconds: seconds(since: started)))
        }
        return decide(repo, state: state, fetchSeconds: seconds(since: started))
    }

    /// Offline, in the sweep's own process: the mirror's branch read from its references (a libgit2 open
    /// and one reference, about a tenth of a millisecond), then reused or handed on to be scanned. Asking
    /// a worker for the same cost 0.7 ms of CPU a repository in that worker and in the sweep (its
    /// request, its replies, its walk for stale locks), on the cores the scans need. nil when the
    /// references cannot tell: the worker's fetch then says why.
    func decideFromMirror(_ repo: RepoConfig) -> Pipeline.Handoff<ScanJob, Outcome>? {
        let started = environment.clock.now()
        guard offline, let state = Mirror(path: store.mirrorPath(repo.mirrorKey), repo: repo).currentState() else { return nil }
        progress.report(.fetching(repo.name))
        let handoff = decide(repo, state: state, fetchSeconds: seconds(since: started))
        if case .next = handoff { progress.report(.queued(repo.name)) }
        return handoff
    }

    /// Reuses the previous result when it holds for the mirror's commit, or hands the repository on to be scanned.
    private func decide(_ repo: RepoConfig, state: Mirror.State, fetchSeconds: Double) -> Pipeline.Handoff<ScanJob, Outcome> {
        let settings = config.scanSettings(for: repo)
        let commit = state.commit.description
        guard let before = previous?.repo(repo), before.hasResult else {
            return .next(ScanJob(repo: repo, state: state, settings: settings, fetchSeconds: fetchSeconds, reason: "first scan"))
        }
        var reason: String?
        if before.commit != commit {
            reason = "new commit \(commit.prefix(7))"
        } else if before.resultTool != environment.toolVersion {
            reason = "tool version changed"
        } else if before.resultRulePack != environment.rulePack {
            reason = "rule pack changed"
        } else if before.settingsHash != settings.hash {
            reason = "settings changed"
        }
        if let reason {
            return .next(ScanJob(repo: repo, state: state, settings: settings, fetchSeconds: fetchSeconds, reason: reason))
        }
        // Read only now: a result that will not be reused is not read at all.
        guard let report = previous?.report(repo),
            let outcome = reuse(repo, before: before, report: report, branch: state.branch, fetchSeconds: fetchSeconds)
        else {
            return .next(
                ScanJob(repo: repo, state: state, settings: settings, fetchSeconds: fetchSeconds, reason: "previous result unreadable"))
        }
        return .done(outcome)
    }

    /// The previous result, carried into this run as still holding for the commit; nil when its files
    /// cannot be carried.
    func reuse(_ repo: RepoConfig, before: RepoRecord, report: ScanReport, branch: String, fetchSeconds: Double) -> Outcome? {
        guard let previousRun = previous?.id, carry(report, of: repo.key, from: previousRun, as: before.key) else { return nil }
        var record = before.carried(as: .reused, repo: repo)
        record.scannedBranch = branch
        record.fetchSeconds = fetchSeconds
        record.error = nil
        record.failingSince = nil
        progress.report(.reused(repo.name, commit: before.commit ?? ""))
        return Outcome(placed: record)
    }

    /// Brings the mirror up to date, trying again after a transient failure (network, timeout, 5xx) as the
    /// retry policy allows; other failures, and the last try's, are thrown. A stop request ends the waiting.
    private func update(_ repo: RepoConfig) throws(GitError) -> Mirror.State {
        let mirror = Mirror(path: store.mirrorPath(repo.mirrorKey), repo: repo)
        let policy = environment.fetchRetry
        var attempt = 1
        while true {
            do {
                return try mirror.update(credentials: credentials, offline: offline)
            } catch {
                if error.isDamage, !offline { return try cloneAgain(mirror, damage: error) }
                guard error.isTransient, !offline, attempt < policy.attempts else { throw error }
                let delay = policy.delay(beforeRetry: attempt, jitter: policy.jitter())
                progress.note(
                    "\(repo.name): \(error.message); trying again in \(ProgressEvent.duration(delay)) (attempt \(attempt + 1) of \(policy.attempts))"
                )
                guard environment.stop.wait(seconds: delay) else { throw error }
                attempt += 1
            }
        }
    }

    /// Clones a damaged mirror again, once; when that fails too, the error says the mirror was damaged.
    private func cloneAgain(_ mirror: Mirror, damage: GitError) throws(GitError) -> Mirror.State {
        progress.note("\(mirror.repo.name): the mirror is damaged (\(damage.message)); cloning it again")
        do {
            return try mirror.cloneAgain(credentials: credentials)
        } catch let error where error.isDamage {
            throw Self.stillDamaged(error)
        } catch {
            throw GitError(error.kind, "the mirror was damaged and cloning it again failed: \(error.message)", errorClass: error.errorClass)
        }
    }

    private static func stillDamaged(_ error: GitError) -> GitError {
        GitError(error.kind, "the mirror was cloned again and is still damaged: \(error.message)", errorClass: error.errorClass)
    }

    /// The commit's tree, listed: listing first turns a damaged tree into this repository's failure instead
    /// of an empty result. A mirror found damaged here (an object missing or unreadable) is cloned again
    /// once and read from the fresh clone; `state` is then the fresh clone's.
    private func listedTree(_ repo: RepoConfig, state: inout Mirror.State, filter: PathFilter) throws(GitError) -> GitTreeSource {
        do {
            // Files missing from a clone made in this sweep are missing upstream: each costs that file.
            return try openTree(repo, state.commit, filter: filter, acceptingMissingFiles: state.cloned || offline)
        } catch let error where error.isDamage && !state.cloned && !offline {
            return try treeOfFreshClone(repo, state: &state, filter: filter, damage: error)
        } catch let error where state.clonedAgain {
            throw Self.stillDamaged(error)
        }
    }

    /// Clones the damaged mirror again and lists the commit's tree from the fresh clone; `state` is then the
    /// fresh clone's. Damage met there too is the repository's failure.
    private func treeOfFreshClone(
        _ repo: RepoConfig, state: inout Mirror.State, filter: PathFilter, damage: GitError
    ) throws(GitError) -> GitTreeSource {
        state = try cloneAgain(Mirror(path: store.mirrorPath(repo.mirrorKey), repo: repo), damage: damage)
        do {
            return try openTree(repo, state.commit, filter: filter, acceptingMissingFiles: true)
        } catch {
            throw Self.stillDamaged(error)
        }
    }

    private func openTree(_ repo: RepoConfig, _ commit: ObjectID, filter: PathFilter, acceptingMissingFiles: Bool) throws(GitError)
        -> GitTreeSource
    {
        let source = try GitTreeSource(
            repositoryPath: store.mirrorPath(repo.mirrorKey), commit: commit, label: "\(repo.name)@\(commit.description.prefix(12))")
        let listing = try source.listing(filter: filter)
        if listing.missingFiles > 0, !acceptingMissingFiles {
            let count = listing.missingFiles
            throw GitError(.corrupt, "\(count) file\(count == 1 ? "" : "s") of the tree of \(commit) missing from the mirror")
        }
        return source
    }

    /// Scans a listed tree; with patches wanted, through a workspace kept for them. Patches are made from
    /// this very scan (its lexed files, its findings): the tree is loaded here so that `fix` only adds the
    /// re-scans that check them, which read what the scan read from memory.
    private func scanTree(_ source: GitTreeSource, _ settings: ScanSettings) -> (report: ScanReport, workspace: Workspace?) {
        guard settings.writesPatches else { return (environment.scan(source, settings.filter, config.ruleSelection), nil) }
        let loaded = Workspace.load(
            from: RememberingSource(source), filter: settings.filter, anchors: Migrator.anchors(config.ruleSelection),
            keepingProjectDocuments: true)
        return (Scanner.scan(loaded, rules: config.ruleSelection), loaded)
    }

    func scan(_ job: ScanJob) -> Outcome {
        let repo = job.repo
        progress.report(.scanning(repo.name))
        let started = environment.clock.now()
        let trace = PhaseClock()
        var state = job.state
        let report: ScanReport
        let source: GitTreeSource
        var workspace: Workspace?
        do throws(GitError) {
            var tree = try listedTree(repo, state: &state, filter: job.settings.filter)
            trace.lap("\(repo.name): list the tree")
            var scanned = scanTree(tree, job.settings)
            if let damage = tree.damage {
                // A file the listing found could not be read intact. Scanned without it, the app could look
                // better than it is, so that result is never kept: the mirror is cloned again and scanned
                // again, or the repository fails (its last result carried, stale).
                guard !state.cloned, !offline else { throw state.clonedAgain ? Self.stillDamaged(damage) : damage }
                tree = try treeOfFreshClone(repo, state: &state, filter: job.settings.filter, damage: damage)
                scanned = scanTree(tree, job.settings)
                if let damage = tree.damage { throw Self.stillDamaged(damage) }
            }
            (source, report, workspace) = (tree, scanned.report, scanned.workspace)
            trace.lap("\(repo.name): scan")
        } catch {
            return failure(repo, error.message, branch: state.branch, fetchSeconds: job.fetchSeconds)
        }
        let commit = state.commit
        do {
            for (ext, render) in RunFiles.repoFiles {
                try AtomicFile.write(render(report), to: store.resultPath(run: runID, key: repo.key, ext: ext))
            }
        } catch {
            return failure(repo, "\(error)", branch: state.branch, fetchSeconds: job.fetchSeconds)
        }
        trace.lap("\(repo.name): write results")
        var patches: PatchCounts?
        if let workspace {
            // A patch that cannot be made costs the patch, never the repository's result.
            do {
                patches = try PatchFiles.write(
                    workspace: workspace, source: source, settings: job.settings, rules: config.ruleSelection, report: report,
                    key: repo.key, folder: store.patchFolder(run: runID, key: repo.key))
            } catch {
                progress.note("\(repo.name): patches not written: \(error)")
            }
            trace.lap("\(repo.name): patches")
        }
        MemoryRelease.afterRepository()
        let scanSeconds = seconds(since: started)
        let counts = AppCounts(report.apps).kept(in: .repository)
        var record = RepoRecord(
            key: repo.key, name: repo.name, url: GitURL.redacted(repo.url), branch: repo.branch, scannedBranch: state.branch,
            team: repo.team, status: .scanned, commit: commit.description, resultTool: environment.toolVersion,
            resultRulePack: environment.rulePack, settingsHash: job.settings.hash, scannedIn: runID, fetchSeconds: job.fetchSeconds,
            scanSeconds: scanSeconds, counts: counts)
        record.patches = patches
        progress.report(.scanned(repo.name, counts: counts, seconds: scanSeconds, reason: job.reason))
        return Outcome(record: record, report: report)
    }

    /// A repository `--only` left out keeps its previous state, unchecked; nil when it has none.
    func leaveOut(_ repo: RepoConfig) -> Outcome? {
        guard let previousRun = previous?.id, let before = previous?.repo(repo) else { return nil }
        if let report = previous?.report(repo) {
            guard carry(report, of: repo.key, from: previousRun, as: before.key) else { return nil }
            return Outcome(placed: before.carried(as: before.status.isFailure ? before.status : .skipped, repo: repo))
        }
        return before.status == .failed ? Outcome(record: before.carried(as: .failed, repo: repo), report: nil) : nil
    }

    /// A repository the sweep stopped before it was done with; the run it belongs to is not stored.
    func interrupted(_ repo: RepoConfig) -> Outcome {
        let record = RepoRecord(
            key: repo.key, name: repo.name, url: GitURL.redacted(repo.url), branch: repo.branch, team: repo.team, status: .skipped)
        return Outcome(record: record, report: nil, wasInterrupted: true)
    }

    /// The previous result carried forward marked stale, or no result (unknown) when there is none.
    func failure(_ repo: RepoConfig, _ message: String, branch: String?, fetchSeconds: Double) -> Outcome {
        let carrier = StaleCarry(store: store, runID: runID)
        let before = previous?.repo(repo)
        let since = carrier.failingSince(before)
        if let before, let previousRun = previous?.id, let report = previous?.report(repo),
            carry(report, of: repo.key, from: previousRun, as: before.key)
        {
            var record = before.carried(as: .stale, repo: repo)
            record.fetchSeconds = fetchSeconds
            record.scannedBranch = branch ?? before.scannedBranch
            progress.report(.failed(repo.name, reason: message, keeping: record.scannedIn))
            return Outcome(placed: carrier.stale(record, report: report, error: message, since: since).record)
        }
        progress.report(.failed(repo.name, reason: message, keeping: nil))
        return carrier.failed(repo, error: message, since: since, scannedBranch: branch, fetchSeconds: fetchSeconds)
    }

    /// Puts the previous run's files for this repository (named `previousKey` there) into this run; false
    /// if that fails.
    private func carry(_ report: ScanReport, of key: RepoKey, from previousRun: String, as previousKey: RepoKey) -> Bool {
        StaleCarry(store: store, runID: runID).place(report, of: key) { store.resultPath(run: previousRun, key: previousKey, ext: $0) }
    }

    func seconds(since start: Date) -> Double {
        (environment.clock.now().timeIntervalSince(start) * 1000).rounded() / 1000
    }
}

extension RepoRecord {
    /// This record in a later run, carrying the same result with a new status and the current settings.
    func carried(as status: RepoStatus, repo: RepoConfig) -> RepoRecord {
        var record = self
        // A run stored before keys came from names matched by name: from now on it has the new key.
        record.key = repo.key
        record.name = repo.name
        record.url = GitURL.redacted(repo.url)
        record.branch = repo.branch
        record.team = repo.team
        record.status = status
        record.fetchSeconds = nil
        record.scanSeconds = nil
        return record
    }
}

extension RepoWork.Outcome {
    /// A repository whose result is already in the run folder, not held (`resultInRunFolder`).
    init(placed record: RepoRecord) {
        self.init(record: record, report: nil, resultInRunFolder: true)
    }
}
