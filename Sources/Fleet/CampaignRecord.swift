import Foundation
import Results

/// What the campaign remembers of one repository from earlier nights: the pull request or issue it opened,
/// and how that ended.
package struct CampaignRecord: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Hashable, Codable {
        case pullRequest = "pull_request"
        case issue
    }

    package enum State: String, Sendable, Hashable, Codable {
        case open
        case merged
        /// Closed by scenesweep (the apps became ready by other means).
        case closed
        /// Closed by a person: never reopened, and the repository is left alone.
        case closedByPerson = "closed_by_person"
    }

    /// How the checks (CI) on a pull request's head stand, as its forge reports them.
    package enum Checks: String, Sendable, Hashable, Codable {
        case passing
        case failing
        case pending
    }

    package var kind: Kind
    package var url: String
    /// Its number on the forge (GitLab's iid), which every later request names.
    package var number: Int?
    package var state: State
    package var openedAt: Date
    /// A digest of what the forge was last sent (title, body, the branch's commit): an update that would
    /// send the same is skipped, so a pull request shows a change only when the scan changed.
    package var digest: String?
    /// The checks on an open pull request's head when the campaign last read them; nil when the forge reports
    /// none (or for an issue).
    package var checks: Checks?

    package init(kind: Kind, url: String, number: Int? = nil, state: State, openedAt: Date, digest: String? = nil) {
        self.kind = kind
        self.url = url
        self.number = number
        self.state = state
        self.openedAt = openedAt
        self.digest = digest
    }
}

extension CampaignRecord {
    /// Where this record leaves the repository's blocked apps on the dashboard.
    package var stage: CampaignStage? {
        switch (state, kind) {
        case (.open, .pullRequest): .pullRequestOpen
        case (.open, .issue): .issueOpen
        case (.merged, _): .merged
        case (.closed, _), (.closedByPerson, _): nil
        }
    }
}
