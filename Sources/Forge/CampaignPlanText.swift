/// A campaign plan as `scenesweep campaign` prints it: a line per repository, then the counts.
package enum CampaignPlanText {
    package static func render(_ plan: CampaignPlan, candidates: [CampaignCandidate], run: String, applies: Bool) -> String {
        let width = min(40, plan.steps.map(\.repo.count).max() ?? 0)
        var text = "campaign over run \(run)" + (applies ? "\n" : " (dry run: nothing is changed on any forge)\n")
        var tally: [String: Int] = [:]
        for (step, candidate) in zip(plan.steps, candidates) {
            let (label, what) = describe(step.action, candidate: candidate, applies: applies)
            tally[label, default: 0] += 1
            text += "  " + step.repo.padding(toLength: max(width, step.repo.count), withPad: " ", startingAt: 0) + "  " + what + "\n"
        }
        // Each label with its plural where the count needs one.
        let order: [(String, String)] = [
            ("pull request to open", "pull requests to open"), ("pull request to update", "pull requests to update"),
            ("issue to open", "issues to open"), ("issue to update", "issues to update"), ("to close", "to close"),
            ("held", "held"), ("left alone", "left alone"),
        ]
        let counts = order.map { label, plural in
            let count = tally[label] ?? 0
            return "\(count) \(count == 1 ? label : plural)"
        }
        text += "\(plan.steps.count) repositor\(plan.steps.count == 1 ? "y" : "ies"): " + counts.joined(separator: ", ") + "\n"
        return text
    }

    /// The tally's label and the repository's line.
    private static func describe(_ action: CampaignAction, candidate: CampaignCandidate, applies: Bool) -> (String, String) {
        let verb = applies ? "" : "would "
        let apps = appsText(candidate)
        switch action {
        case .openPullRequest(let replacing):
            let closing = replacing.map { "; then close \($0)" } ?? ""
            return ("pull request to open", "\(verb)open a pull request: \(apps)\(closing)")
        case .updatePullRequest(let url):
            return ("pull request to update", "\(verb)update \(url): \(apps)")
        case .openIssue(let replacing):
            let closing = replacing.map { "; then close \($0)" } ?? ""
            return ("issue to open", "\(verb)open an issue: \(apps)\(closing)")
        case .updateIssue(let url):
            return ("issue to update", "\(verb)update \(url): \(apps)")
        case .close(let url):
            return ("to close", "\(verb)close \(url): every app is ready")
        case .hold(let reason):
            let what = candidate.patched > 0 ? "a pull request" : "an issue"
            return ("held", "\(what) held back tonight (\(reason)): \(apps)")
        case .leave(let reason):
            return ("left alone", "left alone: \(reason)")
        }
    }

    private static func appsText(_ candidate: CampaignCandidate) -> String {
        var parts: [String] = []
        if candidate.patched > 0 {
            parts.append("\(candidate.patched) blocked app\(candidate.patched == 1 ? "" : "s") with a verified patch")
        }
        if candidate.explained > 0 {
            parts.append("\(candidate.explained) blocked app\(candidate.explained == 1 ? "" : "s") explained (the steps go in the body)")
        }
        return parts.joined(separator: ", ")
    }
}
