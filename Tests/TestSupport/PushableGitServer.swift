import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// scripts/lib/git_http_server.py with `--allow-push`: smart HTTP over the bare repositories of a
/// folder, accepting pushes only with Basic credentials carrying `token`, running the repositories'
/// hooks, and logging every request (`METHOD PATH STATUS BYTES DELAY_MS`).
package final class PushableGitServer: @unchecked Sendable {
    /// One request as the server logged it.
    package struct Request: Sendable, Equatable {
        package let method: String
        package let path: String
        package let status: Int
    }

    private let process = Process()
    private let directory = TemporaryDirectory("pushgit")
    package let port: Int

    private var log: String { directory.path + "/requests.log" }

    package static var isAvailable: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        }
    }

    /// - Parameters:
    ///   - root: the folder of bare repositories, served as `http://localhost:PORT/<name>.git`.
    ///   - token: the password a push must carry; passed in the environment, as the script requires.
    package init(root: String, token: String) throws {
        let script = FixturePaths.packageRoot.appendingPathComponent("scripts/lib/git_http_server.py").path
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_HTTP_PUSH_TOKEN"] = token
        process.environment = environment
        // The script's own main(), run from `python3 -c` as PythonServer expects.
        let launcher = "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        port = try PythonServer.start(
            process, script: launcher,
            arguments: [
                script, root, "--allow-push", "--latency-ms", "0", "--bandwidth-mbit", "0", "--log", directory.path + "/requests.log",
            ],
            name: "the pushable git server")
    }

    package var requests: [Request] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 5, let status = Int(fields[2]) else { return nil }
            return Request(method: fields[0], path: fields[1], status: status)
        }
    }

    package func stop() {
        // SIGKILL: the child inherits the test thread's blocked-signal mask, so SIGTERM could wait forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
