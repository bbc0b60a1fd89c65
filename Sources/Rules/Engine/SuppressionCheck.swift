import Results
import ScanCore

/// Applies `scenesweep:ignore` comments.
///
/// In source files a comment covers its own line and, when it stands alone on its line, the next
/// one. In other files (Info.plist, project files) the same holds for `<!-- … -->` and `//` comments;
/// a finding about a whole file (line 1, a key that is missing) is covered by a matching comment
/// anywhere in that file.
struct SuppressionCheck {
    let workspace: Workspace

    func suppression(for finding: Finding) -> SuppressionComment? {
        let comments = Self.comments(in: finding.file, workspace: workspace)
        let wholeFile = finding.line == 1 && workspace.sources[finding.file] == nil
        return comments.first { comment in
            guard Catalogue.matches(comment.rules, finding.rule) else { return false }
            if wholeFile { return true }
            return comment.line == finding.line || (comment.ownsLine && comment.line + 1 == finding.line)
        }
    }

    static func comments(in path: String, workspace: Workspace) -> [SuppressionComment] {
        if let source = workspace.sources[path] { return source.suppressions }
        guard let bytes = workspace.read(path) else { return [] }
        return SuppressionComment.scan(bytes)
    }

    /// Suppression comments naming rules that do not exist: usually a typo that silences nothing.
    static func unknownRuleDiagnostics(_ workspace: Workspace) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for (path, file) in workspace.sources {
            for comment in file.suppressions {
                for rule in comment.rules where Catalogue.rule(named: rule) == nil {
                    result.append(Diagnostic(.warning, file: path, line: comment.line, "scenesweep:ignore names unknown rule '\(rule)'"))
                }
            }
        }
        return result
    }
}
