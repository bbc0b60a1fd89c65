#if canImport(Glibc)
    import Glibc
#endif

/// Reads tokens against the bytes they were lexed from, once for every reader: `SourceFile` for the rules
/// (over its arrays' storage) and the structure parsers while a file is made (over their buffers).
///
/// Plain functions over buffers, not a protocol extension: from the rules' module a generic extension ran
/// unspecialized, through witness tables and run-time requirement checks on every call (about a tenth of
/// a small app's scan).
package enum TokenText {
    /// The token's text. Allocates: use `reads` in loops.
    @inlinable
    package static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ tokens: UnsafeBufferPointer<Token>, _ index: Int) -> String {
        let token = tokens[index]
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// Whether the token at `index` exists and reads exactly `literal`.
    @inlinable
    package static func reads(
        _ bytes: UnsafeBufferPointer<UInt8>, _ tokens: UnsafeBufferPointer<Token>, _ index: Int, _ literal: StaticString
    ) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        let length = literal.utf8CodeUnitCount
        guard Int(token.end - token.start) == length else { return false }
        return memcmp(bytes.baseAddress! + Int(token.start), literal.utf8Start, length) == 0
    }

    /// Whether the token is the punctuation byte `byte`.
    @inlinable
    package static func isPunctuation(
        _ bytes: UnsafeBufferPointer<UInt8>, _ tokens: UnsafeBufferPointer<Token>, _ index: Int, _ byte: UInt8
    )
        -> Bool
    {
        guard index >= 0, index < tokens.count else { return false }
        let token = tokens[index]
        return token.kind == .punctuation && bytes[Int(token.start)] == byte
    }

    @inlinable
    package static func isIdentifier(_ tokens: UnsafeBufferPointer<Token>, _ index: Int) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier
    }
}
