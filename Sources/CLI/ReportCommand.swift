import Fleet
import Foundation
import Reports

/// `scenesweep report --config FILE [--run ID] --format html|markdown|json|csv`.
enum ReportCommand: Command {
    static let name = "report"
    static let summary = "Render the reports of a stored run again"

    enum Format: String, CaseIterable {
        case html, markdown, json, csv

        /// The file of a run folder this format renders.
        var file: String {
            switch self {
            case .html: return "summary.html"
            case .markdown: return "summary.md"
            case .json: return "summary.json"
            case .csv: return "apps.csv"
            }
        }
    }

    struct Options {
        var config: String?
        var run = "latest"
        var format = Format.html
        var output: String?
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            OptionSpec(
                ["--config", "-c"], value: "FILE",
                help: "The fleet config whose workspace holds the runs\n(default: ./fleet.yaml, else $SCENESWEEP_CONFIG)"
            ) {
                options, value in
                options.config = value
            },
            OptionSpec(["--run", "-r"], value: "ID", help: "The run: its id, a unique prefix of it, or latest (default)") {
                options, value in
                options.run = value
            },
            OptionSpec(
                ["--format", "-f"], value: "FORMAT",
                help: "html (summary.html, default), markdown (summary.md), json (summary.json)\nor csv (apps.csv)"
            ) { options, value in
                guard let format = Format(rawValue: value) else {
                    throw UsageError(message: "unknown format '\(value)'; use html, markdown, json or csv")
                }
                options.format = format
            },
            OptionSpec(["--output", "-o"], value: "FILE", help: "Write to FILE (atomically) instead of standard output") {
                options, value in
                options.output = value
            },
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep report [--config FILE] [--run ID] [--format html|markdown|json|csv] [--output FILE]

        Renders a stored run's org report again from what the run stored: its results, the run it was
        compared with, and history.jsonl up to it. The output equals the file the sweep wrote, byte for
        byte, when the tool version is the same; a newer version renders the same run in its own way.

        The HTML dashboard links to repos/<repo-key>.html and rules.html beside it, so it reads best
        written into (or opened from) the run folder, runs/<run-id>/ in the workspace.

        OPTIONS:
        \(OptionParser.help(table))

        EXAMPLES:
          scenesweep report --config fleet.yaml > summary.html
          scenesweep report --config fleet.yaml --run 20261201 --format csv --output apps.csv

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        let configPath = try ConfigDefault.path(options.config, console: console)
        guard let config = FleetCommands.loadConfig(configPath, console: console) else { return ExitStatus.failed }
        let store = RunStore(root: config.workspace)
        let text: String
        do {
            guard !store.completedRuns().isEmpty else { throw StoreError("no complete run in \(store.runsFolder) yet; run a sweep first") }
            let run = try store.resolveRun(options.run)
            text = try render(run, format: options.format, store: store, links: ReportLinks(config))
        } catch {
            console.err("scenesweep report: \(error)\n")
            return ExitStatus.failed
        }
        guard let output = options.output else {
            console.out(text)
            return ExitStatus.clean
        }
        do {
            try AtomicFile.write(text, to: ScanCommand.resolve(output, in: console.directory))
        } catch {
            console.err("scenesweep report: cannot write '\(output)': \(error)\n")
            return ExitStatus.failed
        }
        return ExitStatus.clean
    }

    /// One format of a stored run, as the sweep that made the run rendered it.
    static func render(_ run: String, format: Format, store: RunStore, links: ReportLinks? = nil) throws -> String {
        let summary = try store.summary(of: run)
        switch format {
        case .html: return DashboardReport.html(summary, history: store.history())
        case .markdown: return FleetSummaryReport.markdown(summary) + (links.map { ReportLinkLines.summary(run: run, links: $0) } ?? "")
        case .json: return FleetSummaryReport.json(summary)
        case .csv: return AppsCSVReport.render(summary)
        }
    }
}
