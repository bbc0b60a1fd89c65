/// The languages the lexer reads. Objective-C covers `.m`, `.mm` and `.h`.
package enum SourceLanguage: UInt8, Sendable, Hashable {
    case swift
    case objectiveC

    /// The language of a path, by extension; nil for files that are not source code.
    package init?(path: String) {
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
package struct Token: Sendable, Hashable {
    package enum Kind: UInt8, Sendable {
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

    package let kind: Kind
    package let start: Int32
    package let end: Int32

    @inlinable package init(kind: Kind, start: Int32, end: Int32) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    package var length: Int { Int(end - start) }
}

/// A `scenesweep:ignore` comment.
package struct SuppressionComment: Sendable, Hashable {
    package let line: Int
    package let rules: [String]
    package let reason: String
    /// True when the comment stands alone on its line (it then covers the next line too).
    package let ownsLine: Bool
}
