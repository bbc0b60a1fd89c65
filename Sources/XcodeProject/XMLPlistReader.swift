import Foundation

/// Reads XML property lists (Info.plists, entitlements) from bytes, without Foundation's parser: that one
/// leaked about 1 KB for every malformed plist (swift-corelibs-foundation keeps the error it builds), so
/// a daemon reading hostile repositories grew night after night.
///
/// Only what property lists use is read: `<plist>` and the eight value elements, comments, CDATA,
/// the XML declaration and a DOCTYPE, which is skipped without being read. No entity is ever defined
/// or fetched: XML's five (`&lt;` …) and character references are the only ones known, so an external
/// entity (XXE) or an entity that expands (the "billion laughs") is an error, not a request or a
/// billion bytes. Nesting past `PropertyListReader.maximumNesting` is refused before it can exhaust the
/// stack. Errors name the line.
struct XMLPlistReader {
    private let bytes: [UInt8]
    private var index = 0
    private let maximumNesting: Int

    private init(_ bytes: [UInt8], maximumNesting: Int) {
        self.bytes = bytes
        self.maximumNesting = maximumNesting
    }

    /// The plist's top value.
    static func read(_ input: [UInt8], maximumNesting: Int = PropertyListReader.maximumNesting) throws(PropertyListError) -> PlistValue {
        var reader = XMLPlistReader(utf8(input), maximumNesting: maximumNesting)
        return try reader.document()
    }

    /// The text as UTF-8: a UTF-16 plist (with its byte-order mark) is transcoded, a UTF-8 mark dropped.
    static func utf8(_ input: [UInt8]) -> [UInt8] {
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(input.dropFirst(3)) }
        let bigEndian = input.starts(with: [0xFE, 0xFF])
        guard bigEndian || input.starts(with: [0xFF, 0xFE]) else { return input }
        var units: [UInt16] = []
        units.reserveCapacity(input.count / 2)
        var offset = 2
        while offset + 1 < input.count {
            let (first, second) = (UInt16(input[offset]), UInt16(input[offset + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            offset += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    // MARK: - Document

    private mutating func document() throws(PropertyListError) -> PlistValue {
        try skipProlog()
        guard let name = try peekOpeningTag() else { throw error("no property list element") }
        let value: PlistValue
        if name == "plist" {
            let tag = try openingTag()
            if tag.selfClosing { throw error("an empty <plist/>") }
            try skipMisc()
            value = try self.value(depth: 0)
            try skipMisc()
            try closingTag("plist")
        } else {
            value = try self.value(depth: 0)
        }
        try skipMisc()
        guard index == bytes.count else { throw error("text after the end of the property list") }
        return value
    }

    /// The XML declaration, comments, processing instructions and a DOCTYPE before the first element.
    private mutating func skipProlog() throws(PropertyListError) {
        while true {
            skipSpace()
            if starts("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts("<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    /// Comments and space between elements.
    private mutating func skipMisc() throws(PropertyListError) {
        while true {
            skipSpace()
            if starts("<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else {
                return
            }
        }
    }

    /// A DOCTYPE, with any internal subset in brackets, passed over unread: entities it declares are
    /// never defined here (so `&xxe;` later is an unknown entity).
    private mutating func skipDoctype() throws(PropertyListError) {
        let start = index
        var quote: UInt8?
        var inSubset = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): inSubset = true
            case UInt8(ascii: "]"): inSubset = false
            case UInt8(ascii: ">") where !inSubset: return
            default: break
            }
        }
        index = start
        throw error("unterminated DOCTYPE")
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(PropertyListError) -> PlistValue {
        guard depth < maximumNesting else { throw error("nested more than \(maximumNesting) levels deep") }
        let tagStart = index
        let tag = try openingTag()
        switch tag.name {
        case "dict":
            return tag.selfClosing ? .dictionary([:]) : try dictionary(depth: depth)
        case "array":
            return tag.selfClosing ? .array([]) : try array(depth: depth)
        case "true", "false":
            if !tag.selfClosing {
                try skipMisc()
                try closingTag(tag.name)
            }
            return .bool(tag.name == "true")
        case "string":
            return .string(tag.selfClosing ? "" : try text(closing: "string"))
        case "integer":
            let text = try trimmed(tag, closing: "integer")
            guard let number = Self.integer(text) else { throw PropertyListError(at: line(at: tagStart), "'\(text)' is not an integer") }
            return .integer(number)
        case "real":
            let text = try trimmed(tag, closing: "real")
            guard let number = Double(text) ?? Self.special(text) else {
                throw PropertyListError(at: line(at: tagStart), "'\(text)' is not a number")
            }
            return .real(number)
        case "date":
            let text = try trimmed(tag, closing: "date")
            guard let date = Self.date(text) else { throw PropertyListError(at: line(at: tagStart), "'\(text)' is not a date") }
            return .date(date)
        case "data":
            let text = try trimmed(tag, closing: "data")
            guard let data = Base64.decode(text) else { throw PropertyListError(at: line(at: tagStart), "<data> is not base64") }
            return .data(data)
        default:
            throw PropertyListError(at: line(at: tagStart), "unexpected <\(tag.name)>")
        }
    }

    private mutating func dictionary(depth: Int) throws(PropertyListError) -> PlistValue {
        var items: [String: PlistValue] = [:]
        while true {
            try skipMisc()
            if starts("</") {
                try closingTag("dict")
                return .dictionary(items)
            }
            let keyStart = index
            let tag = try openingTag()
            guard tag.name == "key" else {
                throw PropertyListError(at: line(at: keyStart), "expected <key> in <dict>, found <\(tag.name)>")
            }
            let key = tag.selfClosing ? "" : try text(closing: "key")
            try skipMisc()
            if starts("</") { throw PropertyListError(at: line(at: keyStart), "the key '\(key)' has no value") }
            items[key] = try value(depth: depth + 1)
        }
    }

    private mutating func array(depth: Int) throws(PropertyListError) -> PlistValue {
        var items: [PlistValue] = []
        while true {
            try skipMisc()
            if starts("</") {
                try closingTag("array")
                return .array(items)
            }
            items.append(try value(depth: depth + 1))
        }
    }

    private mutating func trimmed(_ tag: Tag, closing name: String) throws(PropertyListError) -> String {
        tag.selfClosing ? "" : try text(closing: name).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Character data up to `</name>`: entities and character references decoded, CDATA taken as it is,
    /// comments dropped; any other markup is an error.
    private mutating func text(closing name: String) throws(PropertyListError) -> String {
        var result: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                result += try reference()
            } else if byte == UInt8(ascii: "<") {
                if starts("<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>", what: "CDATA section")
                    result += bytes[start..<index - 3]
                } else if starts("<!--") {
                    try skip(past: "-->", what: "comment")
                } else {
                    try closingTag(name)
                    return String(decoding: result, as: UTF8.self)
                }
            } else {
                result.append(byte)
                index += 1
            }
        }
        throw error("<\(name)> is not closed")
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#65;`, `&#x41;`; anything else is refused.
    private mutating func reference() throws(PropertyListError) -> [UInt8] {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw error("a '&' that starts no entity") }
        let name = String(decoding: bytes[start + 1..<end], as: UTF8.self)
        index = end + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let code = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                if let code, code != 0, let scalar = Unicode.Scalar(code) { return Array(String(Character(scalar)).utf8) }
                index = start
                throw error("&\(name); is not a character")
            }
            index = start
            throw error("unknown entity &\(name); (property lists use only XML's own five; others are never expanded)")
        }
    }

    // MARK: - Tags

    private struct Tag {
        var name: String
        var selfClosing: Bool
    }

    private func peekOpeningTag() throws(PropertyListError) -> String? {
        var copy = self
        guard copy.starts("<"), !copy.starts("</") else { return nil }
        return try copy.openingTag().name
    }

    /// `<name attributes…>` or `<name …/>`; attributes are passed over.
    private mutating func openingTag() throws(PropertyListError) -> Tag {
        guard starts("<"), !starts("</") else { throw error(index < bytes.count ? "expected an element" : "the file ends early") }
        index += 1
        let name = self.name()
        guard !name.isEmpty else { throw error("expected an element name") }
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return Tag(name: name, selfClosing: bytes[index - 2] == UInt8(ascii: "/"))
            } else if byte == UInt8(ascii: "<") {
                index -= 1
                break
            }
        }
        throw error("<\(name) is not closed")
    }

    private mutating func closingTag(_ expected: String) throws(PropertyListError) {
        let start = index
        guard starts("</") else { throw error("expected </\(expected)>") }
        index += 2
        let name = self.name()
        skipSpace()
        guard name == expected, index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            index = start
            throw error("expected </\(expected)>, found </\(name)>")
        }
        index += 1
    }

    private mutating func name() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isNameByte =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            guard isNameByte else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: - Bytes

    private func starts(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<length where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func skip(past terminator: StaticString, what: String) throws(PropertyListError) {
        let start = index
        while index < bytes.count {
            if starts(terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        index = start
        throw error("unterminated \(what)")
    }

    private func line(at offset: Int) -> Int {
        var line = 1
        for byte in bytes[..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        return line
    }

    private func error(_ message: String) -> PropertyListError {
        PropertyListError(at: line(at: index), message)
    }

    // MARK: - Scalars

    /// Decimal, with a sign, or hexadecimal after `0x`, as CoreFoundation reads `<integer>`.
    static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if digits.hasPrefix("-") || digits.hasPrefix("+") {
            negative = digits.hasPrefix("-")
            digits = digits.dropFirst()
        }
        var hexadecimal = false
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            hexadecimal = true
        }
        // One sign at most: Int(_:) takes a sign of its own, so "--9223372036854775808" was Int.min, negated
        // here into an overflow (found by scripts/fuzz plist), and "+-5" or "0x-5" were read as numbers.
        guard !digits.hasPrefix("-"), !digits.hasPrefix("+") else { return nil }
        let value = hexadecimal ? Int(digits, radix: 16) : Int(digits)
        guard let value else {
            // Int.min written in decimal does not fit Int before its sign is applied.
            return negative && !hexadecimal && digits == "9223372036854775808" ? Int.min : nil
        }
        return negative ? -value : value
    }

    private static func special(_ text: String) -> Double? {
        switch text.lowercased() {
        case "nan": .nan
        case "+infinity", "infinity", "+inf", "inf": .infinity
        case "-infinity", "-inf": -.infinity
        default: nil
        }
    }

    /// `2027-04-01T00:00:00Z`, the only form property lists write.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
            bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day), hour < 24,
            minute < 60, second < 61
        else { return nil }
        // Days from 1970-01-01 to the date (proleptic Gregorian), without a Calendar.
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }
}

extension PropertyListError {
    init(at line: Int, _ message: String) {
        self.init(message: "\(message) on line \(line)", line: line)
    }
}

/// Base64 as `<data>` holds it: white space anywhere, padding optional at the end.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        var result: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            guard padding == 0 else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                result.append(UInt8(buffer >> UInt32(bits) & 0xFF))
            }
        }
        return padding <= 2 ? result : nil
    }
}
