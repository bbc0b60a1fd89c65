import Fleet
import Foundation
import Results

/// Talks to one forge's REST API with one token: builds each request (base URL, the kind's way of
/// sending the token, JSON), sends it through `HTTPClient` (retries, backoff, same-origin redirects) and
/// turns failures into messages that never hold the token.
package struct ForgeClient: Sendable {
    package let forge: PublishSettings.Forge
    private let token: String
    package let http: HTTPClient

    package init(forge: PublishSettings.Forge, token: String, http: HTTPClient = HTTPClient()) {
        self.forge = forge
        self.token = token
        self.http = http
    }

    /// A request to `path` under the API base (`path` percent-encoded already, starting with `/`).
    package func request(_ method: String, _ path: String, json: Data? = nil) -> HTTPRequest? {
        guard let url = URL(string: forge.apiBase + path) else { return nil }
        var headers = ["Accept": "application/json", "User-Agent": "scenesweep"]
        switch forge.kind {
        case .github:
            headers["Authorization"] = "Bearer " + token
            headers["Accept"] = "application/vnd.github+json"
            headers["X-GitHub-Api-Version"] = "2022-11-28"
        case .gitlab:
            headers["PRIVATE-TOKEN"] = token
        case .gitea:
            headers["Authorization"] = "token " + token
        }
        if json != nil { headers["Content-Type"] = "application/json" }
        return HTTPRequest(method: method, url: url, headers: headers, body: json)
    }

    /// Sends a request and returns the 2xx answer's body, or why there is none.
    package func send(
        _ request: HTTPRequest, onRetry: @Sendable (_ reason: String, _ attempt: Int, _ delay: TimeInterval) -> Void = { _, _, _ in }
    ) async -> Result<HTTPResponse, ForgeError> {
        switch await http.send(request, onRetry: { reason, attempt, delay in onRetry(redacted(reason), attempt, delay) }) {
        case .response(let response, _) where response.isSuccess:
            return .success(response)
        case .response(let response, let attempts):
            var message = "\(request.summary): HTTP \(response.status)"
            if (300..<400).contains(response.status) { message += " (a redirect to another origin, not followed)" }
            if let detail = Self.apiMessage(response.body) { message += ": " + detail }
            if HTTPClient.isPassing(response) { message += " (after \(attempts) tr\(attempts == 1 ? "y" : "ies"))" }
            return .failure(ForgeError(redacted(message), status: response.status))
        case .failure(let reason, let attempts):
            return .failure(
                ForgeError(redacted("\(request.summary): \(reason) (after \(attempts) tr\(attempts == 1 ? "y" : "ies"))"), status: nil))
        }
    }

    /// What a command says of a retry, on the repository's behalf: "  acme/shop: HTTP 429; trying again in 2 s (try 2)".
    package static func retryNote(_ progress: @escaping @Sendable (String) -> Void, repo: String)
        -> @Sendable (
            _ reason: String, _ attempt: Int, _ delay: TimeInterval
        ) -> Void
    {
        { reason, attempt, delay in
            progress("  \(repo): \(reason); trying again in \(String(format: "%.0f", delay)) s (try \(attempt + 1))\n")
        }
    }

    /// The token, should any answer or error echo it, replaced.
    private func redacted(_ text: String) -> String {
        token.count >= 4 ? text.replacingOccurrences(of: token, with: "[token]") : text
    }

    /// The `message` (GitHub, Gitea) or `message`/`error` (GitLab) of an error body, cut short.
    static func apiMessage(_ body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        let text = (object["message"] ?? object["error"]).map { value in
            (value as? String) ?? String(describing: value)
        }
        guard let text, !text.isEmpty else { return nil }
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}

/// A forge request that failed: what, where and the HTTP status if there was one. Never holds the token.
package struct ForgeError: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String
    package let status: Int?

    package init(_ description: String, status: Int?) {
        self.description = description
        self.status = status
    }
}
