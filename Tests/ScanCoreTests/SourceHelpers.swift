import Foundation

@testable import ScanCore

/// Lexes and parses a snippet as a file of the given language.
func source(_ text: String, _ language: SourceLanguage = .swift, path: String? = nil) -> SourceFile {
    source(bytes: Array(text.utf8), language, path: path)
}

func source(bytes: [UInt8], _ language: SourceLanguage = .swift, path: String? = nil) -> SourceFile {
    SourceFile(path: path ?? (language == .swift ? "Test.swift" : "Test.m"), bytes: bytes, language: language)
}

extension SourceFile {
    var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line, without its newline (tests check where lines start; scans ask for
    /// lines of tokens, not text).
    func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) - 1 : bytes.count
        if end > start, end <= bytes.count, end - 1 >= start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The text of every token of one kind, in order.
    func texts(of kind: Token.Kind) -> [String] {
        tokens.indices.filter { tokens[$0].kind == kind }.map { text($0) }
    }

    var identifiers: [String] { texts(of: .identifier) }
    var strings: [String] { texts(of: .string) }

    /// Index of the first token reading exactly `text`.
    func index(of text: String) -> Int? {
        tokens.indices.first { self.is($0, text: text) }
    }

    /// Line and column of the first token reading `text`.
    func position(of text: String) -> (line: Int, column: Int)? {
        guard let index = index(of: text) else { return nil }
        let offset = Int(tokens[index].start)
        return (line(ofOffset: offset), column(ofOffset: offset))
    }

    func type(named name: String) -> TypeDeclaration? {
        types.first { $0.name == name }
    }

    func function(named name: String) -> FunctionDeclaration? {
        functions.first { $0.name == name }
    }

    func function(signature: String) -> FunctionDeclaration? {
        functions.first { $0.signature == signature }
    }
}
