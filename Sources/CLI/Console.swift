import Fleet
import Results

/// Where a command writes: stdout, stderr, and whether each is a terminal. Tests pass buffers.
package struct Console: Sendable {
    package let out: @Sendable (String) -> Void
    package let err: @Sendable (String) -> Void
    package let errIsTerminal: Bool
    package let environment: [String: String]
    /// The working directory relative paths are resolved against.
    package let directory: String
    /// How `sweep` and `daemon` start the worker processes that fetch and scan each repository within
    /// its limits: the scenesweep binary itself (main.swift). nil (tests calling in-process) keeps that
    /// work on this process's threads, unbounded.
    package let workers: WorkerLaunch?

    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        errIsTerminal: Bool = false, environment: [String: String] = [:], directory: String = ".", workers: WorkerLaunch? = nil
    ) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
        self.environment = environment
        self.directory = directory
        self.workers = workers
    }
}

/// Exit statuses, as in DESIGN.md.
package enum ExitStatus {
    package static let clean: Int32 = 0
    package static let findings: Int32 = 1
    package static let failed: Int32 = 2
    package static let usage: Int32 = 64
}

/// A mistake in how the command was called: printed with the command's usage, exit 64.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
