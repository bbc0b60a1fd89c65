import Results
import ScanCore

/// `--format github`: GitHub Actions workflow commands, so findings show as annotations on the diff.
package enum GitHubReport {
    package static func render(_ report: ScanReport) -> String {
        // A file compiled into several apps gets one annotation per line and rule, naming every app.
        var order: [String] = []
        var targets: [String: [String]] = [:]
        var first: [String: Finding] = [:]
        for app in report.apps where app.counted {
            for finding in app.findings {
                let key = "\(finding.file):\(finding.line):\(finding.column):\(finding.rule):\(finding.message)"
                if first[key] == nil {
                    first[key] = finding
                    order.append(key)
                }
                targets[key, default: []].append(app.target)
            }
        }
        var output = ""
        for key in order {
            guard let finding = first[key] else { continue }
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let apps = targets[key, default: []].joined(separator: ", ")
            output +=
                "::\(command) file=\(property(finding.file)),line=\(finding.line),col=\(finding.column),"
                + "title=\(property("\(finding.rule) (\(apps))"))::\(data(finding.message))\n"
        }
        output += "::notice title=scenesweep::\(data(TextReport.summaryLine(report.summary)))\n"
        return output
    }

    /// Escaping for a command's message.
    ///
    /// Goes scalar by scalar: walking Characters, "\r\n" is one grapheme equal to neither "\r" nor "\n"
    /// and passed through raw, so a file name holding it started a new line, a workflow command of the
    /// repository's choosing (and "%" followed by a combining mark escaped nothing either).
    static func data(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Escaping for a command's properties, which also may not hold `:` or `,`.
    static func property(_ text: String) -> String {
        var result = ""
        for scalar in data(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
