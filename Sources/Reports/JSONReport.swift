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
            ("toolchain", toolchain(app.toolchain)),
            ("dependencies", .array(app.dependencies.map(dependency))),
        ]
        // Present only when true, so reports of ordinary apps keep their shape.
        if app.unidentified { members.insert(("unidentified", .bool(true)), at: 7) }
        if let requirement = app.frameworkRequirement { members.insert(("frameworkRequirement", .string(requirement)), at: 6) }
        if let vendored = app.vendored { members.append(("vendored", .string(vendored))) }
        if !app.counted { members.append(("counted", .bool(false))) }
        if !app.testTargets.isEmpty { members.append(("testTargets", .array(app.testTargets.map { .string($0) }))) }
        // Only in fleet runs whose config refused some comments: those findings are in `findings` too.
        if !app.refusedSuppressions.isEmpty { members.append(("suppressionsRefused", commented(app.refusedSuppressions))) }
        return .object(members)
    }

    /// The Xcode the app builds with: the deciding pin's version and place (all null when `status` is
    /// `unknown`), and every pin that applies.
    static func toolchain(_ toolchain: AppToolchain) -> JSONValue {
        let deciding = toolchain.deciding
        return .object([
            ("status", .string(toolchain.status.rawValue)),
            ("xcode", .string(toolchain.xcode)),
            ("source", .string(deciding?.source.rawValue)),
            ("file", .string(deciding?.location.file)),
            ("line", deciding.map { .int($0.location.line) } ?? .null),
            ("pins", .array(toolchain.pins.map(pin))),
        ])
    }

    static func pin(_ pin: XcodePin) -> JSONValue {
        .object([
            ("xcode", .string(pin.version?.description)),
            ("floating", .bool(pin.floating)),
            ("text", .string(pin.text)),
            ("source", .string(pin.source.rawValue)),
            ("file", .string(pin.location.file)),
            ("line", .int(pin.location.line)),
            ("column", .int(pin.location.column)),
            ("scope", .string(pin.scope)),
            ("basis", .string(pin.basis)),
        ])
    }

    static func dependency(_ status: DependencyStatus) -> JSONValue {
        .object([
            ("name", .string(status.name)),
            ("package", .string(status.package)),
            ("ecosystem", .string(status.ecosystem.rawValue)),
            ("resolved", .string(status.resolved)),
            ("sceneAware", .string(status.sceneAware)),
            ("state", .string(status.state.rawValue)),
            ("severity", .string(status.severity.rawValue)),
            ("breaks", .string(status.breaks)),
            ("file", .string(status.file)),
            ("line", .int(status.line)),
            ("source", .string(status.source)),
        ])
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
        var members: [(String, JSONValue)] = [
            ("apps", .int(summary.apps)),
            ("blocked", .int(summary.blocked)),
            ("atRisk", .int(summary.atRisk)),
            ("ready", .int(summary.ready)),
            ("unknown", .int(summary.unknown)),
            ("errors", .int(summary.errors)),
            ("warnings", .int(summary.warnings)),
            ("notes", .int(summary.notes)),
            ("suppressed", .int(summary.suppressed)),
        ]
        // Present only when some app is vendored and not counted, so ordinary reports keep their shape.
        if summary.vendored > 0 { members.append(("vendored", .int(summary.vendored))) }
        return .object(members)
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
