/// The languages the lexer reads. Objective-C covers `.m`, `.mm` and `.h`.
public enum SourceLanguage: UInt8, Sendable, Hashable {
    case swift
    case objectiveC

    /// The language of a path, by extension; nil for files that are not source code.
    public init?(path: String) {
        let utf8 = path.utf8
        if utf8.count > 6, path.hasSuffix(".swift") {
            self = .swift
        } else if path.hasSuffix(".m") || path.hasSuffix(".mm") || path.hasSuffix(".h") {
            self = .objectiveC
        } else {
            return nil
        }
    }
}

/// One token: a kind and a byte range of the file. Comments and whitespace produce no tokens.
public struct Token: Sendable, Hashable {
    public enum Kind: UInt8, Sendable {
        case identifier
        /// `@interface`, `@main`, `@objc` (the range includes the `@`); Swift `#if`, `#selector` (with the `#`).
        case keyword
        /// An Objective-C preprocessor line (`#import <X/X.h>`), whole.
        case directive
        /// A string or character literal, quotes and interpolations included.
        case string
        case number
        /// A single punctuation byte: `{`, `.`, `?`, `=` …
        case punctuation
    }

    public let kind: Kind
    public let start: Int32
    public let end: Int32

    @inlinable public init(kind: Kind, start: Int32, end: Int32) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    public var length: Int { Int(end - start) }
}

/// A `scenesweep:ignore` comment.
public struct SuppressionComment: Sendable, Hashable {
    public let line: Int
    public let rules: [String]
    public let reason: String
    /// True when the comment stands alone on its line (it then covers the next line too).
    public let ownsLine: Bool
}
