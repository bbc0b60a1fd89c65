import Results
import ScanCore

/// A rule about an app's verdict rather than its code: it runs after every other rule has decided the
/// verdict, and sees it. Its findings never lower the verdict they were given (the engine derives the
/// verdict again, so a severity raised by configuration can only make it worse).
package protocol VerdictRule: Rule {
    func check(_ context: RuleContext, verdict: Verdict) -> [Finding]
}

extension VerdictRule {
    /// The engine's first pass, before there is a verdict: nothing.
    package func check(_ context: RuleContext) -> [Finding] { [] }

    package static var asVerdictRule: (any VerdictRule.Type)? { self }
}
