public import ScanCore

/// How bad a finding is. Errors block a launch, an upload or a build with the iOS 27 SDK; warnings
/// are behaviour that silently stops; notes are context.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case error, warning, note

    /// Higher is worse.
    public var rank: Int {
        switch self {
        case .error: return 3
        case .warning: return 2
        case .note: return 1
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs.rank < rhs.rank
    }
}

/// One problem in an app, at a place in a file.
public struct Finding: Sendable, Hashable {
    public let rule: String
    public var severity: Severity
    public let message: String
    public let file: String
    public let line: Int
    public let column: Int
    /// What identifies the finding when code moves: normalised code or a plist key path.
    public let anchor: String
    /// Filled in by the scan engine from rule, file and anchor (never the line).
    public var fingerprint: String
    /// Byte offset in a source file, for findings in code (nil for plists and build settings).
    public let offset: Int?

    public init(rule: String, severity: Severity, message: String, file: String, line: Int, column: Int, anchor: String, offset: Int? = nil)
    {
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

    public init(rule: String, severity: Severity, message: String, at location: Location, anchor: String) {
        self.init(
            rule: rule, severity: severity, message: message, file: location.file, line: location.line,
            column: location.column, anchor: anchor)
    }

    /// A finding at a token of a source file; its anchor is the code on the token's line.
    public init(rule: String, severity: Severity, message: String, in file: SourceFile, token: Int) {
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
    public static func sortOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.rule, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.rule, rhs.message)
    }
}

/// A finding a `scenesweep:ignore` comment silenced, with the reason given.
public struct SuppressedFinding: Sendable, Hashable {
    public let finding: Finding
    public let reason: String
    /// Where the suppression comment is.
    public let line: Int

    public init(finding: Finding, reason: String, line: Int) {
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

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(fingerprint, forKey: .fingerprint)
    }

    public init(from decoder: any Decoder) throws {
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

    public func encode(to encoder: any Encoder) throws {
        try finding.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reason, forKey: .reason)
    }

    public init(from decoder: any Decoder) throws {
        let finding = try Finding(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(finding: finding, reason: try container.decodeIfPresent(String.self, forKey: .reason) ?? "", line: finding.line)
    }
}
