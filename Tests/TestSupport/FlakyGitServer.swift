import Foundation

/// A local smart-HTTP git server (Python running `git http-backend`) that first refuses a number of
/// requests with a chosen status, then serves the bare repositories under `root`, noting every request.
package final class FlakyGitServer: @unchecked Sendable {
    private let process = Process()
    private let directory = TemporaryDirectory("flakygit")
    package let port: Int

    private var log: String { directory.path + "/requests.log" }

    /// - Parameters:
    ///   - root: the folder of bare repositories, served as `http://127.0.0.1:PORT/<name>.git`.
    ///   - refusals: how many requests are answered with `status` before the server starts serving.
    package init(root: String, refusals: Int, status: Int) throws {
        let script = """
            import http.server, os, subprocess, sys
            root, refusals, status, log = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), open(sys.argv[4], "a")
            seen = [0]
            class H(http.server.BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
                def do_GET(self): self.serve()
                def do_POST(self): self.serve()
                def serve(self):
                    seen[0] += 1
                    log.write("%s %s\\n" % (self.command, self.path)); log.flush()
                    body = b""
                    if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                        while True:
                            size = int(self.rfile.readline().strip(), 16)
                            if size == 0:
                                self.rfile.readline(); break
                            body += self.rfile.read(size); self.rfile.readline()
                    else:
                        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                    if seen[0] <= refusals:
                        self.send_response(status); self.send_header("Content-Length", "0"); self.end_headers(); return
                    path, _, query = self.path.partition("?")
                    env = dict(os.environ, GIT_PROJECT_ROOT=root, GIT_HTTP_EXPORT_ALL="1", PATH_INFO=path, QUERY_STRING=query,
                               REQUEST_METHOD=self.command, CONTENT_TYPE=self.headers.get("Content-Type", ""),
                               CONTENT_LENGTH=str(len(body)), REMOTE_ADDR="127.0.0.1", GIT_CONFIG_NOSYSTEM="1")
                    out = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True).stdout
                    head, _, rest = out.partition(b"\\r\\n\\r\\n")
                    code, headers = 200, []
                    for line in head.decode().split("\\r\\n"):
                        name, _, value = line.partition(": ")
                        if name.lower() == "status": code = int(value.split()[0])
                        elif name: headers.append((name, value))
                    self.send_response(code)
                    for name, value in headers: self.send_header(name, value)
                    self.send_header("Content-Length", str(len(rest))); self.end_headers(); self.wfile.write(rest)
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
            server.daemon_threads = True
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        port = try PythonServer.start(
            process, script: script, arguments: [root, String(refusals), String(status), directory.path + "/requests.log"],
            name: "the git server")
    }

    /// How many requests asked for the reference list (`GET …/info/refs`): one per fetch attempt.
    package var referenceRequests: Int {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("GET ") && $0.contains("/info/refs") }.count
    }

    package func stop() {
        // SIGKILL: the child inherits the test thread's blocked-signal mask, so SIGTERM could wait forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
