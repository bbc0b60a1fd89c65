/// A type-level declaration: a Swift class, struct, enum, actor, protocol or extension, or an
/// Objective-C `@interface`, category, `@implementation` or `@protocol`.
package struct TypeDeclaration: Sendable, Hashable, DeclarationBody {
    package enum Kind: UInt8, Sendable {
        case classType, structType, enumType, actorType, protocolType, extensionType
        case objcInterface, objcCategory, objcImplementation, objcProtocol
    }

    package let kind: Kind
    /// The declared (or extended) name as written: `AppDelegate`, `Outer.Inner`.
    package let name: String
    /// Superclass and protocols as written, generic arguments dropped: `UIResponder`, `SwiftUI.App`.
    /// For an Objective-C `@interface`, the superclass comes first.
    package let inherits: [String]
    /// Attributes before the declaration, with their `@`: `@main`, `@UIApplicationMain`, `@objc`.
    package let attributes: [String]
    /// The name given by `@objc(Name)`.
    package let objcName: String?
    /// The category name of an Objective-C category or category implementation.
    package let category: String?
    package let nameToken: Int
    /// Token index of the `{` (Swift) or of the first token after the header (Objective-C).
    package let bodyStart: Int
    /// Token index of the closing `}` or `@end`.
    package let bodyEnd: Int

    /// The last component of the name: `Outer.Inner` → `Inner`.
    package var simpleName: Substring {
        guard let dot = name.lastIndex(of: ".") else { return Substring(name) }
        return name[name.index(after: dot)...]
    }

    /// Whether `candidate` (as written in an inheritance list, possibly module-qualified) is listed.
    package func inherits(_ candidate: String) -> Bool {
        inherits.contains { $0 == candidate || $0.hasSuffix("." + candidate) }
    }

    package func contains(token index: Int) -> Bool {
        index > bodyStart && index < bodyEnd
    }
}

/// A function, initializer, Objective-C method, C function or computed property with its body.
package struct FunctionDeclaration: Sendable, Hashable, DeclarationBody {
    package enum Kind: UInt8, Sendable {
        case function, initializer, objcMethod, cFunction, property
    }

    package let kind: Kind
    /// `application`, `init`, `keyWindow`; for an Objective-C method the first selector part.
    package let name: String
    /// `application(_:open:options:)` in Swift; the selector `application:openURL:options:` in Objective-C.
    package let signature: String
    package let parameters: [Parameter]
    /// `static`/`class` in Swift, `+` in Objective-C.
    package let isStatic: Bool
    package let nameToken: Int
    /// Token indices of the body's braces; -1 when the declaration has no body.
    package let bodyStart: Int
    package let bodyEnd: Int
    /// Index of the innermost enclosing type in `SourceFile.types`, or -1.
    package let container: Int

    package var hasBody: Bool { bodyStart >= 0 }

    package func contains(token index: Int) -> Bool {
        bodyStart >= 0 && index > bodyStart && index < bodyEnd
    }
}

/// A declaration with a body of tokens (a type's, a function's).
package protocol DeclarationBody {
    var bodyStart: Int { get }
    var bodyEnd: Int { get }
    func contains(token index: Int) -> Bool
}

extension DeclarationBody {
    /// The tokens between the body's opening and closing token, both left out; empty when there is no body.
    /// Broken code can leave an opening brace unmatched as a file's last token (its `bodyEnd` is then the
    /// brace itself), so every loop over a body goes through here rather than `(bodyStart + 1)..<bodyEnd`.
    package var body: Range<Int> {
        bodyStart >= 0 ? (bodyStart + 1)..<max(bodyStart + 1, bodyEnd) : 0..<0
    }
}

extension Array where Element: DeclarationBody {
    /// The index of the innermost declaration whose body holds the token: of those that hold it, the
    /// one whose body starts last (the later of two starting together).
    func innermost(containing index: Int) -> Int? {
        var best: Int?
        for (position, declaration) in enumerated() where declaration.contains(token: index) {
            if let current = best, self[current].bodyStart > declaration.bodyStart { continue }
            best = position
        }
        return best
    }
}

/// A parameter: its argument label (Swift's `_` is kept), its local name and the tokens of its type
/// (`SourceFile.typeText(of:)` renders them).
package struct Parameter: Sendable, Hashable {
    package let label: String
    package let name: String
    package let typeTokens: Range<Int>
}
