import CLI
import Foundation

// Output goes through FileHandle so that piped stdout is written even when the process exits early.
let console = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) },
    errIsTerminal: isatty(2) == 1,
    environment: ProcessInfo.processInfo.environment,
    // Sweeps fetch and scan each repository in a worker process: this same binary.
    workers: SweepWorkerCommand.launchingSelf())
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: console))
