/// Reads old-style (OpenStep) property lists, the format of `project.pbxproj`, straight from bytes.
///
/// Foundation parses this format too, but converting its `Any` tree costs more than the parse on large
/// projects, it reports only a line for errors, and it recurses without limit. This reader builds
/// `PlistValue`s directly, caps nesting and says where it gave up.
struct OpenStepReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var depth = 0
    /// Keys and values of the dictionaries being read, innermost last: each dictionary is built once at
    /// its exact size instead of growing (and rehashing) key by key.
    private var pendingKeys: [String] = []
    private var pendingValues: [PlistValue] = []
    static let maximumDepth = 200

    static func read(_ input: [UInt8]) throws(PropertyListError) -> PlistValue {
        try input.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(PropertyListError) -> PlistValue in
            var reader = OpenStepReader(bytes: buffer)
            let value = try reader.value()
            reader.skipTrivia()
            guard reader.index >= buffer.count else { throw reader.error("unexpected text after the top-level value") }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether the bytes look like an OpenStep plist (after comments and whitespace: `{` or `(`).
    static func looksLikeOpenStep(_ input: [UInt8]) -> Bool {
        input.withUnsafeBufferPointer { buffer in
            var reader = OpenStepReader(bytes: buffer)
            reader.skipTrivia()
            guard reader.index < buffer.count else { return false }
            return buffer[reader.index] == UInt8(ascii: "{") || buffer[reader.index] == UInt8(ascii: "(")
        }
    }

    private func error(_ message: String) -> PropertyListError {
        PropertyListError(message: "\(message) on line \(line)", line: line)
    }

    private mutating func value() throws(PropertyListError) -> PlistValue {
        skipTrivia()
        guard index < bytes.count else { throw error("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return try dictionary()
        case UInt8(ascii: "("):
            return try array()
        case UInt8(ascii: "<"):
            return try data()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try quoted())
        default:
            guard let text = unquoted() else {
                throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
            }
            return .string(text)
        }
    }

    private mutating func enter() throws(PropertyListError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func dictionary() throws(PropertyListError) -> PlistValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        let first = pendingKeys.count
        while true {
            skipTrivia()
            guard index < bytes.count else { throw error("missing '}' at end of file") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                var result = [String: PlistValue](minimumCapacity: pendingKeys.count - first)
                // A key given twice keeps its last value, as before.
                for position in first..<pendingKeys.count { result[pendingKeys[position]] = pendingValues[position] }
                pendingKeys.removeSubrange(first...)
                pendingValues.removeSubrange(first...)
                return .dictionary(result)
            }
            let key: String
            if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                key = try quoted()
            } else if let text = unquoted() {
                key = text
            } else {
                throw error("expected a key")
            }
            skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw error("missing '=' after key '\(key)'") }
            index += 1
            let item = try value()
            skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw error("missing ';' after the value of '\(key)'") }
            index += 1
            pendingKeys.append(key)
            pendingValues.append(item)
        }
    }

    private mutating func array() throws(PropertyListError) -> PlistValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        var result: [PlistValue] = []
        while true {
            skipTrivia()
            guard index < bytes.count else { throw error("missing ')' at end of file") }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return .array(result)
            }
            result.append(try value())
            skipTrivia()
            guard index < bytes.count else { throw error("missing ')' at end of file") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] != UInt8(ascii: ")") {
                throw error("missing ',' between array items")
            }
        }
    }

    private mutating func data() throws(PropertyListError) -> PlistValue {
        index += 1
        var result: [UInt8] = []
        var high: UInt8?
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\n") { line += 1 }
                continue
            }
            guard let nibble = Self.hexValue(byte) else { throw error("invalid hex digit in data") }
            if let first = high {
                result.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard index < bytes.count else { throw error("missing '>' at end of data") }
        index += 1
        return .data(result)
    }

    private mutating func quoted() throws(PropertyListError) -> String {
        let quote = bytes[index]
        let openingLine = line
        index += 1
        let start = index
        var plain = true
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == UInt8(ascii: "\\") {
                plain = false
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        guard index < bytes.count else {
            throw PropertyListError(message: "unterminated string starting on line \(openingLine)", line: openingLine)
        }
        let end = index
        index += 1
        if plain { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
        return unescape(start..<end)
    }

    /// Backslash escapes: `\n`, `\t`, `\"`, `\\`, `\U00e9`, octal `\012`.
    private func unescape(_ range: Range<Int>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            let byte = bytes[cursor]
            cursor += 1
            guard byte == UInt8(ascii: "\\"), cursor < range.upperBound else {
                output.append(byte)
                continue
            }
            let escaped = bytes[cursor]
            cursor += 1
            switch escaped {
            case UInt8(ascii: "n"): output.append(10)
            case UInt8(ascii: "t"): output.append(9)
            case UInt8(ascii: "r"): output.append(13)
            case UInt8(ascii: "a"): output.append(7)
            case UInt8(ascii: "b"): output.append(8)
            case UInt8(ascii: "f"): output.append(12)
            case UInt8(ascii: "v"): output.append(11)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0
                var digits = 0
                while digits < 4, cursor < range.upperBound, let nibble = Self.hexValue(bytes[cursor]) {
                    scalar = scalar << 4 | UInt32(nibble)
                    cursor += 1
                    digits += 1
                }
                output += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, cursor < range.upperBound, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(bytes[cursor] - UInt8(ascii: "0"))
                    cursor += 1
                    digits += 1
                }
                output.append(UInt8(truncatingIfNeeded: value))
            default:
                output.append(escaped)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func unquoted() -> String? {
        let start = index
        while index < bytes.count, Self.isUnquotedByte(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func skipTrivia() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index = min(bytes.count, index + 2)
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
                index += 3
            } else {
                return
            }
        }
    }

    private static func isUnquotedByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
