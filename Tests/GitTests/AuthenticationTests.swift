import Foundation
import Git
import TestSupport
import Testing

/// A local HTTP(S) server (Python) that answers every request with 401, counting requests.
private final class RefusingServer {
    let process = Process()
    let port: Int
    private let output: FileHandle

    static var isAvailable: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        }
    }

    /// Serves https with the given PEM certificate and key when both are set.
    init(certificate: String? = nil, key: String? = nil) throws {
        var script = """
            import http.server, sys
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    sys.stderr.write("request\\n"); sys.stderr.flush()
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Basic realm="git"')
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                do_POST = do_GET
                def log_message(self, *args): pass
            server = http.server.HTTPServer(("127.0.0.1", 0), H)

            """
        if let certificate, let key {
            script += """
                import ssl
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain("\(certificate)", "\(key)")
                server.socket = context.wrap_socket(server.socket, server_side=True)

                """
        }
        script += """
            print(server.server_address[1], flush=True)
            server.serve_forever()
            """
        let stderr = Pipe()
        output = stderr.fileHandleForReading
        port = try PythonServer.start(process, script: script, standardError: stderr, name: "test server")
    }

    /// Stops the server and returns how many requests it answered.
    func stop() -> Int {
        // SIGKILL, not terminate(): the child inherits the test thread's blocked-signal mask, so SIGTERM waits forever.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return String(decoding: output.readDataToEndOfFile(), as: UTF8.self).components(separatedBy: "request").count - 1
    }
}

@Suite(.enabled(if: RefusingServer.isAvailable)) struct AuthenticationTests {
    @Test func aRejectedTokenIsRetriedOnceThenReportedAsAnAuthenticationFailure() throws {
        let fixture = try GitFixture()
        let server = try RefusingServer()
        let url = "http://localhost:\(server.port)/acme/app.git"

        let error = #expect(throws: GitError.self) {
            try Repository.cloneMirror(from: url, to: fixture.path("mirror.git"), credentials: Credentials(httpsToken: "tok-secret"))
        }
        let requests = server.stop()

        #expect(error?.kind == .authentication)
        #expect(error?.description == "authentication failed for \(url)")
        #expect(error?.description.contains("tok-secret") == false)
        #expect(requests <= 4)
    }

    @Test func aServerAskingForCredentialsWithoutATokenSaysNoneIsSet() throws {
        let fixture = try GitFixture()
        let server = try RefusingServer()
        let url = "http://localhost:\(server.port)/acme/app.git"

        let error = #expect(throws: GitError.self) {
            try Repository.cloneMirror(from: url, to: fixture.path("mirror.git"))
        }
        _ = server.stop()

        #expect(error?.kind == .authentication)
        #expect(error?.description == "\(url) requires authentication but no https token is set")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
    func httpsCertificatesAreVerifiedAndACustomAuthorityCanBeTrusted() throws {
        let fixture = try GitFixture()
        let certificate = fixture.path("cert.pem")
        let key = fixture.path("key.pem")
        try runOpenSSL([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
        ])
        let server = try RefusingServer(certificate: certificate, key: key)
        defer { _ = server.stop() }
        let url = "https://localhost:\(server.port)/acme/app.git"

        let untrusted = #expect(throws: GitError.self) {
            try Repository.cloneMirror(from: url, to: fixture.path("a.git"))
        }
        #expect(untrusted?.kind == .certificate)
        #expect(untrusted?.description.hasPrefix("TLS certificate of localhost is not trusted") == true)

        // The CA setting is process-wide, so it is set and restored within this one test.
        try GitLibrary.setCertificateAuthorities(file: certificate)
        defer { try? GitLibrary.setCertificateAuthorities(file: "/etc/ssl/certs/ca-certificates.crt") }
        let trusted = #expect(throws: GitError.self) {
            try Repository.cloneMirror(from: url, to: fixture.path("b.git"))
        }
        #expect(trusted?.kind == .authentication)
    }

    private func runOpenSSL(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError(message: "openssl failed") }
    }
}
