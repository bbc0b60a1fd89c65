import Foundation
import Git

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
                    let words = BoundedRequest.words(for: error.code) ?? "the request failed"
                    continuation.resume(returning: .failure(TransportFailure("\(words) (URLError \(error.code.rawValue))")))
                } else {
                    continuation.resume(returning: .failure(TransportFailure("no response")))
                }
            }.resume()
        }
    }

    private static let session = URLSession(configuration: .ephemeral, delegate: SameOriginRedirects(), delegateQueue: nil)

    private final class SameOriginRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            guard let from = task.originalRequest?.url, let to = request.url, BoundedRequest.sameOrigin(from, to) else {
                completionHandler(nil)
                return
            }
            completionHandler(request)
        }
    }
}
