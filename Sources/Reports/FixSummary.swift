import Results

/// `fix`'s words for people (on standard error, so standard output carries only the patch): per app, what
/// the patch touches and clears, or why there is none and what to do by hand.
package enum FixSummary {
    package static func render(_ report: FixReport) -> String {
        var lines: [String] = []
        for app in report.apps {
            let name = "\(app.target) (\(app.path), \(app.framework))"
            switch app.status {
            case .patched:
                let errors = app.resolves.count { $0.severity == .error }
                lines.append("patched   \(name): \(app.changes.map(\.path).joined(separator: ", "))")
                lines.append(
                    "          clears \(app.resolves.count) finding\(app.resolves.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s")); checked: \(app.checks.joined(separator: "; "))"
                )
            case .explained:
                lines.append("explained \(name): no patch")
                for reason in app.reasons { lines.append("          why: \(reason.described)") }
            }
            if !app.steps.isEmpty {
                lines.append("          by hand:")
                for step in app.steps { lines.append("            - \(step)") }
            }
        }
        let total = report.apps.count
        if total == 0 {
            lines.append("nothing to fix: no app in the tree is blocked")
        } else {
            lines.append("\(total) app\(total == 1 ? "" : "s"): \(report.patched) patched, \(report.explained) explained")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
