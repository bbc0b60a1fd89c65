import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPClient`'s transport on URLSession (FoundationNetworking on Linux): an ephemeral session (no
/// cookies, no cache on disk) that follows a redirect only to the same origin (scheme, host and port), so
/// a token in the Authorization header never goes to another host; a redirect elsewhere is returned as it
/// came (a 3xx answer the caller treats as a failure).
package enum URLSessionTransport {
    package static let send: HTTPClient.Transport = { request, timeout in
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if request.headers.keys.first(where: { $0.lowercased() == "user-agent" }) == nil {
            urlRequest.setValue("scenesweep", forHTTPHeaderField: "User-Agent")
        }
        return await withCheckedContinuation { continuation in
            session.dataTask(with: urlRequest) { data, response, error in
                if let http = response as? HTTPURLResponse {
                    var headers: [String: String] = [:]
                    for (name, value) in http.allHeaderFields {
                        if let name = name as? String, let value = value as? String { headers[name] = value }
                    }
                    continuation.resume(returning: .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data())))
                } else if let error = error as? URLError {
                    // The error's user info holds the URL; only the kind of failure is said.
                    continuation.resume(returning: .failure(TransportFailure("\(describe(error.code)) (URLError \(error.code.rawValue))")))
                } else {
                    continuation.resume(returning: .failure(TransportFailure("no response")))
                }
            }.resume()
        }
    }

    private static let session = URLSession(configuration: .ephemeral, delegate: SameOriginRedirects(), delegateQueue: nil)

    /// Whether two URLs share scheme, host and port (default ports made explicit).
    package static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return (scheme, host, url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1))
        }
        guard let left = origin(a), let right = origin(b) else { return false }
        return left == right
    }

    private final class SameOriginRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            guard let from = task.originalRequest?.url, let to = request.url, URLSessionTransport.sameOrigin(from, to) else {
                completionHandler(nil)
                return
            }
            completionHandler(request)
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
