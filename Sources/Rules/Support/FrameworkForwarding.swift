import ScanCore

/// App delegate methods that do nothing but hand the call to a framework (`super`, React Native's
/// RCTLinkingManager, Capacitor's ApplicationDelegateProxy), and whether the framework still gets the
/// event from the scene side.
enum FrameworkForwarding {
    /// Receivers a forwarding body may hand the call to.
    static let handlers: Set<String> = ["super", "RCTLinkingManager", "ApplicationDelegateProxy"]

    /// Words a forwarding statement may contain besides the method's own labels and parameters.
    private static let glue: Set<String> = [
        "return", "let", "var", "shared", "self", "true", "false", "YES", "NO", "BOOL", "nil", "application", "try", "await",
    ]

    /// The handlers a method's body forwards to, when that is all it does; nil when it does anything else.
    static func handlers(of function: FunctionDeclaration, in file: SourceFile) -> Set<String>? {
        guard function.hasBody else { return nil }
        var allowed = glue
        for piece in function.signature.split(whereSeparator: { $0 == "(" || $0 == ":" || $0 == ")" }) { allowed.insert(String(piece)) }
        for parameter in function.parameters {
            allowed.insert(parameter.label)
            allowed.insert(parameter.name)
        }
        let body = function.body
        var found: Set<String> = []
        for index in body where file.isIdentifier(index) {
            let word = file.text(index)
            if handlers.contains(word) {
                found.insert(word)
                continue
            }
            // Locals holding a forwarded result: `let handled = RCTLinkingManager.application(…)`.
            if file.is(index - 1, "let") || file.is(index - 1, "var") || file.is(index - 1, "BOOL") {
                allowed.insert(word)
                continue
            }
            if !allowed.contains(word) { return nil }
        }
        return found.isEmpty ? nil : found
    }

    /// Whether every handler a body forwards to still receives the event once the app runs on scenes:
    /// Capacitor's proxy from 8.5 (SceneDelegateProxy delivers its events), RCTLinkingManager and `super`
    /// when a framework scene delegate (or the app's own scene delegate) forwards links.
    static func isSceneAware(_ handlers: Set<String>, of function: FunctionDeclaration, _ facts: AppFacts) -> Bool {
        let kind = LinksNotForwardedRule.LinkKind(signature: function.signature)
        for handler in handlers {
            switch handler {
            case "ApplicationDelegateProxy":
                guard facts.framework.kind == .capacitor, facts.framework.isAtLeast(SemanticVersion(8, 5)) == true else { return false }
            default:
                guard LinksNotForwardedRule.sceneSideForwards(kind, facts) else { return false }
            }
        }
        return true
    }
}
