import Results
import ScanCore

/// `--format text`: compiler-style lines (`file:line:col: severity: message [rule]`) grouped per app,
/// then a summary line. Editors and CI log parsers pick the lines up as they are.
package enum TextReport {
    package static func render(_ report: ScanReport) -> String {
        // Paths, target names and messages come from the repository: `show` keeps a name with a line
        // break or an ESC sequence from starting a line of its own (see `VisibleText`).
        let show = VisibleText.escape
        var output = ""
        if report.apps.isEmpty {
            output += "no iOS, tvOS or visionOS application targets found in \(show(report.root))\n"
        }
        for app in report.apps {
            let project = app.project.map { " (\(show($0)))" } ?? ""
            output +=
                "\(app.path.isEmpty ? "." : show(app.path)) · target \(show(app.target))\(project) · \(show(app.platform)) · \(show(frameworkLabel(app))): \(app.unidentified ? "UNKNOWN (no app could be identified)" : verdictLabel(app.verdict))\(vendoredLabel(app))\n"
            if let line = toolchainLine(app.toolchain) { output += "  \(show(line))\n" }
            for finding in app.findings {
                output +=
                    "\(show(finding.file)):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(show(finding.message)) [\(finding.rule)]\n"
            }
            if !app.suppressed.isEmpty {
                output += "  \(app.suppressed.count) suppressed by scenesweep:ignore\n"
            }
            for reason in app.unreadable {
                output += "  could not check: \(show(reason))\n"
            }
            if !app.testTargets.isEmpty, app.verdict != .ready {
                output += "  test targets that run in this app fail with it: \(app.testTargets.map(show).joined(separator: ", "))\n"
            }
            output += "\n"
        }
        output += summaryLine(report.summary) + "\n"
        return output
    }

    /// "builds with Xcode 16.4 (github-actions-runner macos-15 at .github/workflows/ios.yml:5)"; nil without pins.
    static func toolchainLine(_ toolchain: AppToolchain) -> String? {
        guard !toolchain.pins.isEmpty else { return nil }
        guard let pin = toolchain.deciding else { return "Xcode unknown: \(toolchain.pins.count) pin(s) could not be resolved" }
        let xcode = toolchain.xcode.map { $0 == "latest" ? "the newest Xcode" : "Xcode \($0)" } ?? "an unknown Xcode"
        let what: String
        switch toolchain.status {
        case .current: what = "the iOS 27 SDK is in use now"
        case .deferred: what = "safe until the pin moves"
        case .floating: what = "floating: moves without a commit"
        case .unknown: what = "unknown"
        }
        return "builds with \(xcode) (\(pin.source.displayName) \(pin.text) at \(pin.location.file):\(pin.location.line)): \(what)"
    }

    package static func summaryLine(_ summary: AppCounts) -> String {
        var parts = ["\(summary.blocked) blocked", "\(summary.atRisk) at risk", "\(summary.ready) ready"]
        if summary.unknown > 0 { parts.append("\(summary.unknown) unknown") }
        var line = "\(count(summary.apps, "app")): " + parts.joined(separator: ", ")
        line += "; \(count(summary.errors, "error")), \(count(summary.warnings, "warning")), \(count(summary.notes, "note"))"
        if summary.suppressed > 0 { line += " (\(summary.suppressed) suppressed)" }
        if summary.vendored > 0 { line += "; \(count(summary.vendored, "vendored app")) not counted" }
        return line
    }

    static func verdictLabel(_ verdict: Verdict) -> String {
        switch verdict {
        case .blocked: return "BLOCKED (will not launch, or rejected, when built with the iOS 27 SDK)"
        case .atRisk: return "AT RISK (launches, but some behaviour silently stops)"
        case .ready: return "ready"
        case .unknown: return "UNKNOWN (inputs could not be read)"
        }
    }

    /// ` · vendored (inside vendor/, third-party code), not counted` for a vendor's example app.
    static func vendoredLabel(_ app: AppReport) -> String {
        guard let vendored = app.vendored else { return "" }
        return " · vendored (\(VisibleText.escape(vendored)))" + (app.counted ? "" : ", not counted")
    }

    static func frameworkLabel(_ app: AppReport) -> String {
        if let version = app.frameworkVersion { return "\(app.framework) \(version)" }
        // A range is not a version: say that the release is unknown and what the manifests require.
        if let requirement = app.frameworkRequirement { return "\(app.framework) (version not pinned; requires \(requirement))" }
        return app.framework
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
