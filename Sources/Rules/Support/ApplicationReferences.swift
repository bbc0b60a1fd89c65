import ScanCore

/// The shared application (and its delegate) under other names: `self` inside an extension, category or
/// subclass of UIApplication, locals and properties that hold `UIApplication.shared`, values typed
/// `UIApplication` (there is only one), and framework accessors such as React Native's `RCTSharedApplication()`.
enum ApplicationReferences {
    /// Framework functions that return the shared application.
    static let frameworkAccessors: Set<String> = ["RCTSharedApplication()"]

    /// Whether the code inside the type holding `index` runs with the application as `self`.
    static func isInsideApplicationType(_ index: Int, in file: SourceFile) -> Bool {
        guard let typeIndex = file.type(containing: index) else { return false }
        let type = file.types[typeIndex]
        switch type.kind {
        case .extensionType, .objcCategory, .objcImplementation:
            if type.simpleName == "UIApplication" { return true }
        default:
            break
        }
        return type.inherits("UIApplication")
    }

    /// A bare member read through implicit `self` inside an extension or subclass of UIApplication:
    /// `keyWindow`, `windows.first`, `statusBarFrame`. Declarations, argument labels and names a local
    /// or closure parameter shadows are not reads.
    static func isImplicitSelfMember(_ index: Int, in file: SourceFile) -> Bool {
        guard file.language == .swift, file.isIdentifier(index), !CodeQuery.isMember(file, index) else { return false }
        // Declarations (`var keyWindow`, `func windows()`), labels (`f(windows: …)`) and key paths.
        for word in ["var", "let", "func", "case"] where file.is(index - 1, text: word) { return false }
        if file.isPunctuation(index + 1, UInt8(ascii: ":")) { return false }
        if file.isPunctuation(index - 1, UInt8(ascii: "\\")) { return false }
        guard let function = file.function(containing: index), isInsideApplicationType(index, in: file) else { return false }
        let body = (file.functions[function].bodyStart + 1)..<index
        let word = file.text(index)
        // `let windows = …`, `{ windows in …}`, `for windows in …`: a local of the same name.
        for candidate in body where file.is(candidate, text: word) {
            if file.is(candidate - 1, "let") || file.is(candidate - 1, "var") || file.is(candidate + 1, "in") { return false }
        }
        return !file.functions[function].parameters.contains { $0.name == word }
    }

    /// Whether a receiver is the shared application through one of the forms above (not the direct
    /// `UIApplication.shared`, which `CodeQuery.isApplication` knows).
    static func isApplicationAlias(_ receiver: Range<Int>, in file: SourceFile, at use: Int) -> Bool {
        let text = CodeQuery.normalized(receiver, in: file)
        if frameworkAccessors.contains(text) { return true }
        if text == "self" || text == "[self" { return isInsideApplicationType(use, in: file) }
        guard let name = variableName(text) else { return false }
        guard let declaration = declaration(of: name, in: file, before: use) else { return false }
        if let type = declaration.type, isApplicationType(CodeQuery.normalized(type, in: file)) { return true }
        guard let value = declaration.value else { return false }
        let initial = CodeQuery.normalized(value, in: file)
        if CodeQuery.sharedApplicationForms.contains(initial) || frameworkAccessors.contains(initial) { return true }
        // `let app: UIApplication = .shared`
        return initial == ".shared" && declaration.type.map { isApplicationType(CodeQuery.normalized($0, in: file)) } == true
    }

    /// The initial value of the variable a receiver names, rendered like a receiver: for
    /// `let delegate = UIApplication.shared.delegate as? AppDelegate` read as `delegate.window`.
    static func initialValue(of receiver: Range<Int>, in file: SourceFile, at use: Int) -> String? {
        guard let name = variableName(CodeQuery.normalized(receiver, in: file)),
            let declaration = declaration(of: name, in: file, before: use)
        else { return nil }
        var parts: [String] = []
        if let value = declaration.value { parts.append(CodeQuery.normalized(value, in: file)) }
        if let type = declaration.type { parts.append(CodeQuery.normalized(type, in: file)) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// `UIApplication`, `UIApplication?`, `UIKit.UIApplication`, `UIApplication *`.
    static func isApplicationType(_ text: String) -> Bool {
        var text = Substring(text)
        while let last = text.last, last == "?" || last == "!" || last == "*" || last == " " { text = text.dropLast() }
        if text.hasPrefix("UIKit.") { text = text.dropFirst(6) }
        return text == "UIApplication"
    }

    /// `app`, `self.app`, `_app` (an Objective-C property's instance variable) → the variable's name.
    private static func variableName(_ receiver: String) -> String? {
        var name = Substring(receiver)
        if name.hasPrefix("self.") { name = name.dropFirst(5) }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return String(name)
    }

    struct Declaration {
        /// The declared type's tokens, if written.
        let type: Range<Int>?
        /// The initial value's tokens, if any.
        let value: Range<Int>?
    }

    /// The nearest declaration of `name` before `use` that is visible there: a local of the function
    /// holding the use, or a property or global of the file. Objective-C properties are found by their
    /// instance variable too (`_app`).
    static func declaration(of name: String, in file: SourceFile, before use: Int) -> Declaration? {
        var names = [name]
        if file.language == .objectiveC, name.hasPrefix("_") { names.append(String(name.dropFirst())) }
        var index = min(use, file.tokens.count) - 1
        while index > 0 {
            defer { index -= 1 }
            guard file.isIdentifier(index), names.contains(where: { file.is(index, text: $0) }) else { continue }
            guard let found = declarationAt(index, in: file) else { continue }
            if let function = file.function(containing: index), !file.functions[function].contains(token: use) { continue }
            return found
        }
        return nil
    }

    /// The declaration whose name is the token at `index`, if that token names one.
    private static func declarationAt(_ index: Int, in file: SourceFile) -> Declaration? {
        switch file.language {
        case .swift:
            guard file.is(index - 1, "let") || file.is(index - 1, "var") else { return nil }
            var cursor = index + 1
            var type: Range<Int>?
            if file.isPunctuation(cursor, UInt8(ascii: ":")) {
                let start = cursor + 1
                cursor = expressionEnd(from: start, in: file)
                type = start < cursor ? start..<cursor : nil
            }
            guard file.isPunctuation(cursor, UInt8(ascii: "=")), !file.isPunctuation(cursor + 1, UInt8(ascii: "=")) else {
                return Declaration(type: type, value: nil)
            }
            let start = cursor + 1
            let end = expressionEnd(from: start, in: file)
            return Declaration(type: type, value: start < end ? start..<end : nil)
        case .objectiveC:
            // `UIApplication *app = …;`, `@property (nonatomic) UIApplication *app;`, `UIApplication * _Nullable app`.
            var star = index - 1
            while file.isIdentifier(star), file.text(star).hasPrefix("_"), file.text(star).hasSuffix("able") { star -= 1 }
            let typed = file.isPunctuation(star, UInt8(ascii: "*")) && file.isIdentifier(star - 1)
            let automatic = file.is(index - 1, "__auto_type") || file.is(index - 1, "id")
            guard typed || automatic else { return nil }
            let type = typed ? (star - 1)..<star : nil
            guard file.isPunctuation(index + 1, UInt8(ascii: "=")) else { return typed ? Declaration(type: type, value: nil) : nil }
            var end = index + 2
            while end < file.tokens.count, !file.isPunctuation(end, UInt8(ascii: ";")) {
                if file.isPunctuation(end, UInt8(ascii: "(")) || file.isPunctuation(end, UInt8(ascii: "[")) {
                    end = max(end + 1, Int(file.partners[end]) + 1)
                    continue
                }
                end += 1
            }
            return Declaration(type: type, value: (index + 2) < end ? (index + 2)..<end : nil)
        }
    }

    /// Where a Swift expression that starts at `start` ends: at a `,` `;` `{` `=` or `else` outside brackets,
    /// or at a line break not continued by a `.` or an operator.
    static func expressionEnd(from start: Int, in file: SourceFile) -> Int {
        var cursor = start
        let count = file.tokens.count
        while cursor < count {
            if cursor > start, file.line(ofToken: cursor) != file.line(ofToken: cursor - 1),
                !file.isPunctuation(cursor, UInt8(ascii: ".")), !file.isPunctuation(cursor - 1, UInt8(ascii: "."))
            {
                return cursor
            }
            let token = file.tokens[cursor]
            if token.kind == .punctuation {
                switch file.bytes[Int(token.start)] {
                case UInt8(ascii: "("), UInt8(ascii: "["):
                    let close = Int(file.partners[cursor])
                    cursor = close > cursor ? close + 1 : cursor + 1
                    continue
                case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                    return cursor
                case UInt8(ascii: "="):
                    if !file.isPunctuation(cursor + 1, UInt8(ascii: "=")) && !file.isPunctuation(cursor - 1, UInt8(ascii: "="))
                        && !file.isPunctuation(cursor - 1, UInt8(ascii: "!")) && !file.isPunctuation(cursor - 1, UInt8(ascii: "<"))
                        && !file.isPunctuation(cursor - 1, UInt8(ascii: ">"))
                    {
                        return cursor
                    }
                default:
                    break
                }
            } else if file.is(cursor, "else") {
                return cursor
            }
            cursor += 1
        }
        return count
    }
}
