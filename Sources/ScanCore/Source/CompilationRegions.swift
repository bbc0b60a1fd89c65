/// Parts of a file that a given build may never run: `#if` branches for other platforms, and the
/// `else` side of availability checks for OS versions an iOS 27 SDK build no longer runs on.
package struct CompilationRegions: Sendable, Hashable {
    /// A `#if`/`#elseif`/`#else` branch with the condition under which it is compiled.
    package struct Branch: Sendable, Hashable {
        /// Byte offsets of the branch's code (after its directive line, up to the next directive).
        package let bytes: Range<Int>
        /// Conditions that must hold, and conditions that must not (earlier branches of the same `#if`).
        package let required: [String]
        package let excluded: [String]
    }

    /// Code that runs only below an OS version: `else` of `if #available(iOS 13, *)`, body of `#unavailable`.
    package struct LegacyCode: Sendable, Hashable {
        package let bytes: Range<Int>
        package let platform: String
        package let below: OSVersion
    }

    package let branches: [Branch]
    package let legacy: [LegacyCode]

    package static let none = CompilationRegions(branches: [], legacy: [])

    /// Whether the code at `offset` can be compiled and run for an app on `platforms` whose deployment
    /// target is `minimum`.
    package func isLive(offset: Int, platforms: Set<CompilePlatform>, minimum: OSVersion) -> Bool {
        for branch in branches where branch.bytes.contains(offset) {
            let possible = platforms.contains { platform in
                branch.required.allSatisfy { CompileCondition.evaluate($0, for: platform) != .no }
                    && branch.excluded.allSatisfy { CompileCondition.evaluate($0, for: platform) != .yes }
            }
            if !possible { return false }
        }
        for code in legacy where code.bytes.contains(offset) {
            // Scenes arrived in iOS 13: code for older systems is pre-scene by definition.
            if code.below <= OSVersion(13, 0) || code.below <= minimum { return false }
        }
        return true
    }
}

/// An OS version, compared numerically.
package struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let major: Int
    package let minor: Int

    package init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// `"13.0"`, `"9"`, `"16.4.1"`.
    package init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil else { return nil }
        self.init(major, parts.count > 1 ? (parts[1] ?? 0) : 0)
    }

    package static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    package var description: String { "\(major).\(minor)" }
}

/// A platform a build compiles for, as `#if` conditions see it.
package enum CompilePlatform: String, Sendable, Hashable {
    case iOS, tvOS, visionOS, macCatalyst
}

/// Evaluates `#if` conditions (Swift `os(iOS) && !targetEnvironment(macCatalyst)`, Objective-C
/// `TARGET_OS_TV || defined(FOO)`) for one platform, with unknown names giving `maybe`.
enum CompileCondition {
    enum Truth { case yes, no, maybe }

    static func evaluate(_ condition: String, for platform: CompilePlatform) -> Truth {
        var parser = Parser(tokens: tokenize(condition), platform: platform)
        let result = parser.expression()
        return parser.failed ? .maybe : result
    }

    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        let characters = Array(text)
        var index = 0
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                current.append(character)
            } else {
                flush()
                if character == "&" || character == "|" || character == "=" || character == ">" || character == "<",
                    index + 1 < characters.count, characters[index + 1] == character || characters[index + 1] == "="
                {
                    tokens.append(String(character) + String(characters[index + 1]))
                    index += 1
                } else if !character.isWhitespace {
                    tokens.append(String(character))
                }
            }
            index += 1
        }
        flush()
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        let platform: CompilePlatform
        var position = 0
        var failed = false

        init(tokens: [String], platform: CompilePlatform) {
            self.tokens = tokens
            self.platform = platform
        }

        var peek: String? { position < tokens.count ? tokens[position] : nil }

        mutating func expression() -> Truth {
            var value = conjunction()
            while peek == "||" {
                position += 1
                let right = conjunction()
                value = value == .yes || right == .yes ? .yes : (value == .no && right == .no ? .no : .maybe)
            }
            return value
        }

        mutating func conjunction() -> Truth {
            var value = unary()
            while peek == "&&" {
                position += 1
                let right = unary()
                value = value == .no || right == .no ? .no : (value == .yes && right == .yes ? .yes : .maybe)
            }
            return value
        }

        mutating func unary() -> Truth {
            if peek == "!" {
                position += 1
                switch unary() {
                case .yes: return .no
                case .no: return .yes
                case .maybe: return .maybe
                }
            }
            return primary()
        }

        mutating func primary() -> Truth {
            guard let token = peek else {
                failed = true
                return .maybe
            }
            position += 1
            if token == "(" {
                let value = expression()
                if peek == ")" { position += 1 } else { failed = true }
                return value
            }
            if peek == "(" {
                position += 1
                var arguments: [String] = []
                var depth = 0
                while let next = peek, !(next == ")" && depth == 0) {
                    if next == "(" { depth += 1 }
                    if next == ")" { depth -= 1 }
                    arguments.append(next)
                    position += 1
                }
                if peek == ")" { position += 1 } else { failed = true }
                return call(token, arguments)
            }
            if token == "defined" {
                // `defined FOO` without parentheses.
                position += 1
                return .maybe
            }
            return name(token)
        }

        func call(_ function: String, _ arguments: [String]) -> Truth {
            let argument = arguments.first ?? ""
            switch function {
            case "os":
                switch argument {
                case "iOS": return platform == .iOS || platform == .macCatalyst ? .yes : .no
                case "tvOS": return platform == .tvOS ? .yes : .no
                case "visionOS", "xrOS": return platform == .visionOS ? .yes : .no
                case "macOS", "OSX", "watchOS", "Linux", "Windows", "Android": return .no
                default: return .maybe
                }
            case "targetEnvironment":
                if argument == "macCatalyst" { return platform == .macCatalyst ? .yes : .no }
                return .maybe
            case "canImport":
                return argument == "UIKit" ? .yes : (argument == "AppKit" && platform != .macCatalyst ? .no : .maybe)
            default:
                return .maybe
            }
        }

        func name(_ token: String) -> Truth {
            switch token {
            case "1", "true": return .yes
            case "0", "false": return .no
            case "TARGET_OS_IPHONE", "TARGET_OS_IOS", "TARGET_OS_TV", "TARGET_OS_VISION", "TARGET_OS_XR",
                "TARGET_OS_OSX", "TARGET_OS_MAC", "TARGET_OS_MACCATALYST", "TARGET_OS_UIKITFORMAC", "TARGET_OS_WATCH":
                return targetMacro(token)
            default:
                return .maybe
            }
        }

        func targetMacro(_ token: String) -> Truth {
            switch token {
            case "TARGET_OS_IPHONE", "TARGET_OS_MAC": return .yes
            case "TARGET_OS_IOS": return platform == .iOS || platform == .macCatalyst ? .yes : .no
            case "TARGET_OS_TV": return platform == .tvOS ? .yes : .no
            case "TARGET_OS_VISION", "TARGET_OS_XR": return platform == .visionOS ? .yes : .no
            case "TARGET_OS_MACCATALYST", "TARGET_OS_UIKITFORMAC": return platform == .macCatalyst ? .yes : .no
            default: return .no
            }
        }
    }
}

/// Finds conditional branches and legacy-only code in a token stream.
struct RegionScanner {
    let file: SourceFile

    func scan() -> CompilationRegions {
        CompilationRegions(branches: branches(), legacy: legacyCode())
    }

    // MARK: #if

    private struct OpenConditional {
        var earlier: [String]
        var current: [String]
        var start: Int
    }

    private func branches() -> [CompilationRegions.Branch] {
        var result: [CompilationRegions.Branch] = []
        var stack: [OpenConditional] = []
        var index = 0
        let tokens = file.tokens
        while index < tokens.count {
            guard let (kind, condition, next, lineEnd) = directive(at: index) else {
                index += 1
                continue
            }
            switch kind {
            case "if":
                stack.append(OpenConditional(earlier: [], current: [condition], start: lineEnd))
            case "elseif":
                if var open = stack.popLast() {
                    result.append(close(open, at: Int(tokens[index].start)))
                    open.earlier += open.current
                    open.current = [condition]
                    open.start = lineEnd
                    stack.append(open)
                }
            case "else":
                if var open = stack.popLast() {
                    result.append(close(open, at: Int(tokens[index].start)))
                    open.earlier += open.current
                    open.current = []
                    open.start = lineEnd
                    stack.append(open)
                }
            case "endif":
                if let open = stack.popLast() { result.append(close(open, at: Int(tokens[index].start))) }
            default:
                break
            }
            index = next
        }
        return result.filter { !$0.required.isEmpty || !$0.excluded.isEmpty }
    }

    private func close(_ open: OpenConditional, at end: Int) -> CompilationRegions.Branch {
        CompilationRegions.Branch(bytes: open.start..<max(open.start, end), required: open.current, excluded: open.earlier)
    }

    /// A directive at `index`: its kind (`if`, `elseif`, `else`, `endif`), its condition, the index
    /// after it, and the byte offset where the line after it starts.
    private func directive(at index: Int) -> (String, String, Int, Int)? {
        let token = file.tokens[index]
        switch file.language {
        case .objectiveC:
            guard token.kind == .directive else { return nil }
            let text = file.text(index).dropFirst().drop { $0 == " " || $0 == "\t" }
            let word = String(text.prefix { $0.isLetter })
            let rest = String(text.dropFirst(word.count)).replacingLineContinuations()
            let end = Int(token.end)
            switch word {
            case "if": return ("if", rest, index + 1, end)
            case "ifdef": return ("if", "defined(\(rest.trimmed))", index + 1, end)
            case "ifndef": return ("if", "!defined(\(rest.trimmed))", index + 1, end)
            case "elif": return ("elseif", rest, index + 1, end)
            case "else": return ("else", "", index + 1, end)
            case "endif": return ("endif", "", index + 1, end)
            default: return nil
            }
        case .swift:
            guard token.kind == .keyword else { return nil }
            let kind: String
            if file.is(index, "#if") {
                kind = "if"
            } else if file.is(index, "#elseif") {
                kind = "elseif"
            } else if file.is(index, "#else") {
                kind = "else"
            } else if file.is(index, "#endif") {
                kind = "endif"
            } else {
                return nil
            }
            // The condition is the rest of the directive's line.
            let line = file.line(ofToken: index)
            var next = index + 1
            var condition = ""
            while next < file.tokens.count, file.line(ofToken: next) == line {
                condition += file.text(next) + " "
                next += 1
            }
            let lineEnd = next < file.tokens.count ? Int(file.tokens[next].start) : file.bytes.count
            return (kind, kind == "if" || kind == "elseif" ? condition : "", next, lineEnd)
        }
    }

    // MARK: Availability

    /// `if #available(iOS 13.0, *) { … } else { LEGACY }`, `if (@available(iOS 13.0, *)) { … } else { LEGACY }`,
    /// `guard #available(iOS 13, *) else { LEGACY }`, `if #unavailable(iOS 13) { LEGACY }`.
    private func legacyCode() -> [CompilationRegions.LegacyCode] {
        var result: [CompilationRegions.LegacyCode] = []
        for index in file.tokens.indices where file.tokens[index].kind == .keyword {
            let available = file.is(index, "#available") || file.is(index, "@available")
            let unavailable = file.is(index, "#unavailable")
            guard available || unavailable, file.isPunctuation(index + 1, UInt8(ascii: "(")),
                file.isIdentifier(index + 2), file.tokens.indices.contains(index + 3), file.tokens[index + 3].kind == .number,
                let version = OSVersion(file.text(index + 3))
            else { continue }
            let platform = file.text(index + 2)
            guard platform == "iOS" || platform == "tvOS" || platform == "visionOS" else { continue }
            let close = Int(file.partners[index + 1])
            guard close > index else { continue }
            var after = close + 1
            // Objective-C wraps the check in the `if`'s own parentheses.
            var isObjC = false
            if file.language == .objectiveC, file.isPunctuation(index - 1, UInt8(ascii: "(")), file.isPunctuation(after, UInt8(ascii: ")"))
            {
                after += 1
                isObjC = true
            }
            let keyword = isObjC ? index - 2 : index - 1
            if unavailable, file.is(keyword, "if"), let body = block(at: after) {
                result.append(CompilationRegions.LegacyCode(bytes: body, platform: platform, below: version))
            } else if available, file.is(keyword, "if"), file.isPunctuation(after, UInt8(ascii: "{")) {
                let thenEnd = Int(file.partners[after])
                guard thenEnd > after, file.is(thenEnd + 1, "else"), let body = block(at: thenEnd + 2) else { continue }
                result.append(CompilationRegions.LegacyCode(bytes: body, platform: platform, below: version))
            } else if available, file.is(keyword, "guard"), file.is(after, "else"), let body = block(at: after + 1) {
                result.append(CompilationRegions.LegacyCode(bytes: body, platform: platform, below: version))
            }
        }
        return result
    }

    /// The byte range inside a `{ … }` block starting at `index`.
    private func block(at index: Int) -> Range<Int>? {
        guard file.isPunctuation(index, UInt8(ascii: "{")) else { return nil }
        let close = Int(file.partners[index])
        guard close > index else { return nil }
        return Int(file.tokens[index].end)..<Int(file.tokens[close].start)
    }
}

private extension String {
    func replacingLineContinuations() -> String {
        String(map { $0 == "\\" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
