import Fleet
import Foundation

/// One repository as this night's run left it.
package struct CampaignCandidate: Sendable, Hashable {
    package var repo: RepoConfig
    /// Whether this run fetched and scanned the repository: a result carried from an earlier run may be stale,
    /// and the forge is never told anything on a stale result (least of all that the apps are ready).
    package var isFresh: Bool
    /// Blocked apps with a verified patch, and blocked apps the patch engine could only explain.
    package var patched: Int
    package var explained: Int
    /// Blocked apps the run made no decision for (swept without `fix: patches`): never taken for ready.
    package var undecided: Int
    package var record: CampaignRecord?

    package init(repo: RepoConfig, isFresh: Bool, patched: Int, explained: Int, undecided: Int = 0, record: CampaignRecord? = nil) {
        self.repo = repo
        self.isFresh = isFresh
        self.patched = patched
        self.explained = explained
        self.undecided = undecided
        self.record = record
    }
}

/// What the campaign does for one repository tonight.
package enum CampaignAction: Sendable, Hashable {
    /// `replacing`: the campaign's open issue, closed with a link once the pull request is open (a patch now
    /// verifies where before the apps could only be explained).
    case openPullRequest(replacing: String?)
    case updatePullRequest(url: String)
    /// `replacing`: the campaign's open pull request, whose patch no longer verifies.
    case openIssue(replacing: String?)
    case updateIssue(url: String)
    /// Its pull request or issue is no longer needed: every app is ready by other means.
    case close(url: String)
    /// Nothing to do, and why.
    case leave(String)
    /// Something to open, held back tonight by the canary, `max_open` or `rate`, and which.
    case hold(String)

    /// Whether the action opens something new on the forge (what the canary, `max_open` and `rate` count).
    package var opens: Bool {
        switch self {
        case .openPullRequest, .openIssue: return true
        default: return false
        }
    }

    /// The open pull request or issue an opening action closes.
    var replaces: String? {
        switch self {
        case .openPullRequest(let url), .openIssue(let url): return url
        default: return nil
        }
    }
}

/// The night's decision for every repository of the config, in config order: the policy of a campaign in one
/// place, with no forge and no clock of its own, so that each rule is tested on its own.
package struct CampaignPlan: Sendable {
    package struct Step: Sendable, Hashable {
        package var repo: String
        package var action: CampaignAction
    }

    package let steps: [Step]

    /// - Parameter now: the night's time, against which `rate` counts what was opened in the last hour.
    package init(settings: CampaignSettings, candidates: [CampaignCandidate], now: Date) {
        let records = candidates.compactMap(\.record)
        var openNow = records.count { $0.state == .open }
        var openedLastHour = records.count { now.timeIntervalSince($0.openedAt) < 3600 && $0.openedAt <= now }
        // Canary repositories: those whose pull request is open or merged already, then the first in config order.
        var canaryPulls = records.count { $0.kind == .pullRequest && ($0.state == .open || $0.state == .merged) }
        let canaryPassed = records.count { $0.kind == .pullRequest && $0.state == .merged } >= settings.canary

        var decided = candidates.map { (repo: $0.repo.name, action: Self.wanted(for: $0, settings: settings)) }
        // Closing first: what closes tonight frees room under max_open for what opens.
        openNow -= decided.count { if case .close = $0.action { return true } else { return false } }
        for index in decided.indices where decided[index].action.opens {
            let action = decided[index].action
            let isPull = if case .openPullRequest = action { true } else { false }
            // A replacement closes what it replaces: one open either way.
            let room = openNow - (action.replaces == nil ? 0 : 1)
            if isPull, settings.canary > 0, !canaryPassed, canaryPulls >= settings.canary {
                decided[index].action = .hold(
                    "canary: the first \(settings.canary) pull request\(settings.canary == 1 ? "" : "s") must merge before more are opened")
            } else if room >= settings.maxOpen {
                decided[index].action = .hold("max_open: \(settings.maxOpen) campaign pull requests and issues are open")
            } else if openedLastHour >= settings.ratePerHour {
                decided[index].action = .hold("rate: \(settings.ratePerHour) opened in the last hour")
            } else {
                openNow = room + 1
                openedLastHour += 1
                if isPull { canaryPulls += 1 }
            }
        }
        steps = decided.map { Step(repo: $0.repo, action: $0.action) }
    }

    /// What one repository needs, before the limits shared by the whole campaign.
    static func wanted(for candidate: CampaignCandidate, settings: CampaignSettings) -> CampaignAction {
        guard settings.includes(candidate.repo) else { return .leave("not taking part (campaign.teams, campaign.repos)") }
        var record = candidate.record
        if let closed = record, closed.state == .closedByPerson {
            // campaign.retry names the close a person asked to undo; a later one stays closed.
            guard settings.retry.contains(closed.url) else {
                return .leave(
                    "its \(closed.kind == .issue ? "issue" : "pull request") was closed by a person (\(closed.url)); not reopened "
                        + "(campaign.retry takes its address to open a new one)")
            }
            record = nil
        }
        guard candidate.isFresh else { return .leave("no fresh result tonight; nothing on the forge changes") }
        let open = record?.state == .open ? record : nil
        if candidate.patched == 0 && candidate.explained == 0 && candidate.undecided > 0 {
            let count = candidate.undecided
            return .leave(
                "\(count) blocked app\(count == 1 ? "" : "s") with no patch decision in this run: sweep with fix: { patches: true } or --patches"
            )
        }
        if candidate.patched == 0 && candidate.explained == 0 {
            if let open { return .close(url: open.url) }
            return .leave("no blocked app")
        }
        if candidate.patched > 0 {
            if let open, open.kind == .pullRequest { return .updatePullRequest(url: open.url) }
            if record?.kind == .pullRequest, record?.state == .merged {
                return .leave("its pull request merged (\(record?.url ?? "")); waiting for a scan of the merged code")
            }
            return .openPullRequest(replacing: open?.url)
        }
        if let open, open.kind == .issue { return .updateIssue(url: open.url) }
        return .openIssue(replacing: open?.url)
    }
}
