import Foundation

/// An OpenSSH known_hosts file, and the check of a presented ssh host key against it.
///
/// Supported: plain host names and `[host]:port` entries, comma-separated lists, `*`/`?` wildcards,
/// `!` negation, hashed `|1|salt|hash` entries and `@revoked` lines. `@cert-authority` lines are
/// skipped, because libgit2 hands the callback the server's plain host key, never its certificate.
package struct KnownHosts: Sendable {
    package struct Entry: Sendable, Equatable {
        package enum Marker: Sendable, Equatable {
            case none
            case revoked
        }

        package enum Hosts: Sendable, Equatable {
            /// Patterns as written, lowercased; a leading "!" negates.
            case patterns([String])
            /// `|1|salt|hash`: HMAC-SHA1 of the host name keyed by the salt.
            case hashed(salt: [UInt8], hash: [UInt8])
        }

        package let marker: Marker
        package let hosts: Hosts
        package let keyType: String
        /// The decoded key blob (the ssh wire format: type name, then key data).
        package let key: [UInt8]
        /// 1-based line in the file.
        package let line: Int
    }

    package enum Verdict: Sendable, Equatable {
        case trusted
        /// No entry for the host names the offered key type (`knownTypes` lists the types it does have).
        case unknownHost(offeredType: String, knownTypes: [String])
        /// An entry of the same type has a different key.
        case mismatch(line: Int)
        case revoked(line: Int)
    }

    package let entries: [Entry]
    /// The file name used in messages.
    package let source: String

    /// Reads a known_hosts file; a missing file is treated as empty, so every host is unknown.
    package init(contentsOfFile path: String) throws {
        let expanded = Credentials.expandingTilde(path)
        guard FileManager.default.fileExists(atPath: expanded) else {
            self.init(parsing: "", source: expanded)
            return
        }
        guard let data = FileManager.default.contents(atPath: expanded) else {
            throw GitError(.hostKey, "cannot read known_hosts file \(expanded)")
        }
        self.init(parsing: String(decoding: data, as: UTF8.self), source: expanded)
    }

    /// Parses known_hosts text; malformed lines are ignored, as ssh does.
    package init(parsing text: String, source: String) {
        self.source = source
        var entries: [Entry] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let entry = Self.parseLine(rawLine, line: index + 1) { entries.append(entry) }
        }
        self.entries = entries
    }

    /// The name ssh looks up: the host itself on port 22, `[host]:port` otherwise.
    package static func lookupName(host: String, port: Int?) -> String {
        let host = host.lowercased()
        guard let port, port != 22 else { return host }
        return "[\(host)]:\(port)"
    }

    package func verify(host: String, port: Int?, key: [UInt8]) -> Verdict {
        let name = Self.lookupName(host: host, port: port)
        let offeredType = Self.keyType(ofBlob: key) ?? "unknown"
        var knownTypes: [String] = []
        var mismatchLine: Int?
        var trusted = false
        for entry in entries where entry.matches(name) {
            switch entry.marker {
            case .revoked:
                if entry.key == key { return .revoked(line: entry.line) }
            case .none:
                if entry.key == key {
                    trusted = true
                } else if entry.keyType == offeredType {
                    mismatchLine = mismatchLine ?? entry.line
                } else if !knownTypes.contains(entry.keyType) {
                    knownTypes.append(entry.keyType)
                }
            }
        }
        if trusted { return .trusted }
        if let mismatchLine { return .mismatch(line: mismatchLine) }
        return .unknownHost(offeredType: offeredType, knownTypes: knownTypes)
    }

    /// The error that refuses the connection, or nil when the key is trusted.
    package func error(for verdict: Verdict, host: String, port: Int?) -> GitError? {
        let name = Self.lookupName(host: host, port: port)
        switch verdict {
        case .trusted:
            return nil
        case .unknownHost(let offeredType, let knownTypes):
            var message = "host key for \(name) is not in known_hosts \(source)"
            if !knownTypes.isEmpty {
                message += " (the server offered \(offeredType); known_hosts has \(knownTypes.joined(separator: ", ")))"
            }
            return GitError(.hostKey, message)
        case .mismatch(let line):
            return GitError(.hostKey, "host key for \(name) does not match known_hosts \(source):\(line) (possible man-in-the-middle)")
        case .revoked(let line):
            return GitError(.hostKey, "host key for \(name) is revoked in known_hosts \(source):\(line)")
        }
    }

    /// The type name at the start of an ssh key blob, e.g. "ssh-ed25519".
    static func keyType(ofBlob blob: [UInt8]) -> String? {
        guard blob.count >= 4 else { return nil }
        let length = Int(blob[0]) << 24 | Int(blob[1]) << 16 | Int(blob[2]) << 8 | Int(blob[3])
        guard length > 0, length <= blob.count - 4 else { return nil }
        return String(decoding: blob[4..<(4 + length)], as: UTF8.self)
    }

    private static func parseLine(_ rawLine: Substring, line: Int) -> Entry? {
        var fields = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })[...]
        guard let first = fields.first, !first.hasPrefix("#") else { return nil }
        var marker = Entry.Marker.none
        if first.hasPrefix("@") {
            guard first == "@revoked" else { return nil }
            marker = .revoked
            fields = fields.dropFirst()
        }
        guard fields.count >= 3 else { return nil }
        let hostField = fields[fields.startIndex]
        let keyType = String(fields[fields.startIndex + 1])
        guard let key = Data(base64Encoded: String(fields[fields.startIndex + 2])).map(Array.init),
            Self.keyType(ofBlob: key) == keyType
        else { return nil }

        let hosts: Entry.Hosts
        if hostField.hasPrefix("|1|") {
            let parts = hostField.dropFirst(3).split(separator: "|", omittingEmptySubsequences: false)
            guard parts.count == 2,
                let salt = Data(base64Encoded: String(parts[0])), let hash = Data(base64Encoded: String(parts[1])),
                hash.count == 20
            else { return nil }
            hosts = .hashed(salt: Array(salt), hash: Array(hash))
        } else {
            hosts = .patterns(hostField.split(separator: ",").map { $0.lowercased() })
        }
        return Entry(marker: marker, hosts: hosts, keyType: keyType, key: key, line: line)
    }
}

extension KnownHosts.Entry {
    func matches(_ name: String) -> Bool {
        switch hosts {
        case .hashed(let salt, let hash):
            return SHA1.hmac(key: salt, message: Array(name.utf8)) == hash
        case .patterns(let patterns):
            var matched = false
            for pattern in patterns {
                if pattern.hasPrefix("!") {
                    if Self.wildcardMatch(Array(pattern.utf8.dropFirst()), Array(name.utf8)) { return false }
                } else if Self.wildcardMatch(Array(pattern.utf8), Array(name.utf8)) {
                    matched = true
                }
            }
            return matched
        }
    }

    /// Glob match with `*` (any run) and `?` (one byte), iterative so long names cannot recurse deeply.
    static func wildcardMatch(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var p = 0
        var t = 0
        var starPattern = -1
        var starText = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                starPattern = p
                starText = t
                p += 1
            } else if starPattern >= 0 {
                p = starPattern + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
