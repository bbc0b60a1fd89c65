#if canImport(Glibc)
    import Glibc
#endif

/// `TokenReading`'s readers for `SourceFile` itself.
///
/// Rules call these from other modules on a `SourceFile`, and there the protocol extension's generic
/// versions were not specialized: each call went through witness tables and checked its generic
/// requirements at run time, about a tenth of a small app's scan. Members of the type itself are chosen
/// over the extension's wherever the type is known, and compile to direct array reads.
extension SourceFile {
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
        return bytes.withUnsafeBufferPointer { buffer in
            memcmp(buffer.baseAddress! + Int(token.start), literal.utf8Start, length) == 0
        }
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
