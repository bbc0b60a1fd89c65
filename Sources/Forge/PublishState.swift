import Fleet
import Foundation
import Results

/// `published.json` in the workspace: what `publish` last uploaded for each repository (the commit, and
/// the run whose scan made the result), so that a repository whose result has not changed since is not
/// uploaded again. Saved after every upload.
package struct PublishState: WorkspaceStateFile, Sendable, Equatable {
    package static let fileName = "published.json"

    package struct Entry: Codable, Sendable, Equatable {
        package var commit: String
        /// The run whose scan produced the uploaded result (`scannedIn` of the run record).
        package var scannedIn: String
        package var forge: String
        /// The run `publish` read it from, and when.
        package var run: String
        package var publishedAt: Date
        /// What the forge calls the upload(s): GitHub's SARIF upload ids, or the commit status's context.
        package var uploads: [String]

        package init(commit: String, scannedIn: String, forge: String, run: String, publishedAt: Date, uploads: [String]) {
            self.commit = commit
            self.scannedIn = scannedIn
            self.forge = forge
            self.run = run
            self.publishedAt = publishedAt
            self.uploads = uploads
        }
    }

    package var schemaVersion = 1
    /// By repository key.
    package var repos: [String: Entry] = [:]

    package init() {}

    package static let contents = "what was published before"
    package static let advice = "move the file away to publish everything again"

    /// Whether this result of the repository is what was last uploaded.
    package func isPublished(_ key: RepoKey, commit: String, scannedIn: String) -> Bool {
        guard let entry = repos[key.rawValue] else { return false }
        return entry.commit == commit && entry.scannedIn == scannedIn
    }
}
