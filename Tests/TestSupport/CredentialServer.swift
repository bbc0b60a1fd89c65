import Foundation

/// A local HTTP server (Python) that asks for Basic credentials on every request, refuses them, and
/// notes each Authorization header it was sent in a file.
package final class CredentialServer: @unchecked Sendable {
    private let process = Process()
    private let directory = TemporaryDirectory("credserver")
    package let port: Int

    package var log: String { directory.path + "/auth.log" }

    package init() throws {
        let script = """
            import http.server, sys
            log = open(sys.argv[1], "a")
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    log.write((self.headers.get("Authorization") or "-") + "\\n"); log.flush()
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="git"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                do_POST = do_GET
                def log_message(self, *args): pass
            server = http.server.HTTPServer(("127.0.0.1", 0), H)
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        port = try PythonServer.start(process, script: script, arguments: [directory.path + "/auth.log"], name: "the credential server")
    }

    /// Whether some request carried exactly these Basic credentials.
    package func sawCredential(user: String, password: String) -> Bool {
        let expected = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").contains { $0 == expected }
    }

    package func stop() {
        // SIGKILL: the child inherits the test thread's blocked-signal mask, so SIGTERM could wait forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
