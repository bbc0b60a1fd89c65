// libFuzzer harness for the Swift and Objective-C lexer and structure parser (SourceFile); built by
// scripts/fuzz.
@testable import ScanCore

/// Any bytes, read as Swift and as Objective-C, give tokens in order and inside the file, bracket
/// partners that pair up, and declarations whose token indices exist.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLexer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    for language in [SourceLanguage.swift, .objectiveC] {
        let file = SourceFile(path: language == .swift ? "App/A.swift" : "App/A.m", bytes: bytes, language: language)
        checkTokens(of: file)
        checkDeclarations(of: file)
        let lines = Fuzz.lineBound(bytes)
        for comment in file.suppressions {
            Fuzz.require(comment.line >= 1 && comment.line <= lines, "suppression at line \(comment.line) outside 1...\(lines)")
        }
    }
    return 0
}

private func checkTokens(of file: SourceFile) {
    let count = file.bytes.count
    var previousEnd = 0
    for (index, token) in file.tokens.enumerated() {
        let start = Int(token.start)
        let end = Int(token.end)
        Fuzz.require(start >= previousEnd, "token \(index) at \(start) overlaps the previous one ending at \(previousEnd)")
        Fuzz.require(start < end && end <= count, "token \(index) spans \(start)..<\(end) in \(count) bytes")
        previousEnd = end
    }
    Fuzz.require(file.partners.count == file.tokens.count, "\(file.partners.count) partners for \(file.tokens.count) tokens")
    for (index, partner) in file.partners.enumerated() where partner >= 0 {
        let other = Int(partner)
        Fuzz.require(other < file.tokens.count, "token \(index) partners missing token \(other)")
        Fuzz.require(Int(file.partners[other]) == index, "token \(index) partners \(other), which partners \(file.partners[other])")
        let pair = [file.bytes[Int(file.tokens[min(index, other)].start)], file.bytes[Int(file.tokens[max(index, other)].start)]]
        Fuzz.require(
            pair == Array("()".utf8) || pair == Array("[]".utf8) || pair == Array("{}".utf8),
            "tokens \(index) and \(other) pair '\(String(decoding: pair, as: UTF8.self))'")
    }
}

private func checkDeclarations(of file: SourceFile) {
    let tokens = file.tokens.count
    for type in file.types {
        Fuzz.require(type.nameToken >= 0 && type.nameToken < tokens, "type \(type.name) names token \(type.nameToken) of \(tokens)")
        Fuzz.require(type.bodyStart <= type.bodyEnd && type.bodyEnd <= tokens, "type \(type.name) body \(type.bodyStart)...\(type.bodyEnd)")
    }
    for function in file.functions {
        Fuzz.require(function.nameToken >= 0 && function.nameToken < tokens, "function \(function.name) names token \(function.nameToken)")
        if function.hasBody {
            Fuzz.require(
                // A body left open runs to the last token, which may be its own `{`.
                function.bodyStart <= function.bodyEnd && function.bodyEnd < tokens,
                "function \(function.name) body \(function.bodyStart)...\(function.bodyEnd) of \(tokens) tokens")
        }
        Fuzz.require(function.container < file.types.count, "function \(function.name) in missing type \(function.container)")
        for parameter in function.parameters {
            Fuzz.require(parameter.typeTokens.upperBound <= tokens, "parameter \(parameter.name) type past the last token")
            _ = file.typeText(of: parameter)
        }
    }
}
