/// A `@UIApplicationDelegateAdaptor` property of a SwiftUI `App`: the delegate class it names and the
/// property's name, through which the App's own code reaches the app delegate.
package struct DelegateAdaptorProperty: Sendable, Hashable {
    package let className: String
    package let propertyName: String
    /// The attribute's token.
    package let token: Int

    /// The adaptor properties declared in `type`'s body: `@UIApplicationDelegateAdaptor(AppDelegate.self)
    /// private var appDelegate` and `@UIApplicationDelegateAdaptor private var appDelegate: AppDelegate`.
    package static func declared(in type: TypeDeclaration, of file: SourceFile) -> [DelegateAdaptorProperty] {
        guard type.bodyStart >= 0, file.mentions("UIApplicationDelegateAdaptor") else { return [] }
        var result: [DelegateAdaptorProperty] = []
        for index in type.body
        where file.tokens[index].kind == .keyword && file.is(index, "@UIApplicationDelegateAdaptor") {
            var cursor = index + 1
            var className: String?
            if file.isPunctuation(cursor, UInt8(ascii: "(")) {
                if file.isIdentifier(cursor + 1) { className = file.text(cursor + 1) }
                cursor = max(cursor + 1, Int(file.partners[cursor]) + 1)
            }
            while cursor < type.bodyEnd, file.isIdentifier(cursor), modifiers.contains(file.text(cursor)) {
                cursor += 1
                // `private(set)`
                if file.isPunctuation(cursor, UInt8(ascii: "(")) { cursor = max(cursor + 1, Int(file.partners[cursor]) + 1) }
            }
            guard file.is(cursor, "var"), file.isIdentifier(cursor + 1) else { continue }
            if className == nil, file.isPunctuation(cursor + 2, UInt8(ascii: ":")), file.isIdentifier(cursor + 3) {
                className = file.text(cursor + 3)
            }
            guard let className else { continue }
            result.append(DelegateAdaptorProperty(className: className, propertyName: file.text(cursor + 1), token: index))
        }
        return result
    }

    private static let modifiers: Set<String> = ["private", "fileprivate", "internal", "public", "package", "nonisolated"]
}
