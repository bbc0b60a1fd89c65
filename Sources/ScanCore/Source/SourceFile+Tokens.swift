/// `TokenText`'s readers on a `SourceFile`'s own storage, as members the rules call directly.
extension SourceFile {
    /// The token's text. Allocates: use `is(_:_:)` in loops.
    @inlinable
    package func text(_ index: Int) -> String {
        withBuffers { TokenText.text($0, $1, index) }
    }

    /// Whether the token at `index` exists and reads exactly `literal`.
    @inlinable
    package func `is`(_ index: Int, _ literal: StaticString) -> Bool {
        withBuffers { TokenText.reads($0, $1, index, literal) }
    }

    /// Whether the token is the punctuation byte `byte`.
    @inlinable
    package func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        withBuffers { TokenText.isPunctuation($0, $1, index, byte) }
    }

    @inlinable
    package func isIdentifier(_ index: Int) -> Bool {
        tokens.withUnsafeBufferPointer { TokenText.isIdentifier($0, index) }
    }

    @inlinable
    package func withBuffers<Result>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Token>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in tokens.withUnsafeBufferPointer { tokens in body(bytes, tokens) } }
    }
}
