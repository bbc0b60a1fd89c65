import Rules
import ScanCore

/// `--format sarif`: SARIF 2.1.0, one run, the catalogue as `tool.driver.rules`, relative URIs and
/// line-independent `partialFingerprints` for code-scanning history.
public enum SARIFReport {
    public static func render(_ report: ScanReport) -> String {
        value(report).serialized()
    }

    /// - Parameter automationID: the run's `automationDetails.id` (`category/`), which code scanning takes
    ///   for the category of its alerts; none for a whole tree.
    public static func value(_ report: ScanReport, automationID: String? = nil) -> JSONValue {
        let descriptions = Catalogue.descriptions
        let ruleIndex = Dictionary(uniqueKeysWithValues: descriptions.enumerated().map { ($1.id, $0) })
        var results: [JSONValue] = []
        // A vendor's example app is not the repository's code to fix: its findings are not alerts.
        for app in report.apps where app.counted {
            for finding in app.findings {
                results.append(result(finding, app: app, ruleIndex: ruleIndex, suppression: nil))
            }
            for suppressed in app.suppressed {
                results.append(result(suppressed.finding, app: app, ruleIndex: ruleIndex, suppression: suppressed.reason))
            }
        }
        return .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            (
                "runs",
                .array([
                    .object(
                        [
                            (
                                "tool",
                                .object([
                                    (
                                        "driver",
                                        .object([
                                            ("name", .string("scenesweep")),
                                            ("version", .string(report.toolVersion)),
                                            ("semanticVersion", .string(report.toolVersion)),
                                            ("informationUri", .string("https://github.com/scenesweep/scenesweep")),
                                            ("rules", .array(descriptions.map(rule))),
                                        ])
                                    )
                                ])
                            ),
                            (
                                "originalUriBaseIds",
                                .object([
                                    (
                                        "SRCROOT",
                                        .object(
                                            (report.rootURI.map { [("uri", JSONValue.string($0))] } ?? []) + [
                                                ("description", .object([("text", .string("The scanned root: \(report.root)"))]))
                                            ])
                                    )
                                ])
                            ),
                            ("columnKind", .string("unicodeCodePoints")),
                        ] + (automationID.map { [("automationDetails", .object([("id", .string($0))]))] } ?? []) + [
                            ("results", .array(results)),
                            (
                                "invocations",
                                .array([
                                    .object([
                                        ("executionSuccessful", .bool(true)),
                                        ("toolExecutionNotifications", .array(report.diagnostics.map(notification))),
                                    ])
                                ])
                            ),
                        ])
                ])
            ),
        ])
    }

    static func rule(_ description: RuleDescription) -> JSONValue {
        var help = description.fix
        if let url = description.documentationURLs.first { help += " See \(url)." }
        var markdown = "**\(description.name)**\n\n\(description.rationale)\n\n**Fix:** \(description.fix)"
        if !description.documentationURLs.isEmpty {
            markdown += "\n\n" + description.documentationURLs.map { "- <\($0)>" }.joined(separator: "\n")
        }
        return .object([
            ("id", .string(description.id)),
            ("name", .string(upperCamel(description.id))),
            ("shortDescription", .object([("text", .string(description.summary))])),
            ("fullDescription", .object([("text", .string(description.rationale))])),
            ("help", .object([("text", .string(help)), ("markdown", .string(markdown))])),
            ("helpUri", .string(description.documentationURLs.first)),
            ("defaultConfiguration", .object([("level", .string(level(description.severity)))])),
            ("properties", .object([("tags", .array([.string("ios27"), .string("uiscene")]))])),
        ])
    }

    static func result(_ finding: Finding, app: AppReport, ruleIndex: [String: Int], suppression: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(finding.rule)),
            ("ruleIndex", .int(ruleIndex[finding.rule] ?? -1)),
            ("level", .string(level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            (
                "locations",
                .array([
                    .object([
                        (
                            "physicalLocation",
                            .object([
                                ("artifactLocation", .object([("uri", .string(uri(finding.file))), ("uriBaseId", .string("SRCROOT"))])),
                                ("region", .object([("startLine", .int(finding.line)), ("startColumn", .int(finding.column))])),
                            ])
                        )
                    ])
                ])
            ),
            ("partialFingerprints", .object([("scenesweepFingerprint/v1", .string(finding.fingerprint))])),
            (
                "properties",
                .object([
                    ("app", .string(app.path)),
                    ("target", .string(app.target)),
                    ("project", .string(app.project)),
                    ("verdict", .string(app.verdict.rawValue)),
                ])
            ),
        ]
        if let suppression {
            members.append(
                (
                    "suppressions",
                    .array([
                        .object([
                            ("kind", .string("inSource")),
                            ("justification", .string(suppression)),
                        ])
                    ])
                ))
        }
        return .object(members)
    }

    static func notification(_ diagnostic: Diagnostic) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("level", .string(diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "note")),
            ("message", .object([("text", .string(diagnostic.message))])),
        ]
        if let file = diagnostic.file {
            var region: [(String, JSONValue)] = []
            if let line = diagnostic.line { region.append(("startLine", .int(line))) }
            var physical: [(String, JSONValue)] = [
                ("artifactLocation", .object([("uri", .string(uri(file))), ("uriBaseId", .string("SRCROOT"))]))
            ]
            if !region.isEmpty { physical.append(("region", .object(region))) }
            members.append(("locations", .array([.object([("physicalLocation", .object(physical))])])))
        }
        return .object(members)
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
