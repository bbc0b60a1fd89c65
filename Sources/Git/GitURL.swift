import Foundation

/// Where a repository lives, as given by the user: a local path, a URL, or an scp-like ssh address.
package struct GitURL: Sendable, Equatable, CustomStringConvertible {
    package enum Transport: Sendable, Equatable {
        case local
        case http
        case ssh
        case other
    }

    /// The text as given.
    package let original: String
    package let transport: Transport
    /// For local sources: the plain path (a `file://` URL is converted, because libgit2 clones
    /// plain paths by hard-linking objects, about six times faster than through the file transport).
    package let localPath: String?
    /// Host name, lowercased, without brackets; nil for local sources.
    package let host: String?
    /// Explicit port, if any.
    package let port: Int?
    /// The user part of the URL (never the password).
    package let user: String?

    package init(_ text: String) {
        original = text
        if text.hasPrefix("file://") {
            var rest = String(text.dropFirst("file://".count))
            if rest.hasPrefix("localhost/") { rest = String(rest.dropFirst("localhost".count)) }
            transport = .local
            localPath = rest.removingPercentEncoding ?? rest
            host = nil
            port = nil
            user = nil
            return
        }
        let plain = text.isPlainASCII
        if let schemeEnd = Self.schemeSeparator(in: text, plain: plain) {
            let scheme = text[..<schemeEnd.lowerBound].lowercased()
            switch scheme {
            case "http", "https": transport = .http
            case "ssh", "git+ssh", "ssh+git": transport = .ssh
            default: transport = .other
            }
            let afterScheme = text[schemeEnd.upperBound...]
            let authority = afterScheme.prefix { $0 != "/" }
            var hostPart = Substring(authority)
            var userPart: Substring?
            if let at = authority.lastIndex(of: "@") {
                userPart = authority[..<at]
                hostPart = authority[authority.index(after: at)...]
            }
            let (parsedHost, parsedPort) = Self.splitHostPort(hostPart)
            localPath = nil
            host = parsedHost
            port = parsedPort
            if let userPart {
                let name = userPart.prefix { $0 != ":" }
                user = String(name).removingPercentEncoding ?? String(name)
            } else {
                user = nil
            }
            return
        }
        if let scp = Self.scpLike(text, plain: plain) {
            transport = .ssh
            localPath = nil
            host = scp.host
            port = nil
            user = scp.user
            return
        }
        transport = .local
        localPath = text
        host = nil
        port = nil
        user = nil
    }

    package var isLocal: Bool { transport == .local }

    /// The form safe to print: no password, and for http(s) no user either.
    package var description: String { GitURL.redacted(original) }

    /// What to hand libgit2: the plain path for local sources, the URL otherwise.
    var location: String { localPath ?? original }

    /// Removes credentials from a URL: the whole userinfo of http(s) URLs (it is usually a token),
    /// the password of any other URL. Text that is not a URL is returned unchanged.
    package static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return url }
        let userinfo = authority[..<at]
        let hostAndRest = url[authority.index(after: at)...]
        let prefix = url[..<schemeEnd.upperBound]
        if scheme == "http" || scheme == "https" {
            return String(prefix + hostAndRest)
        }
        let userName = userinfo.prefix { $0 != ":" }
        return String(prefix + userName + "@" + hostAndRest)
    }

    /// Redacts every URL found inside a free-text message (libgit2 messages may quote URLs).
    static func scrub(_ message: String) -> String {
        guard message.contains("://") else { return message }
        var result = ""
        var rest = Substring(message)
        while let schemeEnd = rest.range(of: "://") {
            var start = schemeEnd.lowerBound
            while start > rest.startIndex {
                let previous = rest.index(before: start)
                let character = rest[previous]
                guard character.isLetter || character.isNumber || character == "+" || character == "-" || character == "." else { break }
                start = previous
            }
            var end = schemeEnd.upperBound
            while end < rest.endIndex, !" \t\n'\"<>".contains(rest[end]) { end = rest.index(after: end) }
            result += rest[..<start]
            result += redacted(String(rest[start..<end]))
            rest = rest[end...]
        }
        result += rest
        return result
    }

    private static func splitHostPort(_ text: Substring) -> (String?, Int?) {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            let host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            let port = after.hasPrefix(":") ? Int(after.dropFirst()) : nil
            return (host.lowercased(), port)
        }
        if let colon = text.lastIndex(of: ":") {
            return (text[..<colon].lowercased(), Int(text[text.index(after: colon)...]))
        }
        return (text.isEmpty ? nil : text.lowercased(), nil)
    }

    /// `text.range(of: "://")`, searched by bytes in plain ASCII, where that finds the same.
    private static func schemeSeparator(in text: String, plain: Bool) -> Range<String.Index>? {
        guard plain else { return text.range(of: "://") }
        let bytes = text.utf8
        var index = bytes.startIndex
        while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
            let end = bytes.index(colon, offsetBy: 3, limitedBy: bytes.endIndex) ?? bytes.endIndex
            if bytes[colon..<end].elementsEqual("://".utf8) { return colon..<end }
            index = bytes.index(after: colon)
        }
        return nil
    }

    /// `[user@]host:path`, as git reads it: a colon before any slash, and not a bare drive letter.
    private static func scpLike(_ text: String, plain: Bool) -> (user: String?, host: String)? {
        // Config validation reads every repository's URL several times; in plain ASCII a byte is a Character.
        let colonIndex = plain ? text.utf8.firstIndex(of: UInt8(ascii: ":")) : text.firstIndex(of: ":")
        guard let colon = colonIndex else { return nil }
        let slashIndex = plain ? text.utf8.firstIndex(of: UInt8(ascii: "/")) : text.firstIndex(of: "/")
        if let slash = slashIndex, slash < colon { return nil }
        let authority = text[..<colon]
        guard authority.count > 1 else { return nil }
        if let at = authority.lastIndex(of: "@") {
            let host = authority[authority.index(after: at)...]
            guard !host.isEmpty else { return nil }
            return (String(authority[..<at]), host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased())
        }
        return (nil, authority.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased())
    }
}

extension String {
    /// Whether every byte is ASCII other than a carriage return. Each byte is then a Character of its own
    /// (only CR LF joins two ASCII bytes), so searching the bytes finds what searching the Characters, or
    /// Foundation's literal search, finds.
    package var isPlainASCII: Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D } }
    }
}
