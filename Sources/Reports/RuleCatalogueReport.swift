import Results
import Rules

/// The catalogue's documentation, rendered once for every place it is read: `scenesweep rules` (`list`),
/// `scenesweep explain` (`page`), `Docs/rules.md` (`markdown`; a test fails when the committed file
/// differs, and `scripts/record-goldens` regenerates it) and each run's `rules.html` (`html`), which the
/// dashboard and the repository pages link to, so explanations never depend on the network. Every
/// format takes the same parts from a rule's description: its severity group, the rationale's
/// paragraphs, the fix, Apple's documentation and the examples.
package enum RuleCatalogueReport {
    /// The rules of each severity, most severe first, in catalogue order within each.
    static func bySeverity(_ descriptions: [RuleDescription]) -> [(severity: Severity, rules: [RuleDescription])] {
        [Severity.error, .warning, .note].map { severity in (severity, descriptions.filter { $0.severity == severity }) }
    }

    /// A severity group's heading, and what it means for an app where a page has room to say it.
    static func heading(_ severity: Severity) -> (title: String, meaning: String?) {
        switch severity {
        case .error: return ("Errors", "the app is blocked")
        case .warning: return ("Warnings", "the app is at risk")
        case .note: return ("Notes", nil)
        }
    }

    /// Blank lines separate a rationale's paragraphs (and the rows of a rule's data table).
    static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n")
    }

    /// A rule's examples as its pages show them: the triggering ones, then those that must stay silent.
    static func exampleGroups(_ description: RuleDescription) -> [(title: String, triggering: Bool, examples: [Example])] {
        [("Triggers", true, description.triggering), ("Does not trigger", false, description.nonTriggering)]
    }

    /// The headings of a rule's page, capitalised as the HTML page shows them (the terminal's are upper case).
    static let why = "Why"
    static let fix = "Fix"
    static let documentation = "Apple documentation"
    static let markerNote = "↓ marks the finding"

    /// `scenesweep rules`: every rule id under its severity with what it finds.
    package static func list(_ descriptions: [RuleDescription] = Catalogue.descriptions) -> String {
        let width = (descriptions.map(\.id.count).max() ?? 0) + 2
        var text = ""
        for (severity, rules) in bySeverity(descriptions) {
            text += heading(severity).title.uppercased() + "\n"
            for description in rules {
                let id = description.id
                text += "  " + id + String(repeating: " ", count: max(1, width - id.count)) + description.summary + "\n"
            }
            text += "\n"
        }
        return text + "scenesweep explain RULE shows a rule's rationale, fix and examples.\n"
    }

    /// `scenesweep explain RULE`: one rule's page as text wrapped for a terminal.
    package static func page(_ description: RuleDescription) -> String {
        var text = "\(description.id): \(description.name)\n"
        text += "severity: \(description.severity.rawValue)\n\n"
        text += description.summary + "\n\n"
        text += why.uppercased() + "\n" + paragraphs(description.rationale).map(wrap).joined(separator: "\n\n") + "\n\n"
        text += fix.uppercased() + "\n" + paragraphs(description.fix).map(wrap).joined(separator: "\n\n") + "\n\n"
        if !description.documentationURLs.isEmpty {
            text += documentation.uppercased() + "\n" + description.documentationURLs.map { "  " + $0 }.joined(separator: "\n") + "\n\n"
        }
        for group in exampleGroups(description) {
            text += group.title.uppercased() + (group.triggering ? " (\(markerNote))" : "") + "\n"
            for example in group.examples {
                if let note = example.note { text += "  — \(note)\n" }
                for (path, contents) in example.files {
                    text += "  \(path):\n"
                    text +=
                        contents.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
                }
                if !example.buildSettings.isEmpty {
                    let settings = example.buildSettings.keys.sorted().filter { $0 != String(Example.marker) }.map {
                        "\($0) = \(example.buildSettings[$0]!)"
                    }
                    text += "  build settings: " + settings.joined(separator: ", ") + "\n"
                }
                text += "\n"
            }
        }
        return text
    }

    /// One paragraph wrapped at 98 columns, indented by two.
    static func wrap(_ paragraph: String) -> String {
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if current.count + word.count + 1 > 98, !current.isEmpty {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// `Docs/rules.md`: a table of the rules in catalogue order, then each rule's section.
    package static func markdown(_ descriptions: [RuleDescription] = Catalogue.descriptions) -> String {
        var text = "# Rule catalogue (\(ToolInfo.currentRulePack))\n\n"
        text += "Generated by `scenesweep rules --format markdown`; do not edit by hand.\n\n"
        text += "| Rule | Severity | Finds |\n|---|---|---|\n"
        for description in descriptions {
            text += "| [`\(description.id)`](#\(description.id)) | \(description.severity.rawValue) | \(description.summary) |\n"
        }
        for description in descriptions {
            text += "\n## \(description.id)\n\n**\(description.name)** · \(description.severity.rawValue)\n\n"
            text += description.rationale + "\n\n**Fix.** " + description.fix + "\n"
            if !description.documentationURLs.isEmpty {
                text += "\n" + description.documentationURLs.map { "- <\($0)>" }.joined(separator: "\n") + "\n"
            }
        }
        return text
    }

    /// `rules.html` in a run: every rule on one page, each at an anchor named after its id, with the
    /// contents grouped by severity.
    package static func html(_ descriptions: [RuleDescription] = Catalogue.descriptions) -> String {
        var body = "<main>\n<header class=\"masthead\">\n<div><p class=\"eyebrow\">iOS 27 scene readiness</p><h1>Rule pages</h1></div>\n"
        body += "<div class=\"meta\"><p>\(descriptions.count) rules of the \(HTML.escape(ToolInfo.currentRulePack)) pack · scenesweep "
        body += "\(HTML.escape(ToolInfo.currentVersion))</p><nav class=\"sections\" aria-label=\"Pages\">"
        body += "<a href=\"summary.html\">Fleet dashboard</a></nav></div>\n</header>\n"
        body += "<section class=\"card\" aria-label=\"Contents\">"
        for (severity, rules) in bySeverity(descriptions) where !rules.isEmpty {
            let heading = heading(severity)
            body +=
                "<h3>\(HTMLPage.severityBadge(severity)) \(heading.title + (heading.meaning.map { ": " + $0 } ?? ""))</h3><ul class=\"toc\">"
            for description in rules {
                body += "<li><a href=\"#\(HTML.anchor(description.id))\">\(HTML.escape(description.name))</a> "
                body += "<span class=\"mono muted\">\(HTML.escape(description.id))</span></li>"
            }
            body += "</ul>"
        }
        body += "</section>\n"
        for description in descriptions {
            body += htmlPage(description)
        }
        body += "<footer><p>Also on the command line: <code>scenesweep explain RULE</code>.</p></footer>\n</main>"
        return HTMLPage.document(title: "scenesweep rules", body: body, bodyClass: "rules")
    }

    private static func htmlPage(_ description: RuleDescription) -> String {
        var html = "<article class=\"card rule-page\" id=\"\(HTML.anchor(description.id))\">\n"
        html += "<h2>\(HTML.escape(description.name)) \(HTMLPage.severityBadge(description.severity))"
        html += "<span class=\"id mono\">\(HTML.escape(description.id))</span></h2>\n"
        html += "<p><b>\(HTML.escape(description.summary))</b></p>\n"
        html += "<h3>\(why)</h3>\(paragraphs(description.rationale).map { "<p>\(HTML.escape($0))</p>" }.joined())\n"
        html += "<h3>\(fix)</h3><p>\(HTML.escape(description.fix))</p>\n"
        if !description.documentationURLs.isEmpty {
            html += "<h3>\(documentation)</h3><ul>"
            for url in description.documentationURLs {
                html += "<li><a class=\"mono small\" href=\"\(HTML.escape(url))\">\(HTML.escape(url))</a></li>"
            }
            html += "</ul>\n"
        }
        for group in exampleGroups(description) where !group.examples.isEmpty {
            // What triggers is shown; what does not is folded away, with its count.
            if group.triggering {
                html += "<h3>\(group.title) (\(markerNote))</h3>\n" + htmlExamples(group.examples)
            } else {
                html +=
                    "<details><summary>\(group.title) (\(group.examples.count))</summary>" + htmlExamples(group.examples) + "</details>\n"
            }
        }
        return html + "</article>\n"
    }

    private static func htmlExamples(_ examples: [Example]) -> String {
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
