import Results
import Rules
import ScanCore

/// `--format sarif`: SARIF 2.1.0, one run, the catalogue as `tool.driver.rules`, relative URIs and
/// line-independent `partialFingerprints` for code-scanning history.
package enum SARIFReport {
    package static func render(_ report: ScanReport) -> String {
        serialized(log(report))
    }

    /// The log as text; encoding these values cannot fail (strings, numbers, lists and objects only).
    static func serialized(_ log: SARIFLog) -> String {
        (try? JSONValueEncoder().encode(log).serialized()) ?? ""
    }

    /// - Parameter automationID: the run's `automationDetails.id` (`category/`), which code scanning takes
    ///   for the category of its alerts; none for a whole tree.
    static func log(_ report: ScanReport, automationID: String? = nil) -> SARIFLog {
        let descriptions = Catalogue.descriptions
        let ruleIndex = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.id, $0) })
        var results: [SARIFLog.Result] = []
        // A vendor's example app is not the repository's code to fix: its findings are not alerts.
        for app in report.apps where app.counted {
            for finding in app.findings {
                results.append(result(finding, app: app, ruleIndex: ruleIndex, suppression: nil))
            }
            for suppressed in app.suppressed {
                results.append(result(suppressed.finding, app: app, ruleIndex: ruleIndex, suppression: suppressed.reason))
            }
        }
        let run = SARIFLog.Run(
            tool: SARIFLog.Tool(
                driver: SARIFLog.Driver(version: report.toolVersion, semanticVersion: report.toolVersion, rules: catalogueRules)),
            originalUriBaseIds: SARIFLog.BaseIDs(
                sourceRoot: SARIFLog.ArtifactRoot(
                    uri: report.rootURI, description: SARIFLog.Message(text: "The scanned root: \(report.root)"))),
            automationDetails: automationID.map { SARIFLog.AutomationDetails(id: $0) }, results: results,
            invocations: [SARIFLog.Invocation(toolExecutionNotifications: report.diagnostics.map(notification))])
        return SARIFLog(runs: [run])
    }

    /// The catalogue as SARIF rules, encoded once per process: every log carries the same, and in a small
    /// repository's log they were nine tenths of the text and of the time to make it. (Encoding these values
    /// cannot fail: strings, lists and objects only.)
    static let catalogueRules: JSONValue = (try? JSONValueEncoder().encode(Catalogue.descriptions.map(rule))) ?? .array([])

    static func rule(_ description: RuleDescription) -> SARIFLog.ReportingDescriptor {
        var help = description.fix
        if let url = description.documentationURLs.first { help += " See \(url)." }
        var markdown = "**\(description.name)**\n\n\(description.rationale)\n\n**Fix:** \(description.fix)"
        if !description.documentationURLs.isEmpty {
            markdown += "\n\n" + description.documentationURLs.map { "- <\($0)>" }.joined(separator: "\n")
        }
        return SARIFLog.ReportingDescriptor(
            id: description.id, name: upperCamel(description.id), shortDescription: SARIFLog.Message(text: description.summary),
            fullDescription: SARIFLog.Message(text: description.rationale), help: SARIFLog.Help(text: help, markdown: markdown),
            helpUri: description.documentationURLs.first, defaultConfiguration: SARIFLog.Configuration(level: level(description.severity)),
            properties: SARIFLog.Properties(tags: ["ios27", "uiscene"]))
    }

    static func result(_ finding: Finding, app: AppReport, ruleIndex: [String: Int], suppression: String?) -> SARIFLog.Result {
        SARIFLog.Result(
            ruleId: finding.rule, ruleIndex: ruleIndex[finding.rule] ?? -1, level: level(finding.severity),
            message: SARIFLog.Message(text: finding.message),
            locations: [
                SARIFLog.Location(
                    physicalLocation: SARIFLog.PhysicalLocation(
                        artifactLocation: SARIFLog.ArtifactLocation(uri: uri(finding.file)),
                        region: SARIFLog.Region(startLine: finding.line, startColumn: finding.column)))
            ],
            partialFingerprints: SARIFLog.Fingerprints(scenesweep: finding.fingerprint),
            properties: SARIFLog.AppProperties(app: app.path, target: app.target, project: app.project, verdict: app.verdict.rawValue),
            suppressions: suppression.map { [SARIFLog.Suppression(justification: $0)] })
    }

    static func notification(_ diagnostic: Diagnostic) -> SARIFLog.Notification {
        let level = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "note"
        let locations = diagnostic.file.map { file in
            [
                SARIFLog.Location(
                    physicalLocation: SARIFLog.PhysicalLocation(
                        artifactLocation: SARIFLog.ArtifactLocation(uri: uri(file)),
                        region: diagnostic.line.map { SARIFLog.Region(startLine: $0) }))
            ]
        }
        return SARIFLog.Notification(level: level, message: SARIFLog.Message(text: diagnostic.message), locations: locations)
    }

    static func level(_ severity: Severity) -> String {
        severity.rawValue
    }

    /// A relative URI reference: path segments percent-encoded, `/` kept.
    static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let isUnreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "@")
            if isUnreserved {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    static func upperCamel(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
