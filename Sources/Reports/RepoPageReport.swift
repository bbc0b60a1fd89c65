import Results
import Rules
import ScanCore

/// `repos/<key>.html` in a run: one repository's apps, each finding with its place and message, grouped
/// by rule with the rule's fix, for the team that owns it. A pure function of the repository's result,
/// so a result carried forward into a later run can share the file. Links lead to the run's
/// `summary.html` and `rules.html`, one folder up.
package enum RepoPageReport {
    package static func html(_ report: ScanReport) -> String {
        html(report, stale: nil)
    }

    /// A stale repository's page: its last result under a notice saying so, why and since when.
    package static func html(_ report: ScanReport, stale notice: StaleNotice?) -> String {
        let (name, commit) = nameAndCommit(report.root)
        let summary = report.summary
        var body = "<main>\n<header class=\"masthead\">\n<div><p class=\"eyebrow\">Repository · iOS 27 scene readiness</p>"
        body += "<h1>\(HTML.escape(name))</h1></div>\n<div class=\"meta\">"
        if let commit { body += "<p>Commit <span class=\"mono\">\(HTML.escape(commit))</span></p>" }
        body += "<p>scenesweep \(HTML.escape(report.toolVersion)) (rule pack \(HTML.escape(report.rulePack)))</p>"
        body += "<nav class=\"sections\" aria-label=\"Pages\"><a href=\"../summary.html\">Fleet dashboard</a>"
        body += "<a href=\"../rules.html\">Rule pages</a></nav></div>\n</header>\n"
        if let notice {
            let date = notice.resultDate.map { " from \(HTML.moment($0))" } ?? ""
            body += "<section class=\"card stale-notice\" aria-label=\"Stale result\"><p><b>Stale result</b>\(date): this repository "
            body += "could not be brought up to date (\(HTML.escape(notice.error))), so its apps count with these verdicts, never "
            body += "better, until it can.</p></section>\n"
        }

        body += "<section class=\"card\" aria-label=\"Summary\">\n<ul class=\"tiles\">\n"
        for verdict in HTMLPage.verdictOrder {
            let value: Int
            switch verdict {
            case .blocked: value = summary.blocked
            case .atRisk: value = summary.atRisk
            case .ready: value = summary.ready
            case .unknown: value = summary.unknown
            }
            body += "<li class=\"tile \(verdict.rawValue)\"><span class=\"name\">\(HTMLPage.icon(verdict))\(HTMLPage.label(verdict))</span>"
            body += "<div><span class=\"count\" data-metric=\"\(verdict.rawValue)\">\(value)</span></div></li>\n"
        }
        body += "</ul>\n<p class=\"muted small\" style=\"margin-top:12px\">\(DashboardReport.count(summary.apps, "app")): "
        body += "\(DashboardReport.count(summary.errors, "error")), \(DashboardReport.count(summary.warnings, "warning")), "
        body += "\(DashboardReport.count(summary.notes, "note"))"
        if summary.suppressed > 0 { body += " (\(summary.suppressed) suppressed)" }
        body += ".</p>\n</section>\n"

        if report.apps.isEmpty {
            body += "<section class=\"card\"><p class=\"empty\">No iOS, tvOS or visionOS application targets were found.</p></section>\n"
        }
        if report.apps.count > 1 {
            body += appIndex(report.apps)
        }
        for (index, app) in report.apps.enumerated() {
            body += section(app, anchor: "app-\(index + 1)")
        }
        if !report.diagnostics.isEmpty {
            body += "<section><div class=\"section-head\"><h2>Scan diagnostics</h2><p>About the scan, not the apps.</p></div>"
            body += "<div class=\"card\"><ul>"
            for diagnostic in report.diagnostics {
                body += "<li class=\"small\">\(HTML.escape(diagnostic.description))</li>"
            }
            body += "</ul></div></section>\n"
        }
        body += "<footer><p><a href=\"../summary.html\">Back to the fleet dashboard</a> · the same result as "
        body += "JSON, Markdown and SARIF sits next to this page.</p></footer>\n</main>"
        return HTMLPage.document(title: "\(HTML.escape(name)): iOS 27 scene readiness", body: body, bodyClass: "repo")
    }

    /// A sweep labels a result `name@commit` (12 hex digits).
    static func nameAndCommit(_ root: String) -> (String, String?) {
        guard let at = root.lastIndex(of: "@") else { return (root, nil) }
        let commit = root[root.index(after: at)...]
        guard commit.count >= 7, commit.allSatisfy(\.isHexDigit) else { return (root, nil) }
        return (String(root[..<at]), String(commit))
    }

    private static func appIndex(_ apps: [AppReport]) -> String {
        var html = "<section><div class=\"section-head\"><h2>Apps</h2></div><div class=\"card\"><div class=\"table-wrap\"><table>"
        html += "<thead><tr><th>App</th><th>Target</th><th>Verdict</th><th class=\"num\">Errors</th><th class=\"num\">Warnings</th>"
        html += "<th class=\"num\">Notes</th></tr></thead><tbody>"
        for (index, app) in apps.enumerated() {
            html += "<tr><td><a class=\"mono\" href=\"#app-\(index + 1)\">\(HTML.escape(DashboardReport.appPath(app.path)))</a></td>"
            html += "<td>\(HTML.escape(app.target))</td><td>\(HTMLPage.badge(app.verdict))</td>"
            html +=
                "<td class=\"num\">\(app.count(.error))</td><td class=\"num\">\(app.count(.warning))</td><td class=\"num\">\(app.count(.note))</td></tr>"
        }
        return html + "</tbody></table></div></div></section>\n"
    }

    private static func section(_ app: AppReport, anchor: String) -> String {
        var html = "<section class=\"card app-card\" id=\"\(anchor)\" data-app>\n<div class=\"app-head\">"
        html += "<h2 class=\"mono\">\(HTML.escape(DashboardReport.appPath(app.path)))</h2>\(HTMLPage.badge(app.verdict))</div>\n"
        var facts = ["target \(HTML.escape(app.target))", HTML.escape(app.platform)]
        facts.append(HTML.escape(app.frameworkVersion.map { "\(app.framework) \($0)" } ?? app.framework))
        if let project = app.project { facts.append("<span class=\"mono\">\(HTML.escape(project))</span>") }
        facts.append(
            app.owners.isEmpty
                ? "<span class=\"unowned\">no CODEOWNERS owner</span>"
                : "owners <span class=\"mono\">\(app.owners.map(HTML.escape).joined(separator: " "))</span>")
        html += "<p class=\"facts\">\(facts.joined(separator: " · "))</p>\n"
        html += toolchain(app.toolchain)
        if app.findings.isEmpty { html += "<p class=\"empty\">No findings.</p>\n" }
        // One group per rule, the worst first, each with the rule's fix once and every place it fired.
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for finding in app.findings {
            if groups[finding.rule] == nil { order.append(finding.rule) }
            groups[finding.rule, default: []].append(finding)
        }
        let ranked = order.enumerated().sorted { lhs, rhs in
            let left = groups[lhs.element]!.map(\.severity.rank).max()!
            let right = groups[rhs.element]!.map(\.severity.rank).max()!
            return (left, rhs.offset) > (right, lhs.offset)
        }
        for (_, rule) in ranked {
            let findings = groups[rule]!
            let description = Catalogue.rule(named: rule)?.description
            let worst = findings.map(\.severity).max()!
            html += "<div class=\"rule-group\" data-rule=\"\(HTML.escape(rule))\"><h3>\(HTMLPage.severityBadge(worst))"
            html += "\(HTML.escape(description?.name ?? rule)) <a class=\"mono small\" href=\"../rules.html#\(HTML.anchor(rule))\">"
            html += "\(HTML.escape(rule))</a></h3>\n"
            if let fix = description?.fix { html += "<p class=\"fix\"><b>Fix:</b> \(HTML.escape(fix))</p>\n" }
            html += "<ol class=\"findings\">\n"
            for finding in findings {
                html += "<li data-finding><span class=\"loc mono\">\(HTML.escape(finding.file)):\(finding.line):\(finding.column)</span>"
                if finding.severity != worst { html += " \(HTMLPage.severityBadge(finding.severity))" }
                html += "<div>\(HTML.escape(finding.message))</div></li>\n"
            }
            html += "</ol></div>\n"
        }
        if !app.suppressed.isEmpty {
            html += "<details><summary>\(app.suppressed.count) suppressed by <code>scenesweep:ignore</code></summary><ul>"
            for suppressed in app.suppressed {
                let finding = suppressed.finding
                html += "<li><span class=\"mono\">\(HTML.escape(finding.file)):\(finding.line)</span> "
                html += "<span class=\"mono\">\(HTML.escape(finding.rule))</span>: "
                html += "\(HTML.escape(suppressed.reason.isEmpty ? "no reason given" : suppressed.reason))</li>"
            }
            html += "</ul></details>\n"
        }
        for reason in app.unreadable {
            html += "<p class=\"small\"><b>Could not check:</b> \(HTML.escape(reason))</p>\n"
        }
        html += dependencies(app.dependencies)
        return html + "</section>\n"
    }

    /// The Xcode the app builds with, and the pin that says so; nothing when no pin was found.
    private static func toolchain(_ toolchain: AppToolchain) -> String {
        guard let pin = toolchain.deciding, let line = TextReport.toolchainLine(toolchain) else { return "" }
        return "<p class=\"small\" data-xcode-status=\"\(toolchain.status.rawValue)\"><b>Xcode:</b> \(HTML.escape(line))"
            + (pin.basis.map { " <span class=\"muted\">(\(HTML.escape($0)))</span>" } ?? "") + "</p>\n"
    }

    /// The readiness table's dependencies the app resolves, with their state and the version to move to.
    private static func dependencies(_ statuses: [DependencyStatus]) -> String {
        guard !statuses.isEmpty else { return "" }
        var html = "<details\(statuses.contains(where: \.isBlocking) ? " open" : "")><summary>Dependencies checked for scene support ("
        html += "\(statuses.filter(\.isBlocking).count) to move)</summary><ul>"
        for status in statuses {
            let state: String
            switch status.state {
            case .ready: state = "ready"
            case .lagging: state = "move to \(status.sceneAware ?? "")"
            case .noSceneAwareRelease: state = "no scene-aware release"
            case .unknown: state = "version not comparable"
            }
            html += "<li data-dependency-state=\"\(status.state.rawValue)\"><span class=\"mono\">\(HTML.escape(status.package)) "
            html += "\(HTML.escape(status.resolved))</span> (\(HTML.escape(status.file)):\(status.line)): \(HTML.escape(state)) · "
            html += "<a href=\"\(HTML.escape(status.source))\">source</a></li>"
        }
        return html + "</ul></details>\n"
    }
}
