import Fleet
import Foundation
import Reports
import Results
import ScanCore

/// `scenesweep merge --config FILE RUN_DIR...`.
enum MergeCommand: Command {
    static let name = "merge"
    static let summary = "Combine shard runs (sweep --shard I/N) into one run of the fleet"

    struct Options {
        var config: String?
        var failOn: Severity?
        var failOnRegression = false
        var failOnFetchError = false
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            ConfigDefault.option(\.config, purpose: " the shards swept"),
            .fleetFailOn(\.failOn),
            OptionSpec(["--fail-on-regression"], help: "Exit 1 when an app's verdict got worse since the last merged run") {
                options, _ in
                options.failOnRegression = true
            },
            OptionSpec(
                ["--fail-on-fetch-error"],
                help:
                    "Exit 2 when a repository could not be brought up to date (a shard\nmissing or failed, a fetch or scan failed) or no shard has a new run"
            ) { options, _ in
                options.failOnFetchError = true
            },
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep merge [--config FILE] RUN_DIR...

        Combines the runs of `scenesweep sweep --shard I/N` into one run of the whole fleet in the config's
        workspace, written like a sweep's: runs/<run-id>/ with run.json, every repository's results,
        summary.{json,md,html}, rules.html, apps.csv and diff.{json,md} against the previous merged run;
        a line of history.jsonl; `latest` last.

        Each RUN_DIR is a shard's run folder (holding run.json, such as a CI artifact) or a shard's store
        (shards/I in the workspace, whose latest complete run is taken). A shard with no new run (none
        given, or only a run an earlier merge already took) and a repository its shard could not fetch
        or scan are carried forward from the previous merged run, marked stale with the reason and the
        date of the result: their apps count with their last verdicts, never better, never as fixed.
        When no shard has a new run at all, nothing is stored and the merge says so (exit 0, or 2 with
        --fail-on-fetch-error).

        Refused, before anything is written: runs made with another config (its hash), by different tool
        versions, of different shard counts, or two runs of the same shard.

        OPTIONS:
        \(OptionParser.help(table))

        EXIT STATUS:
          0  merged (whatever it found), or no      2  bad config, inputs refused, workspace locked, no
             shard had a new run (nothing stored)      repository brought up to date by any shard, or
          1  --fail-on or --fail-on-regression        --fail-on-fetch-error was met
             was met                               64 usage error

        EXAMPLES:
          scenesweep merge --config fleet.yaml .scenesweep/shards/*
          scenesweep merge --config fleet.yaml shard-1/ shard-2/ shard-3/ --fail-on-regression

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        let configPath = try ConfigDefault.path(options.config, console: console)
        guard !positional.isEmpty else { throw UsageError(message: "missing RUN_DIR: name the shard runs to merge") }
        guard let config = FleetCommands.loadConfig(configPath, console: console) else { return ExitStatus.failed }
        let base = console.directory == "." ? FileManager.default.currentDirectoryPath : console.directory
        let inputs = positional.map { path in
            let absolute = path.hasPrefix("/") ? path : base + "/" + path
            let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
            return standardized.count > 1 && standardized.hasSuffix("/") ? String(standardized.dropLast()) : standardized
        }
        let environment = SweepEnvironment(links: ReportLinks(config), variables: console.environment)
        let outcome: SweepOutcome
        do {
            outcome = try Merge(config: config, inputs: inputs, environment: environment).run()
        } catch let nothing as NothingNewToMerge {
            for note in nothing.notes {
                console.err("scenesweep merge: \(FleetCommands.display(note, relativeTo: console.directory))\n")
            }
            console.err("scenesweep merge: \(nothing.reason)\n")
            return options.failOnFetchError ? ExitStatus.failed : ExitStatus.clean
        } catch {
            console.err("scenesweep merge: \(error)\n")
            return ExitStatus.failed
        }
        for note in outcome.notes {
            console.err("scenesweep merge: \(FleetCommands.display(note, relativeTo: console.directory))\n")
        }
        console.out(report(outcome, directory: console.directory))
        if outcome.nothingScanned {
            console.err("scenesweep merge: no repository was brought up to date by any shard\n")
            return ExitStatus.failed
        }
        if options.failOnFetchError, let sentence = outcome.fetchFailureSentence {
            console.err("scenesweep merge: \(sentence)\n")
            return ExitStatus.failed
        }
        return SweepCommand.status(of: outcome, failOn: options.failOn, failOnRegression: options.failOnRegression)
    }

    /// The shards merged and carried forward, then what a sweep prints.
    static func report(_ outcome: SweepOutcome, directory: String) -> String {
        let shards = outcome.record.shards ?? []
        let merged = shards.filter(\.merged)
        var text = "merged \(merged.count) of \(FleetCommands.count(shards.count, "shard")): "
        text += merged.map { "\($0.shard.index) (\($0.run ?? ""))" }.joined(separator: ", ")
        text += merged.isEmpty ? "none\n" : "\n"
        for shard in shards where !shard.merged {
            text += "  carried forward as stale: \(shard.error ?? shard.shard.label)\n"
        }
        return text + SweepCommand.report(outcome, directory: directory)
    }
}
