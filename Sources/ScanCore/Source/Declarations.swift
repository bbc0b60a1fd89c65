/// A type-level declaration: a Swift class, struct, enum, actor, protocol or extension, or an
/// Objective-C `@interface`, category, `@implementation` or `@protocol`.
public struct TypeDeclaration: Sendable, Hashable {
    public enum Kind: UInt8, Sendable {
        case classType, structType, enumType, actorType, protocolType, extensionType
        case objcInterface, objcCategory, objcImplementation, objcProtocol
    }

    public let kind: Kind
    /// The declared (or extended) name as written: `AppDelegate`, `Outer.Inner`.
    public let name: String
    /// Superclass and protocols as written, generic arguments dropped: `UIResponder`, `SwiftUI.App`.
    /// For an Objective-C `@interface`, the superclass comes first.
    public let inherits: [String]
    /// Attributes before the declaration, with their `@`: `@main`, `@UIApplicationMain`, `@objc`.
    public let attributes: [String]
    /// The name given by `@objc(Name)`.
    public let objcName: String?
    /// The category name of an Objective-C category or category implementation.
    public let category: String?
    public let nameToken: Int
    /// Token index of the `{` (Swift) or of the first token after the header (Objective-C).
    public let bodyStart: Int
    /// Token index of the closing `}` or `@end`.
    public let bodyEnd: Int

    /// The last component of the name: `Outer.Inner` → `Inner`.
    public var simpleName: Substring {
        guard let dot = name.lastIndex(of: ".") else { return Substring(name) }
        return name[name.index(after: dot)...]
    }

    /// Whether `candidate` (as written in an inheritance list, possibly module-qualified) is listed.
    public func inherits(_ candidate: String) -> Bool {
        inherits.contains { $0 == candidate || $0.hasSuffix("." + candidate) }
    }

    public func contains(token index: Int) -> Bool {
        index > bodyStart && index < bodyEnd
    }
}

/// A function, initializer, Objective-C method, C function or computed property with its body.
public struct FunctionDeclaration: Sendable, Hashable {
    public enum Kind: UInt8, Sendable {
        case function, initializer, objcMethod, cFunction, property
    }

    public let kind: Kind
    /// `application`, `init`, `keyWindow`; for an Objective-C method the first selector part.
    public let name: String
    /// `application(_:open:options:)` in Swift; the selector `application:openURL:options:` in Objective-C.
    public let signature: String
    public let parameters: [Parameter]
    /// `static`/`class` in Swift, `+` in Objective-C.
    public let isStatic: Bool
    public let nameToken: Int
    /// Token indices of the body's braces; -1 when the declaration has no body.
    public let bodyStart: Int
    public let bodyEnd: Int
    /// Index of the innermost enclosing type in `SourceFile.types`, or -1.
    public let container: Int

    public var hasBody: Bool { bodyStart >= 0 }

    public func contains(token index: Int) -> Bool {
        bodyStart >= 0 && index > bodyStart && index < bodyEnd
    }
}

/// A parameter: its argument label (Swift's `_` is kept), its local name and the tokens of its type
/// (`SourceFile.typeText(of:)` renders them).
public struct Parameter: Sendable, Hashable {
    public let label: String
    public let name: String
    public let typeTokens: Range<Int>
}
