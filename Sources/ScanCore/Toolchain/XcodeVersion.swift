import Foundation

/// An Xcode version as CI files pin it: `16.2`, `26.0.1`, or just a major (`^16`, `16.x`).
package struct XcodeVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let major: Int
    package let minor: Int?
    package let patch: Int?

    package init(_ major: Int, _ minor: Int? = nil, _ patch: Int? = nil) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The first Xcode whose SDK requires the scene life cycle (the iOS 27 SDK).
    package static let scenesRequired = XcodeVersion(27)

    /// Whether builds with this Xcode use the iOS 27 SDK or later, where apps without scenes crash at launch.
    package var requiresScenes: Bool { major >= Self.scenesRequired.major }

    /// Reads a version as written in a pin: `16.2`, `"26.0.1"`, `^16.2`, `~> 15.0`, `>=16`, `16.x`,
    /// `v16.4`, `15.4-beta`. Nil for words (`latest`, `edge`), expressions and numbers that are no Xcode
    /// major (0, or above 99).
    package static func parse(_ text: String) -> XcodeVersion? {
        var bytes = Array(text.utf8)[...]
        while let first = bytes.first, Self.leading.contains(first) { bytes = bytes.dropFirst() }
        var numbers: [Int] = []
        var current: Int?
        for byte in bytes {
            if byte >= 0x30, byte <= 0x39 {
                let digit = Int(byte - 0x30)
                current = (current ?? 0) * 10 + digit
                if current! > 9999 { return nil }
            } else if byte == UInt8(ascii: "."), let value = current {
                numbers.append(value)
                current = nil
                if numbers.count == 3 { break }
            } else {
                break
            }
        }
        if let current, numbers.count < 3 { numbers.append(current) }
        guard let major = numbers.first, (1...99).contains(major) else { return nil }
        return XcodeVersion(major, numbers.count > 1 ? numbers[1] : nil, numbers.count > 2 ? numbers[2] : nil)
    }

    /// The version in an Xcode bundle path: `/Applications/Xcode_16.2.app/Contents/Developer`,
    /// `Xcode-15.4.app`, `Xcode16.app`. Nil for `Xcode.app` (whatever the machine's default is) and for
    /// paths that name no Xcode bundle.
    package static func inBundlePath(_ path: String) -> XcodeVersion? {
        guard let range = path.range(of: "Xcode", options: .backwards) else { return nil }
        var rest = path[range.upperBound...]
        while let first = rest.first, first == "_" || first == "-" || first == " " { rest = rest.dropFirst() }
        guard let first = rest.first, first.isNumber else { return nil }
        return parse(String(rest.prefix { $0 != "/" }))
    }

    /// Words that mean "whatever is newest", so the pin moves without a commit.
    package static func isFloatingWord(_ text: String) -> Bool {
        let word = text.trimmed(.quotesAndSpaces).lowercased()
        return ["latest", "latest-stable", "stable", "edge", "beta", "latest-beta", "newest"].contains(word)
    }

    private static let leading: Set<UInt8> = Set("^~>=<v \t\"'".utf8)

    package var description: String {
        var text = String(major)
        if let minor {
            text += ".\(minor)"
            if let patch { text += ".\(patch)" }
        }
        return text
    }

    package static func < (lhs: XcodeVersion, rhs: XcodeVersion) -> Bool {
        (lhs.major, lhs.minor ?? 0, lhs.patch ?? 0) < (rhs.major, rhs.minor ?? 0, rhs.patch ?? 0)
    }
}

extension Set where Element == Character {
    static let quotesAndSpaces: Set<Character> = [" ", "\t", "\"", "'"]
}

extension String {
    /// The text without leading and trailing characters of `set`.
    func trimmed(_ set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
