import Fleet
import Results

/// `scenesweep validate --config FILE`.
enum ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Check a fleet config, reporting every problem with line and column"

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<String?>] {
        [ConfigDefault.option(\.self, purpose: " to check")]
    }

    static var help: String {
        """
        USAGE: scenesweep validate [--config FILE]

        Reads the config as a sweep would and prints every problem at once, one per line, as
        FILE:LINE:COL: error: MESSAGE — YAML syntax, wrong types, missing required values, unknown keys (with
        the nearest known key), unknown rule ids, impossible dates, duplicate repositories and names, and
        secrets where only the name of an environment variable belongs. Nothing is fetched.

        OPTIONS:
        \(OptionParser.help(table))

        EXIT STATUS:
          0  the config is valid     2  it has problems (printed on standard error)     64 usage error

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var config: String?
        let positional = try OptionParser.parse(arguments, table: table, into: &config)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        let path = try ConfigDefault.path(config, console: console)
        guard let loaded = FleetCommands.loadConfig(path, console: console) else { return ExitStatus.failed }
        let teams = Set(loaded.repos.compactMap(\.team)).count
        console.out(
            "\(path): ok: \(FleetCommands.count(loaded.repos.count, "repository", "repositories")), "
                + "\(FleetCommands.count(teams, "team")), workspace \(loaded.workspace)\n")
        return ExitStatus.clean
    }
}
