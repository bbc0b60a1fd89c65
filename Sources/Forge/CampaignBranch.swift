import Foundation
import Git

/// One commit of a campaign's branch: an app's verified patch and the message that says what it does.
package struct CampaignCommit: Sendable, Equatable {
    /// The app's file name in the run's patch folder (`<app>.patch`), named in errors.
    package var name: String
    /// The unified diff, for `git apply` at the repository root.
    package var patch: String
    package var message: String

    package init(name: String, patch: String, message: String) {
        self.name = name
        self.patch = patch
        self.message = message
    }
}

/// What a campaign pushes for one repository: its verified patches as commits on the scanned commit, to
/// the campaign's own branch of the repository's remote.
package struct CampaignBranch: Sendable, Equatable {
    /// The repository's bare mirror in the workspace, which holds the scanned commit.
    package var mirror: String
    /// The scanned commit the patches were verified against.
    package var base: String
    package var commits: [CampaignCommit]
    /// The configured URL of the repository (pushed to as fetched from, with the same credentials).
    package var url: String
    package var branch: String

    package init(mirror: String, base: String, commits: [CampaignCommit], url: String, branch: String) {
        self.mirror = mirror
        self.base = base
        self.commits = commits
        self.url = url
        self.branch = branch
    }
}

/// What a push did: the commit the branch points at, and whether it had to be sent (false: the branch
/// already held it).
package struct CampaignPushed: Sendable, Equatable {
    package var commit: String
    package var sent: Bool

    package init(commit: String, sent: Bool) {
        self.commit = commit
        self.sent = sent
    }
}

/// Pushes a campaign branch, or says why it could not be pushed.
package typealias CampaignPusher = @Sendable (CampaignBranch, Credentials) async -> Result<CampaignPushed, ForgeError>
