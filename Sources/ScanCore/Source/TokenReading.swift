#if canImport(Glibc)
    import Glibc
#endif

/// Reads tokens against the bytes they were lexed from: `SourceFile` for the rules, and the structure
/// parsers over raw buffers while a file is made (`TokenStreamReader`). The token helpers are here, once.
package protocol TokenReading {
    associatedtype Bytes: RandomAccessCollection<UInt8> where Bytes.Index == Int
    associatedtype Tokens: RandomAccessCollection<Token> where Tokens.Index == Int
    var bytes: Bytes { get }
    var tokens: Tokens { get }
}

extension TokenReading {
    /// The token's text. Allocates: use `is(_:_:)` in loops.
    @inlinable
    package func text(_ index: Int) -> String {
        let token = tokens[index]
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// Whether the token at `index` exists and reads exactly `literal`.
    @inlinable
    package func `is`(_ index: Int, _ literal: StaticString) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        let length = literal.utf8CodeUnitCount
        guard Int(token.end - token.start) == length else { return false }
        let written = UnsafeBufferPointer(start: literal.utf8Start, count: length)
        return bytes.withContiguousStorageIfAvailable { buffer in
            memcmp(buffer.baseAddress! + Int(token.start), written.baseAddress!, length) == 0
        } ?? bytes[Int(token.start)..<Int(token.end)].elementsEqual(written)
    }

    /// Whether the token is the punctuation byte `byte`.
    @inlinable
    package func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        return token.kind == .punctuation && bytes[Int(token.start)] == byte
    }

    @inlinable
    package func isIdentifier(_ index: Int) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier
    }
}
