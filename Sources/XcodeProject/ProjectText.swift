internal import CByteSearch

/// The text of a `project.pbxproj` with the byte range of every key and value, so that an edit can insert
/// whole lines at known places and leave every other byte as it was.
///
/// `OpenStepReader` gives values without positions; this scan gives positions and keeps values as text.
/// It runs once per edit, after `PropertyListReader` has accepted the same bytes.
struct ProjectText {
    /// A value and where it sits; scalars stay unparsed.
    enum Node {
        case scalar(Range<Int>)
        case array(Range<Int>, items: [Node])
        case dictionary(Range<Int>, entries: [Entry])
        /// A dictionary or array inside an object, not parsed until asked for (`ProjectText.parsed`): an edit
        /// looks into two or three of a project's thousands of objects.
        case unparsed(Range<Int>)

        var range: Range<Int> {
            switch self {
            case .scalar(let range), .array(let range, _), .dictionary(let range, _), .unparsed(let range): return range
            }
        }

        var items: [Node] {
            if case .array(_, let items) = self { return items }
            return []
        }

        var entries: [Entry] {
            if case .dictionary(_, let entries) = self { return entries }
            return []
        }

        /// The first entry with this key.
        subscript(key: String) -> Node? {
            entries.first { $0.key == key }?.value
        }
    }

    /// `key = value;` in a dictionary.
    struct Entry {
        /// The key without quotes (escapes are kept as written: keys that matter here have none).
        let key: String
        let keyRange: Range<Int>
        let value: Node
    }

    let bytes: [UInt8]
    let root: Node

    /// Nil when the bytes are not one OpenStep value (which `PropertyListReader` would have refused first).
    init?(_ bytes: [UInt8]) {
        // The root, the objects dictionary and its entries are parsed; each object's own value waits.
        var scanner = Scanner(bytes: bytes, unparsedFrom: Self.objectDepth)
        guard let root = scanner.value(depth: 0) else { return nil }
        scanner.skipTrivia()
        guard scanner.index == bytes.count else { return nil }
        self.bytes = bytes
        self.root = root
    }

    /// The depth of each object's value: the root is 0, `objects` 1.
    static let objectDepth = 2

    /// The node itself, or for an unparsed one its parse (nil when its text is not one value).
    func parsed(_ node: Node) -> Node? {
        guard case .unparsed(let range) = node else { return node }
        var scanner = Scanner(bytes: bytes, unparsedFrom: .max)
        scanner.index = range.lowerBound
        guard let value = scanner.value(depth: Self.objectDepth), value.range == range else { return nil }
        return value
    }

    /// The text of a scalar, without quotes when it is a quoted string with no escapes.
    func text(of node: Node) -> String {
        var range = node.range
        if range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\""), bytes[range.upperBound - 1] == UInt8(ascii: "\"") {
            range = range.lowerBound + 1..<range.upperBound - 1
        }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// `\r\n` when the file's first line ends so, else `\n`.
    var lineEnding: [UInt8] {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return [UInt8(ascii: "\n")] }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? [UInt8(ascii: "\r"), UInt8(ascii: "\n")] : [UInt8(ascii: "\n")]
    }

    /// The start of the line holding `offset`, when only spaces and tabs come before it on that line.
    func lineStart(before offset: Int) -> Int? {
        var cursor = offset
        while cursor > 0 {
            let byte = bytes[cursor - 1]
            if byte == UInt8(ascii: "\n") { return cursor }
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return nil }
            cursor -= 1
        }
        return 0
    }

    /// The start of the next line, when the rest of this one after `offset` holds only a `,` or `;`, blanks
    /// and comments (`A /* name */,` ends its line; `A, B,` does not).
    func nextLineStart(after offset: Int) -> Int? {
        var cursor = offset
        var separators = 0
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") { return cursor + 1 }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                cursor += 1
            } else if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") {
                separators += 1
                guard separators == 1 else { return nil }
                cursor += 1
            } else if byte == UInt8(ascii: "/"), cursor + 1 < bytes.count, bytes[cursor + 1] == UInt8(ascii: "*") {
                cursor += 2
                while cursor + 1 < bytes.count, !(bytes[cursor] == UInt8(ascii: "*") && bytes[cursor + 1] == UInt8(ascii: "/")) {
                    if bytes[cursor] == UInt8(ascii: "\n") { return nil }
                    cursor += 1
                }
                cursor += 2
            } else {
                return nil
            }
        }
        return nil
    }

    /// The spaces and tabs that open the line starting at `start`.
    func indentation(ofLineAt start: Int) -> [UInt8] {
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return Array(bytes[start..<end])
    }

    /// Offsets of every occurrence of `literal` inside `range`.
    func occurrences(of literal: String, in range: Range<Int>) -> [Int] {
        let needle = Array(literal.utf8)
        var result: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !needle.isEmpty else { return }
            var offset = range.lowerBound
            while offset < range.upperBound,
                let found = cbs_memmem(base + offset, range.upperBound - offset, needle, needle.count)
            {
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                result.append(position)
                offset = position + needle.count
            }
        }
        return result
    }

    private struct Scanner {
        let bytes: [UInt8]
        /// From this depth on, dictionaries and arrays are skipped as `.unparsed`.
        let unparsedFrom: Int
        var index = 0

        mutating func value(depth: Int) -> Node? {
            guard depth < OpenStepReader.maximumDepth else { return nil }
            skipTrivia()
            guard index < bytes.count else { return nil }
            let start = index
            if depth >= unparsedFrom, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "(") {
                return skipContainer() ? .unparsed(start..<index) : nil
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var entries: [Entry] = []
                while true {
                    skipTrivia()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return .dictionary(start..<index, entries: entries)
                    }
                    guard let keyRange = scalar() else { return nil }
                    skipTrivia()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
                    index += 1
                    guard let item = value(depth: depth + 1) else { return nil }
                    skipTrivia()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
                    index += 1
                    var key = keyRange
                    if bytes[key.lowerBound] == UInt8(ascii: "\"") || bytes[key.lowerBound] == UInt8(ascii: "'") {
                        key = key.lowerBound + 1..<key.upperBound - 1
                    }
                    entries.append(Entry(key: String(decoding: bytes[key], as: UTF8.self), keyRange: keyRange, value: item))
                }
            case UInt8(ascii: "("):
                index += 1
                var items: [Node] = []
                while true {
                    skipTrivia()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ")") {
                        index += 1
                        return .array(start..<index, items: items)
                    }
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipTrivia()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                    } else if bytes[index] != UInt8(ascii: ")") {
                        return nil
                    }
                }
            case UInt8(ascii: "<"):
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                guard index < bytes.count else { return nil }
                index += 1
                return .scalar(start..<index)
            default:
                return scalar().map(Node.scalar)
            }
        }

        /// Moves past the dictionary or array that starts here, over strings and comments; false at the end of
        /// the text before it closes. (The bytes were accepted by `PropertyListReader` first, so only the
        /// brackets are counted.) Every byte of a project's objects passes through here: one table lookup each.
        mutating func skipContainer() -> Bool {
            let kinds = ProjectText.byteKinds
            let count = bytes.count
            var open = 0
            while index < count {
                let byte = bytes[index]
                switch kinds[Int(byte)] {
                case ByteKind.unquoted:
                    // A comment starts only where a value could (`a//b` is one unquoted string, as `value` reads it).
                    if byte == UInt8(ascii: "/"), index + 1 < count,
                        bytes[index + 1] == UInt8(ascii: "*") || bytes[index + 1] == UInt8(ascii: "/")
                    {
                        skipTrivia()
                        continue
                    }
                    index += 1
                    while index < count, kinds[Int(bytes[index])] == ByteKind.unquoted { index += 1 }
                case ByteKind.quote:
                    guard scalar() != nil else { return false }
                case ByteKind.opening:
                    index += 1
                    open += 1
                case ByteKind.closing:
                    index += 1
                    open -= 1
                    if open == 0 { return true }
                default:
                    index += 1
                }
            }
            return false
        }

        /// A quoted or unquoted string.
        mutating func scalar() -> Range<Int>? {
            let start = index
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                while index < bytes.count, bytes[index] != quote {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                return start..<index
            }
            let kinds = ProjectText.byteKinds
            while index < bytes.count, kinds[Int(bytes[index])] == ByteKind.unquoted { index += 1 }
            return index > start ? start..<index : nil
        }

        mutating func skipTrivia() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
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
    }

    /// What `Scanner.skipContainer` does with each byte value.
    private enum ByteKind {
        static let other: UInt8 = 0
        /// Allowed in an unquoted string (`isUnquotedByte`).
        static let unquoted: UInt8 = 1
        static let quote: UInt8 = 2
        static let opening: UInt8 = 3
        static let closing: UInt8 = 4
    }

    private static let byteKinds: [UInt8] = (0..<256).map { value in
        let byte = UInt8(value)
        if isUnquotedByte(byte) { return ByteKind.unquoted }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return ByteKind.quote
        case UInt8(ascii: "{"), UInt8(ascii: "("): return ByteKind.opening
        case UInt8(ascii: "}"), UInt8(ascii: ")"): return ByteKind.closing
        default: return ByteKind.other
        }
    }

    /// The bytes OpenStep allows in an unquoted string.
    static func isUnquotedByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-")
    }
}
