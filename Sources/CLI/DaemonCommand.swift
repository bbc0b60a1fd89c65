import Daemon
import Dispatch
import Fleet
import Foundation
import Results
import Synchronization

/// `scenesweep daemon --config FILE`.
enum DaemonCommand: Command {
    static let name = "daemon"
    static let summary = "Sweep the fleet at each time of the config's schedule, until stopped"

    struct Options {
        var config: String?
        var once = false
        var logFormat = DaemonLog.Format.text
        var stopTimeout: TimeInterval = 60
        var failOnFetchError = false
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            ConfigDefault.option(\.config, purpose: "; its schedule says when to sweep"),
            OptionSpec(["--once"], help: "Sweep once, now, then exit (for cron or a Kubernetes CronJob)") { options, _ in
                options.once = true
            },
            OptionSpec(["--log-format"], value: "FORMAT", help: "text (default) or json: one JSON object per line") { options, value in
                options.logFormat = try logFormat(value)
            },
            OptionSpec(
                ["--stop-timeout"], value: "SECONDS",
                help: "On SIGTERM or SIGINT, wait at most this long for the repositories\nin flight (default 60)"
            ) { options, value in
                guard let seconds = TimeInterval(value), seconds >= 0, seconds.isFinite else {
                    throw UsageError(message: "--stop-timeout takes a number of seconds, not '\(value)'")
                }
                options.stopTimeout = seconds
            },
            OptionSpec(
                ["--fail-on-fetch-error"],
                help: "With --once: exit 2 when any repository could not be fetched or\nscanned (the run is stored all the same)"
            ) { options, _ in
                options.failOnFetchError = true
            },
        ]
    }

    /// The value of `--log-format` (daemon, sweep).
    static func logFormat(_ value: String) throws -> DaemonLog.Format {
        guard let format = DaemonLog.Format(rawValue: value) else {
            throw UsageError(message: "unknown log format '\(value)'; use text or json")
        }
        return format
    }

    static var help: String {
        """
        USAGE: scenesweep daemon [--config FILE] [options]

        The nightly service: runs a sweep (as `scenesweep sweep` does) at each time of the config's
        `schedule`, read in its `timezone` (default UTC), and sleeps in between. A scheduled time that
        passes while a sweep runs is not run late or twice. Every sweep, scheduled or manual, holds the
        workspace lock, so two never run over one workspace; one that finds the lock taken fails, naming
        the holder's pid and start time.

        Fetches that fail for a passing reason (network, timeouts, HTTP 5xx, 429) are tried again with
        exponential backoff and jitter, three times in all; refused credentials and missing repositories
        are not. After each sweep the workspace's status.json (state, progress, last run, next run) and
        metrics.prom (Prometheus textfile format) are rewritten, and if apps regressed or became blocked
        the webhook named by `notify.webhook_url_env` is sent a Slack-compatible message; a notification
        that fails is logged and tried again, and never fails the run.

        SIGTERM and SIGINT stop the daemon once the repositories in flight are done (see --stop-timeout);
        an unfinished run is never stored. SIGHUP reads the config again, and so does each scheduled
        sweep when the file's content changed; a config with problems is reported once and the one in
        use kept. Logs go to standard error; secrets never appear in them.

        OPTIONS:
        \(OptionParser.help(table))

        EXIT STATUS:
          0  stopped by a signal, or the --once sweep ran     2  bad config, no schedule, or the --once sweep
          64 usage error                                          failed (workspace locked, nothing scanned,
                                                                  or --fail-on-fetch-error was met)

        EXAMPLES:
          scenesweep daemon --config /etc/scenesweep/fleet.yaml --log-format json
          scenesweep daemon --config fleet.yaml --once

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        if options.failOnFetchError, !options.once { throw UsageError(message: "--fail-on-fetch-error goes with --once") }
        let path = try ConfigDefault.path(options.config, console: console)
        let load: @Sendable () throws(ConfigProblems) -> ServiceConfig = {
            try ServiceConfig.load(path: path, directory: console.directory, environment: console.environment)
        }
        let log = DaemonLog(format: options.logFormat, write: console.err)
        // Problems go to the log, so that under --log-format json every line is still a JSON object.
        let config: ServiceConfig
        do {
            config = try load()
        } catch {
            if options.logFormat == .json {
                for problem in error.problems { log.error("config.problem", problem.description) }
                log.error("daemon.unstarted", "\(path): \(FleetCommands.count(error.problems.count, "problem"))")
            } else {
                for problem in error.problems { console.err(problem.description + "\n") }
                console.err("\(path): \(FleetCommands.count(error.problems.count, "problem"))\n")
            }
            return ExitStatus.failed
        }
        if !options.once, config.schedule == nil {
            let message = "\(path) has no schedule: add one (schedule: \"0 2 * * *\") or use --once"
            if options.logFormat == .json {
                log.error("daemon.unstarted", message)
            } else {
                console.err("scenesweep daemon: \(message)\n")
            }
            return ExitStatus.failed
        }

        let events = ServiceEvents()
        let signals = SignalRelay(events: events)
        defer { signals.cancel() }
        let service = SweepService(
            config: config,
            options: SweepService.Options(once: options.once, stopTimeout: options.stopTimeout, failOnFetchError: options.failOnFetchError),
            runner: FleetSweepRunner(variables: console.environment, workers: console.workers), events: events,
            log: log, variables: console.environment, reload: load)
        // The command line is synchronous; the service runs as a task while this thread waits for it.
        let status = Mutex<Int32>(ExitStatus.failed)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result = await service.run()
            status.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return status.withLock { $0 }
    }
}
