import Results
import YAML

/// A subcommand of `scenesweep`.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` page.
    static var help: String { get }
    static func run(_ arguments: [String], console: Console) throws -> Int32
    /// The options, for completions and the man page (none unless the command lists its table).
    static var options: [OptionDoc] { get }
}

/// The `scenesweep` command line: dispatches to subcommands, prints help and usage errors.
package enum CommandLineTool {
    static var commands: [any Command.Type] {
        [
            ScanCommand.self, SweepCommand.self, MergeCommand.self, DiffCommand.self, ReportCommand.self, ValidateCommand.self,
            FixCommand.self, InitCommand.self, RulesCommand.self, ExplainCommand.self, DaemonCommand.self, PublishCommand.self,
            CampaignCommand.self,
            CompletionsCommand.self,
            ManPageCommand.self,
        ]
    }

    /// Runs `scenesweep` with `arguments` (without the program name) and returns the exit status.
    package static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.err(overview)
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = command(named: arguments[1]) {
                console.out(command.help)
            } else {
                console.out(overview)
            }
            return ExitStatus.clean
        case SweepWorkerCommand.name:
            // Hidden: the worker process a sweep starts for its repositories (see IsolatedRepoWork).
            return SweepWorkerCommand.serve()
        case "--version", "-V", "version":
            console.out("scenesweep \(ToolInfo.currentVersion) (rule pack \(ToolInfo.currentRulePack))\n")
            return ExitStatus.clean
        default:
            break
        }
        guard let command = command(named: first) else {
            let suggestion = NameSuggestion.hint(first, in: commands.map { $0.name })
            console.err("scenesweep: unknown command '\(first)'\(suggestion)\nRun 'scenesweep --help' for the list of commands.\n")
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return ExitStatus.clean
        }
        do {
            return try command.run(rest, console: console)
        } catch let error as UsageError {
            console.err("scenesweep \(command.name): \(error.message)\nRun 'scenesweep \(command.name) --help' for usage.\n")
            return ExitStatus.usage
        } catch {
            console.err("scenesweep \(command.name): \(error)\n")
            return ExitStatus.failed
        }
    }

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    static var overview: String {
        var text = """
            scenesweep \(ToolInfo.currentVersion): find what breaks when UIKit apps are built with the iOS 27 SDK.

            Apps that have not adopted the UIScene life cycle fail to launch when built with Xcode 27, and from
            April 2027 the App Store accepts only iOS 27 SDK builds. scenesweep reads Xcode projects, Info.plists
            and Swift/Objective-C code and reports, app by app, what blocks the launch and which app delegate
            code silently stops running once the app adopts scenes.

            USAGE: scenesweep <command> [options]

            COMMANDS:

            """
        for command in commands {
            text += "  " + command.name.padding(to: 10) + command.summary + "\n"
        }
        text += """

            OPTIONS:
              -h, --help     Show help (also after a command: scenesweep scan --help)
              -V, --version  Show the version

            EXAMPLES:
              scenesweep scan                      Scan the current folder, print findings, exit 1 on errors
              scenesweep scan ios --format sarif -o scenesweep.sarif
              scenesweep explain scene-manifest-missing
              scenesweep init && scenesweep validate --config fleet.yaml
              scenesweep sweep --config fleet.yaml   Sweep every repository of the fleet, store and diff the run
              scenesweep sweep -c fleet.yaml --shard 2/4   One shard of four; `scenesweep merge` joins the shards

            """
        return text
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
