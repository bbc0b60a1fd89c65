import Foundation
import Results

/// How much of its past a workspace keeps (`retention: { runs: 60, days: 90, mirror_grace_days: 30 }`).
/// Without `runs` and `days` every run is kept, as before; a daemon on `@every 1h` then writes 8,760 run
/// folders a year.
package struct RetentionPolicy: Sendable, Hashable, Codable {
    /// Keep the newest this many complete runs; nil: no limit by count.
    package var runs: Int?
    /// Keep the complete runs of the last this many days; nil: no limit by age.
    package var days: Int?
    /// Days a mirror of a repository no longer in the config is kept (it may come back), then removed.
    package var mirrorGraceDays: Int

    package static let defaultMirrorGraceDays = 30

    package init(runs: Int? = nil, days: Int? = nil, mirrorGraceDays: Int = RetentionPolicy.defaultMirrorGraceDays) {
        self.runs = runs
        self.days = days
        self.mirrorGraceDays = mirrorGraceDays
    }

    /// Whether any complete run may be removed.
    package var limitsRuns: Bool { runs != nil || days != nil }

    /// The complete runs to remove, oldest first. A run is kept when either limit keeps it (among the
    /// newest `runs`, or started within `days`), and always when it is `latest` (the next sweep diffs
    /// against it), the run `latest` was compared with (its diff and summary are made again from it), or
    /// in `protected` (shard runs no merge has taken yet).
    /// - Parameters:
    ///   - complete: the complete runs, oldest first.
    func removable(
        complete: [String], latest: String?, latestPrevious: String?, protected: Set<String>, now: Date
    ) -> [String] {
        guard limitsRuns else { return [] }
        var kept = protected
        if let latest { kept.insert(latest) }
        if let latestPrevious { kept.insert(latestPrevious) }
        if let runs { kept.formUnion(complete.suffix(max(1, runs))) }
        if let days {
            let oldest = now.addingTimeInterval(-Double(days) * 86_400)
            kept.formUnion(complete.filter { (RunID.date(of: $0) ?? now) >= oldest })
        }
        return complete.filter { !kept.contains($0) }
    }
}
