/// How far a migration campaign has carried a repository: the pull request or issue it has open, or the
/// pull request that merged. No stage: nothing is open for it (never opened, held back, closed).
package enum CampaignStage: String, Sendable, Hashable, Codable {
    case issueOpen = "issue_open"
    case pullRequestOpen = "pull_request_open"
    case merged
}

/// What the dashboard needs of one repository's campaign: its stage, and whether the checks on its open pull
/// request fail.
package struct CampaignMark: Sendable, Hashable {
    package var stage: CampaignStage
    package var checksFailing: Bool

    package init(stage: CampaignStage, checksFailing: Bool = false) {
        self.stage = stage
        self.checksFailing = checksFailing
    }
}

/// Blocked apps by how far the campaign has carried them, for the fleet, a team, or one run of the history:
/// the campaign's burndown. An app counts in its repository's stage; a merged pull request's apps count as
/// merged until a scan of the merged code finds them ready.
package struct CampaignProgress: Sendable, Hashable, Codable {
    package var noAction = 0
    package var issueOpen = 0
    package var pullRequestOpen = 0
    package var merged = 0
    /// Of `pullRequestOpen`, the apps whose pull request's checks fail: a pull request that cannot merge as is.
    package var failingChecks = 0

    package init(noAction: Int = 0, issueOpen: Int = 0, pullRequestOpen: Int = 0, merged: Int = 0, failingChecks: Int = 0) {
        self.noAction = noAction
        self.issueOpen = issueOpen
        self.pullRequestOpen = pullRequestOpen
        self.merged = merged
        self.failingChecks = failingChecks
    }

    private enum CodingKeys: String, CodingKey {
        case noAction, issueOpen, pullRequestOpen, merged, failingChecks
    }

    /// `failingChecks` came after the stages: a line written without it reads as none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        noAction = try container.decode(Int.self, forKey: .noAction)
        issueOpen = try container.decode(Int.self, forKey: .issueOpen)
        pullRequestOpen = try container.decode(Int.self, forKey: .pullRequestOpen)
        merged = try container.decode(Int.self, forKey: .merged)
        failingChecks = try container.decodeIfPresent(Int.self, forKey: .failingChecks) ?? 0
    }

    /// Every blocked app, whatever its stage.
    package var blocked: Int { noAction + issueOpen + pullRequestOpen + merged }

    package mutating func add(blocked count: Int, mark: CampaignMark?) {
        switch mark?.stage {
        case nil: noAction += count
        case .issueOpen: issueOpen += count
        case .pullRequestOpen:
            pullRequestOpen += count
            if mark?.checksFailing == true { failingChecks += count }
        case .merged: merged += count
        }
    }
}
