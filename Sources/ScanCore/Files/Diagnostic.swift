/// A problem with the run rather than with the app: a file that could not be read or parsed, a limit hit.
/// Diagnostics go to stderr and into reports' run sections; the scan always goes on.
package struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    package enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    package let severity: Severity
    /// Root-relative path of the file concerned, when there is one.
    package let file: String?
    package let line: Int?
    package let message: String

    package init(_ severity: Severity, file: String?, line: Int? = nil, _ message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: warning: message`, the shape compilers print; names and text from the repository
    /// with their control characters escaped, since this line is printed to terminals and CI logs.
    package var description: String {
        var location = ""
        if let file {
            location = VisibleText.escape(file)
            if let line { location += ":\(line)" }
            location += ": "
        }
        return "\(location)\(severity.rawValue): \(VisibleText.escape(message))"
    }

    package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.file ?? "", lhs.line ?? 0, lhs.message) < (rhs.file ?? "", rhs.line ?? 0, rhs.message)
    }
}

/// The JSON form of a diagnostic in scan results; a severity this version does not know reads as a warning.
extension Diagnostic: Codable {
    private enum CodingKeys: String, CodingKey {
        case severity, file, line, message
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(message, forKey: .message)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            Severity(rawValue: try container.decode(String.self, forKey: .severity)) ?? .warning,
            file: try container.decodeIfPresent(String.self, forKey: .file), line: try container.decodeIfPresent(Int.self, forKey: .line),
            try container.decode(String.self, forKey: .message))
    }
}
