import Foundation
import Git
import Results
import ScanCore

/// Mirror keys come from URLs, which takes Git's URL reading, so they are made here rather than beside
/// the key itself in Results.
extension RepoKey {
    /// A mirror's key: a readable slug of host and path, and 8 hex digits of a hash of the normalised
    /// identity, so two URLs naming the same repository (https and ssh) get the same key.
    /// - Parameter location: the URL, or the absolute path of a local repository.
    package init(location: String, branch: String?) {
        let identity = Self.identity(of: location)
        let hash = Fingerprint.of([identity.text, branch ?? ""]).prefix(8)
        self.init(rawValue: Self.slug(identity.readable) + "-" + hash)
    }

    /// What identifies a repository regardless of transport and spelling, and its readable part.
    static func identity(of location: String) -> (text: String, readable: String) {
        let url = GitURL(location)
        if let path = url.localPath {
            let clean = Self.trimmed(ConfigPaths.standardized(path))
            var components = ConfigPaths.components(of: clean)
            if components.last == ".git" { components.removeLast() }
            let name = Self.withoutGitSuffix(components.last ?? "repo")
            return ("local:" + clean, "local-" + name)
        }
        var path = Self.path(of: location)
        path = Self.withoutGitSuffix(Self.trimmed(path))
        let host = (url.host ?? "unknown") + (url.port.map { ":\($0)" } ?? "")
        return (host + "/" + path, host + "-" + path)
    }

    /// The path part of a URL or scp-like address, without the leading slash.
    static func path(of location: String) -> String {
        var rest = Substring(location)
        if let schemeEnd = rest.range(of: "://") {
            rest = rest[schemeEnd.upperBound...]
            rest = rest.drop { $0 != "/" }
        } else if let colon = rest.firstIndex(of: ":") {
            rest = rest[rest.index(after: colon)...]
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return String(rest.drop { $0 == "/" })
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// `shop.git` → `shop`; `.git` alone stays.
    static func withoutGitSuffix(_ text: String) -> String {
        text.hasSuffix(".git") && text.count > 4 ? String(text.dropLast(4)) : text
    }
}
