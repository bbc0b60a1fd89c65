/// How far a migration campaign has carried a repository: the pull request or issue it has open, or the
/// pull request that merged. No stage: nothing is open for it (never opened, held back, closed).
package enum CampaignStage: String, Sendable, Hashable, Codable {
    case issueOpen = "issue_open"
    case pullRequestOpen = "pull_request_open"
    case merged
}

/// Blocked apps by how far the campaign has carried them, for the fleet, a team, or one run of the history:
/// the campaign's burndown. An app counts in its repository's stage; a merged pull request's apps count as
/// merged until a scan of the merged code finds them ready.
package struct CampaignProgress: Sendable, Hashable, Codable {
    package var noAction = 0
    package var issueOpen = 0
    package var pullRequestOpen = 0
    package var merged = 0

    package init(noAction: Int = 0, issueOpen: Int = 0, pullRequestOpen: Int = 0, merged: Int = 0) {
        self.noAction = noAction
        self.issueOpen = issueOpen
        self.pullRequestOpen = pullRequestOpen
        self.merged = merged
    }

    /// Every blocked app, whatever its stage.
    package var blocked: Int { noAction + issueOpen + pullRequestOpen + merged }

    package mutating func add(blocked count: Int, stage: CampaignStage?) {
        switch stage {
        case nil: noAction += count
        case .issueOpen: issueOpen += count
        case .pullRequestOpen: pullRequestOpen += count
        case .merged: merged += count
        }
    }
}
