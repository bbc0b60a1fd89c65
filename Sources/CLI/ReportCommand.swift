import Fleet
import Foundation
import Reports
import Results
import ScanCore

/// `scenesweep report --config FILE [--run ID] --format html|markdown|json|csv`.
enum ReportCommand: Command {
    static let name = "report"
    static let summary = "Render the reports of a stored run again"

    enum Format: String, CaseIterable {
        case html, markdown, json, csv
        /// One SARIF file per app, with its code-scanning category, into the folder --output names.
        case sarifApps = "sarif-apps"

        /// The file of a run folder this format renders.
        var file: String {
            switch self {
            case .html: return "summary.html"
            case .markdown: return "summary.md"
            case .json: return "summary.json"
            case .csv: return "apps.csv"
            case .sarifApps: return "repos/*.sarif"
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
            ConfigDefault.option(\.config, purpose: " whose workspace holds the runs"),
            RunOption.option(\.run),
            OptionSpec(
                ["--format", "-f"], value: "FORMAT",
                help:
                    "html (summary.html, default), markdown (summary.md), json (summary.json),\ncsv (apps.csv) or sarif-apps (one SARIF file per app, into --output DIR)"
            ) { options, value in
                guard let format = Format(rawValue: value) else {
                    throw UsageError(message: "unknown format '\(value)'; use html, markdown, json, csv or sarif-apps")
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
               scenesweep report [--config FILE] [--run ID] --format sarif-apps --output DIR

        Renders a stored run's org report again from what the run stored: its results, the run it was
        compared with, and history.jsonl up to it. The output equals the file the sweep wrote, byte for
        byte, when the tool version is the same; a newer version renders the same run in its own way.

        The HTML dashboard links to repos/<repo-key>.html and rules.html beside it, so it reads best
        written into (or opened from) the run folder, runs/<run-id>/ in the workspace.

        --format sarif-apps writes every app's findings as a SARIF file of its own into DIR, apps with no
        findings too (so their alerts close), each with its code-scanning category in
        runs[0].automationDetails.id, and DIR/apps.json: one line listing {file, category, repo, path,
        target, results} per app, ready for a CI matrix. Names are a readable slug and a hash of the exact
        repository, path and target, so they never collide.

        OPTIONS:
        \(OptionParser.help(table))

        EXAMPLES:
          scenesweep report --config fleet.yaml > summary.html
          scenesweep report --config fleet.yaml --run 20261201 --format csv --output apps.csv
          scenesweep report --config fleet.yaml --format sarif-apps --output sarif

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        let configPath = try ConfigDefault.path(options.config, console: console)
        if options.format == .sarifApps, options.output == nil { throw UsageError(message: "--format sarif-apps needs --output DIR") }
        guard let config = FleetCommands.loadConfig(configPath, console: console) else { return ExitStatus.failed }
        let store = RunStore(root: config.workspace)
        let text: String
        do {
            try WorkspaceOwner.check(config, claim: false)
            guard !store.completedRuns().isEmpty else { throw StoreError("no complete run in \(store.runsFolder) yet; run a sweep first") }
            let run = try store.resolveRun(options.run)
            if options.format == .sarifApps, let output = options.output {
                return try writePerAppSARIF(run, store: store, folder: output, console: console)
            }
            text = try render(run, format: options.format, store: store, links: ReportLinks(config))
        } catch {
            console.err("scenesweep report: \(error)\n")
            return ExitStatus.failed
        }
        guard let output = options.output else {
            console.out(text)
            return ExitStatus.clean
        }
        let target = ScanCommand.resolve(output, in: console.directory)
        do {
            try AtomicFile.write(text, to: target)
        } catch {
            console.err("scenesweep report: \(FileProblem.sentence("write", output, actual: target, error))\n")
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
        case .sarifApps: return ""
        }
    }

    /// Writes one SARIF file per app of the run, and apps.json listing them, into `folder`.
    static func writePerAppSARIF(_ run: String, store: RunStore, folder: String, console: Console) throws -> Int32 {
        let snapshot = try store.snapshot(of: run)
        var files: [PerAppSARIF.File] = []
        for repo in snapshot.record.repos {
            guard let report = snapshot.report(repo.key) else { continue }
            files += PerAppSARIF.files(report, repo: repo.key, repoName: repo.name)
        }
        let target = ScanCommand.resolve(folder, in: console.directory)
        do {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        } catch {
            console.err("scenesweep report: \(FileProblem.sentence("create the folder", folder, actual: target, error))\n")
            return ExitStatus.failed
        }
        for file in files {
            let path = target + "/" + file.name
            do {
                try AtomicFile.write(file.sarif, to: path)
            } catch {
                console.err("scenesweep report: \(FileProblem.sentence("write", folder + "/" + file.name, actual: path, error))\n")
                return ExitStatus.failed
            }
        }
        do {
            try AtomicFile.write(PerAppSARIF.index(files, folder: folder), to: target + "/apps.json")
        } catch {
            console.err(
                "scenesweep report: \(FileProblem.sentence("write", folder + "/apps.json", actual: target + "/apps.json", error))\n")
            return ExitStatus.failed
        }
        console.err("\(FleetCommands.count(files.count, "app")): one SARIF file each in \(folder), listed in \(folder)/apps.json\n")
        return ExitStatus.clean
    }
}
