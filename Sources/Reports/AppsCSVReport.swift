import Results

/// `apps.csv`: one row per app of the fleet, for spreadsheets. RFC 4180 (CRLF line ends, fields with a
/// comma, quote or line break quoted, quotes doubled), and safe to open: a cell that a spreadsheet would
/// take for a formula (starting with `=`, `+`, `-`, `@`, tab or CR) gets a leading `'`. `status` says
/// whether the row comes from a stale result and `result_date` when that result was made; `suppressed`
/// counts findings `scenesweep:ignore` comments suppress, `suppressions_refused` comments the fleet's
/// config does not accept (their findings are counted in `errors` and `warnings`).
package enum AppsCSVReport {
    package static let header = [
        "repo", "path", "target", "platform", "framework", "version", "verdict", "errors", "warnings", "team", "commit", "status",
        "owners", "result_date", "suppressed", "suppressions_refused", "xcode", "xcode_status", "xcode_pin", "lagging_dependencies",
    ]

    package static func render(_ summary: FleetSummary) -> String {
        TextSink.text { render(summary, to: $0) }
    }

    /// apps.csv into a sink, a row at a time.
    package static func render(_ summary: FleetSummary, to sink: TextSink) {
        sink.write(row(header))
        for app in summary.apps {
            sink.write(
                row([
                    app.repoName, app.path, app.target, app.platform, app.framework, app.frameworkVersion ?? "", app.verdict.rawValue,
                    String(app.errors), String(app.warnings), app.team ?? "", app.commit ?? "", app.status.rawValue,
                    app.owners.joined(separator: " "), app.resultDate.map(Timestamp.iso) ?? "", String(app.suppressed),
                    String(app.suppressionsRefused), app.toolchain.xcode ?? "", app.status == .failed ? "" : app.toolchain.status.rawValue,
                    app.toolchain.deciding.map { "\($0.location.file):\($0.location.line)" } ?? "",
                    app.laggingDependencies.map(lagging).joined(separator: "; "),
                ]))
        }
    }

    /// `url_launcher_ios 6.3.4 -> 6.4.0`, `receive_sharing_intent 1.8.1 -> none`.
    static func lagging(_ status: DependencyStatus) -> String {
        "\(status.package) \(status.resolved) -> \(status.sceneAware ?? "none")"
    }

    static func row(_ cells: [String]) -> String {
        cells.map(cell).joined(separator: ",") + "\r\n"
    }

    static func cell(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            value = "'" + value
        }
        let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }
}
