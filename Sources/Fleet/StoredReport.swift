import Foundation
public import Rules
import ScanCore

/// Reads a per-repository result (`repos/<key>.json`, written by `JSONReport`) back into a `ScanReport`,
/// so a carried-forward result takes part in summaries and diffs like a fresh one.
///
/// `JSONReport` stays the one definition of the format; these mirrors only read it, ignore members they
/// do not know, and fail on a schema version they do not.
public enum StoredReport {
    public static let schemaVersion = 1

    public static func decode(_ data: Data) throws -> ScanReport {
        let document = try JSONDecoder().decode(Document.self, from: data)
        guard document.schemaVersion == schemaVersion else {
            throw StoredReportError(message: "unsupported schema version \(document.schemaVersion)")
        }
        return ScanReport(
            root: document.root, toolVersion: document.tool.version, rulePack: document.tool.rulePack,
            apps: document.apps.map(\.report), diagnostics: document.diagnostics.map(\.diagnostic))
    }

    struct Document: Decodable {
        let schemaVersion: Int
        let tool: Tool
        let root: String
        let apps: [App]
        let diagnostics: [StoredDiagnostic]
    }

    struct Tool: Decodable {
        let version: String
        let rulePack: String
    }

    struct App: Decodable {
        let path: String
        let target: String
        let project: String?
        let platform: String
        let framework: String
        let frameworkVersion: String?
        let verdict: Verdict
        let findings: [StoredFinding]
        let suppressed: [StoredFinding]
        /// Absent from results stored before they were added.
        let owners: [String]?
        let unreadable: [String]?
        let unidentified: Bool?
        let testTargets: [String]?
        let frameworkRequirement: String?
        let vendored: String?
        let counted: Bool?
        let suppressionsRefused: [StoredFinding]?
        let toolchain: StoredToolchain?
        let dependencies: [StoredDependency]?

        var report: AppReport {
            func commented(_ items: [StoredFinding]) -> [SuppressedFinding] {
                items.map { SuppressedFinding(finding: $0.finding, reason: $0.reason ?? "", line: $0.line) }
            }
            return AppReport(
                path: path, target: target, project: project, platform: platform, framework: framework,
                frameworkVersion: frameworkVersion, verdict: verdict, findings: findings.map(\.finding),
                suppressed: commented(suppressed), unreadable: unreadable ?? [], owners: owners ?? [],
                refusedSuppressions: commented(suppressionsRefused ?? []), unidentified: unidentified ?? false,
                testTargets: testTargets ?? [], frameworkRequirement: frameworkRequirement,
                vendored: vendored, counted: counted ?? true,
                toolchain: AppToolchain(pins: toolchain?.pins.compactMap(\.pin) ?? []),
                dependencies: dependencies?.compactMap(\.status) ?? [])
        }
    }

    struct StoredToolchain: Decodable {
        let pins: [StoredPin]
    }

    struct StoredPin: Decodable {
        let xcode: String?
        let floating: Bool
        let text: String
        let source: String
        let file: String
        let line: Int
        let column: Int
        let scope: String
        let basis: String?

        /// Nil for a pin kind this version does not know (written by a newer scenesweep).
        var pin: XcodePin? {
            guard let source = XcodePin.Source(rawValue: source) else { return nil }
            return XcodePin(
                version: xcode.flatMap(XcodeVersion.parse), floating: floating, text: text, source: source,
                location: Location(file: file, line: line, column: column), scope: scope, basis: basis)
        }
    }

    struct StoredDependency: Decodable {
        let name: String
        let package: String
        let ecosystem: String
        let resolved: String
        let sceneAware: String?
        let state: String
        let severity: Severity?
        let breaks: String?
        let file: String
        let line: Int
        let source: String

        var status: DependencyStatus? {
            guard let ecosystem = Ecosystem(rawValue: ecosystem), let state = DependencyStatus.State(rawValue: state) else { return nil }
            return DependencyStatus(
                name: name, package: package, ecosystem: ecosystem, resolved: resolved, sceneAware: sceneAware, state: state,
                breaks: breaks ?? "", source: source, severity: severity ?? .warning, file: file, line: line)
        }
    }

    struct StoredFinding: Decodable {
        let rule: String
        let severity: Severity
        let message: String
        let file: String
        let line: Int
        let column: Int
        let fingerprint: String
        let reason: String?

        var finding: Finding {
            var finding = Finding(rule: rule, severity: severity, message: message, file: file, line: line, column: column, anchor: "")
            finding.fingerprint = fingerprint
            return finding
        }
    }

    struct StoredDiagnostic: Decodable {
        let severity: String
        let file: String?
        let line: Int?
        let message: String

        var diagnostic: Diagnostic { Diagnostic(Diagnostic.Severity(rawValue: severity) ?? .warning, file: file, line: line, message) }
    }
}

public struct StoredReportError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
