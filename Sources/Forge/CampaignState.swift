import Fleet
import Foundation
import Results

/// `campaign.json` in the workspace: the pull request or issue the campaign opened for each repository and
/// how it stands, so that night after night the same one is updated, none is opened twice, and one a person
/// closed stays closed. Written whole, under a temporary name, after every change on a forge.
package struct CampaignState: Codable, Sendable, Equatable {
    package static let fileName = "campaign.json"

    package var schemaVersion = 1
    /// By repository key.
    package var repos: [String: CampaignRecord] = [:]

    package init() {}

    package static func path(workspace: String) -> String { workspace + "/" + fileName }

    /// The saved state; an empty one when the campaign has not acted yet. A damaged file is an error: reading
    /// it as empty would open every pull request a second time.
    package static func load(workspace: String) throws -> CampaignState {
        let path = path(workspace: workspace)
        guard let data = FileManager.default.contents(atPath: path) else { return CampaignState() }
        do {
            return try RunStore.decoder.decode(CampaignState.self, from: data)
        } catch {
            throw StoreError(
                "\(path): cannot read what the campaign opened before (\(error)); restore it from a backup, or move it away only after closing the campaign's pull requests and issues"
            )
        }
    }

    package func save(workspace: String) throws {
        let data = try RunStore.encoder.encode(self)
        try AtomicFile.write(data, to: Self.path(workspace: workspace))
    }
}

extension CampaignCandidate {
    /// The config's repositories, in its order, as a stored run left them, with what the campaign opened
    /// before. A repository the run does not hold (added to the config since) has no fresh result.
    package static func from(run: RunRecord, config: FleetConfig, state: CampaignState) -> [CampaignCandidate] {
        let byKey = Dictionary(run.repos.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return config.repos.map { repo in
            let key = repo.key
            let record = byKey[key]
            let fresh = record?.status.isCurrent ?? false
            let blocked = record?.counts?.blocked ?? 0
            let patches = record?.patches ?? PatchCounts()
            return CampaignCandidate(
                repo: repo, isFresh: fresh, patched: patches.patched, explained: patches.explained,
                undecided: max(0, blocked - patches.patched - patches.explained), record: state.repos[key.rawValue])
        }
    }
}
