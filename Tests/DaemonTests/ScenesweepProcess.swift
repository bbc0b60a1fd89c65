import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `scenesweep` binary, run as a child process with its output in files.
final class ScenesweepProcess: @unchecked Sendable {
    /// The built product next to the test bundle (`.build/<config>/scenesweep`), or in `.build/debug`.
    static let binary: String = ScenesweepBinary.path

    private let process = Process()
    private let output = TemporaryDirectory("scenesweep-process")

    var pid: Int32 { process.processIdentifier }
    /// Standard error so far: the daemon's log.
    var err: String { (try? String(contentsOfFile: output.path + "/stderr", encoding: .utf8)) ?? "" }
    var out: String { (try? String(contentsOfFile: output.path + "/stdout", encoding: .utf8)) ?? "" }

    /// Starts `scenesweep ARGUMENTS` in `directory` with the test's environment plus `environment`.
    init(_ arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw WorkbenchError(message: "no scenesweep binary at \(Self.binary); build it first (swift build)")
        }
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ProcessInfo.processInfo.environment
        variables["GIT_CONFIG_NOSYSTEM"] = "1"
        variables["HOME"] = directory
        variables.merge(environment) { $1 }
        process.environment = variables
        _ = FileManager.default.createFile(atPath: output.path + "/stdout", contents: nil)
        _ = FileManager.default.createFile(atPath: output.path + "/stderr", contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + "/stdout"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: output.path + "/stderr"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The exit status once the process has ended (nil if it did not within `seconds`), and whether it
    /// ended by a signal.
    func exit(within seconds: Double = 60) async -> (status: Int32, bySignal: Bool)? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while process.isRunning {
            if ContinuousClock.now > deadline { return nil }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }

    /// Runs `scenesweep ARGUMENTS` to the end.
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:]) async throws -> (
        status: Int32, out: String, err: String
    ) {
        let child = try ScenesweepProcess(arguments, in: directory, environment: environment)
        let ended = await child.exit()
        return (ended?.status ?? -1, child.out, child.err)
    }
}

/// An HTTP server that takes every request and never answers, so a sweep fetching from it stays in
/// flight for as long as a test needs.
final class SilentServer: @unchecked Sendable {
    private let process = Process()
    private let directory = TemporaryDirectory("silent")
    let port: Int

    init() throws {
        let script = """
            import http.server, sys, time
            log = open(sys.argv[1], "a")
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    log.write(self.path + "\\n"); log.flush()
                    time.sleep(3600)
                do_POST = do_GET
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
            server.daemon_threads = True
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        port = try PythonServer.start(process, script: script, arguments: [directory.path + "/requests.log"], name: "the silent server")
    }

    /// How many requests it has taken (and kept waiting).
    var requests: Int {
        ((try? String(contentsOfFile: directory.path + "/requests.log", encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    func stop() {
        // SIGKILL: the child inherits the test thread's blocked-signal mask, so SIGTERM could wait forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
