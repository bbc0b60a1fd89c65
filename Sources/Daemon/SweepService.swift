import Fleet
import Foundation
import Results

#if canImport(Glibc)
    import Glibc
#endif

/// The nightly service: runs a sweep at each time of the schedule and sleeps in between, until stopped.
///
/// Everything reaches it as an event in one mailbox (`ServiceEvents`): the schedule's timer, SIGTERM and
/// SIGINT (stop), SIGHUP (reload), and the end of a sweep, which runs on a thread of its own. A stop
/// during a sweep lets the repositories in flight finish (for at most `stopTimeout`) and stores nothing
/// half-done; a reload during a sweep waits for its end. Before each scheduled sweep the config file is
/// read again if its content changed, so an edit takes effect without a signal. A scheduled time that
/// passes while a sweep runs is not run late (`MissedRuns`). After each sweep the status and metrics
/// files are rewritten and, if apps regressed or became blocked, the webhook is told; a notification that
/// fails never fails the run.
package struct SweepService: Sendable {
    package struct Options: Sendable {
        /// Sweep once, now, and return.
        package var once: Bool
        /// How long a stop waits for the repositories in flight.
        package var stopTimeout: TimeInterval
        /// With `once`: a sweep in which a repository could not be fetched or scanned exits 2.
        package var failOnFetchError: Bool

        package init(once: Bool = false, stopTimeout: TimeInterval = 60, failOnFetchError: Bool = false) {
            self.once = once
            self.stopTimeout = stopTimeout
            self.failOnFetchError = failOnFetchError
        }
    }

    let initial: ServiceConfig
    let options: Options
    let clock: any WallClock
    let runner: any SweepRunner
    let events: ServiceEvents
    let log: DaemonLog
    let variables: [String: String]
    let webhook: WebhookClient
    let reload: @Sendable () throws(ConfigProblems) -> ServiceConfig

    /// - Parameters:
    ///   - variables: the process environment, where the token and the webhook URL are read.
    ///   - reload: reads the config again (on SIGHUP).
    package init(
        config: ServiceConfig, options: Options = Options(), clock: any WallClock = SystemClock(), runner: any SweepRunner,
        events: ServiceEvents, log: DaemonLog, variables: [String: String] = [:], webhook: WebhookClient = WebhookClient(),
        reload: @escaping @Sendable () throws(ConfigProblems) -> ServiceConfig
    ) {
        self.initial = config
        self.options = options
        self.clock = clock
        self.runner = runner
        self.events = events
        self.log = log
        self.variables = variables
        self.webhook = webhook
        self.reload = reload
    }

    /// Runs until stopped, or for one sweep with `once`. Returns the exit status: 0, or 2 when the config
    /// has no schedule or a `once` sweep failed. Cancelling the task stops the service like SIGTERM.
    package func run() async -> Int32 {
        await ServiceRun(self).run()
    }
}

/// One run of the service: its changing state, used by one task only.
private final class ServiceRun {
    let service: SweepService
    var config: ServiceConfig
    let files: StatusFiles
    var timerID = 0
    var timer: Task<Void, Never>?
    var sweepID = 0
    /// The webhook delivery in flight, off the service loop: a stop cancels it at once.
    var notification: (id: Int, task: Task<Void, Never>)?
    var notificationID = 0
    /// The config file as it was when `config` was read from it.
    var configState: ConfigFileState
    /// A state of the file already reported as unusable, so each bad edit is logged once.
    var reportedState: ConfigFileState?
    /// Why the last stored sweep counts as failed under `--fail-on-fetch-error`; nil when it does not.
    var fetchFailure: String?

    var clock: any WallClock { service.clock }
    var log: DaemonLog { service.log }
    var events: ServiceEvents { service.events }

    init(_ service: SweepService) {
        self.service = service
        config = service.initial
        configState = ConfigFileState.of(service.initial.fleet.file)
        let clock = service.clock
        let log = service.log
        let previous = StatusFiles.previous(in: config.fleet.workspace)
        var status = DaemonStatus(
            state: .idle, pid: getpid(), since: clock.now, schedule: config.fleet.schedule, timezone: config.fleet.timeZone ?? "UTC")
        status.runs = previous?.runs ?? RunCounts()
        status.lastRun = previous?.lastRun
        status.lastSuccess = previous?.lastSuccess
        files = StatusFiles(
            workspace: config.fleet.workspace, deadline: config.fleet.deadline, status: status, now: { clock.now },
            onError: { log.warning("status.unwritten", "cannot write status.json or metrics.prom: \($0)") })
        log.setSecrets(secrets(of: config))
    }

    func run() async -> Int32 {
        if service.options.once {
            log.info("daemon.once", "sweeping \(config.fleet.repos.count) repositories once", ["config": .string(config.fleet.file)])
            let ended = await sweep()
            await awaitNotification()
            files.update { status in
                status.state = .stopped
                status.current = nil
                status.nextRun = nil
            }
            if ended.outcome == .failed { return 2 }
            if service.options.failOnFetchError, let fetchFailure {
                log.error("sweep.fetch-errors", fetchFailure)
                return 2
            }
            return 0
        }
        guard let schedule = config.schedule else {
            log.error("daemon.unscheduled", "\(config.fleet.file) has no schedule: add one (schedule: \"0 2 * * *\") or use --once")
            return 2
        }
        let next = schedule.next(after: clock.now)
        log.info(
            "daemon.started", "daemon started: schedule \(describe(schedule)), next sweep \(Self.time(next))",
            ["schedule": .string(schedule.text), "next": .string(Self.time(next)), "pid": .int(Int(getpid()))])
        arm(next)
        while true {
            switch await events.next() {
            case .stop(let reason):
                return stopped(reason)
            case .reload:
                if reloadConfig(), let schedule = config.schedule { arm(schedule.next(after: clock.now)) }
            case .timer(let id) where id == timerID:
                followConfigEdits()
                guard let schedule = config.schedule else { continue }
                let started = clock.now
                let ended = await sweep()
                if let reason = ended.stopReason { return stopped(reason) }
                let missed = MissedRuns(schedule: schedule, sweepStarted: started, sweepFinished: clock.now)
                if missed.count > 0, let first = missed.first {
                    log.warning(
                        "sweep.missed",
                        "the sweep ran past \(missed.count) scheduled time\(missed.count == 1 ? "" : "s") from \(Self.time(first)); "
                            + "\(missed.count == 1 ? "it is" : "they are") not run late", ["missed": .int(missed.count)])
                }
                var next = missed.next
                if ended.reloadRequested, reloadConfig(), let schedule = config.schedule { next = schedule.next(after: clock.now) }
                arm(next)
            case .notified(let id) where id == notification?.id:
                notification = nil
            case .timer, .sweepEnded, .notified:
                continue
            }
        }
    }

    /// For `--once`: waits for the notification in flight (bounded by the webhook's deadline); a stop
    /// (SIGTERM) abandons it at once.
    private func awaitNotification() async {
        while let current = notification {
            switch await events.next() {
            case .notified(let id) where id == current.id:
                notification = nil
            case .stop(let reason):
                abandonNotification(reason)
            default:
                continue
            }
        }
    }

    /// Cancels the notification in flight, if any: the request ends at once, nothing waits for the receiver.
    private func abandonNotification(_ reason: String) {
        guard let current = notification else { return }
        current.task.cancel()
        notification = nil
        log.warning("notify.abandoned", "\(reason): the notification in flight was abandoned")
    }

    /// Sets the timer for the next sweep and says so in the status.
    private func arm(_ deadline: Date?) {
        timer?.cancel()
        timerID += 1
        files.update { status in
            status.state = .idle
            status.current = nil
            status.nextRun = deadline
        }
        guard let deadline else {
            log.warning("daemon.unscheduled", "the schedule never runs again; waiting for a reload (SIGHUP) or a stop")
            return
        }
        let id = timerID
        let clock = self.clock
        let events = self.events
        timer = Task {
            do {
                try await clock.sleep(until: deadline)
                events.post(.timer(id))
            } catch {}
        }
    }

    private func stopped(_ reason: String) -> Int32 {
        timer?.cancel()
        abandonNotification(reason)
        files.update { status in
            status.state = .stopped
            status.current = nil
            status.nextRun = nil
        }
        log.info("daemon.stopped", "\(reason): daemon stopped", ["reason": .string(reason)])
        return 0
    }

    private struct Ended {
        var outcome: RunFigures.Outcome?
        /// Why the daemon is to stop once the sweep ended; nil when it goes on.
        var stopReason: String?
        var reloadRequested = false
    }

    /// Runs one sweep on a thread of its own while taking events: a stop lets the repositories in flight
    /// finish for at most `stopTimeout`, a reload waits for the end.
    private func sweep() async -> Ended {
        let started = clock.now
        let fleet = config.fleet
        files.update { status in
            status.state = .sweeping
            status.nextRun = nil
            status.current = SweepProgress(startedAt: started, total: fleet.repos.count)
        }
        log.info("sweep.started", "sweep started: \(fleet.repos.count) repositories", ["repos": .int(fleet.repos.count)])
        let stop = StopRequest()
        let clock = self.clock
        let files = self.files
        let log = self.log
        let progress = ProgressReporter([log], observer: { files.progress($0) })
        sweepID += 1
        let id = sweepID
        let runner = service.runner
        let events = self.events
        let thread = Thread {
            let result = Result { try runner.sweep(fleet, progress: progress, stop: stop) }
            events.post(.sweepEnded(id, result))
        }
        thread.stackSize = 8 << 20
        thread.start()

        var ended = Ended()
        var stopTimer: Task<Void, Never>?
        var stopTimerID: Int?
        defer { stopTimer?.cancel() }
        while true {
            switch await events.next() {
            case .sweepEnded(let endedID, let result) where endedID == id:
                ended.outcome = await record(result, started: started)
                return ended
            case .stop(let reason):
                if let first = ended.stopReason {
                    // A second signal (Ctrl-C twice) does not wait any longer.
                    log.warning(
                        "sweep.abandoned", "\(reason) after \(first): stopping now, without the repositories in flight (no run is stored)")
                    abandon(started: started, error: "stopped by a second \(reason) while repositories were in flight")
                    ended.outcome = .stopped
                    return ended
                }
                ended.stopReason = reason
                stop.request()
                files.update { $0.state = .stopping }
                let timeout = service.options.stopTimeout
                log.info(
                    "daemon.stopping",
                    "\(reason): stopping once the repositories in flight are done (waiting at most \(Self.seconds(timeout)))",
                    ["reason": .string(reason)])
                timerID += 1
                let timerID = self.timerID
                stopTimerID = timerID
                let deadline = clock.now.addingTimeInterval(timeout)
                stopTimer = Task {
                    do {
                        try await clock.sleep(until: deadline)
                        events.post(.timer(timerID))
                    } catch {}
                }
            case .timer(let timerID) where timerID == stopTimerID:
                let timeout = Self.seconds(service.options.stopTimeout)
                log.warning(
                    "sweep.abandoned",
                    "the repositories in flight did not finish within \(timeout); stopping without them (no run is stored)")
                abandon(started: started, error: "stopped: the repositories in flight did not finish within \(timeout)")
                ended.outcome = .stopped
                return ended
            case .reload:
                ended.reloadRequested = true
                log.info("daemon.reload-deferred", "SIGHUP: the config is read again once this sweep ends")
            case .notified(let id) where id == notification?.id:
                notification = nil
            case .timer, .sweepEnded, .notified:
                continue
            }
        }
    }

    /// Records a sweep the daemon stops without: its thread goes on until the process exits, and since
    /// `run.json` is written last, nothing it leaves can be taken for a complete run.
    private func abandon(started: Date, error: String) {
        var figures = RunFigures(outcome: .stopped, startedAt: started, finishedAt: clock.now)
        figures.error = error
        files.update { status in
            status.lastRun = figures
            status.runs[.stopped] += 1
            status.current = nil
        }
    }

    /// Logs how a sweep ended, records it in the status and tells the webhook what regressed.
    private func record(_ result: Result<SweepOutcome, any Error>, started: Date) async -> RunFigures.Outcome {
        let finished = clock.now
        let figures: RunFigures
        var stored: SweepOutcome?
        switch result {
        case .success(let outcome):
            figures = RunFigures(outcome, startedAt: started, finishedAt: finished)
            stored = outcome
            fetchFailure = outcome.fetchFailureSentence
            log.finished(outcome, seconds: figures.seconds)
        case .failure(let error as SweepStopped):
            figures = RunFigures(outcome: .stopped, startedAt: started, finishedAt: finished, error: error.description)
            log.info("sweep.stopped", "sweep \(error.description)", ["finished": .int(error.finished), "total": .int(error.total)])
        case .failure(let error):
            figures = RunFigures(outcome: .failed, startedAt: started, finishedAt: finished, error: "\(error)")
            log.error("sweep.failed", "sweep failed: \(error)")
        }
        files.update { status in
            status.lastRun = figures
            if figures.outcome == .success { status.lastSuccess = figures }
            status.runs[figures.outcome] += 1
            status.current = nil
        }
        if let stored { startNotification(stored) }
        return figures.outcome
    }

    /// Posts the run's regressions and newly blocked apps to the webhook, when the config asks for it, on
    /// a task of its own: the service goes on taking events (a stop, the next timer) while it is delivered.
    private func startNotification(_ outcome: SweepOutcome) {
        guard let settings = config.notify,
            let message = RunNotification.make(for: outcome, events: settings.events, links: ReportLinks(config.fleet))
        else { return }
        let variable = settings.webhookURLVariable
        guard let text = service.variables[variable], !text.isEmpty else {
            log.warning("notify.skipped", "notify.webhook_url_env names \(variable), which is not set: no notification sent")
            return
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            log.warning("notify.skipped", "\(variable) does not hold an http(s) URL: no notification sent")
            return
        }
        // One at a time: a delivery still running when the next run's starts (it is bounded by the
        // deadline, so only with sweeps closer together than that) gives way to the newer news.
        abandonNotification("a newer run to notify")
        let log = self.log
        let webhook = service.webhook
        let events = self.events
        notificationID += 1
        let id = notificationID
        let task = Task { @Sendable [message, url, variable, webhook, log, events] in
            await NotificationDelivery.deliver(message, to: url, variable: variable, webhook: webhook, log: log)
            events.post(.notified(id))
        }
        notification = (id, task)
    }

    /// Before a scheduled sweep: when the config file's content changed since it was read (or the file is
    /// gone, or a folder now), reads it again as SIGHUP does, so an edit needs no signal. The sweep in
    /// flight, if any, keeps the config it started with; a file with problems is logged once per content.
    private func followConfigEdits() {
        let path = config.fleet.file
        let now = ConfigFileState.of(path)
        guard now != configState, now != reportedState else { return }
        switch now {
        case .content:
            log.info("config.changed", "\(path) changed since it was read; reading it again")
        case .unreadable(let reason):
            log.warning("config.changed", "\(path) \(reason); keeping the config in use")
        }
        _ = reloadConfig()
    }

    /// Reads the config again; on problems, logs each and keeps the one in use.
    private func reloadConfig() -> Bool {
        let loaded: ServiceConfig
        // Taken before reading, so an edit made meanwhile is seen as a change at the next check.
        let state = ConfigFileState.of(config.fleet.file)
        do {
            loaded = try service.reload()
        } catch {
            reportedState = state
            for problem in error.problems { log.error("config.problem", problem.description) }
            log.error(
                "daemon.reload-failed",
                "the config has \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s"); keeping the one in use")
            return false
        }
        guard loaded.schedule != nil || service.options.once else {
            reportedState = state
            log.error("daemon.reload-failed", "\(loaded.fleet.file) has no schedule; keeping the config in use")
            return false
        }
        config = loaded
        configState = state
        reportedState = nil
        log.setSecrets(secrets(of: loaded))
        files.configure(workspace: loaded.fleet.workspace, deadline: loaded.fleet.deadline)
        files.update { status in
            status.schedule = loaded.fleet.schedule
            status.timezone = loaded.fleet.timeZone ?? "UTC"
        }
        log.info(
            "daemon.reloaded",
            "config reloaded: \(loaded.fleet.repos.count) repositories, schedule \(loaded.schedule.map(describe) ?? "none")")
        return true
    }

    private func secrets(of config: ServiceConfig) -> [String] {
        let names =
            [config.fleet.auth.httpsTokenVariable, config.notify?.webhookURLVariable].compactMap { $0 }
            + config.fleet.auth.hostTokenVariables.values.sorted()
        return names.compactMap { service.variables[$0] }
    }

    private func describe(_ schedule: Schedule) -> String {
        switch schedule.kind {
        case .every: return "'\(schedule.text)'"
        case .cron: return "'\(schedule.text)' (\(config.fleet.timeZone ?? "UTC"))"
        }
    }

    static func time(_ date: Date?) -> String {
        date.map(DaemonLog.timestamp) ?? "never"
    }

    static func seconds(_ value: TimeInterval) -> String {
        value < 10 ? String(format: "%.1f s", value) : "\(Int(value.rounded())) s"
    }
}

/// Posts one notification and logs how it went; runs on a task of its own, off the service loop.
private enum NotificationDelivery {
    static func deliver(_ message: RunNotification, to url: URL, variable: String, webhook: WebhookClient, log: DaemonLog) async {
        let attempts = webhook.retry.attempts
        let delivery = await webhook.send(message.payload(), to: url) { reason, attempt, delay in
            log.warning(
                "notify.retry",
                "the notification to the webhook in \(variable) failed (\(reason)); trying again in \(ServiceRun.seconds(delay)) "
                    + "(attempt \(attempt + 1) of \(attempts))")
        }
        switch delivery {
        case .delivered(let attempts):
            log.info(
                "notify.sent", "notified the webhook in \(variable): \(message.headline)",
                ["apps": .int(message.apps.count), "attempts": .int(attempts)])
        case .failed(let reason, let attempts):
            guard !Task.isCancelled else { return }
            log.error(
                "notify.failed",
                "could not notify the webhook in \(variable) after \(attempts) attempt\(attempts == 1 ? "" : "s") (\(reason)); "
                    + "the run is stored all the same")
        }
    }
}
