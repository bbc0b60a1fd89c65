import XcodeProject

/// Xcode's Info.plist preprocessing (`INFOPLIST_PREPROCESS = YES`), done by our own small preprocessor:
/// `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif`, `#include`/`#import`, `#define`/`#undef`, and object-like
/// macros replaced in the text, with the target's `INFOPLIST_PREPROCESSOR_DEFINITIONS` and the `#define`s of its
/// `INFOPLIST_PREFIX_HEADER`. Nothing is run: no compiler, no cpp.
///
/// A condition that cannot be decided (a macro an include that is missing from the tree may define, a
/// function-like macro, `__has_include`) is not guessed: each branch is read, and each outcome is its own
/// variant with the assumptions that lead to it.
struct PlistPreprocessor {
    /// A file as the preprocessor reads it, by root-relative path: its bytes and its path as the tree spells
    /// it (an include may name it with other capitals; problems in it name the file that exists).
    let load: (String) -> (path: String, bytes: [UInt8])?
    /// How many undecidable conditions are followed both ways; past that the first branch is taken.
    static let maximumChoices = 4
    static let maximumIncludeDepth = 16

    /// One way the plist can come out.
    struct Outcome {
        var text: String
        /// For each output line (0-based), its line in the plist file itself, or nil for lines of included files.
        var sourceLines: [Int?]
        /// The undecided conditions and the branch this outcome took, as `#if X at file:line`, for messages.
        var assumptions: [String]
    }

    struct Problem: Hashable {
        let file: String
        let line: Int
        let message: String
    }

    /// Macros from `INFOPLIST_PREPROCESSOR_DEFINITIONS` (`NAME`, `NAME=value`, quoted values).
    static func definitions(_ setting: String) -> [String: String] {
        var result: [String: String] = [:]
        var current = ""
        var quote: Character?
        var words: [String] = []
        for character in setting {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " || character == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        for word in words {
            if let equals = word.firstIndex(of: "=") {
                result[String(word[..<equals])] = String(word[word.index(after: equals)...])
            } else {
                result[word] = "1"
            }
        }
        return result
    }

    /// Every outcome of the plist `file` (the first up to `2^maximumChoices`), and the problems met.
    /// - Parameter controlled: macros the target's build settings define in some configuration: they are
    ///   decided by the settings even when an include that is not in the tree might define others.
    func run(file: String, bytes: [UInt8], definitions: [String: String], prefixHeader: String?, controlled: Set<String> = []) -> (
        outcomes: [Outcome], problems: [Problem]
    ) {
        var outcomes: [Outcome] = []
        var problems: Set<Problem> = []
        // Depth-first over the undecided conditions: each run takes the branches `decisions` says and
        // the first branch of any new one, which is then tried the other way.
        var pending: [[Bool]] = [[]]
        while let decisions = pending.popLast() {
            var run = Run(preprocessor: self, decisions: decisions, macros: definitions)
            run.controlled = controlled
            if let prefixHeader {
                if let (headerPath, header) = load(prefixHeader) {
                    run.process(String(decoding: header, as: UTF8.self), file: headerPath, isPlist: false, depth: 1)
                    run.output = ""
                    run.sourceLines = []
                } else {
                    run.problems.insert(Problem(file: file, line: 1, message: "INFOPLIST_PREFIX_HEADER \(prefixHeader) is not in the tree"))
                    run.unknownMacros = true
                }
            }
            run.process(String(decoding: bytes, as: UTF8.self), file: file, isPlist: true, depth: 0)
            problems.formUnion(run.problems)
            outcomes.append(Outcome(text: run.output, sourceLines: run.sourceLines, assumptions: run.assumptions))
            if run.taken.count > decisions.count, run.taken.count <= Self.maximumChoices {
                // The new choices, each tried the other way; the deepest is popped first, so outcomes come
                // out in the order of their branches (taken before not taken, first condition first).
                for index in decisions.count..<run.taken.count {
                    pending.append(Array(run.taken[..<index]) + [false])
                }
            }
        }
        return (outcomes, problems.sorted { ($0.file, $0.line, $0.message) < ($1.file, $1.line, $1.message) })
    }

    /// One pass over the text with a fixed set of decisions.
    private struct Run {
        let preprocessor: PlistPreprocessor
        let decisions: [Bool]
        var macros: [String: String]
        var output = ""
        var sourceLines: [Int?] = []
        var taken: [Bool] = []
        var assumptions: [String] = []
        var problems: Set<PlistPreprocessor.Problem> = []
        /// A missing include may define any macro: names not defined are then undecidable, not false.
        var unknownMacros = false
        var controlled: Set<String> = []

        init(preprocessor: PlistPreprocessor, decisions: [Bool], macros: [String: String]) {
            self.preprocessor = preprocessor
            self.decisions = decisions
            self.macros = macros
        }

        /// The state of one `#if` group: whether its current branch is live, and whether one was taken.
        private struct Group {
            var active: Bool
            var done: Bool
            let parentActive: Bool
            /// Where the group's `#if` is, for an unclosed group.
            var line = 0
        }

        mutating func process(_ text: String, file: String, isPlist: Bool, depth: Int) {
            var groups: [Group] = []
            var active: Bool { groups.last?.active ?? true }
            var lineNumber = 0
            for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
                lineNumber += 1
                let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard trimmed.hasPrefix("#") else {
                    if active, isPlist || depth > 0 { emit(substitute(String(line)), line: isPlist ? lineNumber : nil) }
                    continue
                }
                var directive = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
                let name = String(directive.prefix { $0.isLetter })
                directive = directive.dropFirst(name.count)
                let argument = Substring(Self.stripComment(String(directive))).trimmingSpaces()
                let place = "\(file):\(lineNumber)"
                switch name {
                case "if", "ifdef", "ifndef":
                    guard active else {
                        groups.append(Group(active: false, done: true, parentActive: false, line: lineNumber))
                        break
                    }
                    let value: Bool? =
                        name == "if" ? evaluate(argument) : (name == "ifdef" ? isDefined(argument) : isDefined(argument).map { !$0 })
                    let decided = value ?? choose("#\(name) \(argument) at \(place)")
                    groups.append(Group(active: decided, done: decided, parentActive: true, line: lineNumber))
                case "elif":
                    guard var group = groups.popLast() else { break }
                    if group.done || !group.parentActive {
                        group.active = false
                    } else {
                        let decided = evaluate(argument) ?? choose("#elif \(argument) at \(place)")
                        group.active = decided
                        group.done = decided
                    }
                    groups.append(group)
                case "else":
                    guard var group = groups.popLast() else { break }
                    group.active = group.parentActive && !group.done
                    group.done = true
                    groups.append(group)
                case "endif":
                    if groups.popLast() == nil {
                        problems.insert(Problem(file: file, line: lineNumber, message: "#endif without #if"))
                    }
                case "define" where active:
                    let macro = String(argument.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    guard !macro.isEmpty else { break }
                    let rest = argument.dropFirst(macro.count)
                    // A function-like macro cannot be expanded by text replacement: calls to it are undecidable.
                    macros[macro] = rest.hasPrefix("(") ? Self.functionLike : rest.trimmingSpaces()
                case "undef" where active:
                    macros[argument] = nil
                case "include", "import":
                    guard active else { break }
                    include(argument, from: file, line: lineNumber, depth: depth)
                    if isPlist { emit("", line: lineNumber) }
                    continue
                case "error" where active:
                    problems.insert(Problem(file: file, line: lineNumber, message: "#error \(argument): Xcode stops the build here"))
                default:
                    break
                }
                // Directive lines leave a blank line, so the plist's own lines keep their numbers.
                if isPlist { emit("", line: lineNumber) }
            }
            for group in groups {
                problems.insert(Problem(file: file, line: group.line, message: "#if without #endif"))
            }
        }

        static let functionLike = "\u{0}function-like"

        private mutating func emit(_ text: String, line: Int?) {
            output += text + "\n"
            sourceLines.append(line)
        }

        private mutating func choose(_ description: String) -> Bool {
            let index = taken.count
            let value = index < decisions.count ? decisions[index] : true
            taken.append(value)
            assumptions.append((value ? "" : "not ") + description)
            return value
        }

        private mutating func include(_ argument: String, from file: String, line: Int, depth: Int) {
            guard let first = argument.first, first == "\"" || first == "<" else { return }
            let close: Character = first == "\"" ? "\"" : ">"
            let name = String(argument.dropFirst().prefix { $0 != close })
            guard depth < PlistPreprocessor.maximumIncludeDepth else {
                problems.insert(Problem(file: file, line: line, message: "#include \(name) nested too deep; not followed"))
                return
            }
            guard let requested = Paths.resolve(Paths.directory(of: file), name), let (path, bytes) = preprocessor.load(requested) else {
                problems.insert(
                    Problem(
                        file: file, line: line,
                        message:
                            "#include \(argument) is not in the tree (written at build time?): conditions on macros it may define are read both ways"
                    ))
                unknownMacros = true
                return
            }
            process(String(decoding: bytes, as: UTF8.self), file: path, isPlist: false, depth: depth + 1)
        }

        private func isDefined(_ name: String) -> Bool? {
            if macros[name] != nil { return true }
            return unknownMacros && !controlled.contains(name) ? nil : false
        }

        /// Replaces defined object-like macros in a line of plist text (identifier boundaries only).
        private func substitute(_ line: String) -> String {
            guard !macros.isEmpty else { return line }
            var result = ""
            var word = ""
            func flush(_ result: inout String) {
                if !word.isEmpty {
                    if let value = macros[word], value != Self.functionLike { result += value } else { result += word }
                    word = ""
                }
            }
            for character in line {
                if character.isLetter || character == "_" || (character.isNumber && !word.isEmpty) {
                    word.append(character)
                } else {
                    flush(&result)
                    result.append(character)
                }
            }
            flush(&result)
            return result
        }

        /// A `#if`/`#elif` expression: true, false, or nil when it cannot be decided.
        private func evaluate(_ expression: String) -> Bool? {
            var parser = ConditionParser(
                tokens: ConditionParser.tokenize(expression), macros: macros, unknownMacros: unknownMacros, controlled: controlled)
            guard let value = parser.parseExpression(), parser.atEnd else { return nil }
            return value.map { $0 != 0 }
        }

        static func stripComment(_ text: String) -> String {
            var result = text
            if let range = result.range(of: "//") { result = String(result[..<range.lowerBound]) }
            if let range = result.range(of: "/*") { result = String(result[..<range.lowerBound]) }
            return result
        }
    }
}

/// The integer expressions of `#if`: numbers, macros, `defined`, `!`, `&&`, `||`, comparisons, `+ - * / %`
/// and parentheses. A value is nil when it cannot be decided; parsing fails (nil from `parseExpression`)
/// on anything else.
struct ConditionParser {
    let tokens: [String]
    let macros: [String: String]
    let unknownMacros: Bool
    var controlled: Set<String> = []
    var index = 0
    /// Macros being expanded, so `#define A A` ends.
    var expanding: Set<String> = []

    var atEnd: Bool { index == tokens.count }

    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        let characters = Array(text)
        var position = 0
        while position < characters.count {
            let character = characters[position]
            if character == " " || character == "\t" {
                position += 1
            } else if character.isLetter || character == "_" || character.isNumber {
                var end = position
                while end < characters.count, characters[end].isLetter || characters[end].isNumber || characters[end] == "_" { end += 1 }
                tokens.append(String(characters[position..<end]))
                position = end
            } else {
                let pair = position + 1 < characters.count ? String(characters[position...position + 1]) : ""
                if ["&&", "||", "==", "!=", "<=", ">="].contains(pair) {
                    tokens.append(pair)
                    position += 2
                } else {
                    tokens.append(String(character))
                    position += 1
                }
            }
        }
        return tokens
    }

    /// `Optional<Optional<Int>>`: the outer nil is a parse failure, the inner one an undecidable value.
    mutating func parseExpression() -> Int?? {
        parseBinary(level: 0)
    }

    static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]]

    private mutating func parseBinary(level: Int) -> Int?? {
        guard level < Self.levels.count else { return parseUnary() }
        guard var left = parseBinary(level: level + 1) else { return nil }
        while index < tokens.count, Self.levels[level].contains(tokens[index]) {
            let operation = tokens[index]
            index += 1
            guard let right = parseBinary(level: level + 1) else { return nil }
            left = Self.apply(operation, left, right)
        }
        return left
    }

    private static func apply(_ operation: String, _ left: Int?, _ right: Int?) -> Int? {
        // `0 && x` and `1 || x` are decided whatever x is.
        if operation == "&&", left == 0 || right == 0 { return 0 }
        if operation == "||", (left.map { $0 != 0 } ?? false) || (right.map { $0 != 0 } ?? false) { return 1 }
        guard let left, let right else { return nil }
        switch operation {
        case "||": return (left != 0 || right != 0) ? 1 : 0
        case "&&": return (left != 0 && right != 0) ? 1 : 0
        case "==": return left == right ? 1 : 0
        case "!=": return left != right ? 1 : 0
        case "<": return left < right ? 1 : 0
        case ">": return left > right ? 1 : 0
        case "<=": return left <= right ? 1 : 0
        case ">=": return left >= right ? 1 : 0
        case "+": return left &+ right
        case "-": return left &- right
        case "*": return left &* right
        case "/": return right == 0 ? nil : left / right
        case "%": return right == 0 ? nil : left % right
        default: return nil
        }
    }

    private mutating func parseUnary() -> Int?? {
        guard index < tokens.count else { return nil }
        let token = tokens[index]
        index += 1
        switch token {
        case "!":
            guard let value = parseUnary() else { return nil }
            return .some(value.map { $0 == 0 ? 1 : 0 })
        case "-":
            guard let value = parseUnary() else { return nil }
            return .some(value.map { -$0 })
        case "+":
            return parseUnary()
        case "(":
            guard let value = parseExpression(), index < tokens.count, tokens[index] == ")" else { return nil }
            index += 1
            return value
        case "defined":
            var name: String
            if index < tokens.count, tokens[index] == "(" {
                guard index + 2 < tokens.count, tokens[index + 2] == ")" else { return nil }
                name = tokens[index + 1]
                index += 3
            } else {
                guard index < tokens.count else { return nil }
                name = tokens[index]
                index += 1
            }
            if macros[name] != nil { return .some(1) }
            return .some(unknownMacros && !controlled.contains(name) ? nil : 0)
        default:
            if let number = Self.number(token) { return .some(number) }
            guard let first = token.first, first.isLetter || first == "_" else { return nil }
            // `__has_include(...)`, a function-like macro call: undecidable; skip the arguments.
            if index < tokens.count, tokens[index] == "(" {
                var depth = 0
                while index < tokens.count {
                    if tokens[index] == "(" { depth += 1 }
                    if tokens[index] == ")" {
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            break
                        }
                    }
                    index += 1
                }
                return .some(nil)
            }
            guard let value = macros[token] else { return .some(unknownMacros && !controlled.contains(token) ? nil : 0) }
            guard !expanding.contains(token) else { return .some(nil) }
            var inner = ConditionParser(tokens: Self.tokenize(value), macros: macros, unknownMacros: unknownMacros, controlled: controlled)
            inner.expanding = expanding.union([token])
            guard !inner.tokens.isEmpty, let result = inner.parseExpression(), inner.atEnd else { return .some(nil) }
            return .some(result)
        }
    }

    /// `12`, `0x1F`, `1L`, `07`: C integer literals.
    static func number(_ token: String) -> Int? {
        var text = token.lowercased()
        while let last = text.last, last == "l" || last == "u" { text.removeLast() }
        if text.hasPrefix("0x") { return Int(text.dropFirst(2), radix: 16) }
        if text.count > 1, text.hasPrefix("0") { return Int(text.dropFirst(), radix: 8) }
        return Int(text)
    }
}
