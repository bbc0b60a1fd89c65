import Foundation

/// A forward-only reader of JSON text over its bytes, for stored files read by the thousand (a run's
/// results and its run.json): each value is read where it is, straight into the type that holds it,
/// with no tree in between and none of `JSONDecoder`'s per-container costs.
///
/// It reads only what `JSONDecoder` would read to the same value, and throws `Unread` on anything else
/// (an integer written `1.0`, a date with a fraction, a key with an escape, a duplicate key, text that is
/// not JSON), so that the caller can hand the same bytes to `JSONDecoder`, which then reads or rejects
/// them as it always did.
package struct JSONByteReader {
    /// What this reader leaves to `JSONDecoder`, and where it stopped.
    package struct Unread: Error, CustomStringConvertible {
        package let offset: Int
        package var description: String { "not read at byte \(offset)" }
    }

    /// An object member's name, unescaped, compared with literals in `switch` cases.
    package struct Key {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>

        package static func ~= (pattern: StaticString, key: Key) -> Bool {
            pattern.utf8CodeUnitCount == key.bytes.count
                && memcmp(pattern.utf8Start, key.bytes.baseAddress!, key.bytes.count) == 0
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads `data` with `body`, which reads one value; only whitespace may follow it.
    package static func read<Value>(_ data: Data, _ body: (inout JSONByteReader) throws -> Value) throws -> Value {
        try data.withUnsafeBytes { raw in
            // An empty buffer may have no base address; there is nothing to read in it anyway.
            guard raw.count > 0 else { throw Unread(offset: 0) }
            var reader = JSONByteReader(bytes: raw.bindMemory(to: UInt8.self))
            // JSONDecoder accepts a UTF-8 byte order mark.
            if raw.count >= 3, reader.bytes[0] == 0xEF, reader.bytes[1] == 0xBB, reader.bytes[2] == 0xBF { reader.offset = 3 }
            let value = try body(&reader)
            reader.skipWhitespace()
            guard reader.offset == reader.bytes.count else { throw reader.unread() }
            return value
        }
    }

    // MARK: Containers

    /// Reads an object, calling `member` with each member's name; `member` reads (or skips) its value.
    package mutating func object(_ member: (inout JSONByteReader, Key) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return
        }
        while true {
            skipWhitespace()
            let key = try key()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// Reads an array, calling `item` for each element; `item` reads one value.
    package mutating func array(_ item: (inout JSONByteReader) throws -> Void) throws {
        skipWhitespace()
        try expect(UInt8(ascii: "["))
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return
        }
        while true {
            try item(&self)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    /// An array whose elements `read` reads.
    package mutating func list<Value>(_ read: (inout JSONByteReader) throws -> Value) throws -> [Value] {
        var values: [Value] = []
        try array { reader in values.append(try read(&reader)) }
        return values
    }

    /// nil for `null`, otherwise what `read` reads.
    package mutating func nullable<Value>(_ read: (inout JSONByteReader) throws -> Value) throws -> Value? {
        skipWhitespace()
        if peek() == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        return try read(&self)
    }

    /// Reads a member's value into `slot` with `read`. A second member of the same name is left to
    /// `JSONDecoder` (which keeps the first).
    package mutating func member<Value>(_ slot: inout Value?, _ read: (inout JSONByteReader) throws -> Value) throws {
        guard slot == nil else { throw unread() }
        slot = try read(&self)
    }

    // MARK: Scalars

    package mutating func string() throws -> String {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let start = offset
        var seen: UInt64 = 0
        skipPlainBytes(&seen)
        guard let byte = peek() else { throw unread() }
        if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
        // JSON forbids control characters in strings unescaped.
        guard byte == UInt8(ascii: "\"") else { throw unread() }
        let text = UnsafeBufferPointer(rebasing: bytes[start..<offset])
        offset += 1
        if seen & Self.highBits == 0 { return String(decoding: text, as: UTF8.self) }
        guard let string = String(validating: text, as: UTF8.self) else { throw Unread(offset: start) }
        return string
    }

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Moves past the bytes of a string that need no attention (all but a quote, a backslash and a control
    /// character), eight at a time while it can, ORing them into `seen`: its high bits then tell whether
    /// any was outside ASCII. Strings are most of a stored result's bytes.
    private mutating func skipPlainBytes(_ seen: inout UInt64) {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while offset + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // Whether any byte is zero after the XOR, or below 0x20 (exact for presence, Bit Twiddling Hacks).
            func hasZeroByte(_ value: UInt64) -> Bool { (value &- Self.lowBits) & ~value & Self.highBits != 0 }
            let hasControl = (word &- Self.lowBits &* 0x20) & ~word & Self.highBits != 0
            if hasControl || hasZeroByte(word ^ (Self.lowBits &* 0x22)) || hasZeroByte(word ^ (Self.lowBits &* 0x5C)) { break }
            seen |= word
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return }
            seen |= UInt64(byte)
            offset += 1
        }
    }

    package mutating func int() throws -> Int {
        skipWhitespace()
        let start = offset
        let negative = peek() == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard let first = peek(), isDigit(first) else { throw unread() }
        var value = 0
        while let byte = peek(), isDigit(byte) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { throw Unread(offset: start) }
            value = sum
            offset += 1
        }
        // A leading zero is not JSON; a fraction or an exponent is for JSONDecoder to judge.
        if first == UInt8(ascii: "0"), offset - start - (negative ? 1 : 0) > 1 { throw Unread(offset: start) }
        if let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw Unread(offset: start)
        }
        return negative ? -value : value
    }

    package mutating func double() throws -> Double {
        skipWhitespace()
        let start = offset
        try skipNumber()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        // Out of range (1e400) is for JSONDecoder to judge.
        guard let value = Double(text), value.isFinite else { throw Unread(offset: start) }
        return value
    }

    package mutating func bool() throws -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default: throw unread()
        }
    }

    /// Reads past one value of any kind, checking that it is JSON.
    package mutating func skip() throws {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"): try object { reader, _ in try reader.skip() }
        case UInt8(ascii: "["): try array { reader in try reader.skip() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): try literal("null")
        default: try skipNumber()
        }
    }

    /// An error for the value at the current position.
    package func unread() -> Unread {
        Unread(offset: offset)
    }

    // MARK: Bytes

    private mutating func key() throws -> Key {
        try expect(UInt8(ascii: "\""))
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<offset - 1]))
            }
            // Keys are compared as written: one with an escape or a byte outside ASCII is left to JSONDecoder.
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { throw unread() }
            offset += 1
        }
        throw unread()
    }

    /// The rest of a string from `start` (just after its opening quote), which has an escape.
    private mutating func escapedString(from start: Int) throws -> String {
        var text = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: text, as: UTF8.self) else { throw Unread(offset: start) }
                return string
            case UInt8(ascii: "\\"):
                guard let escape = peek() else { throw unread() }
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: try unicodeEscape())
                default: throw unread()
                }
            case 0..<0x20: throw unread()
            default: text.append(byte)
            }
        }
        throw unread()
    }

    /// The UTF-8 bytes of a `\uXXXX` escape (just after its `u`), with the low half of a surrogate pair.
    private mutating func unicodeEscape() throws -> [UInt8] {
        var value = try hexQuad()
        if (0xD800...0xDBFF).contains(value) {
            guard peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else { throw unread() }
            offset += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw unread() }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw unread() }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard offset + 4 <= bytes.count else { throw unread() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unread()
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func skipNumber() throws {
        if peek() == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek(), isDigit(first) else { throw unread() }
        offset += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard let byte = peek(), isDigit(byte) else { throw unread() }
            skipDigits()
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            offset += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
            guard let byte = peek(), isDigit(byte) else { throw unread() }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count, memcmp(word.utf8Start, bytes.baseAddress! + offset, count) == 0 else { throw unread() }
        offset += count
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipWhitespace()
        guard peek() == byte else { throw unread() }
        offset += 1
    }

    /// Nesting deeper than any stored file is left to JSONDecoder, which has its own limit.
    private mutating func enter() throws {
        depth += 1
        if depth > 64 { throw unread() }
    }

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }
}
