import Foundation

/// Pins written as plain text or Ruby, read without running anything.
enum TextPins {
    /// `.xcode-version` (read by xcodes, fastlane and setup actions): its first non-empty line.
    static func xcodeVersionFile(_ bytes: [UInt8], file: String, scope: String) -> [XcodePin] {
        let text = String(decoding: bytes, as: UTF8.self)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let value = String(line).trimmed([" ", "\t", "\r"])
            guard !value.isEmpty, !value.hasPrefix("#") else { continue }
            return [
                PinText.pin(PinValue(text: value, location: Location(file: file, line: index + 1)), source: .xcodeVersionFile, scope: scope)
            ]
        }
        return []
    }

    /// fastlane actions that select an Xcode in a `Fastfile`: `xcversion(version: "~> 15.0")`,
    /// `xcodes(version: "16.2")`, `ensure_xcode_version(version: "15.4")` and `xcode_select("/Applications/Xcode-16.app")`.
    /// The file is Ruby and is only read: a version computed in code is not followed, and `xcodes` without
    /// `version:` reads `.xcode-version`, which is a pin of its own.
    static func fastfile(_ bytes: [UInt8], file: String, scope: String) -> [XcodePin] {
        var pins: [XcodePin] = []
        // Every action this reads has "xc" in its name: only those lines are decoded.
        ByteLines.forEach(bytes) { number, bytesOfLine in
            guard Self.mentionsXC(bytesOfLine) else { return }
            let text = String(decoding: bytesOfLine, as: UTF8.self)
            let line = Self.withoutComment(Substring(text))
            let location = Location(file: file, line: number)
            for action in ["xcversion", "xcodes", "ensure_xcode_version"] {
                guard let call = Self.call(action, in: line), let version = Self.stringArgument(named: "version", in: line[call...]) else {
                    continue
                }
                pins.append(PinText.pin(PinValue(text: version, location: location), source: .fastlane, scope: scope))
            }
            if let call = Self.call("xcode_select", in: line), let path = Self.firstString(in: line[call...]) {
                pins.append(PinText.pin(PinValue(text: path, location: location), source: .fastlane, scope: scope))
            }
        }
        return pins
    }

    private static func mentionsXC(_ line: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in line {
            if previous == UInt8(ascii: "x"), byte == UInt8(ascii: "c") { return true }
            previous = byte
        }
        return false
    }

    /// Where a call of `name` starts (`name(` or `name ` at a word boundary), or nil.
    private static func call(_ name: String, in line: Substring) -> Substring.Index? {
        var search = line.startIndex
        while let range = line[search...].range(of: name) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound < line.endIndex ? line[range.upperBound] : nil
            let startsWord = before.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
            let endsCall = after == "(" || after == " "
            if startsWord && endsCall { return range.upperBound }
            search = range.upperBound
        }
        return nil
    }

    /// The string after `name:` (Ruby keyword argument) or `:name =>`.
    private static func stringArgument(named name: String, in text: Substring) -> String? {
        for marker in ["\(name):", ":\(name) =>", ":\(name)=>"] {
            if let range = text.range(of: marker), let value = firstString(in: text[range.upperBound...]) { return value }
        }
        return nil
    }

    /// The first single- or double-quoted string.
    private static func firstString(in text: Substring) -> String? {
        guard let open = text.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
        let quote = text[open]
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: quote) else { return nil }
        let value = String(rest[..<close])
        // Interpolation is code: its value is not known without running it.
        return value.contains("#{") ? nil : value
    }

    /// The line up to a `#` that starts a comment (outside quotes).
    private static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return line[..<index]
            }
        }
        return line
    }
}
