import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A webhook receiver that misbehaves as issue 14 found real ones can (Python, 127.0.0.1, an ephemeral
/// port), noting each request and how many body bytes it managed to send:
/// - `dripBody`: answers 200 at once, then drips its body a byte every 2 s, forever;
/// - `dripHead`: drips its status line and headers a byte every 2 s, so no head ever completes;
/// - `silent`: reads the request and never answers;
/// - `huge`: answers 200 with a 1 TiB body, written as fast as the client takes it;
/// - `redirect`: answers 307 to `target` (another receiver).
final class HostileReceiver: @unchecked Sendable {
    enum Mode: String {
        case dripBody, dripHead, silent, huge, redirect
    }

    private let process = Process()
    private let directory = TemporaryDirectory("hostile-receiver")
    let port: Int

    private var log: String { directory.path + "/log" }

    init(_ mode: Mode, target: String = "-") throws {
        let script = """
            import socket, sys, threading, time
            mode, target, log = sys.argv[1], sys.argv[2], sys.argv[3]
            def note(text):
                with open(log, "a") as f: f.write(text + "\\n")
            def handle(connection):
                data = b""
                while b"\\r\\n\\r\\n" not in data:
                    chunk = connection.recv(65536)
                    if not chunk: return
                    data += chunk
                head, _, body = data.partition(b"\\r\\n\\r\\n")
                length = 0
                for line in head.split(b"\\r\\n")[1:]:
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length": length = int(value.strip())
                while len(body) < length:
                    chunk = connection.recv(65536)
                    if not chunk: break
                    body += chunk
                note("request " + head.split(b"\\r\\n")[0].decode())
                sent = 0
                try:
                    if mode == "dripBody":
                        connection.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Length: 1000000\\r\\n\\r\\n")
                        while True:
                            connection.sendall(b"x"); sent += 1; time.sleep(2)
                    elif mode == "dripHead":
                        for byte in b"HTTP/1.1 200 OK\\r\\nContent-Length: 0\\r\\n\\r\\n":
                            connection.sendall(bytes([byte])); time.sleep(2)
                    elif mode == "silent":
                        time.sleep(3600)
                    elif mode == "huge":
                        total = 1 << 40
                        connection.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Length: %d\\r\\n\\r\\n" % total)
                        block = b"0" * 65536
                        while sent < total:
                            connection.sendall(block); sent += len(block)
                    elif mode == "redirect":
                        connection.sendall(b"HTTP/1.1 307 Temporary Redirect\\r\\nLocation: " + target.encode()
                                           + b"\\r\\nContent-Length: 0\\r\\n\\r\\n")
                except OSError:
                    pass
                note("sent %d" % sent)
                connection.close()
            server = socket.socket()
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", 0)); server.listen(16)
            print(server.getsockname()[1], flush=True)
            while True:
                connection, _ = server.accept()
                threading.Thread(target=handle, args=(connection,), daemon=True).start()
            """
        port = try PythonServer.start(
            process, script: script, arguments: [mode.rawValue, target, directory.path + "/log"], name: "the \(mode) receiver")
    }

    private var lines: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Requests received so far.
    var requests: Int { lines.filter { $0.hasPrefix("request ") }.count }

    /// Body bytes the receiver sent on connections that have ended.
    var bytesSent: Int { lines.compactMap { $0.hasPrefix("sent ") ? Int($0.dropFirst(5)) : nil }.reduce(0, +) }

    /// Whether a request has ended (the client went away, or the answer was all sent).
    var connectionsEnded: Int { lines.filter { $0.hasPrefix("sent ") }.count }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
