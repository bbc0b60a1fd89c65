import Foundation
import Git
import ScanCore

/// A stable, file-name-safe name: a readable slug and 8 hex digits of a hash of what it names. Two kinds:
/// a repository's identity in runs, from its configured `name` (`acme-shop-ios-1a2b3c4d`: result files,
/// history, diffs, `--only`), which survives a change of URL; and its mirror's, from its URL and branch
/// (`github.com-acme-shop-ios-5e6f7a8b`: the mirror folder and the shard it lands on), since another URL
/// needs another clone.
///
/// Only `[A-Za-z0-9._-]`, never starting with a dot, never holding `..`; at most 80 characters.
public struct RepoKey: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A repository's identity in runs: a slug of its configured name and a hash of the exact name, so
    /// names that slug alike (`shop ios`, `shop-ios`) stay apart.
    public init(name: String) {
        rawValue = Self.slug(name) + "-" + Fingerprint.of(["name", name]).prefix(8)
    }

    /// A mirror's key: a readable slug of host and path, and 8 hex digits of a hash of the normalised
    /// identity, so two URLs naming the same repository (https and ssh) get the same key.
    /// - Parameter location: the URL, or the absolute path of a local repository.
    public init(location: String, branch: String?) {
        let identity = Self.identity(of: location)
        let hash = Fingerprint.of([identity.text, branch ?? ""]).prefix(8)
        rawValue = Self.slug(identity.readable) + "-" + hash
    }

    /// Whether a stored name is one this type could have made (guards paths built from run records).
    public static func isSafe(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 120, !text.hasPrefix("."), !text.contains("..") else { return false }
        return text.utf8.allSatisfy(isSafeByte)
    }

    public var description: String { rawValue }

    public static func < (lhs: RepoKey, rhs: RepoKey) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard Self.isSafe(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a repository key: \(text)")
        }
        rawValue = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// What identifies a repository regardless of transport and spelling, and its readable part.
    static func identity(of location: String) -> (text: String, readable: String) {
        let url = GitURL(location)
        if let path = url.localPath {
            let clean = Self.trimmed(URL(fileURLWithPath: path).standardizedFileURL.path)
            var components = clean.split(separator: "/").map(String.init)
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

    private static func withoutGitSuffix(_ text: String) -> String {
        text.hasSuffix(".git") && text.count > 4 ? String(text.dropLast(4)) : text
    }

    /// Keeps safe bytes, turns runs of anything else into one `-`, and never leaves `..` or a leading dot.
    static func slug(_ text: String) -> String {
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            let safe = isSafeByte(byte) ? byte : UInt8(ascii: "-")
            if safe == UInt8(ascii: "-"), bytes.last == UInt8(ascii: "-") { continue }
            if safe == UInt8(ascii: "."), bytes.last == UInt8(ascii: ".") { continue }
            bytes.append(safe)
        }
        while let first = bytes.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "-") { bytes.removeFirst() }
        if bytes.count > 70 { bytes = Array(bytes.prefix(70)) }
        while let last = bytes.last, last == UInt8(ascii: ".") || last == UInt8(ascii: "-") { bytes.removeLast() }
        return bytes.isEmpty ? "repo" : String(decoding: bytes, as: UTF8.self)
    }

    private static func isSafeByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
