import ScanCore

/// Expression-level questions rules ask of code: what a member access is applied to, whether that is
/// the shared application, which tokens name a word. Byte comparisons only; no regular expressions.
enum CodeQuery {
    /// Whether `index` is a member access `x.word` (Swift or Objective-C dot syntax).
    static func isMember(_ file: SourceFile, _ index: Int) -> Bool {
        file.isPunctuation(index - 1, UInt8(ascii: "."))
    }

    /// The tokens of the receiver of the member at `index` (which follows a `.`): `UIApplication.shared`
    /// in `UIApplication.shared.keyWindow`, `[UIApplication sharedApplication]` in ObjC dot syntax.
    static func receiver(of index: Int, in file: SourceFile) -> Range<Int>? {
        guard isMember(file, index) else { return nil }
        var start = index - 1
        var cursor = index - 2
        while cursor >= 0 {
            if file.isPunctuation(cursor, UInt8(ascii: "?")) || file.isPunctuation(cursor, UInt8(ascii: "!")) {
                cursor -= 1
                continue
            }
            if file.isPunctuation(cursor, UInt8(ascii: ")")) || file.isPunctuation(cursor, UInt8(ascii: "]")) {
                let open = Int(file.partners[cursor])
                guard open >= 0 else { break }
                start = open
                cursor = open - 1
                // `name(…)` is a call and `name[…]` a Swift subscript; `return (…)` is neither.
                let isObjCMessage = file.language == .objectiveC && file.isPunctuation(open, UInt8(ascii: "["))
                if !isObjCMessage, file.isIdentifier(cursor), !statementWords.contains(file.text(cursor)) {
                    start = cursor
                    cursor -= 1
                }
            } else if file.isIdentifier(cursor), !statementWords.contains(file.text(cursor)) {
                start = cursor
                cursor -= 1
            } else {
                break
            }
            if file.isPunctuation(cursor, UInt8(ascii: ".")) {
                cursor -= 1
                continue
            }
            break
        }
        return start < index - 1 ? start..<(index - 1) : nil
    }

    private static let statementWords: Set<String> = [
        "return", "if", "guard", "while", "in", "case", "try", "await", "else", "throw", "switch", "where", "let", "var",
    ]

    /// For an Objective-C unary message `[receiver word]`, the receiver's tokens.
    static func messageReceiver(of index: Int, in file: SourceFile) -> Range<Int>? {
        guard file.isPunctuation(index + 1, UInt8(ascii: "]")) else { return nil }
        let open = Int(file.partners[index + 1])
        guard open >= 0, open < index - 1 else { return nil }
        return (open + 1)..<index
    }

    /// The receiver tokens rendered without spaces, optional marks and redundant parentheses.
    static func normalized(_ range: Range<Int>, in file: SourceFile) -> String {
        var text = ""
        for index in range {
            if file.isPunctuation(index, UInt8(ascii: "?")) || file.isPunctuation(index, UInt8(ascii: "!")) { continue }
            text += file.text(index)
            // Objective-C message parts keep a space: `[UIApplication sharedApplication]`, `…] delegate]`.
            let separates = file.isIdentifier(index) || file.isPunctuation(index, UInt8(ascii: "]"))
            if separates, file.isIdentifier(index + 1), index + 1 < range.upperBound { text += " " }
        }
        while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
        return text
    }

    /// The shared application as code spells it, framework accessors (`RCTSharedApplication()`) included.
    static let sharedApplicationForms: Set<String> = Set([
        "UIApplication.shared", "UIApplication.sharedApplication", "[UIApplication sharedApplication]",
        "UIKit.UIApplication.shared",
    ]).union(ApplicationReferences.frameworkAccessors)

    /// Whether the receiver is the shared application, a `UIApplication` parameter of the enclosing
    /// function (the `application` argument of a delegate method), or another name for it
    /// (`ApplicationReferences`: `self` in an extension of UIApplication, `let app = UIApplication.shared`).
    static func isApplication(_ range: Range<Int>, in file: SourceFile, at index: Int) -> Bool {
        let text = normalized(range, in: file)
        if sharedApplicationForms.contains(text) { return true }
        if range.count == 1, let function = file.function(containing: index),
            file.functions[function].parameters.contains(where: { parameter in
                parameter.name == text && ApplicationReferences.isApplicationType(file.typeText(of: parameter))
            })
        {
            return true
        }
        return ApplicationReferences.isApplicationAlias(range, in: file, at: index)
    }

    /// Whether the member at `index` is read from the application: through a receiver (`isApplication`)
    /// or, inside an extension or subclass of UIApplication, through implicit `self`.
    static func readsApplicationMember(_ index: Int, in file: SourceFile) -> Bool {
        if let receiver = receiver(of: index, in: file) ?? messageReceiver(of: index, in: file) {
            return isApplication(receiver, in: file, at: index)
        }
        return ApplicationReferences.isImplicitSelfMember(index, in: file)
    }

    /// Whether the token at `index` is written to (`x = …`, not `x == …`).
    static func isAssigned(_ index: Int, in file: SourceFile) -> Bool {
        file.isPunctuation(index + 1, UInt8(ascii: "=")) && !file.isPunctuation(index + 2, UInt8(ascii: "="))
    }

    /// The function holding a token, if any.
    static func enclosingFunction(_ index: Int, in file: SourceFile) -> FunctionDeclaration? {
        file.function(containing: index).map { file.functions[$0] }
    }

    /// Identifiers called in a body: `name(` and ObjC `[x name]`/`[x name:…]` selectors' first parts.
    static func calledNames(in function: FunctionDeclaration, of file: SourceFile) -> Set<String> {
        guard function.hasBody else { return [] }
        var names: Set<String> = []
        for index in function.body where file.isIdentifier(index) {
            if file.isPunctuation(index + 1, UInt8(ascii: "(")) || file.isPunctuation(index + 1, UInt8(ascii: "]"))
                || (file.isPunctuation(index + 1, UInt8(ascii: ":")) && file.language == .objectiveC)
            {
                names.insert(file.text(index))
            }
        }
        return names
    }

    /// Whether a body holds nothing but a constant result (`return true`, `true`, `return YES`, …), or nothing at all.
    static func isTrivial(_ function: FunctionDeclaration, in file: SourceFile) -> Bool {
        guard function.hasBody else { return true }
        let inner = function.body
        if inner.isEmpty { return true }
        var words = inner.map { file.text($0) }.filter { $0 != ";" }
        if words.first == "return" { words.removeFirst() }
        return words.isEmpty || words == ["true"] || words == ["false"] || words == ["YES"] || words == ["NO"]
    }

    /// Methods a body calls, in source order, as signatures (Swift `application(_:open:options:)`,
    /// Objective-C selectors `application:openURL:options:`), each with the token of its name.
    /// - Parameter skipping: receivers whose calls do not count (`RCTLinkingManager` in
    ///   `RCTLinkingManager.application(…)`, `[RCTLinkingManager application:…]`).
    static func calledSignatureSites(in range: Range<Int>, of file: SourceFile, skipping: Set<String> = []) -> [(
        signature: String, token: Int
    )] {
        var result: [(signature: String, token: Int)] = []
        for index in range {
            if file.language == .swift, file.isIdentifier(index), file.isPunctuation(index + 1, UInt8(ascii: "(")),
                !file.isPunctuation(index - 1, UInt8(ascii: "@"))
            {
                if !skipping.isEmpty, let receiver = receiver(of: index, in: file), skipping.contains(file.text(receiver.lowerBound)) {
                    continue
                }
                let close = Int(file.partners[index + 1])
                guard close > index + 1 else { continue }
                var labels: [String] = []
                var argumentStart = index + 2
                var cursor = index + 2
                while cursor <= close {
                    if cursor == close || file.isPunctuation(cursor, UInt8(ascii: ",")) {
                        if cursor > argumentStart {
                            let labelled = file.isIdentifier(argumentStart) && file.isPunctuation(argumentStart + 1, UInt8(ascii: ":"))
                            labels.append(labelled ? file.text(argumentStart) : "_")
                        }
                        argumentStart = cursor + 1
                        cursor += 1
                        continue
                    }
                    if file.isPunctuation(cursor, UInt8(ascii: "(")) || file.isPunctuation(cursor, UInt8(ascii: "["))
                        || file.isPunctuation(cursor, UInt8(ascii: "{"))
                    {
                        cursor = max(cursor + 1, Int(file.partners[cursor]) + 1)
                        continue
                    }
                    cursor += 1
                }
                result.append((file.text(index) + "(" + labels.map { $0 + ":" }.joined() + ")", index))
            } else if file.language == .objectiveC, file.isPunctuation(index, UInt8(ascii: "[")) {
                let close = Int(file.partners[index])
                guard close > index else { continue }
                if file.isIdentifier(index + 1), skipping.contains(file.text(index + 1)) { continue }
                var selector = ""
                var cursor = index + 1
                var last = -1
                while cursor < close {
                    if file.isPunctuation(cursor, UInt8(ascii: "[")) || file.isPunctuation(cursor, UInt8(ascii: "("))
                        || file.isPunctuation(cursor, UInt8(ascii: "{"))
                    {
                        cursor = max(cursor + 1, Int(file.partners[cursor]) + 1)
                        continue
                    }
                    if file.isIdentifier(cursor) {
                        last = cursor
                        if file.isPunctuation(cursor + 1, UInt8(ascii: ":")), cursor > index + 1 { selector += file.text(cursor) + ":" }
                    }
                    cursor += 1
                }
                if selector.isEmpty, last > index + 1 { selector = file.text(last) }
                if !selector.isEmpty { result.append((selector, index + 1)) }
            }
        }
        return result
    }
}
