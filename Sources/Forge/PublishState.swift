import Fleet
import Foundation
import Results

/// `published.json` in the workspace: what `publish` last uploaded for each repository (the commit, and
/// the run whose scan made the result), so that a repository whose result has not changed since is not
/// uploaded again. Written whole, under a temporary name, after every upload.
package struct PublishState: Codable, Sendable, Equatable {
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

    package static func path(workspace: String) -> String { workspace + "/" + fileName }

    /// The saved state; an empty one when there is no file yet. A damaged file is an error, not a
    /// reason to upload everything again silently.
    package static func load(workspace: String) throws -> PublishState {
        let path = path(workspace: workspace)
        guard let data = FileManager.default.contents(atPath: path) else { return PublishState() }
        do {
            return try RunStore.decoder.decode(PublishState.self, from: data)
        } catch {
            throw StoreError("\(path): cannot read what was published before (\(error)); move the file away to publish everything again")
        }
    }

    package func save(workspace: String) throws {
        let data = try RunStore.encoder.encode(self)
        try AtomicFile.write(data, to: Self.path(workspace: workspace))
    }

    /// Whether this result of the repository is what was last uploaded.
    package func isPublished(_ key: RepoKey, commit: String, scannedIn: String) -> Bool {
        guard let entry = repos[key.rawValue] else { return false }
        return entry.commit == commit && entry.scannedIn == scannedIn
    }
}
