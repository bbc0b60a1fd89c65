/// Edits XML Info.plists as text, for `fix`: every byte the edit does not need to touch (comments, key
/// order, formatting, line endings, the final newline) stays as it was. Foundation's serializer is never
/// used to write, since it would sort and re-indent the whole file and drop its comments.
package enum InfoPlistEditor {
    /// `bytes` with `key` and `value` added to the plist's top-level dictionary.
    ///
    /// The entry goes at the end of the dictionary, or, when its keys are already in ascending order
    /// (as Xcode writes them), where the key sorts, indented and ended like the file's other lines. The
    /// result is read back before it is returned, and must hold every old entry unchanged plus the new one.
    package static func inserting(key: String, value: PlistFragment, into bytes: [UInt8]) throws(InfoPlistEditError) -> [UInt8] {
        let (old, layout) = try read(bytes, writing: key, value)
        guard old[key] == nil else { throw .keyExists(key) }
        let style = PlistTextStyle(bytes: bytes, layout: layout)
        let edit = Self.edit(key: key, value: value, layout: layout, style: style, bytes: bytes)
        return try applying(edit, to: bytes, expecting: old, key, value)
    }

    /// `bytes` with the value of the top-level `key` replaced by `value`, which starts where the old
    /// value started and is indented like it; the key, and everything around the value, stays.
    package static func replacingValue(ofKey key: String, with value: PlistFragment, in bytes: [UInt8]) throws(InfoPlistEditError)
        -> [UInt8]
    {
        let (old, layout) = try read(bytes, writing: key, value)
        // A key written twice counts once, with its last value, as every reader takes it.
        guard old[key] != nil, let entry = layout.entries.last(where: { $0.key == key }) else { throw .keyMissing(key) }
        let style = PlistTextStyle(bytes: bytes, layout: layout)
        let text: String
        if style.isMultiline {
            let leading = String(decoding: XMLPlistLayout.indentation(ofLineAt: entry.valueStart, in: bytes), as: UTF8.self)
            let lines = value.lines(indentation: style.unit, leading: leading)
            text = String(lines.joined(separator: style.lineEnding).dropFirst(leading.count))
        } else {
            text = value.lines(indentation: "", leading: "").joined()
        }
        return try applying((entry.valueStart..<entry.valueEnd, text), to: bytes, expecting: old, key, value)
    }

    /// The top-level dictionary and where its parts lie, once the bytes are known to be an XML plist
    /// and `key` and `value` known to be writable.
    private static func read(
        _ bytes: [UInt8], writing key: String, _ value: PlistFragment
    ) throws(InfoPlistEditError) -> ([String: PlistValue], XMLPlistLayout) {
        let start = try xmlStart(of: bytes)
        let dictionary = try topLevelDictionary(bytes)
        if let problem = PlistFragment.unwritable(key).map({ "the key \($0)" }) ?? value.problem { throw .unwritableValue(problem) }
        return (dictionary, try XMLPlistLayout.scan(bytes, from: start))
    }

    /// `bytes` with the edit made, once it reads back as `old` with `key` set to `value`.
    private static func applying(
        _ edit: (range: Range<Int>, text: String), to bytes: [UInt8], expecting old: [String: PlistValue], _ key: String,
        _ value: PlistFragment
    ) throws(InfoPlistEditError) -> [UInt8] {
        var result = bytes
        result.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        var expected = old
        expected[key] = value.plistValue
        let after: [String: PlistValue]
        do {
            after = try topLevelDictionary(result)
        } catch {
            throw .unverified(error.description)
        }
        guard after == expected else { throw .unverified("the entries read back are not the old ones with '\(key)' set") }
        return result
    }

    /// Where the text goes and what it is.
    private static func edit(
        key: String, value: PlistFragment, layout: XMLPlistLayout, style: PlistTextStyle, bytes: [UInt8]
    ) -> (range: Range<Int>, text: String) {
        let lines =
            [style.keyIndentation + PlistFragment.keyElement(key)] + value.lines(indentation: style.unit, leading: style.keyIndentation)
        let eol = style.lineEnding
        if layout.isSelfClosing {
            let range = layout.dictStart..<layout.closeEnd
            guard style.isMultiline else { return (range, "<dict>" + compact(key: key, value: value) + "</dict>") }
            return (range, "<dict>" + eol + lines.joined(separator: eol) + eol + style.dictIndentation + "</dict>")
        }
        // Ascending means each key sorts no earlier than the one before, in UTF-8 byte order. That is
        // Unicode scalar order, which for the ASCII keys of Info.plists is also CFStringCompare's order
        // that Xcode (CFPropertyList) writes keys in: uppercase before lowercase, `~ipad` after its base key.
        let ascending = zip(layout.entries, layout.entries.dropFirst()).allSatisfy { !precedes($1.key, $0.key) }
        let next = ascending ? layout.entries.first { precedes(key, $0.key) } : nil
        // Before the next key, a comment on its own line just above it goes with it (it most likely
        // describes that key), so the new entry goes above the comment.
        let anchor = next?.leadingStart ?? layout.closeStart
        guard style.isMultiline else { return (anchor..<anchor, compact(key: key, value: value)) }
        if XMLPlistLayout.isFirstOnLine(anchor, in: bytes) {
            let lineStart = XMLPlistLayout.lineStart(of: anchor, in: bytes)
            return (lineStart..<lineStart, lines.map { $0 + eol }.joined())
        }
        // Something else shares the anchor's line (`<dict></dict>`, `…</string></dict>`): the entry gets
        // lines of its own and the anchor starts a new line, indented as it would be.
        let indentation = next == nil ? style.dictIndentation : style.keyIndentation
        return (anchor..<anchor, eol + lines.joined(separator: eol) + eol + indentation)
    }

    /// The entry with no line breaks or indentation, for a plist written on one line.
    private static func compact(key: String, value: PlistFragment) -> String {
        PlistFragment.keyElement(key) + value.lines(indentation: "", leading: "").joined()
    }

    private static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// The top-level dictionary as `XMLPlistReader` reads it; malformed XML is refused here, with its line.
    private static func topLevelDictionary(_ bytes: [UInt8]) throws(InfoPlistEditError) -> [String: PlistValue] {
        let value: PlistValue
        do {
            value = try XMLPlistReader.read(bytes)
        } catch {
            throw .malformed(line: error.line, message: error.message)
        }
        guard let dictionary = value.dictionary else { throw .topLevelNotDictionary }
        return dictionary
    }

    /// The offset the XML starts at (past a UTF-8 byte-order mark), or why the bytes are not an XML plist in UTF-8.
    private static func xmlStart(of bytes: [UInt8]) throws(InfoPlistEditError) -> Int {
        if PropertyListReader.isBinary(bytes) { throw .binary }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x00, 0x3C])
            || bytes.starts(with: [0x3C, 0x00])
        {
            throw .unsupportedEncoding("UTF-16")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let first = bytes[start...].firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .notPropertyList(bytes.isEmpty ? "the file is empty" : "the file holds only white space")
        }
        switch bytes[first] {
        case UInt8(ascii: "<"):
            if let encoding = declaredEncoding(bytes, at: first), !["utf-8", "utf8"].contains(encoding.lowercased()) {
                throw .unsupportedEncoding(encoding)
            }
            return start
        case UInt8(ascii: "["):
            throw .json
        case UInt8(ascii: "{"):
            throw isJSONObject(bytes, at: first) ? .json : .openStep
        case UInt8(ascii: "("), UInt8(ascii: "/"):
            // An OpenStep array, or a comment (`// !$*UTF8*$!` starts every pbxproj); JSON has neither.
            throw .openStep
        default:
            throw .notPropertyList("it starts with neither '<', '{' nor '('")
        }
    }

    /// The `encoding` of an XML declaration at `offset`, if there is a declaration and it names one.
    private static func declaredEncoding(_ bytes: [UInt8], at offset: Int) -> String? {
        guard bytes[offset...].starts(with: "<?xml".utf8),
            let end = bytes[offset...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let declaration = bytes[offset..<end]
        let name = "encoding".utf8
        guard let found = declaration.indices.first(where: { declaration[$0...].starts(with: name) }) else { return nil }
        let rest = declaration[(found + name.count)...].drop { [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "=")].contains($0) }
        guard let quote = rest.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
        return String(decoding: rest.dropFirst().prefix { $0 != quote }, as: UTF8.self)
    }

    /// Whether the `{` at `offset` opens a JSON object (`{ "key": …`) rather than an OpenStep dictionary
    /// (`{ key = …;`): a quoted first key followed by a colon.
    private static func isJSONObject(_ bytes: [UInt8], at offset: Int) -> Bool {
        var index = offset + 1
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
        skipSpace()
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }
}
