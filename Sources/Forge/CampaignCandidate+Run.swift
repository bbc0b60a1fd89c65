import Fleet
import Foundation
import Results

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
