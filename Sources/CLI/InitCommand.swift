import Fleet
import Foundation
import Results
import ScanCore

/// `scenesweep init [--output FILE]`.
enum InitCommand: Command {
    static let name = "init"
    static let summary = "Write a commented starter fleet config"

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<String>] {
        [
            OptionSpec(["--output", "-o"], value: "FILE", help: "Where to write it (default: fleet.yaml; - for standard output)") {
                output, value in
                output = value
            }
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep init [--output FILE]

        Writes a starter fleet config with every setting explained (the same text as
        config/fleet.example.yaml). An existing file is never overwritten. Edit the repos, then run
        scenesweep validate --config FILE.

        OPTIONS:
        \(OptionParser.help(table))

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var output = "fleet.yaml"
        let positional = try OptionParser.parse(arguments, table: table, into: &output)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        if output == "-" {
            console.out(StarterConfig.text)
            return ExitStatus.clean
        }
        let path = ScanCommand.resolve(output, in: console.directory)
        // O_EXCL-like: refuse an existing file (or a dangling symlink) rather than replace it.
        if FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
            console.err("scenesweep init: \(output) already exists; not overwriting it (choose another name with --output)\n")
            return ExitStatus.failed
        }
        do {
            try Data(StarterConfig.text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        } catch {
            console.err("scenesweep init: \(FileProblem.sentence("write", output, actual: path, error))\n")
            return ExitStatus.failed
        }
        console.out("wrote \(output): edit its repos, then run scenesweep validate --config \(output)\n")
        return ExitStatus.clean
    }
}
