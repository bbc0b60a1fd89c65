import Fleet
import Reports
import Results

/// `scenesweep diff [RUN_A] RUN_B --config FILE`.
enum DiffCommand: Command {
    static let name = "diff"
    static let summary = "Show what changed between two stored runs"

    enum Format: String, CaseIterable {
        case text, json, markdown
    }

    struct Options {
        var config: String?
        var format = Format.text
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            ConfigDefault.option(\.config, purpose: " whose workspace holds the runs"),
            OptionSpec(["--format", "-f"], value: "FORMAT", help: "text (default), json (like diff.json) or markdown (like diff.md)") {
                options, value in
                guard let format = Format(rawValue: value) else {
                    throw UsageError(message: "unknown format '\(value)'; use text, json or markdown")
                }
                options.format = format
            },
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep diff [RUN_A] RUN_B [--config FILE] [--format text|json|markdown]

        Compares two complete runs of the workspace: apps whose verdict got worse (regressions) or better,
        findings new and resolved (by fingerprint, so moved code is not a change), apps and repositories
        added and removed. Repositories the newer run could not bring up to date are listed apart, and
        nothing of theirs counts as resolved.

        With no run, compares the last two complete runs; with one, that run and the complete run before
        it. A run is named by its id (runs/<run-id>), a unique prefix of it, or `latest`.

        OPTIONS:
        \(OptionParser.help(table))

        EXAMPLES:
          scenesweep diff --config fleet.yaml
          scenesweep diff 20261201 latest --config fleet.yaml --format markdown

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.count <= 2 else { throw UsageError(message: "expected at most two runs, got \(positional.count)") }
        let configPath = try ConfigDefault.path(options.config, console: console)
        guard let config = FleetCommands.loadConfig(configPath, console: console) else { return ExitStatus.failed }
        let store = RunStore(root: config.workspace)
        let diff: RunDiff
        do {
            try WorkspaceOwner.check(config, claim: false)
            let runs = store.completedRuns()
            let older: String?
            let newer: String
            switch positional.count {
            case 0:
                guard let last = runs.last else { throw StoreError("no complete run in \(store.runsFolder) yet; run a sweep first") }
                newer = last
                older = runs.dropLast().last
            case 1:
                newer = try store.resolveRun(positional[0])
                older = runs.last { $0 < newer }
            default:
                older = try store.resolveRun(positional[0])
                newer = try store.resolveRun(positional[1])
            }
            diff = RunDiff.between(try older.map(store.snapshot), try store.snapshot(of: newer))
        } catch {
            console.err("scenesweep diff: \(error)\n")
            return ExitStatus.failed
        }
        switch options.format {
        case .text: console.out(RunDiffReport.text(diff))
        case .json: console.out(RunDiffReport.json(diff))
        case .markdown: console.out(RunDiffReport.markdown(diff))
        }
        return ExitStatus.clean
    }
}
