import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request whose cost a server cannot choose: a total deadline (URLSession's own timeout is
/// per silence, so a server dripping a byte every two seconds never trips it), a cap on the body read
/// (a 3,000 MiB answer grew the daemon past 5 GB), redirects followed only where the caller allows, and
/// cancellation at once (a cancelled Swift task cancels the transfer). Used by the remote tip check
/// and the daemon's webhook.
package enum BoundedRequest {
    /// Which redirects are followed; any other is returned as the 3xx answer it was.
    package enum Redirects: Sendable {
        case never
        /// Only to the same scheme, host and port, so nothing sent along reaches another server.
        case sameOrigin
    }

    package struct Response: Sendable {
        package let status: Int
        /// Header names lowercased.
        package let headers: [String: String]
        package let body: Data
        /// The URL the answer came from, after any redirect that was followed.
        package let url: URL?

        /// `Location` of a 3xx answer (a redirect that was not followed), resolved against `url`.
        package var redirectTarget: URL? {
            guard (300..<400).contains(status), let location = headers["location"] else { return nil }
            return URL(string: location, relativeTo: url)?.absoluteURL
        }
    }

    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case timedOut(seconds: Double)
        case tooLarge(limit: Int)
        case cancelled
        case failed(String)

        package var description: String {
            switch self {
            case .timedOut(let seconds): "no complete answer within \(BoundedRequest.seconds(seconds))"
            case .tooLarge(let limit): "the answer is larger than \(limit / 1024) KiB"
            case .cancelled: "cancelled"
            case .failed(let reason): reason
            }
        }
    }

    /// Sends `request`; the whole exchange, body included, ends within `deadline` seconds.
    /// - Parameters:
    ///   - maximumBody: bytes of the answer's body kept; past them the transfer is cut and `.tooLarge` returned,
    ///     unless `truncating`, when the answer is returned with the first `maximumBody` bytes.
    package static func send(
        _ request: URLRequest, deadline: Double, maximumBody: Int, truncating: Bool = false, redirects: Redirects
    ) async -> Result<Response, Failure> {
        let exchange = Exchange(maximumBody: maximumBody, truncating: truncating, redirects: redirects)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                exchange.start(request, deadline: deadline) { continuation.resume(returning: $0) }
            }
        } onCancel: {
            exchange.cancel(.cancelled)
        }
    }

    /// `send` for a thread that may block (the sweep's pipeline threads).
    package static func sendWaiting(
        _ request: URLRequest, deadline: Double, maximumBody: Int, truncating: Bool = false, redirects: Redirects
    ) -> Result<Response, Failure> {
        let exchange = Exchange(maximumBody: maximumBody, truncating: truncating, redirects: redirects)
        let done = DispatchSemaphore(value: 0)
        let result = LockedBox<Result<Response, Failure>>()
        exchange.start(request, deadline: deadline) {
            result.set($0)
            done.signal()
        }
        done.wait()
        return result.get() ?? .failure(.failed("no answer"))
    }

    /// Whether two URLs share scheme, host and port (default ports made explicit).
    package static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let left = Origin(scheme: a.scheme ?? "", host: a.host, port: a.port),
            let right = Origin(scheme: b.scheme ?? "", host: b.host, port: b.port)
        else { return false }
        return left == right
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// One request's state, from the delegate's callbacks and the deadline's timer.
    fileprivate final class Exchange: @unchecked Sendable {
        let maximumBody: Int
        let truncating: Bool
        let redirects: Redirects
        private let lock = NSLock()
        private var task: URLSessionDataTask?
        private var body = Data()
        private var response: HTTPURLResponse?
        private var truncated = false
        private var finish: ((Result<Response, Failure>) -> Void)?
        private var timer: DispatchWorkItem?

        init(maximumBody: Int, truncating: Bool, redirects: Redirects) {
            self.maximumBody = maximumBody
            self.truncating = truncating
            self.redirects = redirects
        }

        func start(
            _ request: URLRequest, deadline: Double, finish: @escaping (Result<Response, Failure>) -> Void
        ) {
            // A session of its own: one URLSession runs its transfers on one queue, so a receiver flooding
            // or dripping would slow every other request of the process (the webhook, the tip checks)
            // behind it. The session is invalidated when its task completes, which releases the delegate.
            let session = URLSession(configuration: .ephemeral, delegate: Delegate(self), delegateQueue: nil)
            let task = session.dataTask(with: request)
            let timer = DispatchWorkItem { [weak self] in self?.cancel(.timedOut(seconds: deadline)) }
            lock.withLock {
                self.task = task
                self.finish = finish
                self.timer = timer
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline, execute: timer)
            task.resume()
        }

        /// Ends the exchange for `reason` (the first ending wins) and cuts the transfer. The caller hears at
        /// once, not when the transfer stops: swift-corelibs-foundation can take minutes to deliver a
        /// cancelled task's completion while a flood of body bytes is still queued (seen on a loaded CI
        /// machine), and the deadline is the caller's, not the server's.
        func cancel(_ reason: Failure) {
            resolve(.failure(reason))
            lock.withLock { task }?.cancel()
        }

        /// With no body wanted (`maximumBody` 0, `truncating`), the answer is complete with its head: the
        /// caller has it at once and the transfer is cancelled there, however slowly or endlessly the body
        /// would come. (Answering the delegate with `.cancel` instead left the task running to the end of a
        /// 3,000 MiB body in swift-corelibs-foundation; what libcurl reads before the cancel lands is
        /// dropped, never kept.)
        func received(_ response: URLResponse) {
            let headOnly: Bool = lock.withLock {
                self.response = response as? HTTPURLResponse
                guard maximumBody == 0, truncating else { return false }
                truncated = true
                return true
            }
            guard headOnly else { return }
            if let answer = response as? HTTPURLResponse { resolve(.success(Self.response(answer, body: Data()))) }
            lock.withLock { task }?.cancel()
        }

        /// A 401 or 407 with a challenge: its head is the answer (the caller decides whether to send a
        /// token, and to which origin). swift-corelibs-foundation never completes such a task on its own
        /// when the challenge is passed over (it waited out the whole deadline), so it is ended here.
        func challenged() {
            lock.withLock { truncated = true }
        }

        func received(_ data: Data) {
            let over: Result<Response, Failure>? = lock.withLock {
                guard !truncated else { return nil }
                let room = maximumBody - body.count
                if data.count <= room {
                    body.append(data)
                    return nil
                }
                body.append(data.prefix(max(0, room)))
                truncated = true
                guard truncating else { return .failure(.tooLarge(limit: maximumBody)) }
                return response.map { .success(Self.response($0, body: body)) } ?? .failure(.failed("no response"))
            }
            guard let over else { return }
            resolve(over)
            lock.withLock { task }?.cancel()
        }

        func completed(_ error: Error?) {
            let result: Result<Response, Failure> = lock.withLock {
                if let response, error == nil || truncated { return .success(Self.response(response, body: body)) }
                let reason = (error as? URLError).map { BoundedRequest.describe($0.code) } ?? "no response"
                return .failure(.failed(reason))
            }
            resolve(result)
        }

        /// Hands the caller its result, once: later endings (the transfer's completion after a cancel, the
        /// timer after the head) find it already told.
        private func resolve(_ result: Result<Response, Failure>) {
            let finish: ((Result<Response, Failure>) -> Void)? = lock.withLock {
                defer {
                    self.finish = nil
                    timer?.cancel()
                }
                return self.finish
            }
            finish?(result)
        }

        private static func response(_ response: HTTPURLResponse, body: Data) -> Response {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return Response(status: response.statusCode, headers: headers, body: body, url: response.url)
        }
    }

    /// The callbacks of one exchange's session.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let exchange: Exchange

        init(_ exchange: Exchange) {
            self.exchange = exchange
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            exchange.received(response)
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            exchange.received(data)
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            guard exchange.redirects == .sameOrigin, let from = task.originalRequest?.url,
                let to = request.url, BoundedRequest.sameOrigin(from, to)
            else {
                // Not followed: the 3xx answer is the task's answer.
                completionHandler(nil)
                return
            }
            completionHandler(request)
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            // No credential is ever given here: tokens are set by the caller, for the configured origin only.
            exchange.challenged()
            completionHandler(.rejectProtectionSpace, nil)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
            exchange.completed(error)
            session.finishTasksAndInvalidate()
        }
    }

    /// What went wrong, in words; never the URL (the error's user info holds it, and it may be a secret).
    static func describe(_ code: URLError.Code) -> String {
        words(for: code) ?? "the request failed (URLError \(code.rawValue))"
    }

    /// The words for a failure worth naming (a timeout, a host not found, TLS), or nil for the rest: every
    /// request scenesweep makes says these alike.
    package static func words(for code: URLError.Code) -> String? {
        switch code {
        case .timedOut: "the request timed out"
        case .cannotConnectToHost: "cannot connect to the host"
        case .cannotFindHost, .dnsLookupFailed: "cannot find the host"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "not connected to a network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            "the TLS connection failed"
        case .unsupportedURL, .badURL: "the URL is not usable"
        default: nil
        }
    }
}

/// A value set once from another thread.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value? { lock.withLock { value } }
}
