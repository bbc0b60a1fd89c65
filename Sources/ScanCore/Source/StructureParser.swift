/// Finds declarations in a token stream: types with their inheritance lists and attributes, functions
/// and methods with signatures (however they are split across lines), their bodies, and imports.
///
/// It is a recogniser, not a compiler front end: it trusts brackets to balance, and when they do not,
/// unclosed bodies end at the end of the file.
enum StructureParser {
    struct Result {
        let partners: [Int32]
        let types: [TypeDeclaration]
        let functions: [FunctionDeclaration]
        let imports: Set<String>
    }

    static func parse(bytes: [UInt8], tokens: [Token], partners: [Int32], language: SourceLanguage) -> Result {
        bytes.withUnsafeBufferPointer { byteBuffer in
            tokens.withUnsafeBufferPointer { tokenBuffer in
                let stream = TokenStream(bytes: byteBuffer, tokens: tokenBuffer, partners: partners)
                switch language {
                case .swift:
                    var parser = SwiftStructureParser(stream: stream)
                    parser.parse()
                    return Result(partners: partners, types: parser.types, functions: parser.functions, imports: parser.imports)
                case .objectiveC:
                    var parser = ObjectiveCStructureParser(stream: stream)
                    parser.parse()
                    return Result(partners: partners, types: parser.types, functions: parser.functions, imports: parser.imports)
                }
            }
        }
    }
}

/// One file's tokens over raw buffers, read by both structure parsers: this runs over every token of
/// every candidate file, so it avoids array bounds checks and reference counting. Valid only inside
/// `StructureParser.parse`.
struct TokenStream {
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: UnsafeBufferPointer<Token>
    let partners: [Int32]
}

/// A structure parser: the shared token readers (`TokenText`) over its stream, and brackets' partners.
protocol TokenStreamReader {
    var stream: TokenStream { get }
}

extension TokenStreamReader {
    var bytes: UnsafeBufferPointer<UInt8> { stream.bytes }
    var tokens: UnsafeBufferPointer<Token> { stream.tokens }
    var partners: [Int32] { stream.partners }

    func text(_ index: Int) -> String { TokenText.text(bytes, tokens, index) }
    func `is`(_ index: Int, _ literal: StaticString) -> Bool { TokenText.reads(bytes, tokens, index, literal) }
    func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool { TokenText.isPunctuation(bytes, tokens, index, byte) }
    func isIdentifier(_ index: Int) -> Bool { TokenText.isIdentifier(tokens, index) }

    /// The partner of a bracket, or the last token when it has none.
    func close(of index: Int) -> Int {
        let partner = Int(partners[index])
        return partner >= 0 ? partner : tokens.count - 1
    }

    func firstByte(_ index: Int) -> UInt8 {
        bytes[Int(tokens[index].start)]
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        var view = self[...]
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }
}
