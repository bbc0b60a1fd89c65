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

extension SourceFile {
    /// The tokens that start on a line, joined without spaces: survives reformatting and moves.
    public func normalizedCode(onLine line: Int) -> String {
        var result = ""
        for index in tokenIndices(onLine: line) {
            result += text(index)
        }
        return result
    }
}
