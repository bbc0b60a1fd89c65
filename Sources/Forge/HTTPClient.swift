import Fleet
import Foundation
import Results

/// One HTTP request. Secrets travel only in `headers` (an Authorization header), which nothing here
/// ever prints; descriptions of failures name the method, the path and the status, never a header.
package struct HTTPRequest: Sendable, Equatable {
    package var method: String
    package var url: URL
    package var headers: [String: String]
    package var body: Data?

    package init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// "POST /repos/acme/shop/code-scanning/sarifs": what logs and errors may say about the request.
    package var summary: String { "\(method) \(url.path)" }
}

package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    /// Header names lowercased.
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }
    package var isSuccess: Bool { (200..<300).contains(status) }
}

/// Why a request got no HTTP answer (cannot connect, timed out, TLS): said without the URL.
package struct TransportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// How a request ended after every try: the last answer, or why there was none.
package enum HTTPOutcome: Sendable, Equatable {
    case response(HTTPResponse, attempts: Int)
    case failure(reason: String, attempts: Int)
}

/// Sends requests and tries again when the failure is passing: no answer, 408, 429, 5xx, and GitHub's
/// rate-limit 403 (`x-ratelimit-remaining: 0` or a `retry-after`). Between tries it waits as the retry
/// policy says (exponential backoff with jitter), or as long as the server's `Retry-After` asks when that
/// is longer, up to `longestRetryAfter`: a server asking for more ends the tries at once, with the reason.
/// The transport is URLSession unless a test replaces it; it follows redirects only within one origin.
package struct HTTPClient: Sendable {
    package typealias Transport = @Sendable (HTTPRequest, TimeInterval) async -> Result<HTTPResponse, TransportFailure>

    package var retry: RetryPolicy
    /// How long one try may take.
    package var timeout: TimeInterval
    package var longestRetryAfter: TimeInterval
    package var transport: Transport
    package var sleep: @Sendable (TimeInterval) async throws -> Void
    package var now: @Sendable () -> Date

    package init(
        retry: RetryPolicy = RetryPolicy(attempts: 4, initialDelay: 2, maximumDelay: 60), timeout: TimeInterval = 60,
        longestRetryAfter: TimeInterval = 300, transport: @escaping Transport = URLSessionTransport.send,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.retry = retry
        self.timeout = timeout
        self.longestRetryAfter = longestRetryAfter
        self.transport = transport
        self.sleep = sleep
        self.now = now
    }

    /// - Parameter onRetry: told why a try failed and how long until the next.
    package func send(
        _ request: HTTPRequest, onRetry: @Sendable (_ reason: String, _ attempt: Int, _ delay: TimeInterval) -> Void = { _, _, _ in }
    ) async -> HTTPOutcome {
        var attempt = 1
        while true {
            let reason: String
            var serverDelay: TimeInterval?
            switch await transport(request, timeout) {
            case .success(let response):
                guard Self.isPassing(response) else { return .response(response, attempts: attempt) }
                reason = "HTTP \(response.status)"
                serverDelay = Self.retryAfter(response, now: now())
                if let serverDelay, serverDelay > longestRetryAfter {
                    return .response(response, attempts: attempt)
                }
                if attempt >= retry.attempts { return .response(response, attempts: attempt) }
            case .failure(let failure):
                reason = failure.description
                if attempt >= retry.attempts { return .failure(reason: reason, attempts: attempt) }
            }
            let delay = max(retry.delay(beforeRetry: attempt, jitter: retry.jitter()), serverDelay ?? 0)
            onRetry(reason, attempt, delay)
            do {
                try await sleep(delay)
            } catch {
                return .failure(reason: reason + " (stopped before trying again)", attempts: attempt)
            }
            attempt += 1
        }
    }

    /// Whether an answer is worth trying again: the server is busy, limiting the rate, or failed.
    package static func isPassing(_ response: HTTPResponse) -> Bool {
        switch response.status {
        case 408, 429, 500...599: return true
        // GitHub answers a spent rate limit (primary or secondary) with 403 and says so in its headers.
        case 403: return response.header("x-ratelimit-remaining") == "0" || response.header("retry-after") != nil
        default: return false
        }
    }

    /// The wait a server asks for: `Retry-After` in seconds or as an HTTP date, else GitHub's
    /// `x-ratelimit-reset` (seconds since 1970) when the limit is spent; nil when it asks for none.
    package static func retryAfter(_ response: HTTPResponse, now: Date) -> TimeInterval? {
        if let value = response.header("retry-after")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Double(value), seconds >= 0 { return seconds }
            if let date = httpDate().date(from: value) { return max(0, date.timeIntervalSince(now)) }
        }
        if response.header("x-ratelimit-remaining") == "0", let reset = response.header("x-ratelimit-reset").flatMap(Double.init) {
            return max(0, reset - now.timeIntervalSince1970)
        }
        return nil
    }

    /// A new formatter each time (rarely needed): DateFormatter is not safe to share between threads.
    private static func httpDate() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter
    }
}
