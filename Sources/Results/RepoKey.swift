import ScanCore

/// A stable, file-name-safe name: a readable slug and 8 hex digits of a hash of what it names. Two kinds:
/// a repository's identity in runs, from its configured `name` (`acme-shop-ios-1a2b3c4d`: result files,
/// history, diffs, `--only`), which survives a change of URL; and its mirror's, from its URL and branch
/// (`github.com-acme-shop-ios-5e6f7a8b`: the mirror folder and the shard it lands on), since another URL
/// needs another clone.
///
/// Only `[A-Za-z0-9._-]`, never starting with a dot, never holding `..`; at most 80 characters.
package struct RepoKey: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A repository's identity in runs: a slug of its configured name and a hash of the exact name, so
    /// names that slug alike (`shop ios`, `shop-ios`) stay apart.
    package init(name: String) {
        rawValue = Self.slug(name) + "-" + Fingerprint.of(["name", name]).prefix(8)
    }

    /// Whether a stored name is one this type could have made (guards paths built from run records).
    package static func isSafe(_ text: String) -> Bool {
        // Safe bytes are ASCII, so `..` is then found by bytes (every run's records are checked with this).
        guard !text.isEmpty, text.utf8.count <= 120, text.utf8.allSatisfy(isSafeByte), text.utf8.first != UInt8(ascii: ".") else {
            return false
        }
        return !zip(text.utf8, text.utf8.dropFirst()).contains { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }
    }

    package var description: String { rawValue }

    package static func < (lhs: RepoKey, rhs: RepoKey) -> Bool { lhs.rawValue < rhs.rawValue }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard Self.isSafe(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a repository key: \(text)")
        }
        rawValue = text
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Keeps safe bytes, turns runs of anything else into one `-`, and never leaves `..` or a leading dot.
    package static func slug(_ text: String) -> String {
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

    package static func isSafeByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
