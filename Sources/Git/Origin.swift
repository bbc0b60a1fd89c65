/// Where credentials may go: a URL's scheme, host and port, with the scheme's default port made
/// explicit, as browsers compare origins. A token configured for `https://git.example.com/...` is sent
/// to `https://git.example.com:443` only: never to another host, another port, or over plain http.
package struct Origin: Sendable, Hashable, CustomStringConvertible {
    package let scheme: String
    package let host: String
    package let port: Int

    package init?(scheme: String, host: String?, port: Int?) {
        let scheme = scheme.lowercased()
        guard let host, !host.isEmpty else { return nil }
        let defaultPort: Int
        switch scheme {
        case "https": defaultPort = 443
        case "http": defaultPort = 80
        case "ssh", "git+ssh", "ssh+git": defaultPort = 22
        default: return nil
        }
        self.scheme = defaultPort == 22 ? "ssh" : scheme
        self.host = host.lowercased()
        self.port = port ?? defaultPort
    }

    /// The origin of a URL written as text (`https://host:8443/org/repo.git`, `ssh://git@host/x`,
    /// `git@host:org/repo`); nil for local paths and text that names no host.
    package init?(_ url: String) {
        let parsed = GitURL(url)
        switch parsed.transport {
        case .http:
            guard let end = url.range(of: "://") else { return nil }
            self.init(scheme: String(url[..<end.lowerBound]), host: parsed.host, port: parsed.port)
        case .ssh:
            self.init(scheme: "ssh", host: parsed.host, port: parsed.port)
        case .local, .other:
            return nil
        }
    }

    /// `https://git.example.com:443`.
    package var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)"
    }
}

extension GitURL {
    /// The URL's scheme, host and port; nil for local sources.
    package var origin: Origin? { Origin(original) }
}
