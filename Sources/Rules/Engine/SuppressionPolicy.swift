import Results
import ScanCore

/// Which `scenesweep:ignore` comments count. A repository's own scan honours them all; in fleet runs
/// the fleet config decides (`suppressions: { allow: [RULE…], errors: false }`), so a repository cannot
/// turn its own launch blocker "ready" on the organisation's dashboard by commenting it away. A comment
/// that does not count leaves its finding counted with its severity, and reports list it as refused.
package struct SuppressionPolicy: Sendable, Hashable, Codable {
    /// Canonical ids of the rules whose findings a comment may suppress; nil: every rule.
    package var allowed: Set<String>?
    /// Whether a comment may suppress an error (a launch blocker).
    package var errors: Bool

    package init(allowed: Set<String>? = nil, errors: Bool) {
        self.allowed = allowed
        self.errors = errors
    }

    /// Every comment counts: `scan` of a working tree, where the repository is its own judge.
    package static let honourAll = SuppressionPolicy(allowed: nil, errors: true)
    /// A fleet config without `suppressions`: comments count for warnings and notes of every rule, never
    /// for errors.
    package static let fleetDefault = SuppressionPolicy(allowed: nil, errors: false)

    /// Whether a comment may suppress `finding`.
    package func accepts(_ finding: Finding) -> Bool {
        if finding.severity == .error, !errors { return false }
        return allowed.map { $0.contains(finding.rule) } ?? true
    }

    /// Parts for a settings hash: a change of policy makes results scanned under the old one stale.
    package var hashParts: [String] {
        ["suppressions", errors ? "errors" : "no-errors"] + (allowed.map { ["allow"] + $0.sorted() } ?? ["allow-all"])
    }
}
