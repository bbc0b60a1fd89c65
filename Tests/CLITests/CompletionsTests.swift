import CLI
import Foundation
import TestSupport
import Testing

/// Completions and the man page, generated from the option tables, checked by the shells and groff
/// themselves (scripts/test installs zsh, fish and groff).
@Suite struct CompletionsTests {
    static func output(_ arguments: [String]) -> String {
        let result = FleetCommandTests.run(arguments, in: ".")
        #expect(result.status == 0, "\(result.err)")
        return result.out
    }

    /// Runs `program arguments`, feeding `input`; returns the exit status and everything printed.
    static func run(_ program: String, _ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        try #require(FileManager.default.isExecutableFile(atPath: program), "\(program) is missing: scripts/test installs it")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func bashCompletesCommandsTheirOptionsAndFilesAfterFileOptions() throws {
        let script = Self.output(["completions", "bash"])
        let directory = TemporaryDirectory("completions")
        directory.write("c.bash", script)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let result = try Self.run(
                "/bin/bash",
                [
                    "-c",
                    "source \(directory.path)/c.bash; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _scenesweep; printf '%s\\n' \"${COMPREPLY[@]}\"",
                ])
            #expect(result.status == 0, "\(result.output)")
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["scenesweep", "pub"]) == ["publish"])
        #expect(try complete(["scenesweep", "sweep", "--sh"]) == ["--shard"])
        #expect(try complete(["scenesweep", "publish", "--"]).contains("--run"))
        #expect(try complete(["scenesweep", "scan", "--format", ""]).isEmpty, "a value, not a file or an option")
        directory.write("fleet.yaml", "")
        #expect(try complete(["scenesweep", "sweep", "--config", "\(directory.path)/fle"]) == ["\(directory.path)/fleet.yaml"])
    }

    @Test func everyOptionOfEveryCommandIsInEveryShellsScript() throws {
        let bash = Self.output(["completions", "bash"])
        let zsh = Self.output(["completions", "zsh"])
        let fish = Self.output(["completions", "fish"])
        for (command, option) in [
            ("sweep", "--shard"), ("publish", "--run"), ("scan", "--fail-on"), ("daemon", "--once"), ("merge", "--config"),
        ] {
            #expect(bash.contains(option), "\(command) \(option)")
            #expect(zsh.contains("'\(option)[") || zsh.contains("{\(option),"), "\(command) \(option)")
            #expect(fish.contains("__fish_seen_subcommand_from \(command)' -l \(option.dropFirst(2))"), "\(command) \(option)")
        }
        #expect(try Self.run("/usr/bin/zsh", ["-n"], input: zsh).status == 0)
        let fishCheck = try Self.run("/usr/bin/fish", ["--no-execute"], input: fish)
        #expect(fishCheck.status == 0, "\(fishCheck.output)")
        #expect(try Self.run("/bin/bash", ["-n"], input: bash).status == 0)
    }

    @Test func theManPageListsEveryCommandAndOptionAndGroffFindsNoProblem() throws {
        let page = Self.output(["manpage"])
        for command in ["scan", "sweep", "merge", "publish", "daemon", "completions"] { #expect(page.contains(".SS \(command)\n")) }
        #expect(page.contains("\\fB\\-\\-shard\\fR \\fII/N\\fR"))
        let groff = try Self.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z"], input: page)
        #expect(groff.status == 0 && groff.output.isEmpty, "\(groff.output)")
    }

    @Test func anUnknownShellIsAUsageError() {
        let result = FleetCommandTests.run(["completions", "tcsh"], in: ".")
        #expect(result.status == 64)
        #expect(result.err.hasPrefix("scenesweep completions: unknown shell 'tcsh'; use bash, zsh or fish"))
    }
}
