internal import CByteSearch

#if canImport(Glibc)
    import Glibc
#endif

/// A lexed source file: its tokens, declarations, imports and suppression comments.
///
/// Everything a rule needs to understand code structure, computed once per file and shared by every
/// app that compiles the file.
package struct SourceFile: Sendable {
    package let path: String
    package let language: SourceLanguage
    package let bytes: [UInt8]
    package let tokens: [Token]
    /// For each bracket token (`(` `)` `[` `]` `{` `}`), the index of its partner, or -1.
    package let partners: [Int32]
    package let types: [TypeDeclaration]
    package let functions: [FunctionDeclaration]
    /// Modules imported by the file (`import CoreNFC`, `@import CoreNFC;`, `#import <CoreNFC/CoreNFC.h>`).
    package let imports: Set<String>
    package let suppressions: [SuppressionComment]
    /// `#if` branches and availability fallbacks, to tell which code a build can run.
    package private(set) var regions: CompilationRegions = .none
    let lineStarts: [Int32]
    /// The literals the loading pass found in the bytes, which answer `mentions` without a search.
    private let presence: LiteralPresence?

    /// - Parameter presence: what the pass that chose to lex the file found in it (nil: `mentions` searches).
    package init(path: String, bytes: [UInt8], language: SourceLanguage, presence: LiteralPresence? = nil) {
        self.path = path
        self.language = language
        self.bytes = bytes
        self.presence = presence
        var lexer: Lexer? = nil
        bytes.withUnsafeBufferPointer { buffer in
            var running = Lexer(bytes: buffer, language: language)
            running.run()
            lexer = running
        }
        let tokens = lexer?.tokens ?? []
        self.tokens = tokens
        lineStarts = Self.lineStarts(of: bytes)
        let structure = StructureParser.parse(bytes: bytes, tokens: tokens, partners: lexer?.partners ?? [], language: language)
        partners = structure.partners
        types = structure.types
        functions = structure.functions
        imports = structure.imports
        var suppressions: [SuppressionComment] = []
        for range in lexer?.suppressionComments ?? [] {
            if let comment = Self.suppression(in: bytes, range: range, lineStarts: lineStarts) {
                suppressions.append(comment)
            }
        }
        self.suppressions = suppressions
        if mentions("#if") || mentions("available") {
            regions = RegionScanner(file: self).scan()
        }
    }

    // MARK: Token text

    /// Whether the token at `index` exists and reads exactly `text`.
    package func `is`(_ index: Int, text: String) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        var text = text
        return text.withUTF8 { utf8 in
            guard Int(token.end - token.start) == utf8.count else { return false }
            return bytes.withUnsafeBufferPointer { buffer in
                memcmp(buffer.baseAddress! + Int(token.start), utf8.baseAddress!, utf8.count) == 0
            }
        }
    }

    /// Whether tokens starting at `index` read `parts` in order (identifiers and punctuation alike).
    package func matches(_ index: Int, _ parts: StaticString...) -> Bool {
        for (offset, part) in parts.enumerated() where !self.is(index + offset, part) {
            return false
        }
        return true
    }

    /// Whether the raw bytes contain `literal` (comments and strings included): a cheap pre-check.
    package func mentions(_ literal: String) -> Bool {
        if let known = presence?.contains(literal) { return known }
        var literal = literal
        return literal.withUTF8 { needle in
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, needle.count > 0 else { return false }
                return cbs_memmem(base, buffer.count, needle.baseAddress!, needle.count) != nil
            }
        }
    }

    /// Indices, in order, of the identifier tokens that read exactly one of `names`. The bytes are searched for
    /// each name (memmem) and each hit is matched to the token starting there, so a rule looking for a rare
    /// identifier pays for the file's bytes once rather than for a comparison per token.
    package func identifierIndices(_ names: [String]) -> [Int] {
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            tokens.withUnsafeBufferPointer { tokens in
                guard let base = buffer.baseAddress else { return }
                for name in names {
                    let needle = Array(name.utf8)
                    let length = needle.count
                    guard length > 0 else { continue }
                    var offset = 0
                    while offset + length <= buffer.count,
                        let hit = cbs_memmem(base + offset, buffer.count - offset, needle, length)
                    {
                        let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                        offset = position + 1
                        // The token starting at the hit, if any (tokens are in byte order).
                        var low = 0
                        var high = tokens.count
                        while low < high {
                            let middle = (low + high) / 2
                            if Int(tokens[middle].start) < position { low = middle + 1 } else { high = middle }
                        }
                        guard low < tokens.count else { break }
                        let token = tokens[low]
                        if Int(token.start) == position, token.kind == .identifier, Int(token.end - token.start) == length {
                            found.append(low)
                        }
                    }
                }
            }
        }
        if names.count > 1 { found.sort() }
        return found
    }

    /// The tokens from `start` through `end`, joined without spaces: a normalised rendering of code.
    package func code(from start: Int, through end: Int) -> String {
        guard start <= end, start >= 0, end < tokens.count else { return "" }
        var result = ""
        for index in start...end {
            result += text(index)
        }
        return result
    }

    /// A parameter's type as written, without spaces: `[UIApplication.LaunchOptionsKey:Any]?`.
    package func typeText(of parameter: Parameter) -> String {
        guard !parameter.typeTokens.isEmpty else { return "" }
        var result = ""
        for index in parameter.typeTokens where tokens[index].kind != .keyword {
            result += text(index)
        }
        return result
    }

    // MARK: Structure

    /// The innermost function whose body holds the token.
    package func function(containing index: Int) -> Int? {
        functions.innermost(containing: index)
    }

    /// The innermost type whose body holds the token.
    package func type(containing index: Int) -> Int? {
        types.innermost(containing: index)
    }

    /// Functions declared directly in the type at `typeIndex` (Swift) or between its `@implementation` and `@end`.
    package func functions(in typeIndex: Int) -> [FunctionDeclaration] {
        functions.filter { $0.container == typeIndex }
    }

    // MARK: Positions

    /// 1-based line of a byte offset.
    package func line(ofOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// 1-based column of a byte offset, counted in Unicode scalars.
    package func column(ofOffset offset: Int) -> Int {
        let lineStart = Int(lineStarts[line(ofOffset: offset) - 1])
        var column = 1
        var index = lineStart
        while index < offset, index < bytes.count {
            // Count lead bytes only, so a multi-byte character is one column.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return column
    }

    package func line(ofToken index: Int) -> Int {
        line(ofOffset: Int(tokens[index].start))
    }

    /// Indices of the tokens that start on a 1-based line.
    package func tokenIndices(onLine line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return 0..<0 }
        let start = Int(lineStarts[line - 1])
        let end = line < lineStarts.count ? Int(lineStarts[line]) : Int.max
        func firstToken(atOrAfter offset: Int) -> Int {
            var low = 0
            var high = tokens.count
            while low < high {
                let middle = (low + high) / 2
                if Int(tokens[middle].start) < offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let first = firstToken(atOrAfter: start)
        let last = end == Int.max ? tokens.count : firstToken(atOrAfter: end)
        return first..<max(first, last)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int32] {
        var starts: [Int32] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                guard let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset) else { break }
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                starts.append(Int32(truncatingIfNeeded: position + 1))
                offset = position + 1
            }
        }
        return starts
    }

    /// Parses `scenesweep:ignore rule-id[,rule-id…] reason` out of a comment.
    static func suppression(in bytes: [UInt8], range: Range<Int>, lineStarts: [Int32]) -> SuppressionComment? {
        let text = String(decoding: bytes[range], as: UTF8.self)
        return SuppressionComment.parse(text, commentStart: range.lowerBound, bytes: bytes, lineStarts: lineStarts)
    }
}

extension SuppressionComment {
    static let marker = "scenesweep:ignore"

    /// Suppression comments in a file the lexer does not read (a plist, a pbxproj): any `<!-- -->`,
    /// `//` or `/* */` comment holding the marker.
    package static func scan(_ bytes: [UInt8]) -> [SuppressionComment] {
        let lineStarts = SourceFile.lineStarts(of: bytes)
        let marker = Array(Self.marker.utf8)
        var result: [SuppressionComment] = []
        var searchFrom = 0
        while searchFrom < bytes.count {
            let found: Int? = bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress,
                    let hit = cbs_memmem(base + searchFrom, buffer.count - searchFrom, marker, marker.count)
                else { return nil }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            guard let position = found else { break }
            var lineStart = position
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let prefix = String(decoding: bytes[lineStart..<position], as: UTF8.self)
            let openers = ["<!--", "//", "/*"]
            if let opener = openers.compactMap({ prefix.firstRange(of: $0)?.lowerBound }).min() {
                let commentStart = lineStart + prefix.utf8.distance(from: prefix.startIndex, to: opener)
                var lineEnd = position
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let text = String(decoding: bytes[commentStart..<lineEnd], as: UTF8.self)
                if let comment = parse(text, commentStart: commentStart, bytes: bytes, lineStarts: lineStarts) {
                    result.append(comment)
                }
            }
            searchFrom = position + marker.count
        }
        return result
    }

    /// Reads the directive from any comment text (`//`, `/* */`, `<!-- -->`).
    static func parse(_ text: String, commentStart: Int, bytes: [UInt8], lineStarts: [Int32]) -> SuppressionComment? {
        guard let range = text.firstRange(of: marker) else { return nil }
        var rest = String(text[range.upperBound...])
        for terminator in ["*/", "-->"] {
            if let end = rest.firstRange(of: terminator) { rest = String(rest[..<end.lowerBound]) }
        }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard let first = words.first else { return nil }
        let rules = first.split(separator: ",").map(String.init).filter { !$0.isEmpty }
        let reason = words.dropFirst().joined(separator: " ")
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= commentStart { low = middle } else { high = middle - 1 }
        }
        let lineStart = Int(lineStarts[low])
        var ownsLine = true
        for index in lineStart..<min(commentStart, bytes.count) where bytes[index] != 32 && bytes[index] != 9 {
            ownsLine = false
            break
        }
        return SuppressionComment(line: low + 1, rules: rules, reason: reason, ownsLine: ownsLine)
    }
}
