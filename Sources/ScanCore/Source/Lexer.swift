internal import CByteSearch

#if canImport(Glibc)
    import Glibc
#endif

/// A hand-written byte lexer for Swift and Objective-C.
///
/// It knows comments (Swift's nest), strings (Swift multi-line, raw `#"…"#` and interpolations with
/// nested strings; Objective-C `@"…"`, C strings and character literals) and preprocessor lines, so
/// nothing inside a comment or a string ever becomes a token a rule can match. It never fails: bytes
/// it does not understand become punctuation, and an unterminated literal ends at the end of its line
/// (or of the file, for multi-line forms).
struct Lexer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let count: Int
    private let classes: UnsafePointer<UInt8>
    private let language: SourceLanguage
    private(set) var tokens: [Token] = []
    /// For each bracket token, its partner's index (-1 when unmatched); built as tokens are emitted.
    private(set) var partners: [Int32] = []
    private var openBrackets: [Int32] = []
    /// Start offsets and ends of comments that mention `scenesweep:ignore`.
    private(set) var suppressionComments: [Range<Int>] = []

    /// Interpolations nested deeper than this end the string early rather than risk the stack.
    private static let maximumNesting = 48

    init(bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage) {
        self.bytes = bytes
        self.count = bytes.count
        self.language = language
        self.classes = CharacterClass.pointer
        tokens.reserveCapacity(count / 5 + 16)
        partners.reserveCapacity(count / 5 + 16)
    }

    mutating func run() {
        var index = 0
        var atLineStart = true
        while index < count {
            let byte = bytes[index]
            let kind = classes[Int(byte)]
            switch kind {
            case CharacterClass.newline:
                atLineStart = true
                index += 1
                continue
            case CharacterClass.space:
                index += 1
                continue
            case CharacterClass.identifierStart:
                let end = identifierEnd(from: index + 1)
                append(.identifier, index, end)
                index = end
            case CharacterClass.digit:
                let end = numberEnd(from: index + 1)
                append(.number, index, end)
                index = end
            default:
                index = lexSpecial(byte, at: index, atLineStart: atLineStart)
            }
            atLineStart = false
        }
        finish()
    }

    private mutating func lexSpecial(_ byte: UInt8, at index: Int, atLineStart: Bool) -> Int {
        switch byte {
        case UInt8(ascii: "/"):
            let next = peek(index + 1)
            if next == UInt8(ascii: "/") {
                let end = lineEnd(from: index + 2)
                noteComment(index, end)
                return end
            }
            if next == UInt8(ascii: "*") {
                let end = blockCommentEnd(from: index + 2)
                noteComment(index, end)
                return end
            }
            append(.punctuation, index, index + 1)
            return index + 1
        case UInt8(ascii: "\""):
            let end = language == .swift ? swiftStringEnd(quoteAt: index, hashes: 0, depth: 0) : cStringEnd(from: index + 1)
            append(.string, index, end)
            return end
        case UInt8(ascii: "@"):
            if language == .objectiveC, peek(index + 1) == UInt8(ascii: "\"") {
                let end = cStringEnd(from: index + 2)
                append(.string, index, end)
                return end
            }
            if let next = peek(index + 1), CharacterClass.isIdentifierStart(next) {
                let end = identifierEnd(from: index + 2)
                append(.keyword, index, end)
                return end
            }
            append(.punctuation, index, index + 1)
            return index + 1
        case UInt8(ascii: "#"):
            if language == .objectiveC {
                if atLineStart {
                    let end = directiveEnd(from: index + 1)
                    append(.directive, index, end)
                    return end
                }
                append(.punctuation, index, index + 1)
                return index + 1
            }
            // Swift: `#"raw"#`, `##"…"##`, or a pound keyword such as `#if`.
            var hashes = 0
            var cursor = index
            while peek(cursor) == UInt8(ascii: "#") {
                hashes += 1
                cursor += 1
            }
            if peek(cursor) == UInt8(ascii: "\"") {
                let end = swiftStringEnd(quoteAt: cursor, hashes: hashes, depth: 0)
                append(.string, index, end)
                return end
            }
            if hashes == 1, let next = peek(cursor), CharacterClass.isIdentifierStart(next) {
                let end = identifierEnd(from: cursor + 1)
                append(.keyword, index, end)
                return end
            }
            append(.punctuation, index, index + 1)
            return index + 1
        case UInt8(ascii: "'"):
            if language == .objectiveC {
                let end = characterLiteralEnd(from: index + 1)
                append(.string, index, end)
                return end
            }
            append(.punctuation, index, index + 1)
            return index + 1
        case UInt8(ascii: "`"):
            // Swift escaped identifier: the token covers the name inside the backticks.
            var end = index + 1
            while end < count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < count, bytes[end] == UInt8(ascii: "`"), end > index + 1 {
                append(.identifier, index + 1, end)
                return end + 1
            }
            append(.punctuation, index, index + 1)
            return index + 1
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            openBrackets.append(Int32(tokens.count))
            append(.punctuation, index, index + 1)
            return index + 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            closeBracket(byte)
            append(.punctuation, index, index + 1)
            return index + 1
        default:
            append(.punctuation, index, index + 1)
            return index + 1
        }
    }

    /// Pairs a closing bracket with the nearest opener of its kind; openers of other kinds left open in
    /// between (broken code) stay unmatched, so one stray bracket does not shift every pair after it.
    private mutating func closeBracket(_ byte: UInt8) {
        let opener: UInt8 =
            byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : byte == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
        var position = openBrackets.count - 1
        while position >= 0 {
            let candidate = Int(openBrackets[position])
            if bytes[Int(tokens[candidate].start)] == opener { break }
            position -= 1
        }
        guard position >= 0 else { return }
        let candidate = Int(openBrackets[position])
        openBrackets.removeSubrange(position...)
        while partners.count <= tokens.count { partners.append(-1) }
        partners[candidate] = Int32(tokens.count)
        partners[tokens.count] = Int32(candidate)
    }

    /// Pads the partner table to the final token count.
    mutating func finish() {
        while partners.count < tokens.count { partners.append(-1) }
    }

    @inline(__always)
    private mutating func append(_ kind: Token.Kind, _ start: Int, _ end: Int) {
        tokens.append(Token(kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end)))
    }

    @inline(__always)
    private func peek(_ index: Int) -> UInt8? {
        index < count ? bytes[index] : nil
    }

    @inline(__always)
    private func identifierEnd(from start: Int) -> Int {
        var end = start
        while end < count, classes[Int(bytes[end])] <= CharacterClass.digit { end += 1 }
        return end
    }

    private func numberEnd(from start: Int) -> Int {
        var end = start
        while end < count {
            let byte = bytes[end]
            let kind = classes[Int(byte)]
            if kind <= CharacterClass.digit {
                end += 1
            } else if byte == UInt8(ascii: "."), end + 1 < count, classes[Int(bytes[end + 1])] == CharacterClass.digit {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    private func lineEnd(from start: Int) -> Int {
        guard start < count, let base = bytes.baseAddress else { return count }
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start) else { return count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The end of a `/* … */` comment; Swift's nest, C's do not.
    private func blockCommentEnd(from start: Int) -> Int {
        var depth = 1
        var index = start
        let nests = language == .swift
        while index + 1 < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
                continue
            }
            if nests, byte == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
                continue
            }
            index += 1
        }
        return count
    }

    private mutating func noteComment(_ start: Int, _ end: Int) {
        let marker: StaticString = "scenesweep:ignore"
        guard end - start >= marker.utf8CodeUnitCount, let base = bytes.baseAddress else { return }
        if cbs_memmem(base + start, end - start, marker.utf8Start, marker.utf8CodeUnitCount) != nil {
            suppressionComments.append(start..<end)
        }
    }

    /// A C or Objective-C string body after its opening quote; ends at the closing quote or the line end.
    private func cStringEnd(from start: Int) -> Int {
        var index = start
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\n"): return index
            default: index += 1
            }
        }
        return count
    }

    private func characterLiteralEnd(from start: Int) -> Int {
        var index = start
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "'"): return index + 1
            case UInt8(ascii: "\n"): return index
            default: index += 1
            }
        }
        return count
    }

    /// A preprocessor line, with backslash continuations. Strings in it are skipped, and a `//` comment
    /// ends what can open a block comment.
    private func directiveEnd(from start: Int) -> Int {
        var index = start
        var inLineComment = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                var back = index - 1
                if back >= start, bytes[back] == UInt8(ascii: "\r") { back -= 1 }
                if back >= start, bytes[back] == UInt8(ascii: "\\"), !inLineComment {
                    index += 1
                    continue
                }
                return index
            }
            if inLineComment {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                index = cStringEnd(from: index + 1)
                continue
            }
            if byte == UInt8(ascii: "'") {
                index = characterLiteralEnd(from: index + 1)
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                inLineComment = true
                index += 2
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                index = blockCommentEnd(from: index + 2)
                continue
            }
            index += 1
        }
        return count
    }

    /// The end of a Swift string literal whose first quote is at `quoteAt`, for `hashes` leading `#`.
    /// Handles `"""` multi-line forms and `\(…)` interpolations holding their own strings and parentheses.
    private func swiftStringEnd(quoteAt: Int, hashes: Int, depth: Int) -> Int {
        let multiline = quoteAt + 2 < count && bytes[quoteAt + 1] == UInt8(ascii: "\"") && bytes[quoteAt + 2] == UInt8(ascii: "\"")
        var index = quoteAt + (multiline ? 3 : 1)
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(index + 1, hashes) {
                let after = index + 1 + hashes
                if after < count, bytes[after] == UInt8(ascii: "(") {
                    if depth >= Self.maximumNesting { return count }
                    index = interpolationEnd(openAt: after, depth: depth + 1, singleLine: !multiline)
                } else if !multiline, after < count, bytes[after] == UInt8(ascii: "\n") {
                    // An unterminated single-line string: a backslash cannot carry it past the line end.
                    return after
                } else {
                    index = after + 1
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                if multiline {
                    if index + 2 < count, bytes[index + 1] == UInt8(ascii: "\""), bytes[index + 2] == UInt8(ascii: "\""),
                        hashesFollow(index + 3, hashes)
                    {
                        return index + 3 + hashes
                    }
                } else if hashesFollow(index + 1, hashes) {
                    return index + 1 + hashes
                }
            } else if byte == UInt8(ascii: "\n"), !multiline {
                return index
            }
            index += 1
        }
        return count
    }

    @inline(__always)
    private func hashesFollow(_ index: Int, _ hashes: Int) -> Bool {
        guard hashes > 0 else { return true }
        guard index + hashes <= count else { return false }
        for offset in 0..<hashes where bytes[index + offset] != UInt8(ascii: "#") {
            return false
        }
        return true
    }

    /// From the `(` of `\(`, the index after its matching `)`, skipping nested strings and comments.
    private func interpolationEnd(openAt: Int, depth: Int, singleLine: Bool) -> Int {
        var parens = 1
        var index = openAt + 1
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n") where singleLine:
                // Unbalanced parentheses in a single-line string: the literal ends with its line.
                return index
            case UInt8(ascii: "("):
                parens += 1
                index += 1
            case UInt8(ascii: ")"):
                parens -= 1
                index += 1
                if parens == 0 { return index }
            case UInt8(ascii: "\""):
                index = swiftStringEnd(quoteAt: index, hashes: 0, depth: depth)
            case UInt8(ascii: "#"):
                var cursor = index
                var hashes = 0
                while cursor < count, bytes[cursor] == UInt8(ascii: "#") {
                    hashes += 1
                    cursor += 1
                }
                if cursor < count, bytes[cursor] == UInt8(ascii: "\"") {
                    index = swiftStringEnd(quoteAt: cursor, hashes: hashes, depth: depth)
                } else {
                    index = cursor
                }
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index = blockCommentEnd(from: index + 2)
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                index = lineEnd(from: index + 2)
            default:
                index += 1
            }
        }
        return count
    }
}

/// Byte classes for the lexer's main switch. Values are ordered so `<= digit` means "continues an identifier".
enum CharacterClass {
    static let identifierStart: UInt8 = 0
    static let digit: UInt8 = 1
    static let space: UInt8 = 2
    static let newline: UInt8 = 3
    static let other: UInt8 = 4

    static let table: [UInt8] = {
        var table = [UInt8](repeating: other, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = identifierStart }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = identifierStart }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = digit }
        table[Int(UInt8(ascii: "_"))] = identifierStart
        table[Int(UInt8(ascii: "$"))] = identifierStart
        // UTF-8 lead and continuation bytes: Swift allows Unicode identifiers.
        for byte in 0x80...0xFF { table[byte] = identifierStart }
        for byte in [9, 11, 12, 13, 32] { table[byte] = space }
        table[10] = newline
        table[0] = space
        return table
    }()

    /// The table in memory that is never freed, so the lexer can index it without checks.
    // Written once before any read, never mutated after: safe to share.
    nonisolated(unsafe) static let pointer: UnsafePointer<UInt8> = {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        memory.initialize(from: table, count: 256)
        return UnsafePointer(memory)
    }()

    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        table[Int(byte)] == identifierStart
    }
}
