import Rules
import ScanCore

/// `--format json`: the contract of DESIGN.md, also stored per repository by sweeps.
public enum JSONReport {
    public static let schemaVersion = 1

    public static func render(_ report: ScanReport) -> String {
        value(report).serialized()
    }

    public static func value(_ report: ScanReport) -> JSONValue {
        .object([
            ("schemaVersion", .int(schemaVersion)),
            (
                "tool",
                .object([
                    ("name", .string("scenesweep")),
                    ("version", .string(report.toolVersion)),
                    ("rulePack", .string(report.rulePack)),
                ])
            ),
            ("root", .string(report.root)),
            ("apps", .array(report.apps.map(app))),
            ("summary", summary(report.summary)),
            ("diagnostics", .array(report.diagnostics.map(diagnostic))),
        ])
    }

    static func app(_ app: AppReport) -> JSONValue {
        func commented(_ items: [SuppressedFinding]) -> JSONValue {
            .array(
                items.map { suppressed in
                    guard case .object(var members) = finding(suppressed.finding) else { return .null }
                    members.append(("reason", .string(suppressed.reason)))
                    return .object(members)
                })
        }
        var members: [(String, JSONValue)] = [
            ("path", .string(app.path)),
            ("target", .string(app.target)),
            ("project", .string(app.project)),
            ("platform", .string(app.platform)),
            ("framework", .string(app.framework)),
            ("frameworkVersion", .string(app.frameworkVersion)),
            ("verdict", .string(app.verdict.rawValue)),
            ("owners", .array(app.owners.map { .string($0) })),
            ("unreadable", .array(app.unreadable.map { .string($0) })),
            ("findings", .array(app.findings.map(finding))),
            ("suppressed", commented(app.suppressed)),
        ]
        // Only in fleet runs whose config refused some comments: those findings are in `findings` too.
        if !app.refusedSuppressions.isEmpty { members.append(("suppressionsRefused", commented(app.refusedSuppressions))) }
        return .object(members)
    }

    static func finding(_ finding: Finding) -> JSONValue {
        .object([
            ("rule", .string(finding.rule)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("file", .string(finding.file)),
            ("line", .int(finding.line)),
            ("column", .int(finding.column)),
            ("fingerprint", .string(finding.fingerprint)),
        ])
    }

    static func summary(_ summary: ScanSummary) -> JSONValue {
        .object([
            ("apps", .int(summary.apps)),
            ("blocked", .int(summary.blocked)),
            ("atRisk", .int(summary.atRisk)),
            ("ready", .int(summary.ready)),
            ("unknown", .int(summary.unknown)),
            ("errors", .int(summary.errors)),
            ("warnings", .int(summary.warnings)),
            ("notes", .int(summary.notes)),
            ("suppressed", .int(summary.suppressed)),
        ])
    }

    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("severity", .string(diagnostic.severity.rawValue)),
            ("file", .string(diagnostic.file)),
            ("line", diagnostic.line.map { .int($0) } ?? .null),
            ("message", .string(diagnostic.message)),
        ])
    }
}
