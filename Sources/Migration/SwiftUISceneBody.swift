import ScanCore

/// The `body` of a SwiftUI `App` in the one shape fix edits: one `WindowGroup` whose content is a single view
/// expression (a view and its modifiers), with where view modifiers and scene modifiers are appended and how
/// their lines are indented. Any other shape is refused with its place.
struct SwiftUISceneBody {
    let file: SourceFile
    /// Byte offset where lines of view modifiers go (after the content's last token, or the end of its line).
    let contentInsertion: Int
    /// Indentation of the content's modifier lines.
    let contentIndent: String
    /// Byte offset where lines of scene modifiers go (after the `WindowGroup` expression).
    let sceneInsertion: Int
    let sceneIndent: String

    static func read(_ type: TypeDeclaration, in file: SourceFile, indent: IndentStyle) throws(Refusal) -> SwiftUISceneBody {
        func place(_ token: Int) -> Location { Location(file: file.path, line: file.line(ofToken: token)) }
        guard let body = bodyBraces(of: type, in: file) else {
            throw Refusal("\(type.name) has no `var body: some Scene { … }` that fix recognises", at: place(type.nameToken))
        }
        let groups = (body.open + 1..<body.close).filter {
            file.isIdentifier($0) && file.is($0, "WindowGroup") && !file.isPunctuation($0 - 1, UInt8(ascii: "."))
        }
        guard groups.count == 1, let group = groups.first else {
            throw Refusal(
                groups.isEmpty
                    ? "\(type.name)'s body has no WindowGroup to add the modifiers to"
                    : "\(type.name)'s body has \(groups.count) WindowGroups: fix does not choose which one receives the app delegate's events",
                at: place(groups.dropFirst().first ?? body.open))
        }
        var open = group + 1
        if file.isPunctuation(open, UInt8(ascii: "(")) { open = max(open + 1, Int(file.partners[open]) + 1) }
        guard file.isPunctuation(open, UInt8(ascii: "{")), Int(file.partners[open]) > open else {
            throw Refusal("the WindowGroup's content is not a trailing closure fix can add modifiers to", at: place(group))
        }
        let close = Int(file.partners[open])
        guard open + 1 < close, file.isIdentifier(open + 1) else {
            throw Refusal(
                "the WindowGroup's content is not a single view expression (a view and its modifiers) fix can add modifiers to",
                at: place(open))
        }
        let content = chain(after: open + 1, limit: close, in: file)
        guard content.end == close - 1 else {
            throw Refusal(
                "the WindowGroup's content is not a single view expression (a view and its modifiers) fix can add modifiers to",
                at: place(open + 1 < close ? open + 1 : open))
        }
        let scene = chain(after: close, limit: body.close, in: file)
        return SwiftUISceneBody(
            file: file, contentInsertion: insertion(after: content.end, in: file),
            contentIndent: continuationIndent(dots: content.dots, first: open + 1, last: content.end, in: file, indent: indent),
            sceneInsertion: insertion(after: scene.end, in: file),
            sceneIndent: continuationIndent(dots: scene.dots, first: group, last: scene.end, in: file, indent: indent))
    }

    /// The braces of `var body: some Scene { … }` declared directly in the type.
    private static func bodyBraces(of type: TypeDeclaration, in file: SourceFile) -> (open: Int, close: Int)? {
        guard type.bodyStart >= 0 else { return nil }
        for index in type.body where file.is(index, "var") && file.is(index + 1, "body") {
            guard file.type(containing: index).map({ file.types[$0] == type }) == true else { continue }
            var cursor = index + 2
            while cursor < type.bodyEnd, !file.isPunctuation(cursor, UInt8(ascii: "{")) { cursor += 1 }
            let close = Int(file.partners[cursor])
            guard cursor < type.bodyEnd, close > cursor else { return nil }
            return (cursor, close)
        }
        return nil
    }

    /// The last token of `token` followed by calls, trailing closures and `.member` steps
    /// (`Name(…) { … }.modifier(…) { … }…`), and the dots of those steps.
    private static func chain(after token: Int, limit: Int, in file: SourceFile) -> (end: Int, dots: [Int]) {
        var dots: [Int] = []
        var cursor = token + 1
        while cursor < limit {
            if file.isPunctuation(cursor, UInt8(ascii: "(")) || file.isPunctuation(cursor, UInt8(ascii: "{")) {
                let partner = Int(file.partners[cursor])
                guard partner > cursor, partner < limit else { break }
                cursor = partner + 1
            } else if file.isPunctuation(cursor, UInt8(ascii: ".")), file.isIdentifier(cursor + 1), cursor + 1 < limit {
                dots.append(cursor)
                cursor += 2
            } else {
                break
            }
        }
        return (cursor - 1, dots)
    }

    /// After the token, or at the end of its line when nothing but a comment follows it there.
    private static func insertion(after token: Int, in file: SourceFile) -> Int {
        let end = Int(file.tokens[token].end)
        guard token + 1 >= file.tokens.count || file.line(ofToken: token + 1) > file.line(ofToken: token) else { return end }
        var cursor = end
        while cursor < file.bytes.count, file.bytes[cursor] != UInt8(ascii: "\n"), file.bytes[cursor] != UInt8(ascii: "\r") {
            cursor += 1
        }
        return cursor
    }

    /// The indentation of the expression's modifier lines (lines starting with one of its `.` steps); else, after a
    /// closing brace on a line of its own, the first line's indentation (`WindowGroup { … }` then `.modifier`);
    /// else the first line's indentation and one unit more.
    private static func continuationIndent(dots: [Int], first: Int, last: Int, in file: SourceFile, indent: IndentStyle)
        -> String
    {
        for index in dots {
            let start = lineStart(of: index, in: file)
            let leading = leadingWhitespace(at: start, in: file)
            if start + leading.utf8.count == Int(file.tokens[index].start) { return leading }
        }
        let firstIndent = leadingWhitespace(at: lineStart(of: first, in: file), in: file)
        let lastStart = lineStart(of: last, in: file)
        if file.isPunctuation(last, UInt8(ascii: "}")), file.line(ofToken: last) > file.line(ofToken: first),
            lastStart + leadingWhitespace(at: lastStart, in: file).utf8.count == Int(file.tokens[last].start)
        {
            return firstIndent
        }
        return firstIndent + indent(1)
    }

    static func lineStart(of token: Int, in file: SourceFile) -> Int {
        var cursor = Int(file.tokens[token].start)
        while cursor > 0, file.bytes[cursor - 1] != UInt8(ascii: "\n") { cursor -= 1 }
        return cursor
    }

    static func leadingWhitespace(at offset: Int, in file: SourceFile) -> String {
        var cursor = offset
        while cursor < file.bytes.count, file.bytes[cursor] == UInt8(ascii: " ") || file.bytes[cursor] == UInt8(ascii: "\t") {
            cursor += 1
        }
        return String(decoding: file.bytes[offset..<cursor], as: UTF8.self)
    }
}
