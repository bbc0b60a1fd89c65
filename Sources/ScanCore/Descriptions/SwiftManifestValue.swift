import XcodeProject

/// A value of a Swift manifest (Tuist's `Project.swift`) read statically from the project's own lexer:
/// literals, arrays, dictionaries, `.member`s and calls with labelled arguments. Nothing is compiled or
/// run; whatever needs running (operators, closures, interpolation, unknown functions) is `computed`,
/// with where it is, so the reader can say what it could not read.
indirect enum ManifestValue: Sendable, Hashable {
    case string(String, SettingOrigin)
    case number(String, SettingOrigin)
    case bool(Bool, SettingOrigin)
    case array([ManifestValue], SettingOrigin)
    case dictionary([(key: String, keyOrigin: SettingOrigin, value: ManifestValue)], SettingOrigin)
    /// `.app`, `.iOS`, `Foo.bar`: a member without arguments.
    case member(String, SettingOrigin)
    /// `Target(...)`, `.target(...)`, `.file(path: ...)`: a call with its (label, value) arguments.
    case call(String, [(label: String?, value: ManifestValue)], SettingOrigin)
    /// What the reader cannot evaluate without running the manifest, and why.
    case computed(String, SettingOrigin)

    static func == (lhs: ManifestValue, rhs: ManifestValue) -> Bool { lhs.description == rhs.description && lhs.origin == rhs.origin }
    func hash(into hasher: inout Hasher) { hasher.combine(description) }

    var origin: SettingOrigin {
        switch self {
        case .string(_, let origin), .number(_, let origin), .bool(_, let origin), .array(_, let origin), .dictionary(_, let origin),
            .member(_, let origin), .call(_, _, let origin), .computed(_, let origin):
            return origin
        }
    }

    var string: String? {
        if case .string(let text, _) = self { return text }
        return nil
    }

    /// The name of a member or call (`app` for `.app`, `target` for `.target(…)`).
    var name: String? {
        switch self {
        case .member(let name, _), .call(let name, _, _): return name
        default: return nil
        }
    }

    /// A labelled argument of a call.
    func argument(_ label: String) -> ManifestValue? {
        if case .call(_, let arguments, _) = self { return arguments.first { $0.label == label }?.value }
        return nil
    }

    /// The first unlabelled argument.
    var firstUnlabelled: ManifestValue? {
        if case .call(_, let arguments, _) = self { return arguments.first { $0.label == nil }?.value }
        return nil
    }

    var items: [ManifestValue]? {
        if case .array(let items, _) = self { return items }
        return nil
    }

    /// The first thing in the value that could not be read, for diagnostics.
    var firstComputed: (String, SettingOrigin)? {
        // Plain loops: a lazy compactMap's `first` computes the element twice, which doubles the work at
        // every level of nesting (found by the hostile-input tests: 5,000 nested brackets took seconds).
        var children: [ManifestValue] = []
        switch self {
        case .computed(let reason, let origin): return (reason, origin)
        case .array(let items, _): children = items
        case .dictionary(let entries, _): children = entries.map(\.value)
        case .call(_, let arguments, _): children = arguments.map(\.value)
        default: return nil
        }
        for child in children {
            if let found = child.firstComputed { return found }
        }
        return nil
    }

    var description: String {
        switch self {
        case .string(let text, _): return "\"\(text)\""
        case .number(let text, _): return text
        case .bool(let value, _): return value ? "true" : "false"
        case .array(let items, _): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let entries, _):
            return "[" + entries.map { "\"\($0.key)\": \($0.value.description)" }.joined(separator: ", ") + "]"
        case .member(let name, _): return "." + name
        case .call(let name, let arguments, _):
            return name + "(" + arguments.map { ($0.label.map { $0 + ": " } ?? "") + $0.value.description }.joined(separator: ", ") + ")"
        case .computed(let reason, _): return "<\(reason)>"
        }
    }

    /// As a spec value (for Info.plist dictionaries): `Plist.Value` spellings (`.string("x")`, `.boolean(true)`,
    /// `.array`, `.dictionary`, `.integer`) unwrapped.
    var specValue: SpecValue {
        switch self {
        case .string(let text, let origin): return .scalar(text, plain: false, origin)
        case .number(let text, let origin): return .scalar(text, plain: true, origin)
        case .bool(let value, let origin): return .scalar(value ? "true" : "false", plain: true, origin)
        case .array(let items, let origin): return .list(items.map(\.specValue), origin)
        case .dictionary(let entries, let origin):
            return .map(entries.map { SpecEntry(key: $0.key, keyOrigin: $0.keyOrigin, value: $0.value.specValue) }, origin)
        case .call(let name, _, let origin) where ["string", "boolean", "integer", "real", "array", "dictionary"].contains(name):
            return firstUnlabelled?.specValue ?? .scalar("", plain: false, origin)
        case .member(let name, let origin): return .scalar(name, plain: false, origin)
        case .call(_, _, let origin), .computed(_, let origin): return .scalar("", plain: false, origin)
        }
    }
}

/// Reads expressions from a lexed Swift file, resolving names through the manifest's own `let`s and the
/// helpers' (`Tuist/ProjectDescriptionHelpers`) `let`s, `static let`/`var`s and single-expression functions,
/// with the call's arguments bound to the function's parameters.
struct ManifestReader {
    struct Function {
        let file: SourceFile
        /// (external label, internal name, default value token range)
        let parameters: [(label: String?, name: String, defaultValue: Range<Int>?)]
        /// The tokens of the returned expression.
        let body: Range<Int>
    }

    /// Named values: `let name = …` (file scope or static), by name.
    private(set) var constants: [String: (file: SourceFile, range: Range<Int>)] = [:]
    private(set) var functions: [String: Function] = [:]
    /// The deepest call nesting followed through helpers; manifests that recurse deeper are computed.
    static let maximumDepth = 24
    /// The most expressions one reading evaluates: names are evaluated where they are used, so
    /// `let a = [b, b]`, `let b = [c, c]`… would otherwise double the work at every level.
    static let maximumEvaluations = 20_000

    /// Evaluations left in the current reading (a reference: evaluation is non-mutating and recursive).
    private final class Budget {
        var remaining = ManifestReader.maximumEvaluations
    }
    private let budget = Budget()

    /// Collects the declarations of `files` (the manifest first: its names win over helpers').
    init(files: [SourceFile]) {
        for file in files.reversed() { collect(file) }
    }

    private mutating func collect(_ file: SourceFile) {
        let tokens = file.tokens
        var index = 0
        while index < tokens.count {
            if file.is(index, "let") || file.is(index, "var"), index + 1 < tokens.count, file.isIdentifier(index + 1) {
                let name = file.text(index + 1)
                var cursor = index + 2
                // Skip a type annotation up to `=` or `{` at this nesting.
                if cursor < tokens.count, file.isPunctuation(cursor, UInt8(ascii: ":")) {
                    while cursor < tokens.count, !file.isPunctuation(cursor, UInt8(ascii: "=")),
                        !file.isPunctuation(cursor, UInt8(ascii: "{")),
                        !file.is(cursor, "let"), !file.is(cursor, "var"), !file.is(cursor, "func")
                    {
                        if isOpen(file, cursor), file.partners[cursor] > cursor, !file.isPunctuation(cursor, UInt8(ascii: "{")) {
                            cursor = Int(file.partners[cursor])
                        }
                        cursor += 1
                    }
                }
                if cursor < tokens.count, file.isPunctuation(cursor, UInt8(ascii: "=")) {
                    let end = expressionEnd(file, from: cursor + 1)
                    constants[name] = (file, (cursor + 1)..<end)
                    index = end
                    continue
                }
                if cursor < tokens.count, file.isPunctuation(cursor, UInt8(ascii: "{")), file.partners[cursor] > cursor {
                    // A computed property `var x: T { expr }` (or `{ return expr }`).
                    var start = cursor + 1
                    if file.is(start, "return") { start += 1 }
                    constants[name] = (file, start..<Int(file.partners[cursor]))
                    index = Int(file.partners[cursor]) + 1
                    continue
                }
            }
            if file.is(index, "func"), index + 2 < tokens.count, file.isIdentifier(index + 1),
                file.isPunctuation(index + 2, UInt8(ascii: "("))
            {
                let name = file.text(index + 1)
                let close = Int(file.partners[index + 2])
                if close > index + 2, let function = function(file, parameters: (index + 3)..<close) {
                    functions[name] = function
                }
            }
            index += 1
        }
    }

    private func function(_ file: SourceFile, parameters range: Range<Int>) -> Function? {
        var parameters: [(label: String?, name: String, defaultValue: Range<Int>?)] = []
        for part in split(file, range) {
            guard let first = part.first, file.isIdentifier(first) || file.is(first, "_") else { continue }
            var names: [String] = []
            var cursor = first
            while cursor < part.upperBound, !file.isPunctuation(cursor, UInt8(ascii: ":")) {
                names.append(file.text(cursor))
                cursor += 1
            }
            let label = names.count > 1 ? (names[0] == "_" ? nil : names[0]) : names.first
            let name = names.last ?? ""
            var defaultValue: Range<Int>?
            var scan = cursor
            while scan < part.upperBound {
                if file.isPunctuation(scan, UInt8(ascii: "=")) {
                    defaultValue = (scan + 1)..<part.upperBound
                    break
                }
                if isOpen(file, scan), file.partners[scan] > scan { scan = Int(file.partners[scan]) }
                scan += 1
            }
            parameters.append((label, name, defaultValue))
        }
        // The body: `-> T { return expr }` or `{ expr }`: the first `{` after the parameters.
        var cursor = range.upperBound + 1
        while cursor < file.tokens.count, !file.isPunctuation(cursor, UInt8(ascii: "{")) {
            if file.is(cursor, "func") || file.is(cursor, "let") || file.is(cursor, "var") { return nil }
            cursor += 1
        }
        guard cursor < file.tokens.count, file.partners[cursor] > cursor else { return nil }
        var start = cursor + 1
        let end = Int(file.partners[cursor])
        if file.is(start, "return") { start += 1 }
        // Only single-expression bodies: statements (`let`, `var`, `if`, `guard`, a second `return`) are computed.
        let body = start..<end
        var index = body.lowerBound
        while index < body.upperBound {
            if ["let", "var", "if", "guard", "for", "switch", "return"].contains(where: { file.is(index, text: $0) }) { return nil }
            if isOpen(file, index), file.partners[index] > index { index = Int(file.partners[index]) }
            index += 1
        }
        return Function(file: file, parameters: parameters, body: body)
    }

    private func isOpen(_ file: SourceFile, _ index: Int) -> Bool {
        file.isPunctuation(index, UInt8(ascii: "(")) || file.isPunctuation(index, UInt8(ascii: "["))
            || file.isPunctuation(index, UInt8(ascii: "{"))
    }

    /// Where an expression starting at `start` ends: the next declaration keyword at this nesting, or the file's end.
    private func expressionEnd(_ file: SourceFile, from start: Int) -> Int {
        var index = start
        while index < file.tokens.count {
            if index > start,
                [
                    "let", "var", "func", "public", "private", "extension", "import", "struct", "enum", "static", "class", "internal",
                    "fileprivate",
                ].contains(where: { file.is(index, text: $0) })
            {
                return index
            }
            if isOpen(file, index), file.partners[index] > index {
                index = Int(file.partners[index]) + 1
                continue
            }
            // A closing bracket of an enclosing scope ends the expression (`static let x = …` inside `extension {}`).
            if file.isPunctuation(index, UInt8(ascii: "}")) || file.isPunctuation(index, UInt8(ascii: ")"))
                || file.isPunctuation(index, UInt8(ascii: "]"))
            {
                return index
            }
            index += 1
        }
        return index
    }

    /// Comma-separated parts of a token range at its own nesting.
    private func split(_ file: SourceFile, _ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if isOpen(file, index), file.partners[index] > index, Int(file.partners[index]) < range.upperBound {
                index = Int(file.partners[index]) + 1
                continue
            }
            if file.isPunctuation(index, UInt8(ascii: ",")) {
                if index > start { parts.append(start..<index) }
                start = index + 1
            }
            index += 1
        }
        if range.upperBound > start { parts.append(start..<range.upperBound) }
        return parts
    }

    // MARK: Evaluation

    typealias Scope = [String: ManifestValue]

    /// The value of the `let` named `name` (the manifest's `let project = Project(…)`).
    func constant(_ name: String) -> ManifestValue? {
        guard let (file, range) = constants[name] else { return nil }
        budget.remaining = Self.maximumEvaluations
        return evaluate(file, range, scope: [:], depth: 0)
    }

    func origin(_ file: SourceFile, _ index: Int) -> SettingOrigin {
        let offset = Int(file.tokens[min(index, file.tokens.count - 1)].start)
        return SettingOrigin(file: file.path, line: file.line(ofOffset: offset), column: file.column(ofOffset: offset))
    }

    func evaluate(_ file: SourceFile, _ range: Range<Int>, scope: Scope, depth: Int) -> ManifestValue {
        guard !range.isEmpty, range.upperBound <= file.tokens.count else {
            return .computed("an empty expression", origin(file, max(0, min(range.lowerBound, file.tokens.count - 1))))
        }
        guard depth < Self.maximumDepth else { return .computed("nested too deep", origin(file, range.lowerBound)) }
        budget.remaining -= 1
        guard budget.remaining >= 0 else { return .computed("more than the manifest reader evaluates", origin(file, range.lowerBound)) }
        var (value, next) = primary(file, range, scope: scope, depth: depth)
        // Postfix: `.member`, `.call(…)`, `(…)`; anything else left over (an operator) makes it computed.
        while next < range.upperBound {
            if file.isPunctuation(next, UInt8(ascii: ".")), next + 1 < range.upperBound, file.isIdentifier(next + 1) {
                let name = file.text(next + 1)
                if next + 2 < range.upperBound, file.isPunctuation(next + 2, UInt8(ascii: "(")),
                    Int(file.partners[next + 2]) > next + 2, Int(file.partners[next + 2]) < range.upperBound
                {
                    let close = Int(file.partners[next + 2])
                    value = call(
                        name, file, (next + 3)..<close, receiver: value, origin: origin(file, next + 1), scope: scope, depth: depth)
                    next = close + 1
                } else if case .member(let type, _) = value, type.first?.isUppercase == true,
                    let resolved = resolve(name, scope: [:], depth: depth)
                {
                    // `Project.teamPrefix`: a static member of a helper extension.
                    value = resolved
                    next += 2
                } else {
                    value = .member(name, origin(file, next + 1))
                    next += 2
                }
                continue
            }
            return .computed("an expression (`\(file.text(next))`) that only running the manifest decides", origin(file, next))
        }
        return value
    }

    private func primary(_ file: SourceFile, _ range: Range<Int>, scope: Scope, depth: Int) -> (ManifestValue, Int) {
        let index = range.lowerBound
        let token = file.tokens[index]
        let here = origin(file, index)
        switch token.kind {
        case .string:
            let text = file.text(index)
            guard text.hasPrefix("\""), !text.hasPrefix("\"\"\""), !text.contains("\\("), text.count >= 2 else {
                return (.computed("a string built at run time", here), index + 1)
            }
            return (.string(String(text.dropFirst().dropLast()), here), index + 1)
        case .number:
            return (.number(file.text(index), here), index + 1)
        case .punctuation where file.isPunctuation(index, UInt8(ascii: "[")):
            let close = Int(file.partners[index])
            guard close > index, close < range.upperBound else { return (.computed("an unclosed literal", here), range.upperBound) }
            return (collection(file, (index + 1)..<close, origin: here, scope: scope, depth: depth), close + 1)
        case .punctuation where file.isPunctuation(index, UInt8(ascii: "(")):
            let close = Int(file.partners[index])
            guard close > index, close < range.upperBound else { return (.computed("an unclosed group", here), range.upperBound) }
            return (evaluate(file, (index + 1)..<close, scope: scope, depth: depth + 1), close + 1)
        case .punctuation where file.isPunctuation(index, UInt8(ascii: ".")):
            guard index + 1 < range.upperBound, file.isIdentifier(index + 1) else { return (.computed("a leading dot", here), index + 1) }
            let name = file.text(index + 1)
            if index + 2 < range.upperBound, file.isPunctuation(index + 2, UInt8(ascii: "(")),
                Int(file.partners[index + 2]) > index + 2, Int(file.partners[index + 2]) < range.upperBound
            {
                let close = Int(file.partners[index + 2])
                return (
                    call(name, file, (index + 3)..<close, receiver: nil, origin: origin(file, index + 1), scope: scope, depth: depth),
                    close + 1
                )
            }
            if let helper = resolve(name, scope: scope, depth: depth) { return (helper, index + 2) }
            return (.member(name, origin(file, index + 1)), index + 2)
        case .identifier, .keyword:
            let name = file.text(index)
            if name == "true" || name == "false" { return (.bool(name == "true", here), index + 1) }
            if index + 1 < range.upperBound, file.isPunctuation(index + 1, UInt8(ascii: "(")),
                Int(file.partners[index + 1]) > index + 1, Int(file.partners[index + 1]) < range.upperBound
            {
                let close = Int(file.partners[index + 1])
                return (call(name, file, (index + 2)..<close, receiver: nil, origin: here, scope: scope, depth: depth), close + 1)
            }
            if let value = resolve(name, scope: scope, depth: depth) { return (value, index + 1) }
            // A type name before a member (`Target.target(…)`, `Project.app(…)`): the member decides.
            if let first = name.first, first.isUppercase, index + 1 < range.upperBound, file.isPunctuation(index + 1, UInt8(ascii: ".")) {
                return (.member(name, here), index + 1)
            }
            return (.computed("`\(name)`, a value only running the manifest knows", here), index + 1)
        default:
            return (.computed("`\(file.text(index))`", here), index + 1)
        }
    }

    private func resolve(_ name: String, scope: Scope, depth: Int) -> ManifestValue? {
        if let bound = scope[name] { return bound }
        if let (file, range) = constants[name] { return evaluate(file, range, scope: [:], depth: depth + 1) }
        return nil
    }

    /// `[a, b]`, `["k": v]`, `[:]`.
    private func collection(_ file: SourceFile, _ range: Range<Int>, origin: SettingOrigin, scope: Scope, depth: Int) -> ManifestValue {
        let parts = split(file, range)
        if parts.isEmpty { return .array([], origin) }
        if parts.count == 1, parts[0].count == 1, file.isPunctuation(parts[0].lowerBound, UInt8(ascii: ":")) {
            return .dictionary([], origin)
        }
        let isDictionary = parts.first.map { part in colon(file, part) != nil } ?? false
        if isDictionary {
            var entries: [(key: String, keyOrigin: SettingOrigin, value: ManifestValue)] = []
            for part in parts {
                guard let colon = colon(file, part) else { continue }
                let key = evaluate(file, part.lowerBound..<colon, scope: scope, depth: depth + 1)
                guard let text = key.string else {
                    entries.append(
                        ("?", self.origin(file, part.lowerBound), .computed("a key built at run time", self.origin(file, part.lowerBound))))
                    continue
                }
                entries.append((text, key.origin, evaluate(file, (colon + 1)..<part.upperBound, scope: scope, depth: depth + 1)))
            }
            return .dictionary(entries, origin)
        }
        return .array(parts.map { evaluate(file, $0, scope: scope, depth: depth + 1) }, origin)
    }

    /// The `:` of a dictionary entry at the part's own nesting (not a ternary's, not inside a call).
    private func colon(_ file: SourceFile, _ part: Range<Int>) -> Int? {
        var index = part.lowerBound
        while index < part.upperBound {
            if isOpen(file, index), file.partners[index] > index {
                index = Int(file.partners[index]) + 1
                continue
            }
            if file.isPunctuation(index, UInt8(ascii: "?")) { return nil }
            if file.isPunctuation(index, UInt8(ascii: ":")) { return index }
            index += 1
        }
        return nil
    }

    /// A call: a helper function with its parameters bound, or a structured call value.
    private func call(
        _ name: String, _ file: SourceFile, _ range: Range<Int>, receiver: ManifestValue?, origin: SettingOrigin, scope: Scope, depth: Int
    ) -> ManifestValue {
        if range.upperBound + 1 < file.tokens.count, file.isPunctuation(range.upperBound + 1, UInt8(ascii: "{")) {
            // A trailing closure: code.
            return .computed("a closure passed to \(name)", origin)
        }
        var arguments: [(label: String?, value: ManifestValue)] = []
        for part in split(file, range) {
            var label: String?
            var valueRange = part
            if part.count >= 2, file.isIdentifier(part.lowerBound) || file.tokens[part.lowerBound].kind == .keyword,
                file.isPunctuation(part.lowerBound + 1, UInt8(ascii: ":"))
            {
                label = file.text(part.lowerBound)
                valueRange = (part.lowerBound + 2)..<part.upperBound
            }
            arguments.append((label, evaluate(file, valueRange, scope: scope, depth: depth + 1)))
        }
        if let function = functions[name],
            !Self.manifestAPI.contains(name) || receiver.map({ !Self.manifestTypes.contains($0.name ?? "") }) ?? false
        {
            return apply(function, arguments, origin: origin, depth: depth)
        }
        return .call(name, arguments, origin)
    }

    /// Binds arguments to parameters by label (in order), defaults for the rest, and evaluates the body.
    private func apply(_ function: Function, _ arguments: [(label: String?, value: ManifestValue)], origin: SettingOrigin, depth: Int)
        -> ManifestValue
    {
        var scope: Scope = [:]
        var remaining = arguments
        for parameter in function.parameters {
            if let index = remaining.firstIndex(where: { $0.label == parameter.label }) {
                scope[parameter.name] = remaining.remove(at: index).value
            } else if let defaultValue = parameter.defaultValue {
                scope[parameter.name] = evaluate(function.file, defaultValue, scope: [:], depth: depth + 1)
            }
        }
        return evaluate(function.file, function.body, scope: scope, depth: depth + 1)
    }

    /// Tuist's own spellings: a helper of the same name does not shadow them when called on Tuist's types.
    static let manifestAPI: Set<String> = [
        "target", "project", "settings", "file", "extendingDefault", "dictionary", "glob", "debug", "release",
    ]
    static let manifestTypes: Set<String> = ["Target", "Project", "Settings", "InfoPlist", "Configuration", "SourceFileGlob"]
}
