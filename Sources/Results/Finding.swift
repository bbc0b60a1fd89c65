import ScanCore

/// How bad a finding is. Errors block a launch, an upload or a build with the iOS 27 SDK; warnings
/// are behaviour that silently stops; notes are context.
package enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case error, warning, note

    /// Higher is worse.
    package var rank: Int {
        switch self {
        case .error: return 3
        case .warning: return 2
        case .note: return 1
        }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}

/// One problem in an app, at a place in a file.
package struct Finding: Sendable, Hashable {
    package let rule: String
    package var severity: Severity
    package let message: String
    package let file: String
    package let line: Int
    package let column: Int
    /// What identifies the finding when code moves: normalised code or a plist key path.
    package let anchor: String
    /// Filled in by the scan engine from rule, file and anchor (never the line).
    package var fingerprint: String
    /// Byte offset in a source file, for findings in code (nil for plists and build settings).
    package let offset: Int?

    package init(
        rule: String, severity: Severity, message: String, file: String, line: Int, column: Int, anchor: String, offset: Int? = nil
    ) {
        self.offset = offset
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.anchor = anchor
        self.fingerprint = ""
    }

    package init(rule: String, severity: Severity, message: String, at location: Location, anchor: String) {
        self.init(
            rule: rule, severity: severity, message: message, file: location.file, line: location.line,
            column: location.column, anchor: anchor)
    }

    /// A finding at a token of a source file; its anchor is the code on the token's line.
    package init(rule: String, severity: Severity, message: String, in file: SourceFile, token: Int) {
        let offset = Int(file.tokens[token].start)
        let line = file.line(ofOffset: offset)
        self.init(
            rule: rule, severity: severity, message: message, file: file.path, line: line,
            column: file.column(ofOffset: offset), anchor: file.normalizedCode(onLine: line), offset: offset)
    }

    /// Fingerprints from rule, file, anchor and the occurrence among identical ones: never the line.
    package static func fingerprinted(_ findings: [Finding]) -> [Finding] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let key = finding.rule + "\u{0}" + finding.file + "\u{0}" + finding.anchor
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            var result = finding
            result.fingerprint = Fingerprint.of([finding.rule, finding.file, finding.anchor, String(occurrence)])
            return result
        }
    }

    /// Order of reports: file, line, column, rule, message.
    package static func sortOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.rule, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.rule, rhs.message)
    }
}

/// A finding a `scenesweep:ignore` comment silenced, with the reason given.
package struct SuppressedFinding: Sendable, Hashable {
    package let finding: Finding
    package let reason: String
    /// Where the suppression comment is.
    package let line: Int

    package init(finding: Finding, reason: String, line: Int) {
        self.finding = finding
        self.reason = reason
        self.line = line
    }
}

/// The JSON form of a finding in scan results. The anchor is not stored: the fingerprint made from it is.
extension Finding: Codable {
    private enum CodingKeys: String, CodingKey {
        case rule, severity, message, file, line, column, fingerprint
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(fingerprint, forKey: .fingerprint)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            rule: try container.decode(String.self, forKey: .rule), severity: try container.decode(Severity.self, forKey: .severity),
            message: try container.decode(String.self, forKey: .message), file: try container.decode(String.self, forKey: .file),
            line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column), anchor: "")
        fingerprint = try container.decode(String.self, forKey: .fingerprint)
    }
}

/// A suppressed finding is stored as the finding with the comment's `reason` after its members.
extension SuppressedFinding: Codable {
    private enum CodingKeys: String, CodingKey {
        case reason
    }

    package func encode(to encoder: any Encoder) throws {
        try finding.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reason, forKey: .reason)
    }

    package init(from decoder: any Decoder) throws {
        let finding = try Finding(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(finding: finding, reason: try container.decodeIfPresent(String.self, forKey: .reason) ?? "", line: finding.line)
    }
}
