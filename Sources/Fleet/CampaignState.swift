import Foundation
import Results

/// `campaign.json` in the workspace: the pull request or issue the campaign opened for each repository and
/// how it stands, so that night after night the same one is updated, none is opened twice, and one a person
/// closed stays closed. Saved after every change on a forge.
package struct CampaignState: WorkspaceStateFile, Sendable, Equatable {
    package static let fileName = "campaign.json"

    package var schemaVersion = 1
    /// By repository key.
    package var repos: [String: CampaignRecord] = [:]

    package init() {}

    package static let contents = "what the campaign opened before"
    package static let advice = "restore it from a backup, or move it away only after closing the campaign's pull requests and issues"
}

extension CampaignState {
    /// Each repository's stage (and failing checks) in a campaign file (the workspace's, or a run's copy), for the dashboard; nil
    /// when there is none, or it does not read (the sweep goes on; `scenesweep campaign` reports the damage).
    package static func marks(file: String) -> [RepoKey: CampaignMark]? {
        guard let data = FileManager.default.contents(atPath: file),
            let state = try? RunStore.decoder.decode(CampaignState.self, from: data)
        else { return nil }
        var marks: [RepoKey: CampaignMark] = [:]
        for (key, record) in state.repos {
            if let stage = record.stage {
                marks[RepoKey(rawValue: key)] = CampaignMark(stage: stage, checksFailing: record.checks == .failing)
            }
        }
        return marks
    }
}

extension RunStore {
    /// A run's copy of the campaign as it stood when the run was made, so the run's pages show what they
    /// showed then, whenever they are made again.
    package func campaignFile(run: String) -> String { runFolder(run) + "/" + CampaignState.fileName }

    /// Copies the workspace's campaign into the run and returns its marks; nil without a campaign.
    func keepCampaign(run: String) -> [RepoKey: CampaignMark]? {
        let source = CampaignState.path(workspace: root)
        guard let data = FileManager.default.contents(atPath: source), let marks = CampaignState.marks(file: source) else { return nil }
        try? FileManager.default.createDirectory(atPath: runFolder(run), withIntermediateDirectories: true)
        // Without the copy the run's page still shows the stages; only a later `report` would lack them.
        try? AtomicFile.write(data, to: campaignFile(run: run))
        return marks
    }
}
