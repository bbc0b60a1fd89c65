public import Fleet
public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Posts JSON to a webhook, trying again after a failure as its retry policy allows. A notification that
/// cannot be delivered is reported to the caller, never thrown: it must not fail the run it is about.
public struct WebhookClient: Sendable {
    /// What happened to one request: the HTTP status, or why there was none (never the URL: it is a secret).
    public enum Response: Sendable, Equatable {
        case status(Int)
        case failure(String)
    }

    /// How a delivery ended.
    public enum Delivery: Sendable, Equatable {
        case delivered(attempts: Int)
        case failed(reason: String, attempts: Int)
    }

    public var retry: RetryPolicy
    /// How long one request may take.
    public var timeout: TimeInterval
    /// Sends one request; URLSession unless a test replaces it.
    public var post: @Sendable (_ url: URL, _ body: Data, _ timeout: TimeInterval) async -> Response
    public var sleep: @Sendable (TimeInterval) async throws -> Void

    public init(
        retry: RetryPolicy = RetryPolicy(attempts: 3, initialDelay: 2, maximumDelay: 30), timeout: TimeInterval = 10,
        post: @escaping @Sendable (URL, Data, TimeInterval) async -> Response = WebhookClient.urlSessionPost,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) {
        self.retry = retry
        self.timeout = timeout
        self.post = post
        self.sleep = sleep
    }

    /// Posts `body`; a 2xx answer delivers it, anything else is tried again while the policy allows.
    /// - Parameter onRetry: told why an attempt failed and how long until the next.
    public func send(
        _ body: Data, to url: URL, onRetry: @Sendable (_ reason: String, _ attempt: Int, _ delay: TimeInterval) -> Void = { _, _, _ in }
    ) async -> Delivery {
        var attempt = 1
        while true {
            let reason: String
            switch await post(url, body, timeout) {
            case .status(let code) where (200..<300).contains(code):
                return .delivered(attempts: attempt)
            case .status(let code):
                reason = "HTTP status \(code)"
            case .failure(let message):
                reason = message
            }
            guard attempt < retry.attempts else { return .failed(reason: reason, attempts: attempt) }
            let delay = retry.delay(beforeRetry: attempt, jitter: retry.jitter())
            onRetry(reason, attempt, delay)
            do {
                try await sleep(delay)
            } catch {
                return .failed(reason: reason + " (stopped before trying again)", attempts: attempt)
            }
            attempt += 1
        }
    }

    private static let session = URLSession(configuration: .ephemeral)

    /// A POST with a JSON body through URLSession. Errors are described without the URL.
    public static let urlSessionPost: @Sendable (URL, Data, TimeInterval) async -> Response = { url, body, timeout in
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue("scenesweep", forHTTPHeaderField: "User-Agent")
        return await withCheckedContinuation { continuation in
            session.dataTask(with: request) { _, response, error in
                if let status = (response as? HTTPURLResponse)?.statusCode {
                    continuation.resume(returning: .status(status))
                } else if let error = error as? URLError {
                    // The description names the failure (timed out, cannot connect); the error's user info holds the URL.
                    continuation.resume(returning: .failure("\(Self.describe(error.code)) (URLError \(error.code.rawValue))"))
                } else {
                    continuation.resume(returning: .failure("no response"))
                }
            }.resume()
        }
    }

    private static func describe(_ code: URLError.Code) -> String {
        switch code {
        case .timedOut: "the request timed out"
        case .cannotConnectToHost: "cannot connect to the host"
        case .cannotFindHost, .dnsLookupFailed: "cannot find the host"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "not connected to a network"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            "the TLS connection failed"
        case .unsupportedURL, .badURL: "the URL is not usable"
        default: "the request failed"
        }
    }
}
