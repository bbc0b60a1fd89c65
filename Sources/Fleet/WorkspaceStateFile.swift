import Foundation

/// A JSON file in the workspace that a command keeps from run to run (`published.json`, `campaign.json`):
/// read whole, written whole under a temporary name. Missing is the empty state; damaged is an error, since
/// reading it as empty would do again everything it records as done.
package protocol WorkspaceStateFile: Codable {
    static var fileName: String { get }
    /// What the file records ("what was published before") and what to do when it does not read.
    static var contents: String { get }
    static var advice: String { get }
    init()
}

extension WorkspaceStateFile {
    package static func path(workspace: String) -> String { workspace + "/" + fileName }

    package static func load(workspace: String) throws -> Self {
        let path = path(workspace: workspace)
        guard let data = FileManager.default.contents(atPath: path) else { return Self() }
        do {
            return try RunStore.decoder.decode(Self.self, from: data)
        } catch {
            throw StoreError("\(path): cannot read \(contents) (\(error)); \(advice)")
        }
    }

    package func save(workspace: String) throws {
        let data = try RunStore.encoder.encode(self)
        try AtomicFile.write(data, to: Self.path(workspace: workspace))
    }
}
