/// The Markdown of a campaign's pull request or issue for one repository: what the patches change and the
/// findings they resolve, what remains by hand with file:line and steps, and who owns it. Every text that
/// comes from the scanned repository (paths, messages that quote its code) is escaped, so a file name can
/// neither close a code span nor put HTML into the page. The first line is a hidden marker with the
/// repository's key, by which the campaign finds its own pull request or issue again.
package enum CampaignBody {
    package static func marker(repoKey: String) -> String {
        "<!-- scenesweep-campaign: \(plain(repoKey)) -->"
    }

    package static func pullRequest(repoKey: String, decisions: [PatchDecision], owners: [String], deadline: String?) -> String {
        var text = marker(repoKey: repoKey) + "\n"
        text += intro(deadline: deadline)
        let patched = decisions.filter(\.isPatched)
        text += "\n## What this pull request changes\n"
        for decision in patched {
            text += "\n" + heading(decision)
            for file in decision.files { text += "- \(file.change) \(code(file.path))\n" }
            if !decision.resolves.isEmpty {
                text += "\nResolves:\n"
                for finding in decision.resolves { text += "- " + describe(finding) + "\n" }
            }
            if !decision.reasons.isEmpty {
                text += "\nNot done by the patch:\n"
                for note in decision.reasons { text += "- " + describe(note) + "\n" }
            }
            if !decision.checks.isEmpty { text += "\nVerified: " + decision.checks.map(check).joined(separator: "; ") + ".\n" }
        }
        text += manual(decisions.filter { !$0.isPatched }, title: "What remains by hand")
        text += footer(owners: owners)
        return text
    }

    package static func issue(repoKey: String, decisions: [PatchDecision], owners: [String], deadline: String?) -> String {
        var text = marker(repoKey: repoKey) + "\n"
        text += intro(deadline: deadline)
        text += "\nscenesweep could not write a patch it can verify for these apps; these are the steps.\n"
        text += manual(decisions.filter { !$0.isPatched }, title: "What to change")
        text += footer(owners: owners)
        return text
    }

    private static func intro(deadline: String?) -> String {
        let when = deadline.map { " From \(plain($0)), the App Store takes only builds made with it." } ?? ""
        return "Built with the iOS 27 SDK, a UIKit app that has not adopted the scene life cycle stops at launch.\(when)\n"
    }

    private static func manual(_ decisions: [PatchDecision], title: String) -> String {
        guard !decisions.isEmpty else { return "" }
        var text = "\n## \(title)\n"
        for decision in decisions {
            text += "\n" + heading(decision)
            if !decision.reasons.isEmpty {
                text += "\nWhy there is no patch:\n"
                for note in decision.reasons { text += "- " + describe(note) + "\n" }
            }
            if !decision.steps.isEmpty {
                text += "\nSteps:\n"
                for (index, step) in decision.steps.enumerated() { text += "\(index + 1). \(plain(step))\n" }
            }
            // A step starts with its finding's file:line; the findings no step covers are listed after them.
            let stepped = decision.steps.joined(separator: "\n")
            let left = decision.remaining.filter { finding in
                (finding.severity == "error" || finding.severity == "warning")
                    && !stepped.contains(finding.file + (finding.line.map { ":\($0)" } ?? ""))
            }
            if !left.isEmpty {
                text += decision.steps.isEmpty ? "\nFindings:\n" : "\nAlso found:\n"
                for finding in left { text += "- " + describe(finding) + "\n" }
            }
        }
        return text
    }

    private static func heading(_ decision: PatchDecision) -> String {
        let folder = decision.path.isEmpty || decision.path == "." ? "the repository's root" : code(decision.path)
        return "### \(plain(decision.target)) (\(folder), \(plain(decision.framework)))\n"
    }

    private static func footer(owners: [String]) -> String {
        let names = owners.map { owner in owner.hasPrefix("@") ? plain(owner) : "@" + plain(owner) }
        let who = names.isEmpty ? "" : "Owners: " + names.joined(separator: ", ") + "\n\n"
        return "\n" + who
            + "Opened by `scenesweep campaign`; it updates this text night after night and closes it once every app is ready.\n"
    }

    private static func describe(_ finding: PatchDecision.Finding) -> String {
        let place = finding.line.map { "\(finding.file):\($0)" } ?? finding.file
        return "\(code(place)) \(plain(finding.message)) (\(code(finding.rule)))"
    }

    private static func describe(_ note: PatchDecision.Note) -> String {
        guard let file = note.file else { return plain(note.message) }
        let place = note.line.map { "\(file):\($0)" } ?? file
        return "\(code(place)): \(plain(note.message))"
    }

    /// Text from the repository in a code span that it cannot end: a fence longer than any run of backticks in it.
    /// A check as scenesweep words it: its backticks mark commands (`scenesweep fix`), which stay code; the
    /// rest is plain text.
    static func check(_ text: String) -> String {
        var result = ""
        for (index, part) in text.split(separator: "`", omittingEmptySubsequences: false).enumerated() {
            result += index % 2 == 1 ? code(String(part)) : plain(String(part))
        }
        return result
    }

    static func code(_ text: String) -> String {
        let cleaned = String(text.map { $0.isNewline ? " " : $0 })
        var longest = 0
        var run = 0
        for character in cleaned {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = cleaned.hasPrefix("`") || cleaned.hasSuffix("`") ? " " : ""
        return fence + pad + cleaned + pad + fence
    }

    /// Text from the repository outside a code span: no HTML, no Markdown that changes the page's structure.
    static func plain(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\n", "\r": result += " "
            case "`", "*", "_", "[", "]", "|", "#", "\\": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }
}
