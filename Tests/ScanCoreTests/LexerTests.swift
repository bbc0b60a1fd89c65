import Testing

@testable import ScanCore

@Suite("Lexer: nothing inside a comment or string is an identifier")
struct LexerHidingTests {
    static let swiftForms: [String] = [
        "// HIDDEN",
        "/* HIDDEN */",
        "/* /* HIDDEN */ HIDDEN */",
        "/** HIDDEN\n * HIDDEN\n */",
        "/// HIDDEN",
        #""HIDDEN""#,
        #""Drafts/*.quill HIDDEN""#,
        #""a \("b \("HIDDEN")")""#,
        #""\(HIDDEN)""#,
        ##"#"raw "HIDDEN" \(HIDDEN)"#"##,
        ##"#"raw \#(HIDDEN)"#"##,
        ###"##"x"# HIDDEN"##"###,
        "\"\"\"\nHIDDEN \"quoted\" \"\"\"",
        "#\"\"\"\nHIDDEN \"\"\" HIDDEN\n\"\"\"#",
    ]

    static let objcForms: [String] = [
        "// HIDDEN",
        "/* HIDDEN */",
        #"@"HIDDEN""#,
        #""HIDDEN""#,
        #"@"Drafts/*.quill HIDDEN""#,
        "'H'",
        "#import <HIDDEN/HIDDEN.h>",
        "#define HIDDEN 1",
        "#if HIDDEN\n#endif",
    ]

    @Test("Swift comment and string forms hide their contents", arguments: swiftForms)
    func swiftFormHidesContents(form: String) {
        let file = source("before\n" + form + "\nafter")
        #expect(file.identifiers == ["before", "after"])
    }

    @Test("Objective-C comment, string, character and directive forms hide their contents", arguments: objcForms)
    func objcFormHidesContents(form: String) {
        let file = source("before\n" + form + "\nafter", .objectiveC)
        #expect(file.identifiers == ["before", "after"])
    }
}

@Suite("Lexer: comments")
struct LexerCommentTests {
    @Test("Line comments produce no tokens")
    func lineComments() {
        let file = source("let a = 1 // UIApplication.shared.keyWindow\nlet b = 2")
        #expect(file.identifiers == ["let", "a", "let", "b"])
    }

    @Test("Block comments produce no tokens")
    func blockComments() {
        let file = source("before /* UIScreen.main\n window */ after")
        #expect(file.identifiers == ["before", "after"])
    }

    @Test("Swift block comments nest")
    func blockCommentsNest() {
        let file = source("/* outer /* inner */ hidden */ visible")
        #expect(file.identifiers == ["visible"])
    }

    @Test("Three levels of nested Swift comments")
    func blockCommentsNestDeeply() {
        let file = source("/* 1 /* 2 /* 3 */ still2 */ still1 */ visible")
        #expect(file.identifiers == ["visible"])
    }

    @Test("Objective-C block comments do not nest")
    func objcBlockCommentsDoNotNest() {
        let file = source("/* outer /* inner */ visible */", .objectiveC)
        #expect(file.identifiers == ["visible"])
        // The stray `*/` is punctuation, not the start of anything.
        #expect(file.texts(of: .punctuation) == ["*", "/"])
    }

    @Test("A comment start inside a string is not a comment")
    func commentStartInString() {
        let file = source(#"let glob = "Drafts/*.quill"; let after = 1"#)
        #expect(file.identifiers == ["let", "glob", "let", "after"])
        #expect(file.strings == [#""Drafts/*.quill""#])
    }

    @Test("A line-comment start inside a string is not a comment")
    func lineCommentStartInString() {
        let file = source(#"let url = "https://example.com"; let after = 1"#)
        #expect(file.identifiers == ["let", "url", "let", "after"])
    }

    @Test("An unterminated block comment runs to the end of the file")
    func unterminatedBlockComment() {
        for language in [SourceLanguage.swift, .objectiveC] {
            let file = source("visible /* never closed\nhidden", language)
            #expect(file.identifiers == ["visible"])
        }
    }

    @Test("An unterminated nested comment runs to the end of the file")
    func unterminatedNestedComment() {
        let file = source("visible /* /* */ hidden")
        #expect(file.identifiers == ["visible"])
    }
}

@Suite("Lexer: Swift strings")
struct LexerSwiftStringTests {
    @Test("Identifiers inside a string are not tokens")
    func plainString() {
        let file = source(#"let s = "UIApplication.shared.keyWindow" + tail"#)
        #expect(file.identifiers == ["let", "s", "tail"])
        #expect(file.strings == [#""UIApplication.shared.keyWindow""#])
    }

    @Test("Escaped quotes do not end a string")
    func escapedQuote() {
        let file = source(#"let s = "say \"keyWindow\" now"; after"#)
        #expect(file.identifiers == ["let", "s", "after"])
        #expect(file.strings == [#""say \"keyWindow\" now""#])
    }

    @Test("An escaped backslash before the closing quote ends the string")
    func escapedBackslash() {
        let file = source(#"let s = "C:\\"; after"#)
        #expect(file.identifiers == ["let", "s", "after"])
    }

    @Test("Interpolations with nested strings stay inside one string token")
    func nestedInterpolations() {
        let file = source(#"let s = "a \("b \("c")")"; after"#)
        #expect(file.identifiers == ["let", "s", "after"])
        #expect(file.strings == [#""a \("b \("c")")""#])
    }

    @Test("Parentheses inside an interpolation do not end it")
    func parenthesesInInterpolation() {
        let file = source(#"let s = "\(f(g(1), ")"))x"; after"#)
        #expect(file.identifiers == ["let", "s", "after"])
        #expect(file.strings.count == 1)
    }

    @Test("Raw strings keep quotes and unescaped interpolations inside")
    func rawString() {
        let file = source(##"let s = #"raw "quote" \(notInterp)"#; after"##)
        #expect(file.identifiers == ["let", "s", "after"])
        #expect(file.strings == [##"#"raw "quote" \(notInterp)"#"##])
    }

    @Test("Raw-string interpolations with the delimiter stay inside one string token")
    func rawInterpolation() {
        let file = source(##"let s = #"raw \#(interp) "x" "#; after"##)
        #expect(file.identifiers == ["let", "s", "after"])
        #expect(file.strings == [##"#"raw \#(interp) "x" "#"##])
    }

    @Test("A raw string with two hashes ends only at quote-hash-hash")
    func doubleHashRawString() {
        let file = source(###"let s = ##"a "# b"##; after"###)
        #expect(file.identifiers == ["let", "s", "after"])
        #expect(file.strings == [###"##"a "# b"##"###])
    }

    @Test("Multi-line strings may hold quotes and end at triple quotes")
    func multilineString() {
        let text = #"""
            let s = """
                He said "keyWindow" and ""twice"" \"""
                UIScreen.main
                """
            let after = 1
            """#
        let file = source(text)
        #expect(file.identifiers == ["let", "s", "let", "after"])
        #expect(file.strings.count == 1)
        #expect(file.position(of: "after")?.line == 5)
    }

    @Test("Multi-line raw strings end only at the triple quote with hashes")
    func multilineRawString() {
        let text = ##"""
            let s = #"""
                """ not the end
                """#
            after
            """##
        let file = source(text)
        #expect(file.identifiers == ["let", "s", "after"])
    }

    @Test("Interpolations in multi-line strings may hold strings")
    func multilineInterpolation() {
        let text = #"""
            let s = """
                \(names.joined(separator: "\n"))
                """
            after
            """#
        let file = source(text)
        #expect(file.identifiers == ["let", "s", "after"])
    }

    @Test("An unterminated string ends at its line end")
    func unterminatedStringEndsAtLine() {
        let file = source("let s = \"never closed\nlet visible = 1")
        #expect(file.identifiers == ["let", "s", "let", "visible"])
        #expect(file.strings == ["\"never closed"])
    }

    @Test("An unterminated string at the end of the file ends there")
    func unterminatedStringAtEOF() {
        let file = source("let s = \"never closed")
        #expect(file.identifiers == ["let", "s"])
        #expect(file.strings == ["\"never closed"])
    }

    @Test("An unterminated multi-line string runs to the end of the file")
    func unterminatedMultilineString() {
        let file = source("let s = \"\"\"\nhidden\nstill hidden")
        #expect(file.identifiers == ["let", "s"])
        #expect(Int(file.tokens.last!.end) == file.bytes.count)
    }

    @Test("An unterminated raw string ends at its line end")
    func unterminatedRawString() {
        let file = source("let s = #\"never \"closed\nlet visible = 1")
        #expect(file.identifiers == ["let", "s", "let", "visible"])
    }

    // Regression test (fixed): a backslash before the line end escapes the newline, so an unterminated single-line
    // string swallows the next line (the lexer documents that it ends at the end of its line).
    @Test("An unterminated string ending in a backslash still ends at its line end")
    func unterminatedStringWithTrailingBackslash() {
        let file = source("let s = \"abc\\\nlet visible = 1")
        #expect(file.identifiers == ["let", "s", "let", "visible"])
    }

    // Regression test (fixed): an interpolation left open in a single-line string runs on to the next balanced `)`,
    // however many lines later, hiding the code in between.
    @Test("An unterminated interpolation in a single-line string ends at its line end")
    func unterminatedInterpolation() {
        let file = source("let s = \"\\(x\"\nfunc visible() {}\n")
        #expect(file.identifiers.contains("visible"))
        #expect(file.function(named: "visible") != nil)
    }

    @Test("Single quotes are punctuation in Swift")
    func singleQuotesInSwift() {
        let file = source("let a = x' + y")
        #expect(file.identifiers == ["let", "a", "x", "y"])
    }
}

@Suite("Lexer: Objective-C strings and directives")
struct LexerObjectiveCTests {
    @Test("Objective-C string literals are one token")
    func objcString() {
        let file = source(#"NSString *s = @"keyWindow /* not a comment"; after"#, .objectiveC)
        #expect(file.identifiers == ["NSString", "s", "after"])
        #expect(file.strings == [#"@"keyWindow /* not a comment""#])
    }

    @Test("A character literal holding a double quote does not open a string")
    func charLiteralWithQuote() {
        let file = source("char c = '\"'; int visible = 1;", .objectiveC)
        #expect(file.identifiers == ["char", "c", "int", "visible"])
        #expect(file.strings == ["'\"'"])
    }

    @Test("An escaped single quote stays inside a character literal")
    func escapedCharLiteral() {
        let file = source(#"char c = '\''; int visible;"#, .objectiveC)
        #expect(file.identifiers == ["char", "c", "int", "visible"])
    }

    @Test("An import is one directive token")
    func importDirective() {
        let file = source("#import <A/B.h>\n@interface X : NSObject\n@end", .objectiveC)
        #expect(file.texts(of: .directive) == ["#import <A/B.h>"])
        #expect(!file.identifiers.contains("A"))
        #expect(!file.identifiers.contains("B"))
        #expect(file.identifiers.contains("X"))
    }

    @Test("An indented directive is still a directive")
    func indentedDirective() {
        let file = source("  #if DEBUG\nint x;\n  #endif", .objectiveC)
        #expect(file.texts(of: .directive) == ["#if DEBUG", "#endif"])
        #expect(file.identifiers == ["int", "x"])
    }

    @Test("A directive continues over backslash-newlines")
    func directiveContinuation() {
        let file = source("#define HIDE(x) \\\n  keyWindow(x)\nint visible;", .objectiveC)
        #expect(file.texts(of: .directive).count == 1)
        #expect(file.identifiers == ["int", "visible"])
    }

    @Test("A directive continues over backslash-CRLF")
    func directiveContinuationCRLF() {
        let file = source("#define HIDE(x) \\\r\n  keyWindow(x)\r\nint visible;", .objectiveC)
        #expect(file.identifiers == ["int", "visible"])
    }

    @Test("A hash that does not start a line is punctuation")
    func hashNotAtLineStart() {
        let file = source("x = a # b;", .objectiveC)
        #expect(file.texts(of: .directive).isEmpty)
        #expect(file.identifiers == ["x", "a", "b"])
        #expect(file.texts(of: .punctuation).contains("#"))
    }

    // Regression test (fixed): `directiveEnd` treats `/*` inside a directive's string (or `//` comment) as the start of a
    // block comment, so everything up to the next `*/` disappears into the directive.
    @Test("A directive holding a glob string ends at its line end")
    func directiveWithGlobString() {
        let file = source("#define kDrafts @\"Drafts/*.quill\"\n@interface Visible : NSObject\n@end\n", .objectiveC)
        #expect(file.texts(of: .directive) == [#"#define kDrafts @"Drafts/*.quill""#])
        #expect(file.type(named: "Visible") != nil)
    }

    @Test("A block comment inside a directive may span lines")
    func blockCommentInDirective() {
        let file = source("#define X 1 /* spans\n lines */\nint visible;", .objectiveC)
        #expect(file.identifiers == ["int", "visible"])
    }

    @Test("Keywords keep their at-sign")
    func atKeywords() {
        let file = source("@interface A : NSObject\n@property int x;\n@end", .objectiveC)
        #expect(file.texts(of: .keyword) == ["@interface", "@property", "@end"])
    }

    @Test("An unterminated Objective-C string ends at its line end")
    func unterminatedObjCString() {
        let file = source("NSString *s = @\"open\nint visible;", .objectiveC)
        #expect(file.identifiers == ["NSString", "s", "int", "visible"])
    }

    @Test("A C string continued with backslash-newline spans lines")
    func cStringContinuation() {
        let file = source("char *s = \"a\\\nhidden\"; int visible;", .objectiveC)
        #expect(file.identifiers == ["char", "s", "int", "visible"])
    }
}

@Suite("Lexer: identifiers, keywords and odd bytes")
struct LexerTokenTests {
    @Test("Backtick identifiers are identifiers without the backticks")
    func backtickIdentifiers() {
        let file = source("let `default` = 1; `class`.run()")
        #expect(file.identifiers == ["let", "default", "class", "run"])
    }

    @Test("Swift pound keywords and attributes are keyword tokens")
    func swiftKeywords() {
        let file = source("#if DEBUG\n@objc func f() { #selector(g) }\n#endif")
        #expect(file.texts(of: .keyword) == ["#if", "@objc", "#selector", "#endif"])
    }

    @Test("Numbers with decimal points are one token, ranges are not")
    func numbers() {
        let file = source("let a = 3.14; let r = 1..<3")
        #expect(file.texts(of: .number) == ["3.14", "1", "3"])
    }

    @Test("Dollar identifiers are identifiers")
    func dollarIdentifiers() {
        let file = source("map { $0.name }")
        #expect(file.identifiers == ["map", "$0", "name"])
    }

    @Test("NUL bytes are treated as whitespace")
    func nulBytes() {
        var bytes = Array("let a".utf8)
        bytes.append(0)
        bytes += Array("b = 1".utf8)
        let file = source(bytes: bytes)
        #expect(file.identifiers == ["let", "a", "b"])
    }

    @Test("Invalid UTF-8 is lexed as bytes and the rest of the file still parses")
    func invalidUTF8() {
        var bytes: [UInt8] = [0xFF, 0xFE, 0x0A]
        bytes += Array("let s = \"".utf8) + [0xC3, 0x28] + Array("\"\nclass Visible {}\n".utf8)
        let file = source(bytes: bytes)
        #expect(file.strings.count == 1)
        #expect(file.type(named: "Visible") != nil)
        #expect(file.position(of: "Visible")?.line == 3)
    }

    @Test("Non-ASCII identifiers are single identifiers")
    func unicodeIdentifiers() {
        let file = source("let café = naïve")
        #expect(file.identifiers == ["let", "café", "naïve"])
    }

    @Test("CRLF line endings lex like LF")
    func crlf() {
        let file = source("let a = 1\r\n// keyWindow\r\nlet b = \"x\"\r\n")
        #expect(file.identifiers == ["let", "a", "let", "b"])
        #expect(file.strings == ["\"x\""])
        #expect(file.position(of: "b")?.line == 3)
        #expect(file.position(of: "b")?.column == 5)
        #expect(file.lineText(1) == "let a = 1")
    }

    @Test("An empty file has no tokens and one line")
    func emptyFile() {
        let file = source("")
        #expect(file.tokens.isEmpty)
        #expect(file.lineCount == 1)
        #expect(file.types.isEmpty)
    }
}

@Suite("Lexer: brackets")
struct LexerBracketTests {
    @Test("Brackets are paired with their partners")
    func partners() {
        let file = source("f(a[b{c}])")
        // f ( a [ b { c } ] )
        #expect(file.partners[1] == 9)
        #expect(file.partners[9] == 1)
        #expect(file.partners[3] == 8)
        #expect(file.partners[5] == 7)
        #expect(file.partners[0] == -1)
    }

    @Test("A stray opener of another kind stays unmatched without shifting the pairs around it")
    func strayOpener() {
        let file = source("( [ )")
        #expect(file.partners[0] == 2)
        #expect(file.partners[2] == 0)
        #expect(file.partners[1] == -1)
    }

    @Test("A stray closer has no partner")
    func strayCloser() {
        let file = source(") ( )")
        #expect(file.partners[0] == -1)
        #expect(file.partners[1] == 2)
    }

    @Test("Brackets in strings and comments are not paired")
    func bracketsInLiterals() {
        let file = source("f(\"(\" /* ) */ )")
        #expect(file.partners[1] == 3)
        #expect(file.tokens.count == 4)
    }

    @Test("100,000 unclosed parentheses are lexed without recursion")
    func deepParentheses() {
        let file = source(String(repeating: "(", count: 100_000) + "\nclass After {}")
        #expect(file.tokens.count == 100_000 + 4)
        #expect(file.partners[0] == -1)
        #expect(file.identifiers == ["class", "After"])
    }

    @Test("100,000 balanced braces are paired outermost to outermost")
    func deepBraces() {
        let depth = 100_000
        let file = source(String(repeating: "{", count: depth) + String(repeating: "}", count: depth))
        #expect(file.tokens.count == 2 * depth)
        #expect(file.partners[0] == Int32(2 * depth - 1))
        #expect(file.partners[depth - 1] == Int32(depth))
    }

    @Test("100,000 nested interpolations end the string at the end of the file")
    func deepInterpolations() {
        let depth = 100_000
        let text = "let s = " + String(repeating: "\"\\(", count: depth) + "x" + String(repeating: ")\"", count: depth) + "\nlet tail = 1"
        let file = source(text)
        #expect(file.identifiers.prefix(2) == ["let", "s"])
        #expect(file.strings.count == 1)
        // Past the nesting limit the string is closed at the end of the file: nothing inside becomes code.
        #expect(!file.identifiers.contains("x"))
        #expect(Int(file.tokens.last!.end) == file.bytes.count)
    }

    @Test("Forty nested interpolations are still closed properly")
    func moderatelyNestedInterpolations() {
        let depth = 40
        let text = "let s = " + String(repeating: "\"\\(", count: depth) + "x" + String(repeating: ")\"", count: depth) + "\nlet tail = 1"
        let file = source(text)
        #expect(file.identifiers == ["let", "s", "let", "tail"])
    }
}
