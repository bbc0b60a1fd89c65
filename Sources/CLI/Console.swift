public import Fleet
public import Results

/// Where a command writes: stdout, stderr, and whether each is a terminal. Tests pass buffers.
public struct Console: Sendable {
    public let out: @Sendable (String) -> Void
    public let err: @Sendable (String) -> Void
    public let errIsTerminal: Bool
    public let environment: [String: String]
    /// The working directory relative paths are resolved against.
    public let directory: String
    /// How `sweep` and `daemon` start the worker processes that fetch and scan each repository within
    /// its limits: the scenesweep binary itself (main.swift). nil (tests calling in-process) keeps that
    /// work on this process's threads, unbounded.
    public let workers: WorkerLaunch?

    public init(
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
public enum ExitStatus {
    public static let clean: Int32 = 0
    public static let findings: Int32 = 1
    public static let failed: Int32 = 2
    public static let usage: Int32 = 64
}

/// A mistake in how the command was called: printed with the command's usage, exit 64.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
