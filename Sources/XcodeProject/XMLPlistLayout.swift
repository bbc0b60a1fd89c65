/// Where the top-level dictionary of an XML plist and its entries lie, as byte offsets, so that it can be
/// edited as text. Comments, CDATA, processing instructions and the DOCTYPE are passed over wherever
/// they are, so markup inside them (`<!-- </dict> -->`) is never taken for an element.
///
/// The bytes are expected to have been read successfully by `XMLPlistReader` first: this scanner finds
/// places, it does not check that elements match.
struct XMLPlistLayout {
    /// A top-level `<key>` and its value.
    struct Entry {
        /// The key's text, entities decoded.
        let key: String
        /// Offset of the `<` of `<key>`.
        let keyStart: Int
        /// Offset of the first comment between the previous entry (or `<dict>`) and this key that starts
        /// its own line, or `keyStart` when there is none.
        let leadingStart: Int
        /// Offset of the `<` of the value's element.
        let valueStart: Int
        /// Offset just past the value's last `>`.
        let valueEnd: Int
        /// The value's element name (`dict`, `array`, `string`, …).
        let valueName: String
    }

    /// Offset of the `<` of the top-level `<dict>`.
    let dictStart: Int
    /// Whether the top-level dictionary is written `<dict/>`.
    let isSelfClosing: Bool
    /// Offset of the `<` of `</dict>`; for `<dict/>`, of `<dict/>` itself.
    let closeStart: Int
    /// Offset just past the `>` that ends the dictionary.
    let closeEnd: Int
    let entries: [Entry]

    /// The layout of the plist in `bytes`, reading from `start` (past any byte-order mark).
    static func scan(_ bytes: [UInt8], from start: Int) throws(InfoPlistEditError) -> XMLPlistLayout {
        var scanner = Scanner(bytes: bytes, index: start)
        return try scanner.layout()
    }

    /// Where the line holding `offset` starts (past a line feed, or past a UTF-8 byte-order mark on the first line).
    static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        var cursor = offset
        while cursor > 0, bytes[cursor - 1] != 0x0A { cursor -= 1 }
        return cursor == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : cursor
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> [UInt8] {
        let start = lineStart(of: offset, in: bytes)
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return Array(bytes[start..<end])
    }

    /// Whether only spaces and tabs come between the start of its line and `offset`.
    static func isFirstOnLine(_ offset: Int, in bytes: [UInt8]) -> Bool {
        let start = lineStart(of: offset, in: bytes)
        return bytes[start..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index: Int

        mutating func layout() throws(InfoPlistEditError) -> XMLPlistLayout {
            _ = try skipMisc(doctype: true)
            var tag = try openingTag()
            if tag.name == "plist" {
                _ = try skipMisc(doctype: false)
                tag = try openingTag()
            }
            guard tag.name == "dict" else { throw InfoPlistEditError.topLevelNotDictionary }
            if tag.selfClosing {
                return XMLPlistLayout(dictStart: tag.start, isSelfClosing: true, closeStart: tag.start, closeEnd: index, entries: [])
            }
            var entries: [Entry] = []
            while true {
                let leading = try skipMisc(doctype: false)
                guard index < bytes.count else { throw failure("<dict> is not closed") }
                if starts("</") {
                    let closeStart = index
                    try closingTag()
                    return XMLPlistLayout(
                        dictStart: tag.start, isSelfClosing: false, closeStart: closeStart, closeEnd: index, entries: entries)
                }
                let keyTag = try openingTag()
                guard keyTag.name == "key" else { throw failure("expected <key> in <dict>, found <\(keyTag.name)>") }
                let key = keyTag.selfClosing ? "" : try text()
                _ = try skipMisc(doctype: false)
                let valueStart = index
                let valueName = try skipElement()
                entries.append(
                    Entry(
                        key: key, keyStart: keyTag.start, leadingStart: leading ?? keyTag.start, valueStart: valueStart, valueEnd: index,
                        valueName: valueName))
            }
        }

        // MARK: - Markup

        /// Passes over space, comments and processing instructions (and a DOCTYPE, in the prolog); returns
        /// the offset of the first comment that starts its own line, if any.
        mutating func skipMisc(doctype: Bool) throws(InfoPlistEditError) -> Int? {
            var firstComment: Int?
            while index < bytes.count {
                if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                    index += 1
                } else if starts("<!--") {
                    if firstComment == nil, XMLPlistLayout.isFirstOnLine(index, in: bytes) { firstComment = index }
                    try skip(past: "-->", what: "comment")
                } else if starts("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if doctype, starts("<!DOCTYPE") {
                    try skipDoctype()
                } else {
                    break
                }
            }
            return firstComment
        }

        /// A DOCTYPE, with any internal subset in brackets.
        mutating func skipDoctype() throws(InfoPlistEditError) {
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
            throw failure("unterminated DOCTYPE")
        }

        struct Tag {
            let name: String
            let start: Int
            let selfClosing: Bool
        }

        /// `<name attributes…>` or `<name …/>`; attribute values may hold `>`.
        mutating func openingTag() throws(InfoPlistEditError) -> Tag {
            let start = index
            guard starts("<"), !starts("</") else { throw failure("expected an element") }
            index += 1
            let nameStart = index
            while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return Tag(name: name, start: start, selfClosing: bytes[index - 2] == UInt8(ascii: "/"))
                }
            }
            index = start
            throw failure("<\(name)> is not closed")
        }

        /// `</name>`, with optional space before the `>`.
        mutating func closingTag() throws(InfoPlistEditError) {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
            guard index < bytes.count else {
                index = start
                throw failure("unterminated closing tag")
            }
            index += 1
        }

        /// An element and everything inside it; returns its name.
        mutating func skipElement() throws(InfoPlistEditError) -> String {
            let tag = try openingTag()
            guard !tag.selfClosing else { return tag.name }
            var depth = 1
            while index < bytes.count {
                if bytes[index] != UInt8(ascii: "<") {
                    index += 1
                } else if starts("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts("<![CDATA[") {
                    try skip(past: "]]>", what: "CDATA section")
                } else if starts("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if starts("</") {
                    try closingTag()
                    depth -= 1
                    if depth == 0 { return tag.name }
                } else if try !openingTag().selfClosing {
                    depth += 1
                }
            }
            index = tag.start
            throw failure("<\(tag.name)> is not closed")
        }

        /// Character data up to the closing tag: entities and character references decoded, CDATA as it
        /// is, comments dropped.
        mutating func text() throws(InfoPlistEditError) -> String {
            var result: [UInt8] = []
            while index < bytes.count {
                if starts("<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>", what: "CDATA section")
                    result += bytes[start..<index - 3]
                } else if starts("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts("</") {
                    try closingTag()
                    return String(decoding: result, as: UTF8.self)
                } else if starts("&") {
                    result += try reference()
                } else {
                    result.append(bytes[index])
                    index += 1
                }
            }
            throw failure("a <key> is not closed")
        }

        /// `&lt;` and the other four, or a character reference.
        mutating func reference() throws(InfoPlistEditError) -> [UInt8] {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
            guard index < bytes.count else { throw failure("a '&' that starts no entity") }
            let name = String(decoding: bytes[start + 1..<index], as: UTF8.self)
            index += 1
            switch name {
            case "lt": return [UInt8(ascii: "<")]
            case "gt": return [UInt8(ascii: ">")]
            case "amp": return [UInt8(ascii: "&")]
            case "quot": return [UInt8(ascii: "\"")]
            case "apos": return [UInt8(ascii: "'")]
            default:
                let digits = name.dropFirst()
                let code = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                guard name.hasPrefix("#"), let code, let scalar = Unicode.Scalar(code) else { throw failure("unknown entity &\(name);") }
                return Array(String(Character(scalar)).utf8)
            }
        }

        // MARK: - Bytes

        func starts(_ literal: StaticString) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard index + length <= bytes.count else { return false }
            let pointer = literal.utf8Start
            for offset in 0..<length where bytes[index + offset] != pointer[offset] { return false }
            return true
        }

        mutating func skip(past terminator: StaticString, what: String) throws(InfoPlistEditError) {
            let start = index
            while index < bytes.count {
                if starts(terminator) {
                    index += terminator.utf8CodeUnitCount
                    return
                }
                index += 1
            }
            index = start
            throw failure("unterminated \(what)")
        }

        func failure(_ message: String) -> InfoPlistEditError {
            let line = 1 + bytes[..<min(index, bytes.count)].lazy.filter { $0 == 0x0A }.count
            return .malformed(line: line, message: "\(message) on line \(line)")
        }
    }
}
