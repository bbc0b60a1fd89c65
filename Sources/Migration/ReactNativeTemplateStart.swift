import Foundation
import Results
import ScanCore

/// The two statements of the 0.79–0.87 React Native (and Expo SDK 54–57) Swift template that build the window
/// and start React Native in `didFinishLaunching`, recognised token by token, with the lines they fill.
///
/// `window = UIWindow(frame: UIScreen.main.bounds)` then
/// `factory.startReactNative(withModuleName: "Name", in: window, launchOptions: launchOptions)`, where
/// `factory` is the local the method also stores in a property of the app delegate (`reactNativeFactory = factory`).
struct ReactNativeTemplateStart {
    let file: SourceFile
    /// The module name as written, quotes included.
    let moduleName: String
    /// The app delegate property that keeps the factory.
    let factoryProperty: String
    /// 1-based lines the statements fill (an `#if os(iOS) || os(tvOS)` … `#endif` around them included).
    let lines: ClosedRange<Int>
    /// Where the window is built, for messages.
    let place: Location

    /// Finds the statements in `function`, or refuses naming the first thing that differs from the template.
    static func find(
        in function: FunctionDeclaration, of file: SourceFile, allowPlatformCondition: Bool,
        factoryClasses: Set<String> = ["RCTReactNativeFactory"]
    ) throws(Refusal) -> Self {
        let launch = Location(file: file.path, line: file.line(ofToken: function.nameToken))
        guard function.hasBody else { throw Refusal("application(_:didFinishLaunchingWithOptions:) has no body", at: launch) }
        let body = function.body
        guard let windowToken = body.first(where: { file.is($0, "UIWindow") && file.isPunctuation($0 + 1, UInt8(ascii: "(")) }) else {
            throw Refusal("didFinishLaunching builds no window = UIWindow(frame: UIScreen.main.bounds) as the template does", at: launch)
        }
        let place = Location(file: file.path, line: file.line(ofToken: windowToken))
        func differs(_ what: String) -> Refusal {
            Refusal(
                "\(what) differs from the template's window = UIWindow(frame: UIScreen.main.bounds) + factory.startReactNative(withModuleName:in:launchOptions:): move the window and the start into a scene delegate by hand (never start React Native in both)",
                at: place)
        }
        // `window = UIWindow(frame: UIScreen.main.bounds)`, optionally `self.window`.
        var first = windowToken - 2
        guard file.is(first, "window"), file.isPunctuation(first + 1, UInt8(ascii: "=")) else { throw differs("the window statement") }
        if file.isPunctuation(first - 1, UInt8(ascii: ".")), file.is(first - 2, "self") { first -= 2 }
        var index = windowToken
        for part: StaticString in ["UIWindow", "(", "frame", ":", "UIScreen", ".", "main", ".", "bounds", ")"] {
            guard file.is(index, part) else { throw differs("the window statement") }
            index += 1
        }
        // `factory.startReactNative(withModuleName: "Name", in: window, launchOptions: launchOptions)`.
        guard file.isIdentifier(index), file.isPunctuation(index + 1, UInt8(ascii: ".")), file.is(index + 2, "startReactNative") else {
            throw differs("the statement after the window")
        }
        let factory = file.text(index)
        index += 3
        guard file.is(index, "("), file.is(index + 1, "withModuleName"), file.is(index + 2, ":"), file.tokens[index + 3].kind == .string,
            file.is(index + 4, ",")
        else { throw differs("the start call") }
        let moduleName = file.text(index + 3)
        index += 5
        guard file.is(index, "in"), file.is(index + 1, ":") else { throw differs("the start call") }
        index += 2
        if file.is(index, "self"), file.is(index + 1, ".") { index += 2 }
        for part: StaticString in ["window", ",", "launchOptions", ":", "launchOptions", ")"] {
            guard file.is(index, part) else { throw differs("the start call") }
            index += 1
        }
        let last = index - 1
        guard !moduleName.contains("\\(") else { throw differs("the module name") }
        var depth = 0
        for token in body.lowerBound..<first {
            if file.isPunctuation(token, UInt8(ascii: "{")) { depth += 1 }
            if file.isPunctuation(token, UInt8(ascii: "}")) { depth -= 1 }
        }
        guard depth == 0 else { throw differs("the place of the statements (inside a block)") }
        // The factory is this method's local, kept in a property the scene delegate can read.
        let created = body.contains { token in
            file.is(token, "let") && file.is(token + 1, text: factory) && file.is(token + 2, "=")
                && file.isIdentifier(token + 3) && factoryClasses.contains(file.text(token + 3))
        }
        guard created else {
            throw differs("the factory (\(factory) is not `let \(factory) = \(factoryClasses.sorted().joined(separator: "/"))(…)`)")
        }
        guard
            let stored = body.first(where: { token in
                file.is(token, text: factory) && file.isPunctuation(token - 1, UInt8(ascii: "=")) && file.isIdentifier(token - 2)
                    && !file.isPunctuation(token + 1, UInt8(ascii: ".")) && !file.isPunctuation(token + 1, UInt8(ascii: "("))
                    && !file.is(token - 3, "let") && !file.is(token - 3, "var")
            })
        else {
            throw Refusal(
                "the factory is not kept in a property of the app delegate (`reactNativeFactory = \(factory)`), so a scene delegate cannot start React Native from it",
                at: place)
        }
        // Nothing else in the method may use the window the statements build.
        for token in body where file.is(token, "window") && !(first...last).contains(token) {
            let member = file.isPunctuation(token - 1, UInt8(ascii: ".")) && !file.is(token - 2, "self")
            if !member {
                throw Refusal(
                    "didFinishLaunching uses the window again on line \(file.line(ofToken: token)): under scenes the window belongs to the scene delegate; move that use there by hand",
                    at: Location(file: file.path, line: file.line(ofToken: token)))
            }
        }
        var lines = file.line(ofToken: first)...file.line(ofToken: last)
        if allowPlatformCondition, let wrapped = platformCondition(around: first, last, in: file) { lines = wrapped }
        guard
            onlyStatements(lines, tokens: first...last, in: file, condition: lines != file.line(ofToken: first)...file.line(ofToken: last))
        else {
            throw differs("the lines of the statements (they hold other code or comments)")
        }
        return ReactNativeTemplateStart(
            file: file, moduleName: moduleName, factoryProperty: file.text(stored - 2), lines: lines, place: place)
    }

    /// The lines of `#if os(iOS) || os(tvOS)` … `#endif` when they enclose exactly the statements.
    private static func platformCondition(around first: Int, _ last: Int, in file: SourceFile) -> ClosedRange<Int>? {
        let opening = file.line(ofToken: first) - 1
        let closing = file.line(ofToken: last) + 1
        let openText = lineText(opening, in: file).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let closeText = lineText(closing, in: file).trimmingCharacters(in: .whitespaces)
        guard openText == "#if os(iOS) || os(tvOS)", closeText == "#endif" else { return nil }
        return opening...closing
    }

    /// Whether the lines hold the statements' tokens and whitespace only (and the `#if`/`#endif` lines when wrapped).
    static func onlyStatements(_ lines: ClosedRange<Int>, tokens: ClosedRange<Int>, in file: SourceFile, condition: Bool)
        -> Bool
    {
        let inner = condition ? (lines.lowerBound + 1)...(lines.upperBound - 1) : lines
        var covered: [Range<Int>] = []
        for token in tokens { covered.append(Int(file.tokens[token].start)..<Int(file.tokens[token].end)) }
        for line in inner {
            let range = lineRange(line, in: file)
            var offset = range.lowerBound
            while offset < range.upperBound {
                if let token = covered.first(where: { $0.contains(offset) }) {
                    offset = token.upperBound
                    continue
                }
                let byte = file.bytes[offset]
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                else { return false }
                offset += 1
            }
        }
        return true
    }

    /// The byte range of a 1-based line, its line break included.
    static func lineRange(_ line: Int, in file: SourceFile) -> Range<Int> {
        var current = 1
        var start = 0
        let bytes = file.bytes
        while current < line, start < bytes.count {
            if bytes[start] == UInt8(ascii: "\n") { current += 1 }
            start += 1
        }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return start..<min(end + 1, bytes.count)
    }

    static func lineText(_ line: Int, in file: SourceFile) -> String {
        String(decoding: file.bytes[lineRange(line, in: file)], as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// The change to the app delegate without the statements; refused when an earlier patch of this run
    /// already changed the file (an app delegate two targets share), which the statements were read from.
    func removal(in context: MigrationContext) throws(Refusal) -> FileChange {
        guard context.read(file.path) == file.bytes else {
            throw Refusal(
                "\(file.path) was already changed by the patch of another app in this run (a shared app delegate): migrate the apps one at a time (--app)",
                at: place)
        }
        return try context.change(file.path, to: removed())
    }

    /// The bytes `removed()` takes out.
    var removedRange: Range<Int> {
        let bytes = file.bytes
        var start = Self.lineRange(lines.lowerBound, in: file).lowerBound
        var end = Self.lineRange(lines.upperBound, in: file).upperBound
        let before = lines.lowerBound > 1 && Self.lineText(lines.lowerBound - 1, in: file).allSatisfy(\.isWhitespace)
        let after = end < bytes.count && Self.lineText(lines.upperBound + 1, in: file).allSatisfy(\.isWhitespace)
        if before && after {
            end = Self.lineRange(lines.upperBound + 1, in: file).upperBound
        } else if after && Self.lineText(lines.lowerBound - 1, in: file).hasSuffix("{") {
            end = Self.lineRange(lines.upperBound + 1, in: file).upperBound
        } else if before && Self.lineText(lines.upperBound + 1, in: file).trimmingCharacters(in: .whitespaces).hasPrefix("}") {
            start = Self.lineRange(lines.lowerBound - 1, in: file).lowerBound
        }
        return start..<end
    }

    /// The file without the statements' lines (and one of two blank lines they leave side by side).
    func removed() -> [UInt8] {
        let range = removedRange
        return Array(file.bytes[..<range.lowerBound] + file.bytes[range.upperBound...])
    }
}
