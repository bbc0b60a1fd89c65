import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A local smart-HTTP git server (Python running `git http-backend`) for tests about where credentials
/// go: it can ask for a token (401 with a Basic challenge until the right one comes), notes every
/// request with its client (User-Agent) and the credentials it carried, and can redirect the requests
/// of one client (libgit2's fetch, or scenesweep's tip check) elsewhere, as a hostile or moved server does.
package final class OriginGitServer: @unchecked Sendable {
    /// One request as the server saw it.
    package struct Request: Sendable, Equatable {
        package let method: String
        package let path: String
        package let userAgent: String
        /// The `Authorization` header, or "-".
        package let authorization: String
    }

    private let process = Process()
    private let directory = TemporaryDirectory("origingit")
    package let port: Int

    private var log: String { directory.path + "/requests.log" }
    private var redirectFile: String { directory.path + "/redirect" }

    /// - Parameters:
    ///   - root: the folder of bare repositories, served as `http://HOST:PORT/<name>.git`.
    ///   - token: when set, requests must carry Basic credentials whose password is this token.
    package init(root: String, token: String? = nil) throws {
        let script = """
            import base64, http.server, os, subprocess, sys
            root, token, log, redirect = sys.argv[1], sys.argv[2], open(sys.argv[3], "a"), sys.argv[4]
            class H(http.server.BaseHTTPRequestHandler):
                protocol_version = "HTTP/1.1"
                def do_GET(self): self.serve()
                def do_POST(self): self.serve()
                def serve(self):
                    agent = self.headers.get("User-Agent", "-")
                    auth = self.headers.get("Authorization") or "-"
                    log.write("%s\\t%s\\t%s\\t%s\\n" % (self.command, self.path, agent, auth)); log.flush()
                    body = b""
                    if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                        while True:
                            size = int(self.rfile.readline().strip(), 16)
                            if size == 0:
                                self.rfile.readline(); break
                            body += self.rfile.read(size); self.rfile.readline()
                    else:
                        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                    if os.path.exists(redirect):
                        client, target, status = open(redirect).read().split()
                        if client == "*" or client.lower() in agent.lower():
                            self.send_response(int(status)); self.send_header("Location", target + self.path)
                            self.send_header("Content-Length", "0"); self.end_headers(); return
                    if token != "-":
                        given = ""
                        if auth.startswith("Basic "):
                            given = base64.b64decode(auth[6:]).decode(errors="replace").partition(":")[2]
                        if given != token:
                            self.send_response(401); self.send_header("WWW-Authenticate", 'Basic realm="git"')
                            self.send_header("Content-Length", "0"); self.end_headers(); return
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
            process, script: script, arguments: [root, token ?? "-", directory.path + "/requests.log", directory.path + "/redirect"],
            name: "the git server")
    }

    /// From now on, answers the requests whose User-Agent contains `client` (any request for "*") with
    /// `status` and `Location: <target><path>`.
    package func redirect(client: String, to target: String, status: Int = 302) throws {
        try "\(client) \(target) \(status)\n".write(toFile: redirectFile, atomically: true, encoding: .utf8)
    }

    package func stopRedirecting() {
        try? FileManager.default.removeItem(atPath: redirectFile)
    }

    package var requests: [Request] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { return nil }
            return Request(method: fields[0], path: fields[1], userAgent: fields[2], authorization: fields[3])
        }
    }

    /// Whether any request carried Basic credentials whose password is `token`.
    package func sawToken(_ token: String) -> Bool {
        requests.contains { request in
            guard request.authorization.hasPrefix("Basic "),
                let decoded = Data(base64Encoded: String(request.authorization.dropFirst(6)))
            else { return false }
            return String(decoding: decoded, as: UTF8.self).split(separator: ":", maxSplits: 1).last.map(String.init) == token
        }
    }

    package func stop() {
        // SIGKILL: the child inherits the test thread's blocked-signal mask, so SIGTERM could wait forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
