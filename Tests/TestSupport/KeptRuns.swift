import Fleet
import Foundation
import Results

/// What a workspace keeps of earlier runs: a sweep that cannot store its run must leave all of it as it was.
public struct KeptRuns: Equatable {
    public let latest: String?
    public let completed: [String]
    public let folders: [String]
    public let history: Data?

    public init(_ store: RunStore) {
        latest = store.latestRun()
        completed = store.completedRuns()
        folders = ((try? FileManager.default.contentsOfDirectory(atPath: store.runsFolder)) ?? []).sorted()
        history = FileManager.default.contents(atPath: store.historyFile)
    }
}
