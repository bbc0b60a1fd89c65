import Results
import ScanCore

extension Rule {
    var id: String { Self.description.id }

    /// A finding at a token, at the rule's configured severity unless one is given.
    func finding(_ context: RuleContext, _ message: String, in file: SourceFile, token: Int, severity: Severity? = nil) -> Finding {
        Finding(rule: id, severity: severity ?? context.severity, message: message, in: file, token: token)
    }

    /// A finding at a location outside source code (a plist key, a build setting).
    func finding(_ context: RuleContext, _ message: String, at location: Location, anchor: String, severity: Severity? = nil) -> Finding {
        Finding(rule: id, severity: severity ?? context.severity, message: message, at: location, anchor: anchor)
    }
}
