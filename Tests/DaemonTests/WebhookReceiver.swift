import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP server on 127.0.0.1 and an ephemeral port that takes webhook POSTs, keeps them, and
/// answers each with the next of the given statuses (then 200).
final class WebhookReceiver: Sendable {
    struct Request: Sendable {
        let method: String
        let path: String
        let contentType: String?
        let body: Data

        /// The body as a JSON object.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:] }
    }

    let port: Int
    private let listener: Int32
    private let received = Mutex<[Request]>([])
    private let statuses: Mutex<[Int]>

    var requests: [Request] { received.withLock { $0 } }

    init(statuses: [Int] = []) throws {
        self.statuses = Mutex(statuses)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Wakes the serving thread, which closes the listener itself: closing it here could let a receiver
    /// made next reuse the descriptor's number while this thread is about to call accept on it, and then
    /// this one would answer the next test's requests (seen as a flaky test under load).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                close(listener)
                return
            }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Int?
        var contentLength = 0
        while true {
            if let end = headerEnd, bytes.count >= end + contentLength { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            bytes += buffer[..<count]
            if headerEnd == nil, let range = Data(bytes).range(of: Data("\r\n\r\n".utf8)) {
                headerEnd = range.upperBound
                let head = String(decoding: bytes[..<range.lowerBound], as: UTF8.self).lowercased()
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    contentLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
        }
        guard let headerEnd else { return }
        let head = String(decoding: bytes[..<(headerEnd - 4)], as: UTF8.self).split(separator: "\r\n")
        let requestLine = head.first?.split(separator: " ") ?? []
        let contentType = head.dropFirst().first { $0.lowercased().hasPrefix("content-type:") }.map {
            $0.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
        }
        received.withLock {
            $0.append(
                Request(
                    method: requestLine.first.map(String.init) ?? "", path: requestLine.dropFirst().first.map(String.init) ?? "",
                    contentType: contentType, body: Data(bytes[headerEnd..<(headerEnd + contentLength)])))
        }
        let status = statuses.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
        let response = "HTTP/1.1 \(status) Status\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
        _ = response.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }
}
