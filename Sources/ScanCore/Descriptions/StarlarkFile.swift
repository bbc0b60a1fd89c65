import XcodeProject

/// A Bazel `BUILD`/`BUILD.bazel` file read statically: its top-level rule calls with their arguments and its
/// top-level assignments, as `ManifestValue`s. Starlark is never run: `load`ed macros are not expanded, and
/// whatever needs evaluating beyond literals, `+` of lists or strings, names assigned in the file and
/// `glob(…)`/`select(…)` is `computed`, with where it is.
struct StarlarkFile {
    let path: String
    private let bytes: [UInt8]
    private var tokens: [(kind: Kind, start: Int, end: Int)] = []
    private var lineStarts: [Int] = [0]
    /// Top-level calls, in order: `ios_application(name = "App", …)`.
    private(set) var calls: [ManifestValue] = []
    /// Top-level `NAME = expr`.
    private(set) var assignments: [String: ManifestValue] = [:]
    /// Symbols brought in by `load("//tools:defs.bzl", "company_app")`, by name, with the file they come from.
    private(set) var loaded: [String: String] = [:]

    enum Kind { case name, string, number, punctuation }

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        tokenize()
        parseTopLevel()
    }

    // MARK: Tokens

    private mutating func tokenize() {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(index + 1)
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let end = stringEnd(from: index)
                tokens.append((.string, index, end))
                index = end
            } else if Self.isNameByte(byte) {
                var end = index + 1
                while end < count, Self.isNameByte(bytes[end]) || (bytes[end] >= 48 && bytes[end] <= 57) { end += 1 }
                // A raw or byte string prefix: r"…", b'…'.
                if end - index == 1, end < count, bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "'"),
                    byte == UInt8(ascii: "r") || byte == UInt8(ascii: "b")
                {
                    let close = stringEnd(from: end)
                    tokens.append((.string, end, close))
                    index = close
                    continue
                }
                tokens.append((.name, index, end))
                index = end
            } else if byte >= 48 && byte <= 57 {
                var end = index + 1
                while end < count, bytes[end] >= 48 && bytes[end] <= 57 || bytes[end] == UInt8(ascii: ".") { end += 1 }
                tokens.append((.number, index, end))
                index = end
            } else {
                tokens.append((.punctuation, index, index + 1))
                index += 1
            }
        }
    }

    private func stringEnd(from start: Int) -> Int {
        let quote = bytes[start]
        let triple = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (triple ? 3 : 1)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote {
                if !triple { return index + 1 }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
            }
            if !triple, bytes[index] == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return index
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == UInt8(ascii: "_")
    }

    private func text(_ index: Int) -> String {
        String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }

    private func isPunctuation(_ index: Int, _ character: Character) -> Bool {
        index < tokens.count && tokens[index].kind == .punctuation && text(index) == String(character)
    }

    func origin(_ index: Int) -> SettingOrigin {
        let offset = tokens[min(index, tokens.count - 1)].start
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SettingOrigin(file: path, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// The index after the bracket group an opening `(`, `[` or `{` at `index` starts, or nil when no
    /// group starts there: each walk over an expression steps over nested brackets this way.
    private func afterBrackets(_ index: Int) -> Int? {
        guard tokens[index].kind == .punctuation, ["(", "[", "{"].contains(text(index)) else { return nil }
        return close(index) + 1
    }

    /// The index of the bracket closing the one at `index`, or the end.
    private func close(_ index: Int) -> Int {
        var depth = 0
        var cursor = index
        while cursor < tokens.count {
            if tokens[cursor].kind == .punctuation {
                switch text(cursor) {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    depth -= 1
                    if depth == 0 { return cursor }
                default: break
                }
            }
            cursor += 1
        }
        return tokens.count
    }

    // MARK: Statements

    private mutating func parseTopLevel() {
        var index = 0
        while index < tokens.count {
            // Only statements at the start of a line and at top level: `def` bodies are skipped whole.
            if tokens[index].kind == .name, text(index) == "def" {
                index = skipBlock(from: index)
                continue
            }
            if tokens[index].kind == .name, index + 1 < tokens.count, isPunctuation(index + 1, "(") {
                let end = close(index + 1)
                let name = text(index)
                let value = call(name, (index + 2)..<end, origin: origin(index))
                if name == "load" {
                    if case .call(_, let arguments, _) = value, let file = arguments.first?.value.string {
                        for argument in arguments.dropFirst() {
                            if let symbol = argument.value.string { loaded[argument.label ?? symbol] = file }
                        }
                    }
                } else {
                    calls.append(value)
                }
                index = end + 1
                continue
            }
            if tokens[index].kind == .name, index + 1 < tokens.count, isPunctuation(index + 1, "="), !isPunctuation(index + 2, "=") {
                let end = statementEnd(from: index + 2)
                assignments[text(index)] = evaluate((index + 2)..<end)
                index = end
                continue
            }
            index += 1
        }
    }

    /// A `def` (or other block) ends at the next top-level statement: a name at column 1 after a newline.
    private func skipBlock(from start: Int) -> Int {
        var index = start + 1
        while index < tokens.count {
            if let next = afterBrackets(index) {
                index = next
                continue
            }
            let offset = tokens[index].start
            if offset > 0, bytes[offset - 1] == UInt8(ascii: "\n"), tokens[index].kind == .name { return index }
            index += 1
        }
        return index
    }

    /// An assignment's expression ends at the end of its line, outside brackets.
    private func statementEnd(from start: Int) -> Int {
        var index = start
        while index < tokens.count {
            if let next = afterBrackets(index) {
                index = next
                continue
            }
            if index > start, lineOf(index) != lineOf(index - 1) { return index }
            index += 1
        }
        return index
    }

    private func lineOf(_ index: Int) -> Int { origin(index).line }

    // MARK: Expressions

    private func split(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if let next = afterBrackets(index) {
                index = next
                continue
            }
            if isPunctuation(index, ",") {
                if index > start { parts.append(start..<index) }
                start = index + 1
            }
            index += 1
        }
        if range.upperBound > start { parts.append(start..<range.upperBound) }
        return parts
    }

    /// Deeper nesting than this is no BUILD file anyone writes; it is read as computed instead of recursing
    /// until a thread's stack runs out.
    static let maximumDepth = 64

    private func call(_ name: String, _ range: Range<Int>, origin: SettingOrigin, depth: Int = 0) -> ManifestValue {
        var arguments: [(label: String?, value: ManifestValue)] = []
        for part in split(range) {
            if part.count >= 2, tokens[part.lowerBound].kind == .name, isPunctuation(part.lowerBound + 1, "="),
                !isPunctuation(part.lowerBound + 2, "=")
            {
                arguments.append((text(part.lowerBound), evaluate((part.lowerBound + 2)..<part.upperBound, depth: depth + 1)))
            } else {
                arguments.append((nil, evaluate(part, depth: depth + 1)))
            }
        }
        return .call(name, arguments, origin)
    }

    /// `a + b + …` of lists or strings; anything else but one operand is computed.
    func evaluate(_ range: Range<Int>, depth: Int = 0) -> ManifestValue {
        guard !range.isEmpty, range.upperBound <= tokens.count else { return .computed("an empty expression", origin(range.lowerBound)) }
        guard depth < Self.maximumDepth else { return .computed("nested too deep", origin(range.lowerBound)) }
        var operands: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if let next = afterBrackets(index) {
                index = next
                continue
            }
            if isPunctuation(index, "+") {
                operands.append(start..<index)
                start = index + 1
            } else if tokens[index].kind == .punctuation, !["."].contains(text(index)) {
                return .computed("`\(text(index))`, which only evaluating the Starlark decides", origin(index))
            } else if tokens[index].kind == .name, ["if", "for", "else", "and", "or", "not", "in"].contains(text(index)) {
                return .computed("`\(text(index))`, which only evaluating the Starlark decides", origin(index))
            }
            index += 1
        }
        operands.append(start..<range.upperBound)
        let values = operands.map { primary($0, depth: depth) }
        guard values.count > 1 else { return values[0] }
        if values.allSatisfy({ $0.items != nil }) { return .array(values.flatMap { $0.items ?? [] }, values[0].origin) }
        if values.allSatisfy({ $0.string != nil }) { return .string(values.compactMap(\.string).joined(), values[0].origin) }
        // A list plus a glob or a select: the union of what each names, for sources.
        if values.allSatisfy({ $0.items != nil || $0.name == "glob" || $0.name == "select" }) {
            return .call("concat", values.map { (nil, $0) }, values[0].origin)
        }
        return .computed("a `+` of values only evaluating the Starlark decides", origin(range.lowerBound))
    }

    private func primary(_ range: Range<Int>, depth: Int) -> ManifestValue {
        guard !range.isEmpty else { return .computed("an empty operand", origin(max(0, range.lowerBound - 1))) }
        let index = range.lowerBound
        let here = origin(index)
        switch tokens[index].kind {
        case .string:
            var raw = text(index)
            let triple = raw.hasPrefix("\"\"\"") || raw.hasPrefix("'''")
            raw = String(raw.dropFirst(triple ? 3 : 1).dropLast(triple ? 3 : 1))
            guard range.count == 1 else {
                // `"…" % x`, `"…".format(…)`: built at evaluation time.
                return .computed("a string built by Starlark", here)
            }
            return .string(raw, here)
        case .number:
            return .number(text(index), here)
        case .punctuation where text(index) == "[":
            let end = close(index)
            return .array(split((index + 1)..<min(end, range.upperBound)).map { evaluate($0, depth: depth + 1) }, here)
        case .punctuation where text(index) == "{":
            let end = close(index)
            var entries: [(key: String, keyOrigin: SettingOrigin, value: ManifestValue)] = []
            for part in split((index + 1)..<min(end, range.upperBound)) {
                guard let colon = part.first(where: { isPunctuation($0, ":") }) else { continue }
                let key = evaluate(part.lowerBound..<colon, depth: depth + 1)
                entries.append((key.string ?? "?", key.origin, evaluate((colon + 1)..<part.upperBound, depth: depth + 1)))
            }
            return .dictionary(entries, here)
        case .name:
            // `native.glob(…)`, `glob(…)`, `select(…)`, a name assigned above, `True`/`False`.
            var nameIndex = index
            if text(index) == "native", isPunctuation(index + 1, "."), index + 2 < range.upperBound { nameIndex = index + 2 }
            let name = text(nameIndex)
            if isPunctuation(nameIndex + 1, "("), nameIndex + 1 < range.upperBound {
                let end = close(nameIndex + 1)
                return call(name, (nameIndex + 2)..<end, origin: origin(nameIndex), depth: depth + 1)
            }
            if name == "True" || name == "False" { return .bool(name == "True", here) }
            if range.count == 1, let assigned = assignments[name] { return assigned }
            return .computed("`\(name)`, a value defined outside this file or computed", here)
        default:
            return .computed("`\(text(index))`", here)
        }
    }
}
