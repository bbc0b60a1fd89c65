import Foundation
import Git
import Results
import Rules
import ScanCore

/// How a sweep was asked to run.
package struct SweepOptions: Sendable {
    /// Repository names (or keys, or URLs) to fetch and scan; the others are carried forward. Empty: all.
    package var only: [String]
    /// Use the mirrors as they are, without fetching.
    package var offline: Bool
    /// Sweep only this shard's repositories, into the shard's own store (`RunStore.shardStore`).
    package var shard: Shard?

    package init(only: [String] = [], offline: Bool = false, shard: Shard? = nil) {
        self.only = only
        self.offline = offline
        self.shard = shard
    }
}

/// What a sweep gets from outside: the environment (for the token), a clock, where its links point, where
/// progress goes, and the scanner; tests replace what they need.
package struct SweepEnvironment: Sendable {
    package var variables: [String: String]
    package var clock: FleetClock
    /// Where summary.md and diff.md link to the run's pages (the config's `report_url`); nil for no links.
    package var links: ReportLinks?
    package var progress: ProgressReporter
    /// Part of every result's cache key, with `rulePack`: a new version rescans everything.
    package var toolVersion: String
    package var rulePack: String
    /// Scan workers when the config says `auto`.
    package var defaultScanWorkers: Int
    package var scan: @Sendable (any FileSource, PathFilter, RuleSelection) -> ScanReport
    /// The 4 hex digits after a run id's time.
    package var runSuffix: @Sendable () -> UInt16
    /// How fetches that fail for a reason that may pass (network, timeouts, 5xx) are tried again.
    package var fetchRetry: RetryPolicy
    /// Asks the sweep to stop early (the daemon on SIGTERM).
    package var stop: StopRequest
    /// Where each repository's fetch and scan run: worker processes started this way, which the sweep
    /// kills past `limits` (the CLI's default), or nil for this process's own threads, where nothing
    /// bounds a repository (library use, and tests that inject a scanner).
    package var workers: WorkerLaunch?

    package init(
        links: ReportLinks? = nil, variables: [String: String] = [:], clock: FleetClock = .system,
        progress: ProgressReporter = ProgressReporter(), toolVersion: String = ToolInfo.currentVersion,
        rulePack: String = SweepEnvironment.catalogueRulePack, defaultScanWorkers: Int = Parallel.defaultWorkers,
        scan: @escaping @Sendable (any FileSource, PathFilter, RuleSelection) -> ScanReport = { Scanner.scan($0, filter: $1, rules: $2) },
        runSuffix: @escaping @Sendable () -> UInt16 = { UInt16.random(in: 0...UInt16.max) },
        fetchRetry: RetryPolicy = .fetch, stop: StopRequest = StopRequest(), workers: WorkerLaunch? = nil
    ) {
        self.variables = variables
        self.clock = clock
        self.links = links
        self.progress = progress
        self.toolVersion = toolVersion
        self.rulePack = rulePack
        self.defaultScanWorkers = defaultScanWorkers
        self.scan = scan
        self.runSuffix = runSuffix
        self.fetchRetry = fetchRetry
        self.stop = stop
        self.workers = workers
    }

    /// The rule pack's name and a hash of its catalogue (ids, aliases, default severities) and of the data
    /// tables rules read (dependency readiness, runner images' default Xcode).
    package static let catalogueRulePack: String = {
        var parts: [String] = [ToolInfo.currentRulePack]
        for rule in Catalogue.all {
            let description = rule.description
            parts += [description.id, description.severity.rawValue] + description.aliases
        }
        parts += DependencyReadiness.fingerprintParts + RunnerImages.fingerprintParts
        return ToolInfo.currentRulePack + "+" + Fingerprint.of(parts).prefix(8)
    }()
}

/// What a finished sweep leaves: the run record, its summary and diff, and where the files are.
package struct SweepOutcome: Sendable {
    package let record: RunRecord
    package let summary: FleetSummary
    package let diff: RunDiff
    package let runFolder: String
    /// Things the person running the sweep should know (an unset token variable, …).
    package let notes: [String]

    /// Every repository the sweep tried failed: nothing could be scanned or reused.
    package let nothingScanned: Bool

    package init(
        record: RunRecord, summary: FleetSummary, diff: RunDiff, runFolder: String, notes: [String] = [], nothingScanned: Bool = false
    ) {
        self.record = record
        self.summary = summary
        self.diff = diff
        self.runFolder = runFolder
        self.notes = notes
        self.nothingScanned = nothingScanned
    }

    package func count(_ status: RepoStatus) -> Int {
        record.repos.count { $0.status == status }
    }
}

package struct SweepError: Error, CustomStringConvertible, Sendable {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

/// One batch run over the fleet: fetch every planned repository into its mirror, scan those whose
/// commit, tool, rule pack or settings changed, carry the others forward, then store the run, diff it
/// against the previous complete run and write the reports.
///
/// A repository that cannot be fetched or scanned never stops the others: its previous result is
/// carried forward marked stale with the error, or it is unknown when there is none.
package struct Sweep: Sendable {
    package let config: FleetConfig
    package let options: SweepOptions
    package let environment: SweepEnvironment

    package init(config: FleetConfig, options: SweepOptions = SweepOptions(), environment: SweepEnvironment) {
        self.config = config
        self.options = options
        self.environment = environment
    }

    package func run() throws -> SweepOutcome {
        let plan: SweepPlan
        do {
            plan = try SweepPlan.make(config, only: options.only, shard: options.shard)
        } catch {
            throw SweepError(error.message)
        }
        let workspace = RunStore(root: config.workspace)
        let store = options.shard.map(workspace.shardStore) ?? workspace
        let lock: WorkspaceLock
        do {
            lock = try store.lock(claimingFor: config, now: environment.clock.now())
        } catch {
            throw SweepError("\(error)")
        }
        return try withExtendedLifetime(lock) { try run(plan, store: store) }
    }

    private func run(_ plan: SweepPlan, store: RunStore) throws -> SweepOutcome {
        let startedAt = environment.clock.now()
        let trace = PhaseClock()
        // The previous run, the workers and the repositories' outcomes are let go when `gather` returns: the
        // summary, made next, is the largest thing the sweep's end holds (at 10,000 repositories they were
        // 10 MB more beside it).
        var gathered = try gather(plan, store: store, startedAt: startedAt, trace: trace)
        MemoryRelease.afterPhase()
        let runID = gathered.record.id
        let summary = FleetSummary.make(
            snapshot: gathered.snapshot, diff: gathered.diff, at: startedAt, campaign: store.keepCampaign(run: runID))
        MemoryRelease.afterPhase()
        if let problem = gathered.results.firstProblem {
            store.abandon(store.runFolder(runID))
            throw SweepError("a result read during the sweep cannot be read again, so the run is not stored: \(problem)")
        }
        trace.lap("diff and summary")
        try store.complete(record: gathered.record, summary: summary, diff: gathered.diff, links: environment.links)
        trace.lap("write the run")
        // Only once the run is stored, so a run that failed never costs an old one; still under the lock.
        // Mirrors are named from the URL and branch (`mirrorKey`), and a shard's store holds its repositories' only.
        let shardRepos = options.shard.map { shard in config.repos.filter { shard.contains($0.mirrorKey) } } ?? config.repos
        let retention = store.applyRetention(
            config.retention, listed: Set(shardRepos.map(\.mirrorKey)), now: gathered.record.finishedAt, stored: gathered.record,
            shard: options.shard.map { ($0.index, RunStore(root: config.workspace)) })
        for line in [retention.summary].compactMap({ $0 }) + retention.problems {
            environment.progress.note(line)
            gathered.notes.append(line)
        }
        trace.lap("retention")
        return SweepOutcome(
            record: gathered.record, summary: summary, diff: gathered.diff, runFolder: store.runFolder(runID), notes: gathered.notes,
            nothingScanned: gathered.nothingScanned)
    }

    /// What the fetches and scans made of the fleet, compared with the previous run.
    private struct Gathered {
        let record: RunRecord
        let results: RunResultReader
        let snapshot: RunSnapshot
        let diff: RunDiff
        var notes: [String]
        let nothingScanned: Bool
    }

    /// Fetches and scans the planned repositories, carries the others' results forward, and diffs the new run
    /// against the previous one.
    private func gather(_ plan: SweepPlan, store: RunStore, startedAt: Date, trace: PhaseClock) throws -> Gathered {
        let clock = environment.clock
        let fileManager = FileManager.default
        try? GitLibrary.ignoreUserAndSystemConfiguration()
        Mirror.removeLeftovers(in: store.mirrorsFolder)
        store.removeLeftovers()
        // Hashing encodes the whole config (14 MB for a fleet of 10,000): done first, before the sweep holds
        // anything else, so that it never adds to its peak.
        let configHash = config.hash
        MemoryRelease.afterPhase()
        let previous = PreviousRun(store: store)
        let runID = try store.makeRunFolder(at: startedAt, suffix: environment.runSuffix)
        do {
            try fileManager.createDirectory(atPath: store.mirrorsFolder, withIntermediateDirectories: true)
        } catch {
            store.abandon(store.runFolder(runID))
            throw SweepError(FileProblem.sentence("create the mirrors folder", store.mirrorsFolder, error))
        }

        var notes: [String] = []
        if let variable = config.auth.httpsTokenVariable, (environment.variables[variable] ?? "").isEmpty,
            plan.repos.contains(where: { repo in
                guard let origin = GitURL(repo.location).origin, origin.scheme != "ssh" else { return false }
                return !config.auth.hostTokenVariables.keys.contains { Self.matches($0, origin) }
            })
        {
            notes.append("auth.https_token_env names \(variable), which is not set: https repositories that need a token will fail")
        }
        for note in notes { environment.progress.note(note) }

        for (host, variable) in config.auth.hostTokenVariables.sorted(by: { $0.key < $1.key })
        where (environment.variables[variable] ?? "").isEmpty
            && plan.repos.contains(where: { repo in GitURL(repo.location).origin.map { Self.matches(host, $0) } ?? false })
        {
            let note =
                "auth.hosts.\(host).https_token_env names \(variable), which is not set: repositories on \(host) that need a token will fail"
            notes.append(note)
            environment.progress.note(note)
        }
        let credentials = config.credentials(from: environment.variables)
        let work = RepoWork(
            config: config, store: store, runID: runID, previous: previous, environment: environment, offline: options.offline,
            credentials: credentials)
        let isolated = environment.workers.map { launch in
            IsolatedRepoWork(
                work: work,
                pool: WorkerPool(
                    launch: launch, setup: workerSetup(store: store, runID: runID, credentials: credentials), limits: config.limits),
                limits: config.limits)
        }
        environment.progress.begin(total: plan.repos.count)
        // Offline, the first stage only reads each mirror's branch, in this process (`decideFromMirror`, a
        // tenth of a millisecond): one thread keeps ahead of the scans.
        let pipeline = Pipeline(
            firstWorkers: options.offline ? 1 : config.fetchConcurrency,
            secondWorkers: config.scanConcurrency ?? environment.defaultScanWorkers)
        let repos = plan.repos
        // concurrency.scan is the whole CPU budget: the parallel work inside each scan stays within it too.
        let outcomes = Parallel.limited(to: config.scanConcurrency) {
            pipeline.run(
                count: repos.count, first: { isolated?.fetch(repos[$0]) ?? work.fetch(repos[$0]) },
                second: { isolated?.scan($1) ?? work.scan($1) })
        }
        isolated?.pool.shutdown()
        // Every result is written: the disk takes them while the diff, the summary and the reports are made,
        // and the flush before run.json (`complete`) waits only for what is left.
        AtomicFile.startFlushingAll()
        environment.progress.end()
        trace.lap("fetch and scan \(repos.count) repositories")
        if outcomes.contains(where: \.wasInterrupted) {
            // Stopped before every repository was done: the run is dropped whole, never stored in part.
            try? fileManager.removeItem(atPath: store.runFolder(runID))
            throw SweepStopped(finished: outcomes.filter { !$0.wasInterrupted }.count, total: outcomes.count)
        }

        let nothingScanned = !outcomes.isEmpty && outcomes.allSatisfy { $0.record.status.isFailure }
        let (records, reports, written) = Self.inConfigOrder(
            consume outcomes, leftOut: plan.leftOut.compactMap { work.leaveOut($0) }, repos: config.repos)

        let finishedAt = clock.now()
        let record = RunRecord(
            id: runID, fleet: FleetInfo(name: config.fleetName, deadline: config.deadline),
            tool: ToolInfo(version: environment.toolVersion, rulePack: environment.rulePack), configHash: configHash,
            startedAt: startedAt, finishedAt: finishedAt, offline: options.offline, only: options.only, previousRun: previous?.record.id,
            repos: records, shard: options.shard)
        // The workers' results come back from the run folder (where each was read once already) one at a
        // time, as the diff and the summary ask for them.
        let results = RunResultReader(store: store, run: runID, held: reports, written: Set(written))
        let snapshot = RunSnapshot(record: record, reading: results.report)
        let diff = RunDiff.between(previous?.snapshot(), snapshot)
        return Gathered(record: record, results: results, snapshot: snapshot, diff: diff, notes: notes, nothingScanned: nothingScanned)
    }

    /// The run's records in config order, the results held, and the repositories whose results are in the run
    /// folder. The outcomes are let go here: at 10,000 repositories they and a table of them by key were
    /// 12 MB more at the sweep's peak, its end.
    private static func inConfigOrder(_ outcomes: consuming [RepoWork.Outcome], leftOut: [RepoWork.Outcome], repos: [RepoConfig])
        -> (records: [RepoRecord], reports: [RepoKey: ScanReport], written: [RepoKey])
    {
        var all = consume outcomes
        all += leftOut
        var position: [RepoKey: Int] = [:]
        position.reserveCapacity(all.count)
        for (index, outcome) in all.enumerated() { position[outcome.record.key] = index }
        var records: [RepoRecord] = []
        records.reserveCapacity(all.count)
        var reports: [RepoKey: ScanReport] = [:]
        var written: [RepoKey] = []
        for repo in repos {
            guard let index = position[repo.key] else { continue }
            let outcome = all[index]
            records.append(outcome.record)
            if let report = outcome.report {
                reports[repo.key] = report
            } else if outcome.resultInRunFolder {
                written.append(repo.key)
            }
        }
        return (records, reports, written)
    }

    /// Whether an `auth.hosts` key (`host` or `host:port`) names this origin.
    static func matches(_ host: String, _ origin: Origin) -> Bool {
        host == origin.host || host == "\(origin.host):\(origin.port)"
    }

    /// What every worker of this sweep is told once.
    private func workerSetup(store: RunStore, runID: String, credentials: Credentials) -> WorkerSetup {
        WorkerSetup(
            storeRoot: store.root, runID: runID, offline: options.offline, httpsToken: credentials.httpsToken,
            hostTokens: credentials.hostTokens,
            sshKey: credentials.sshPrivateKey, knownHosts: credentials.knownHostsFile, toolVersion: environment.toolVersion,
            rulePack: environment.rulePack, exclude: config.exclude, disabledRules: config.disabledRules,
            ruleSeverities: config.ruleSeverities, forcedSeverities: config.forcedSeverities, suppressions: config.suppressions,
            includeVendoredApps: config.includeVendoredApps, writesPatches: config.writesPatches, scanWorkers: config.scanConcurrency,
            defaultScanWorkers: environment.defaultScanWorkers,
            retryAttempts: environment.fetchRetry.attempts, retryInitialDelay: environment.fetchRetry.initialDelay,
            retryMaximumDelay: environment.fetchRetry.maximumDelay)
    }
}
