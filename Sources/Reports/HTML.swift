import Foundation

/// Escaping for HTML pages. Everything that comes from a repository or a config (names, paths,
/// messages, teams, owners) goes through `escape` before it reaches a page, in text and in attribute
/// values alike, so markup in a name renders as text.
enum HTML {
    /// Text safe in element content and in quoted attribute values: `& < > " '` become references, and
    /// control characters other than tab and line breaks (which HTML forbids) and bidirectional overrides
    /// become U+FFFD.
    static func escape(_ text: String) -> String {
        var text = text
        // By bytes: a dashboard escapes a hundred thousand names and messages, most of which need nothing.
        return text.withUTF8 { bytes in
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            while index < bytes.count {
                let (replacement, length) = replacement(at: index, in: bytes)
                guard let replacement else {
                    index += 1
                    continue
                }
                if output.isEmpty { output.reserveCapacity(bytes.count + 16) }
                output.append(contentsOf: bytes[copied..<index])
                output.append(contentsOf: replacement.utf8)
                index += length
                copied = index
            }
            if copied == 0 { return nil }
            output.append(contentsOf: bytes[copied...])
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// What replaces the character starting at `index`, and its length in bytes; nil when it stays.
    private static func replacement(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (String?, Int) {
        func following(_ offset: Int) -> UInt8 {
            index + offset < bytes.count ? bytes[index + offset] : 0
        }
        switch bytes[index] {
        case UInt8(ascii: "&"): return ("&amp;", 1)
        case UInt8(ascii: "<"): return ("&lt;", 1)
        case UInt8(ascii: ">"): return ("&gt;", 1)
        case UInt8(ascii: "\""): return ("&quot;", 1)
        case UInt8(ascii: "'"): return ("&#39;", 1)
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return (nil, 1)
        case 0..<0x20, 0x7F: return ("\u{FFFD}", 1)
        // U+0080...U+009F, C1 controls.
        case 0xC2 where (0x80...0x9F).contains(following(1)): return ("\u{FFFD}", 2)
        // Bidirectional overrides and isolates too (U+202A...U+202E, U+2066...U+2069): in a file name they
        // make it read as something else ("txt.swift" shown as "tfiws.txt"), and a page has no use for them.
        case 0xE2 where following(1) == 0x80 && (0xAA...0xAE).contains(following(2)): return ("\u{FFFD}", 3)
        case 0xE2 where following(1) == 0x81 && (0xA6...0xA9).contains(following(2)): return ("\u{FFFD}", 3)
        default: return (nil, 1)
        }
    }

    /// A fragment identifier made only of `[a-z0-9-]`, for anchors built from rule ids and paths.
    static func anchor(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result += "-"
            }
        }
        return result
    }

    /// A relative link to a file whose name came from a run record: every byte outside `[A-Za-z0-9._-]`
    /// percent-encoded, so a name can never leave the folder or become a scheme.
    static func fileLink(_ name: String) -> String {
        var result = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result.hasPrefix(".") ? "%2E" + result.dropFirst() : result
    }

    /// `1 Apr 2027`, in UTC.
    static func day(_ date: Date) -> String {
        format(date, "d MMM yyyy")
    }

    /// `30 Nov 2026, 06:27 UTC`.
    static func moment(_ date: Date) -> String {
        format(date, "d MMM yyyy, HH:mm 'UTC'")
    }

    static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// A number with one decimal at most: `25.9`, `40`.
    static func decimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    /// A signed change: `+3`, `−2` (a real minus sign), `0`.
    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : (value < 0 ? "\u{2212}\(-value)" : "0")
    }
}
