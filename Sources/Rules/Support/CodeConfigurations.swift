import ScanCore

/// The scene configurations `application(_:configurationForConnecting:options:)` builds in code, and whether
/// UIKit can complete them: a configuration made by name takes its delegate class and storyboard from the
/// Info.plist configuration of that name; made without one (or when no plist entry has the name), it has
/// only what the code sets.
struct CodeConfiguration {
    /// The method that builds it.
    let method: FunctionRef
    /// The token of the name argument (a string literal, or `nil`).
    let nameToken: Int
    /// The name as written, without quotes; nil for `nil`.
    let name: String?
    /// The method sets `delegateClass` (or a storyboard) itself.
    let completesItself: Bool

    /// Every configuration built with a literal name (or `nil`) in the app delegate's configurationForConnecting.
    static func all(_ facts: AppFacts) -> [CodeConfiguration] {
        var result: [CodeConfiguration] = []
        for reference in facts.configurationMethods {
            let file = facts.file(reference)
            let body = facts.function(reference).body
            let completes = body.contains { index in
                (file.is(index, "delegateClass") || file.is(index, "storyboard")) && CodeQuery.isAssigned(index, in: file)
                    || file.is(index, "setDelegateClass") || file.is(index, "setStoryboard")
            }
            for index in body {
                guard let argument = nameArgument(at: index, in: file) else { continue }
                let token = file.tokens[argument]
                let name: String?
                if token.kind == .string {
                    var text = file.text(argument)
                    if text.hasPrefix("@") { text.removeFirst() }
                    // Interpolated names are unknown: leave them alone.
                    if text.contains("\\(") { continue }
                    name = String(text.dropFirst().dropLast())
                } else if file.is(argument, "nil") {
                    name = nil
                } else {
                    continue
                }
                result.append(CodeConfiguration(method: reference, nameToken: argument, name: name, completesItself: completes))
            }
        }
        return result
    }

    /// The name argument's token of `UISceneConfiguration(name: X, sessionRole: …)`, `.init(name:…)` after the
    /// type, `[[UISceneConfiguration alloc] initWithName:X sessionRole:…]` or `[UISceneConfiguration configurationWithName:X …]`.
    private static func nameArgument(at index: Int, in file: SourceFile) -> Int? {
        switch file.language {
        case .swift:
            guard file.is(index, "UISceneConfiguration") else { return nil }
            var open = index + 1
            if file.isPunctuation(open, UInt8(ascii: ".")), file.is(open + 1, "init") { open += 2 }
            guard file.isPunctuation(open, UInt8(ascii: "(")), file.is(open + 1, "name"), file.isPunctuation(open + 2, UInt8(ascii: ":")),
                file.is(open + 4, "sessionRole") || file.isPunctuation(open + 4, UInt8(ascii: ","))
            else { return nil }
            return open + 3
        case .objectiveC:
            guard file.is(index, "initWithName") || file.is(index, "configurationWithName"),
                file.isPunctuation(index + 1, UInt8(ascii: ":")),
                file.is(index + 3, "sessionRole")
            else { return nil }
            return index + 2
        }
    }
}
