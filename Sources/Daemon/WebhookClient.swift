import Fleet
import Foundation
import Git
import Results

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Posts JSON to a webhook, trying again after a failure as its retry policy allows. A notification that
/// cannot be delivered is reported to the caller, never thrown: it must not fail the run it is about.
///
/// The receiver cannot hold the daemon: the whole delivery, tries and waits included, ends within
/// `deadline`; each request within `timeout` however slowly the answer drips; only the head of an
/// answer is read, never its body; a redirect is never followed (the message, and the
/// URL's secret path, go to the configured URL only); and cancelling the task ends it at once.
package struct WebhookClient: Sendable {
    /// What happened to one request: the HTTP status, or why there was none (never the URL: it is a secret).
    package enum Response: Sendable, Equatable {
        case status(Int)
        /// A 3xx answer: not followed, and not tried again (it would redirect again).
        case redirect(Int)
        case failure(String)
    }

    /// How a delivery ended.
    package enum Delivery: Sendable, Equatable {
        case delivered(attempts: Int)
        case failed(reason: String, attempts: Int)
    }

    package var retry: RetryPolicy
    /// How long one request may take, its whole answer included.
    package var timeout: TimeInterval
    /// How long the whole delivery may take, waits between tries included.
    package var deadline: TimeInterval
    /// Sends one request; URLSession unless a test replaces it.
    package var post: @Sendable (_ url: URL, _ body: Data, _ timeout: TimeInterval) async -> Response
    package var sleep: @Sendable (TimeInterval) async throws -> Void

    /// Bytes of an answer's body read: none, only its status matters, so the transfer ends with the head.
    package static let maximumResponse = 0

    package init(
        retry: RetryPolicy = RetryPolicy(attempts: 3, initialDelay: 2, maximumDelay: 30), timeout: TimeInterval = 10,
        deadline: TimeInterval = 60,
        post: @escaping @Sendable (URL, Data, TimeInterval) async -> Response = WebhookClient.urlSessionPost,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.retry = retry
        self.timeout = timeout
        self.deadline = deadline
        self.post = post
        self.sleep = sleep
    }

    /// Posts `body`; a 2xx answer delivers it, anything else is tried again while the policy allows.
    /// - Parameter onRetry: told why an attempt failed and how long until the next.
    package func send(
        _ body: Data, to url: URL, onRetry: @Sendable (_ reason: String, _ attempt: Int, _ delay: TimeInterval) -> Void = { _, _, _ in }
    ) async -> Delivery {
        let started = ContinuousClock.now
        func remaining() -> TimeInterval {
            let (seconds, attoseconds) = (ContinuousClock.now - started).components
            return deadline - (Double(seconds) + Double(attoseconds) / 1e18)
        }
        var attempt = 1
        while true {
            let reason: String
            let left = remaining()
            if Task.isCancelled { return .failed(reason: "stopped", attempts: attempt - 1) }
            switch await post(url, body, min(timeout, max(0.1, left))) {
            case .status(let code) where (200..<300).contains(code):
                return .delivered(attempts: attempt)
            case .status(let code):
                reason = "HTTP status \(code)"
            case .redirect(let code):
                return .failed(reason: "HTTP status \(code): a redirect, not followed", attempts: attempt)
            case .failure(let message):
                reason = message
            }
            if Task.isCancelled { return .failed(reason: reason + " (stopped)", attempts: attempt) }
            guard attempt < retry.attempts else { return .failed(reason: reason, attempts: attempt) }
            // A try again gets the whole timeout or is not made: one cut short by the deadline would fail
            // for want of time, not because of the receiver, and its reason would name a timeout nobody
            // set. Checked again after the pause, which a loaded machine can stretch well past `delay`.
            let delay = retry.delay(beforeRetry: attempt, jitter: retry.jitter())
            let outOfTime = Delivery.failed(
                reason: reason + " (no time left for another try within \(Self.seconds(deadline)))", attempts: attempt)
            guard remaining() >= delay + timeout else { return outOfTime }
            onRetry(reason, attempt, delay)
            do {
                try await sleep(delay)
            } catch {
                return .failed(reason: reason + " (stopped before trying again)", attempts: attempt)
            }
            guard remaining() >= timeout else { return outOfTime }
            attempt += 1
        }
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }

    /// A POST with a JSON body, bounded (`BoundedRequest`): the answer's head within `timeout`, its body
    /// never read, no redirect followed, cancelled with the task. Errors are described without the URL.
    package static let urlSessionPost: @Sendable (URL, Data, TimeInterval) async -> Response = { url, body, timeout in
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue("scenesweep", forHTTPHeaderField: "User-Agent")
        switch await BoundedRequest.send(request, deadline: timeout, maximumBody: maximumResponse, truncating: true, redirects: .never) {
        case .success(let response) where (300..<400).contains(response.status):
            return .redirect(response.status)
        case .success(let response):
            return .status(response.status)
        case .failure(let failure):
            return .failure(failure.description)
        }
    }
}
