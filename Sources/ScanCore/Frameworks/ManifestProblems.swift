import Foundation
import XcodeProject
import YAML

/// Framework manifests that exist but cannot be read, reported once each as `file:line` diagnostics.
///
/// An unreadable `package.json` or `pubspec.yaml` does not stop the scan: the app is then judged from its
/// native code alone (its app delegate's base class still names the framework), and the diagnostic says why
/// the version is missing.
final class ManifestProblems {
    private(set) var diagnostics: [Diagnostic] = []
    private var reported: Set<String> = []

    /// Records a JSON file that does not parse, with the line JSONSerialization points at when it says.
    func json(_ path: String, _ bytes: [UInt8]) {
        guard reported.insert(path).inserted else { return }
        var line: Int?
        var detail = "not valid JSON"
        do {
            _ = try JSONSerialization.jsonObject(with: Data(bytes))
            detail = "not a JSON object"
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            line =
                Self.number(after: "line ", in: description)
                ?? Self.number(after: "character ", in: description).map { Self.line(ofOffset: $0, in: bytes) }
            if let reason = description.split(separator: " around").first, !reason.isEmpty {
                detail = "not valid JSON (\(reason.lowercased()))"
            }
        }
        diagnostics.append(Diagnostic(.warning, file: path, line: line, "\(detail); the framework version is unknown"))
    }

    /// Records a YAML file that does not parse, at the parser's mark.
    func yaml(_ path: String, _ error: Error) {
        guard reported.insert(path).inserted else { return }
        if let error = error as? YAMLError {
            diagnostics.append(
                Diagnostic(
                    .warning, file: path, line: error.mark.line, "not valid YAML: \(error.message); the framework version is unknown"))
        } else {
            diagnostics.append(Diagnostic(.warning, file: path, "not valid YAML; the framework version is unknown"))
        }
    }

    /// The number after `label` in a parser message: "… around line 3, column 5." → 3 for "line ".
    static func number(after label: String, in description: String) -> Int? {
        guard let range = description.range(of: label) else { return nil }
        return Int(description[range.upperBound...].prefix { $0.isNumber })
    }

    /// The 1-based line holding a 0-based byte offset.
    static func line(ofOffset offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes.prefix(max(0, offset)).reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
