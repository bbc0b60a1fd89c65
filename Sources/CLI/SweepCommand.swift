import Daemon
import Fleet
import Foundation
import Reports
import Results
import ScanCore

/// `scenesweep sweep --config FILE`.
enum SweepCommand: Command {
    static let name = "sweep"
    static let summary = "Fetch, scan and report every repository of a fleet config"

    struct Options {
        var config: String?
        var only: [String] = []
        var offline = false
        var patches = false
        var shard: Shard?
        var failOn: Severity?
        var failOnRegression = false
        var failOnFetchError = false
        var quiet = false
        /// nil: a live line on a terminal, timestamped text lines otherwise.
        var logFormat: DaemonLog.Format?
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            ConfigDefault.option(\.config),
            OptionSpec(["--only"], value: "NAME", help: "Sweep only this repository (name, key or URL); repeatable or\ncomma-separated") {
                options, value in
                options.only += value.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            },
            OptionSpec(["--offline"], help: "Do not fetch: scan the mirrors as they are") { options, _ in
                options.offline = true
            },
            OptionSpec(
                ["--patches"],
                help:
                    "Also write each blocked app's verified patch, or why there is none,\nin the run's patches/<repo>/ (as the config's fix: patches: true)"
            ) { options, _ in
                options.patches = true
            },
            OptionSpec(
                ["--shard"], value: "I/N",
                help:
                    "Sweep only shard I of N (1-based): the repositories whose key hashes\nto it; the run goes to shards/I in the workspace"
            ) { options, value in
                guard let shard = Shard(parsing: value) else {
                    throw UsageError(message: "--shard takes I/N with I from 1 to N, such as 2/3; got '\(value)'")
                }
                options.shard = shard
            },
            .fleetFailOn(\.failOn),
            OptionSpec(["--fail-on-regression"], help: "Exit 1 when an app's verdict got worse since the last run") { options, _ in
                options.failOnRegression = true
            },
            OptionSpec(
                ["--fail-on-fetch-error"],
                help: "Exit 2 when any repository could not be fetched or scanned (its last\nresult is still kept and the run stored)"
            ) { options, _ in
                options.failOnFetchError = true
            },
            OptionSpec(["--quiet", "-q"], help: "No progress: print only the result") { options, _ in
                options.quiet = true
            },
            OptionSpec(
                ["--log-format"], value: "FORMAT",
                help:
                    "Progress as log lines on standard error: text (timestamped, the\ndefault off a terminal) or json (one object per line, as the daemon's)"
            ) { options, value in
                options.logFormat = try DaemonCommand.logFormat(value)
            },
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep sweep [--config FILE] [options]

        One batch run over the fleet. Each repository is mirrored (a bare clone in the workspace, fetched
        with pruning on later runs; nothing is checked out or run), its branch resolved to a commit, and
        the commit's tree scanned straight from the object store. Fetches and scans run in two pools of
        their own sizes (concurrency.fetch, concurrency.scan). A repository is scanned again only when its
        commit, the tool version, the rule pack or its settings changed; otherwise the last result is
        carried forward, so a sweep with no upstream change scans nothing.

        A repository that cannot be fetched or scanned never stops the others: its last result is kept,
        marked stale with the error and the date of that result, and its apps count with their last
        verdicts, never better (never reported as fixed); without a result yet, it counts as one unknown
        app. --fail-on-fetch-error makes such a run exit 2.

        Writes runs/<run-id>/ in the workspace: run.json, repos/<repo-key>.{json,md,sarif,html},
        summary.{json,md,html} (summary.html is the dashboard), rules.html, apps.csv and diff.{json,md}
        (against the previous complete run); appends to history.jsonl and points `latest` at the run. On
        a terminal a live progress line shows on standard error; otherwise one timestamped line per
        repository (--log-format json: one JSON object per line, ending with `sweep.finished` and its figures).

        With --shard I/N the sweep covers only the repositories whose key hashes to shard I of N (a stable
        hash: a repository always lands on the same shard) and writes a complete run of its own to the
        shard's store, shards/I in the workspace (mirrors, runs, history, latest). `scenesweep merge`
        combines the shards' runs into one run of the fleet.

        OPTIONS:
        \(OptionParser.help(table))

        EXIT STATUS:
          0  the sweep ran (whatever it found)     2  bad config, workspace locked, every repository
          1  --fail-on or --fail-on-regression        failed to fetch or scan, or --fail-on-fetch-error
             was met                                  was met (the run is stored all the same)
                                                   64 usage error

        EXAMPLES:
          scenesweep sweep --config fleet.yaml
          scenesweep sweep --config fleet.yaml --only acme/shop-ios --fail-on-regression
          scenesweep sweep --config fleet.yaml --shard 2/4
          GIT_TOKEN=… scenesweep sweep -c fleet.yaml --quiet > sweep.log

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        let configPath = try ConfigDefault.path(options.config, console: console)
        // Off a terminal, or when asked, progress goes out as log lines: timestamped text, or JSON objects.
        let log =
            options.logFormat != nil || !console.errIsTerminal ? DaemonLog(format: options.logFormat ?? .text, write: console.err) : nil
        let json = options.logFormat == .json ? log : nil
        func fail(_ message: String) -> Int32 {
            if let json { json.error("sweep.failed", message) } else { console.err("scenesweep sweep: \(message)\n") }
            return ExitStatus.failed
        }
        let loaded: FleetConfig?
        if let json {
            loaded = FleetCommands.loadConfig(configPath, console: console, log: json)
        } else {
            loaded = FleetCommands.loadConfig(configPath, console: console)
        }
        guard var config = loaded else { return ExitStatus.failed }
        if options.patches { config.writesPatches = true }
        do {
            _ = try SweepPlan.make(config, only: options.only, shard: options.shard)
        } catch {
            throw UsageError(message: error.message)
        }
        if let token = config.auth.httpsTokenVariable.flatMap({ console.environment[$0] }) { log?.setSecrets([token]) }

        let width = Int(console.environment["COLUMNS"] ?? "") ?? 100
        let progress: ProgressReporter
        if options.quiet {
            progress = ProgressReporter()
        } else if let log {
            progress = ProgressReporter([log])
        } else {
            progress = ProgressReporter([LiveProgressLine(width: width) { console.err($0) }])
        }
        let environment = SweepEnvironment(
            links: ReportLinks(config), variables: console.environment, progress: progress,
            workers: console.workers)
        let outcome: SweepOutcome
        do {
            outcome = try Sweep(
                config: config, options: SweepOptions(only: options.only, offline: options.offline, shard: options.shard),
                environment: environment
            )
            .run()
        } catch {
            return fail("\(error)")
        }
        console.out(report(outcome, directory: console.directory, links: ReportLinks(config)))
        json?.finished(outcome, seconds: outcome.record.finishedAt.timeIntervalSince(outcome.record.startedAt))
        if outcome.nothingScanned {
            return json == nil ? fail("no repository could be fetched and scanned") : ExitStatus.failed
        }
        if options.failOnFetchError, let sentence = outcome.fetchFailureSentence {
            return fail(sentence)
        }
        return status(of: outcome, failOn: options.failOn, failOnRegression: options.failOnRegression)
    }

    /// 1 when `--fail-on` or `--fail-on-regression` is met by a stored run, else 0.
    static func status(of outcome: SweepOutcome, failOn: Severity?, failOnRegression: Bool) -> Int32 {
        if failOnRegression, !outcome.diff.regressions.isEmpty { return ExitStatus.findings }
        if let threshold = failOn {
            let hit = outcome.summary.apps.contains { app in
                switch threshold {
                case .error: return app.errors > 0
                case .warning: return app.errors + app.warnings > 0
                case .note: return app.errors + app.warnings + app.notes > 0
                }
            }
            if hit { return ExitStatus.findings }
        }
        return ExitStatus.clean
    }

    /// What a finished sweep prints on standard output.
    static func report(_ outcome: SweepOutcome, directory: String, links: ReportLinks? = nil) -> String {
        let record = outcome.record
        let summary = outcome.summary
        let seconds = record.finishedAt.timeIntervalSince(record.startedAt)
        var parts = ["\(outcome.count(.scanned)) scanned", "\(outcome.count(.reused)) unchanged"]
        if outcome.count(.skipped) > 0 { parts.append("\(outcome.count(.skipped)) not checked") }
        if summary.failedRepos > 0 { parts.append("\(summary.failedRepos) failed") }
        let shard = record.shard.map { " (\($0.label))" } ?? ""
        var text =
            "run \(record.id)\(shard): \(FleetCommands.count(record.repos.count, "repository", "repositories")) in \(String(format: "%.1f", seconds)) s: "
            + parts.joined(separator: ", ") + "\n"
        let totals = summary.totals
        text +=
            "\(FleetCommands.count(totals.apps, "app")): \(totals.blocked) blocked, \(totals.atRisk) at risk, \(totals.ready) ready, "
            + "\(totals.unknown) unknown; readiness \(FleetCommands.percent(summary.readiness))"
        if summary.staleApps > 0 {
            let since = summary.staleSince.map { " since \(FleetCommands.day($0))" } ?? ""
            text += " (\(FleetCommands.count(summary.staleApps, "app")) from stale results\(since))"
        }
        if let days = summary.daysToDeadline, let deadline = summary.deadline {
            text += days >= 0 ? "; \(FleetCommands.count(days, "day")) to \(deadline)" : "; deadline \(deadline) passed"
        }
        text += "\n"
        if let from = outcome.diff.from {
            let diff = outcome.diff
            text +=
                "since \(from): \(FleetCommands.count(diff.regressions.count, "regression")), "
                + "\(FleetCommands.count(diff.improvements.count, "improvement")), \(diff.newFindings.count) new and "
                + "\(diff.resolvedFindings.count) resolved findings\n"
            for change in diff.regressions.prefix(10) {
                text +=
                    "  regressed: \(change.repoName) \(change.path.isEmpty ? "." : change.path) (\(change.target)) \(change.from.rawValue) -> \(change.to.rawValue)\n"
            }
        }
        let folder = FleetCommands.display(outcome.runFolder, relativeTo: directory)
        text += "summary: \(folder)/summary.html (summary.md, summary.json, apps.csv)\n"
        text += "diff:    \(folder)/diff.md (diff.json)\n"
        if let links, links.base != nil { text += "report:  \(links.file("summary.html", inRun: record.id))\n" }
        return text
    }
}
