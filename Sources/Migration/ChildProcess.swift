import Foundation

/// Runs a tool the migration checks with (`git apply --check`, `swiftc -parse`): never anything from the
/// scanned tree. Output is captured; a run past its time limit is killed.
enum ChildProcess {
    struct Result {
        let status: Int32
        let output: String
        let errors: String
    }

    struct TimedOut: Error, CustomStringConvertible {
        let seconds: Double
        var description: String { "timed out after \(Int(seconds)) s" }
    }

    static func run(
        _ executable: String, _ arguments: [String], directory: String? = nil, environment: [String: String]? = nil, timeout: Double
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the child runs, so a chatty child never blocks on a full pipe.
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(output, false), (errors, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isError: isError)
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            // SIGKILL, not terminate()'s SIGTERM: a child started from a pool thread inherits a mask that
            // blocks SIGTERM (see GitApplyCheck).
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            group.wait()
            throw TimedOut(seconds: timeout)
        }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, output: collected.text(isError: false), errors: collected.text(isError: true))
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var output = Data()
        private var errors = Data()

        func set(_ data: Data, isError: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isError { errors = data } else { output = data }
        }

        func text(isError: Bool) -> String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: isError ? errors : output, as: UTF8.self)
        }
    }
}
