import CLI
import Foundation
import Synchronization

/// Runs the command line in-process and keeps what it printed.
final class ConsoleCapture: Sendable {
    private let stdout = Mutex("")
    private let stderr = Mutex("")

    var out: String { stdout.withLock { $0 } }
    var err: String { stderr.withLock { $0 } }

    func console(directory: String = ".") -> Console {
        Console(
            out: { text in self.stdout.withLock { $0 += text } },
            err: { text in self.stderr.withLock { $0 += text } },
            directory: directory)
    }

    /// Runs `scenesweep ARGUMENTS` and returns the exit status.
    static func run(_ arguments: [String], directory: String = ".") -> (status: Int32, out: String, err: String) {
        let capture = ConsoleCapture()
        let status = CommandLineTool.run(arguments, console: capture.console(directory: directory))
        return (status, capture.out, capture.err)
    }
}
