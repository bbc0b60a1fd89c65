import Results
import Rules
import ScanCore

/// `--format markdown`: one section per app with its findings and, per rule that fired, what to do.
package enum MarkdownReport {
    package static func render(_ report: ScanReport) -> String {
        render(report, stale: nil)
    }

    /// A stale repository's page: its last result under a notice saying so, why and since when.
    package static func render(_ report: ScanReport, stale notice: StaleNotice?) -> String {
        var output = "# scenesweep: iOS 27 scene readiness\n\n"
        output += "Scanned `\(Markdown.code(report.root))` with scenesweep \(report.toolVersion) (rule pack \(report.rulePack)).\n\n"
        if let notice {
            let date = notice.resultDate.map { " from \(Timestamp.readable($0))" } ?? ""
            output +=
                "> **Stale result**\(date): this repository could not be brought up to date (\(Markdown.cell(notice.error))), "
                + "so its apps count with these verdicts, never better, until it can.\n\n"
        }
        output += "**\(TextReport.summaryLine(report.summary))**\n\n"
        if report.apps.isEmpty {
            output += "No iOS, tvOS or visionOS application targets were found.\n"
        }
        if !report.apps.isEmpty {
            output += "| App | Target | Platform | Framework | Verdict | Errors | Warnings | Notes |\n"
            output += "|---|---|---|---|---|---:|---:|---:|\n"
            for app in report.apps {
                output +=
                    "| `\(Markdown.code(app.path.isEmpty ? "." : app.path))` | \(Markdown.cell(app.target)) | \(Markdown.cell(app.platform)) | "
                    + "\(Markdown.cell(TextReport.frameworkLabel(app))) | \(verdict(app.verdict)) | \(app.count(.error)) | \(app.count(.warning)) | \(app.count(.note)) |\n"
            }
            output += "\n"
        }
        for app in report.apps {
            output += section(app)
        }
        if !report.diagnostics.isEmpty {
            output += "## Scan diagnostics\n\n"
            for diagnostic in report.diagnostics {
                output += "- \(Markdown.cell(diagnostic.description))\n"
            }
            output += "\n"
        }
        return output
    }

    static func section(_ app: AppReport) -> String {
        var output = "## \(Markdown.cell(app.target)) — `\(Markdown.code(app.path.isEmpty ? "." : app.path))`\n\n"
        output += "\(verdict(app.verdict)) · \(Markdown.cell(app.platform)) · \(Markdown.cell(TextReport.frameworkLabel(app)))\n\n"
        if let vendored = app.vendored {
            output += "> Vendored: \(Markdown.cell(vendored))\(app.counted ? "" : "; not counted in the totals or the exit status").\n\n"
        }
        if let line = TextReport.toolchainLine(app.toolchain) { output += "Xcode: \(Markdown.cell(line))\n\n" }
        if app.findings.isEmpty {
            output += "No findings.\n\n"
        } else {
            output += "| Severity | Location | Rule | Message |\n|---|---|---|---|\n"
            for finding in app.findings {
                output +=
                    "| \(finding.severity.rawValue) | `\(Markdown.code("\(finding.file):\(finding.line)"))` | `\(finding.rule)` | \(Markdown.cell(finding.message)) |\n"
            }
            output += "\n### What to do\n\n"
            // Errors first: what blocks the app comes before what merely stops working.
            var seen: Set<String> = []
            let bySeverity = app.findings.enumerated().sorted {
                ($0.element.severity.rank, $1.offset) > ($1.element.severity.rank, $0.offset)
            }
            for (_, finding) in bySeverity where seen.insert(finding.rule).inserted {
                guard let rule = Catalogue.rule(named: finding.rule) else { continue }
                let description = rule.description
                output += "- **\(description.name)** (`\(description.id)`): \(Markdown.cell(description.fix))"
                if let url = description.documentationURLs.first { output += " [Apple documentation](\(url))" }
                output += "\n"
            }
            output += "\n"
        }
        if !app.suppressed.isEmpty {
            output += "<details><summary>\(app.suppressed.count) suppressed</summary>\n\n"
            for suppressed in app.suppressed {
                let finding = suppressed.finding
                output +=
                    "- `\(Markdown.code("\(finding.file):\(finding.line)"))` `\(finding.rule)`: \(Markdown.cell(suppressed.reason.isEmpty ? "no reason given" : suppressed.reason))\n"
            }
            output += "\n</details>\n\n"
        }
        for reason in app.unreadable {
            output += "> Could not check: \(Markdown.cell(reason))\n\n"
        }
        if !app.testTargets.isEmpty {
            output +=
                "Test targets that run in this app (they fail when it does): \(app.testTargets.map { "`\(Markdown.code($0))`" }.joined(separator: ", "))\n\n"
        }
        return output
    }

    static func verdict(_ verdict: Verdict) -> String {
        switch verdict {
        case .blocked: return "🔴 blocked"
        case .atRisk: return "🟠 at risk"
        case .ready: return "🟢 ready"
        case .unknown: return "⚪ unknown"
        }
    }
}

/// Escaping for text that comes from repositories: table pipes, newlines and HTML never break out.
///
/// Both go scalar by scalar: walking Characters, "\r\n" is one grapheme equal to neither "\r" nor "\n",
/// and "|" followed by a combining mark is one grapheme unequal to "|", so either passed through raw and
/// broke the table row it was in. Other control characters are shown as `\u{…}` escapes (see VisibleText).
enum Markdown {
    /// Bytes that may need an escape in a cell: the characters escaped below, control characters, and every
    /// byte of a non-ASCII character (some are escaped, see `VisibleText`); anything else is copied.
    private static let cellBytes: [Bool] = (0..<256).map { value in
        value < 0x20 || value >= 0x7F || "|<>&`*_[]".utf8.contains(UInt8(value))
    }
    /// The same for text inside backticks.
    private static let codeBytes: [Bool] = (0..<256).map { value in value < 0x20 || value >= 0x7F || "`|".utf8.contains(UInt8(value)) }

    /// Text for a table cell or a paragraph.
    static func cell(_ text: String) -> String {
        // Most text needs no escape, and a pass over its bytes says so: scalar by scalar, the reports of a
        // sweep's repositories spent more in here than in the rest of writing their Markdown.
        guard text.utf8.contains(where: { cellBytes[Int($0)] }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "|": result += "\\|"
            case "\n", "\r": result += " "
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "`", "*", "_", "[", "]": result += "\\" + String(scalar)
            case _ where VisibleText.needsEscape(scalar): result += VisibleText.escape(String(scalar))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text inside backticks: no backticks or newlines inside.
    static func code(_ text: String) -> String {
        guard text.utf8.contains(where: { codeBytes[Int($0)] }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "`": result += "'"
            case "\n", "\r": result += " "
            case "|": result += "\\|"
            case _ where VisibleText.needsEscape(scalar): result += VisibleText.escape(String(scalar))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
