import Fleet
import Foundation
import Results

/// What a workspace keeps of earlier runs: a sweep that cannot store its run must leave all of it as it was.
package struct KeptRuns: Equatable {
    package let latest: String?
    package let completed: [String]
    package let folders: [String]
    package let history: Data?

    package init(_ store: RunStore) {
        latest = store.latestRun()
        completed = store.completedRuns()
        folders = ((try? FileManager.default.contentsOfDirectory(atPath: store.runsFolder)) ?? []).sorted()
        history = FileManager.default.contents(atPath: store.historyFile)
    }
}
