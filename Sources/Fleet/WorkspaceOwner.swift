import Foundation
import ScanCore

/// `fleet.json` in a workspace: the fleet whose workspace it is. Runs of two fleets in one workspace
/// would mix silently (one fleet's run becoming the other's previous run, its repositories "removed",
/// one trend over both), so the first sweep or merge claims the workspace and every command that uses it
/// afterwards checks the claim.
///
/// A fleet is its `fleet.name`; a fleet without a name is its config file (by absolute path), since
/// every unnamed fleet is called "Fleet".
package struct WorkspaceOwner: Codable, Sendable, Equatable {
    package static let file = "fleet.json"

    package var fleet: String
    /// The config file that claimed the workspace, absolute.
    package var config: String
    package var claimedAt: Date

    init(_ config: FleetConfig, at date: Date) {
        fleet = config.fleetName
        self.config = config.file
        claimedAt = date
    }

    /// Whether `config` is this owner's fleet.
    func owns(_ config: FleetConfig) -> Bool {
        guard fleet == config.fleetName else { return false }
        return fleet != FleetConfig.defaultName || self.config == config.file
    }

    /// Refuses `config` when the workspace belongs to another fleet; a workspace nobody claimed yet is
    /// claimed for it when `claim` is set (a sweep or merge about to write), else left as it is (a
    /// command that only reads). A workspace from before claims were written belongs to the fleet of its
    /// latest run.
    package static func check(_ config: FleetConfig, claim: Bool, now: Date = Date()) throws(StoreError) {
        let store = RunStore(root: config.workspace)
        let path = config.workspace + "/" + file
        if let data = FileManager.default.contents(atPath: path) {
            guard let owner = try? RunStore.decoder.decode(WorkspaceOwner.self, from: data) else {
                throw StoreError(
                    "cannot read \(path): it does not name the fleet that owns the workspace; remove it to let this fleet claim it")
            }
            guard owner.owns(config) else { throw refusal(config, owner: "'\(owner.fleet)' (\(owner.config))", path: path) }
            return
        }
        if let latest = store.latestRun(), let record = try? store.record(of: latest), record.fleet.name != config.fleetName {
            throw refusal(config, owner: "'\(record.fleet.name)' (its runs, the latest \(latest))", path: path)
        }
        guard claim else { return }
        do {
            try FileManager.default.createDirectory(atPath: config.workspace, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            try AtomicFile.write(encoder.encode(WorkspaceOwner(config, at: now)) + Data("\n".utf8), to: path, durable: true)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(FileProblem.sentence("claim the workspace", path, error))
        }
    }

    private static func refusal(_ config: FleetConfig, owner: String, path: String) -> StoreError {
        StoreError(
            "the workspace \(config.workspace) belongs to the fleet \(owner), not to '\(config.fleetName)' (\(config.file)): "
                + "give each fleet a workspace of its own (if this fleet was renamed, put its new name in \(path))")
    }
}
