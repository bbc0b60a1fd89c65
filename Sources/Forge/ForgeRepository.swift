import Fleet
import Results

/// A repository of the fleet as its forge's API names it: the forge (from `publish.forges`, by the host
/// of the repository's URL) and the path there (`acme/shop-ios`; on GitLab `group/subgroup/project`).
package struct ForgeRepository: Sendable, Equatable {
    package let forge: PublishSettings.Forge
    package let path: String

    package init(forge: PublishSettings.Forge, path: String) {
        self.forge = forge
        self.path = path
    }

    /// The forge and path of a repository URL (`https://host/owner/name.git`, `ssh://git@host:22/owner/name`,
    /// `git@host:owner/name.git`); nil for local paths, hosts no forge is configured for, and URLs
    /// without an owner and a name. A forge's `host` may name a port (`localhost:3000`) to match only it.
    package static func locate(url: String, in settings: PublishSettings) -> ForgeRepository? {
        guard let (host, port, rawPath) = split(url) else { return nil }
        let forge = port.flatMap { settings.forge(forHost: "\(host):\($0)") } ?? settings.forge(forHost: host)
        guard let forge else { return nil }
        var path = rawPath
        while path.hasPrefix("/") { path.removeFirst() }
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix(".git") { path.removeLast(4) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        // GitHub and Gitea name a repository by owner and name; GitLab allows nested groups.
        if forge.kind != .gitlab, parts.count != 2 { return nil }
        return ForgeRepository(forge: forge, path: path)
    }

    /// Host (lowercased), port and path of a remote URL; nil for a local one.
    static func split(_ url: String) -> (host: String, port: Int?, path: String)? {
        if let schemeEnd = url.range(of: "://") {
            let scheme = url[..<schemeEnd.lowerBound].lowercased()
            guard ["https", "http", "ssh", "git+ssh", "ssh+git", "git"].contains(scheme) else { return nil }
            let rest = url[schemeEnd.upperBound...]
            let authority = rest.prefix { $0 != "/" }
            let path = String(rest.dropFirst(authority.count))
            var hostPort = authority
            if let at = hostPort.lastIndex(of: "@") { hostPort = hostPort[hostPort.index(after: at)...] }
            var host = String(hostPort)
            var port: Int?
            if hostPort.hasPrefix("["), let close = hostPort.firstIndex(of: "]") {
                host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
                let after = hostPort[hostPort.index(after: close)...]
                if after.hasPrefix(":") { port = Int(after.dropFirst()) }
            } else if let colon = hostPort.lastIndex(of: ":") {
                host = String(hostPort[..<colon])
                port = Int(hostPort[hostPort.index(after: colon)...])
            }
            guard !host.isEmpty else { return nil }
            return (host.lowercased(), port, path)
        }
        // scp-like: [user@]host:path, where the host part has no slash.
        guard let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") else { return nil }
        var host = url[..<colon]
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        guard !host.isEmpty else { return nil }
        return (host.lowercased(), nil, String(url[url.index(after: colon)...]))
    }
}
