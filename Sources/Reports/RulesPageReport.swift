import Results
import Rules
import ScanCore

/// `rules.html` in a run: every rule of the catalogue on one page, each at an anchor named after its id,
/// with what it finds, why, the fix, Apple's documentation and the examples that trigger it. The
/// dashboard and the repository pages link here, so explanations never depend on the network.
package enum RulesPageReport {
    package static func html() -> String {
        let descriptions = Catalogue.descriptions
        var body = "<main>\n<header class=\"masthead\">\n<div><p class=\"eyebrow\">iOS 27 scene readiness</p><h1>Rule pages</h1></div>\n"
        body += "<div class=\"meta\"><p>\(descriptions.count) rules of the \(HTML.escape(Scanner.rulePack)) pack · scenesweep "
        body += "\(HTML.escape(Scanner.toolVersion))</p><nav class=\"sections\" aria-label=\"Pages\">"
        body += "<a href=\"summary.html\">Fleet dashboard</a></nav></div>\n</header>\n"
        body += "<section class=\"card\" aria-label=\"Contents\">"
        for severity in [Severity.error, .warning, .note] {
            let rules = descriptions.filter { $0.severity == severity }
            guard !rules.isEmpty else { continue }
            body += "<h3>\(HTMLPage.severityBadge(severity)) \(severityTitle(severity))</h3><ul class=\"toc\">"
            for description in rules {
                body += "<li><a href=\"#\(HTML.anchor(description.id))\">\(HTML.escape(description.name))</a> "
                body += "<span class=\"mono muted\">\(HTML.escape(description.id))</span></li>"
            }
            body += "</ul>"
        }
        body += "</section>\n"
        for description in descriptions {
            body += page(description)
        }
        body += "<footer><p>Also on the command line: <code>scenesweep explain RULE</code>.</p></footer>\n</main>"
        return HTMLPage.document(title: "scenesweep rules", body: body, bodyClass: "rules")
    }

    private static func severityTitle(_ severity: Severity) -> String {
        switch severity {
        case .error: return "Errors: the app is blocked"
        case .warning: return "Warnings: the app is at risk"
        case .note: return "Notes"
        }
    }

    private static func page(_ description: RuleDescription) -> String {
        var html = "<article class=\"card rule-page\" id=\"\(HTML.anchor(description.id))\">\n"
        html += "<h2>\(HTML.escape(description.name)) \(HTMLPage.severityBadge(description.severity))"
        html += "<span class=\"id mono\">\(HTML.escape(description.id))</span></h2>\n"
        html += "<p><b>\(HTML.escape(description.summary))</b></p>\n"
        // Blank lines separate paragraphs (and the rows of a rule's data table).
        let paragraphs = description.rationale.components(separatedBy: "\n\n").map { "<p>\(HTML.escape($0))</p>" }
        html += "<h3>Why</h3>\(paragraphs.joined())\n"
        html += "<h3>Fix</h3><p>\(HTML.escape(description.fix))</p>\n"
        if !description.documentationURLs.isEmpty {
            html += "<h3>Apple documentation</h3><ul>"
            for url in description.documentationURLs {
                html += "<li><a class=\"mono small\" href=\"\(HTML.escape(url))\">\(HTML.escape(url))</a></li>"
            }
            html += "</ul>\n"
        }
        if !description.triggering.isEmpty {
            html += "<h3>Triggers (↓ marks the finding)</h3>\n" + examples(description.triggering)
        }
        if !description.nonTriggering.isEmpty {
            html += "<details><summary>Does not trigger (\(description.nonTriggering.count))</summary>"
            html += examples(description.nonTriggering) + "</details>\n"
        }
        return html + "</article>\n"
    }

    private static func examples(_ examples: [Example]) -> String {
        var html = ""
        for example in examples {
            if let note = example.note { html += "<p class=\"small muted\">\(HTML.escape(note))</p>" }
            for (path, contents) in example.files {
                html += "<p class=\"small mono\" style=\"margin-top:10px\">\(HTML.escape(path))</p><pre>\(HTML.escape(contents))</pre>"
            }
        }
        return html
    }
}
