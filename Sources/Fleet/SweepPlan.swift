import Results
import YAML

/// Which repositories a sweep fetches and scans, in config order, and which it only carries forward.
///
/// Limiting a run (`--only`, `--shard I/N`) is a filter on this list; everything downstream works on
/// whatever the plan holds. A shard's plan holds only that shard's repositories: the others belong to
/// other shards' runs, not to this one.
package struct SweepPlan: Sendable {
    /// Fetched and scanned in this run.
    package let repos: [RepoConfig]
    /// Configured but left out: their previous results are carried forward unchecked.
    package let leftOut: [RepoConfig]

    package init(repos: [RepoConfig], leftOut: [RepoConfig] = []) {
        self.repos = repos
        self.leftOut = leftOut
    }

    /// Every configured repository, or only those named in `only` (by name, key or URL as written); with a
    /// shard, only the repositories of that shard (names in `only` that belong to other shards select
    /// nothing here, so one `--only` list serves every shard of a matrix).
    package static func make(_ config: FleetConfig, only: [String] = [], shard: Shard? = nil) throws(PlanError) -> SweepPlan {
        // By the mirror's key: a repository stays on the shard whose volume holds its mirror.
        let repos = shard.map { shard in config.repos.filter { shard.contains($0.mirrorKey) } } ?? config.repos
        guard !only.isEmpty else { return SweepPlan(repos: repos) }
        var unknown: [String] = []
        for name in only where !config.repos.contains(where: { $0.matches(name) }) {
            unknown.append(name)
        }
        if let first = unknown.first {
            let names = config.repos.map(\.name)
            throw PlanError(message: "no repository named '\(first)' in the config" + NameSuggestion.clause(first, in: names))
        }
        let selected = repos.filter { repo in only.contains { repo.matches($0) } }
        let rest = repos.filter { repo in !only.contains { repo.matches($0) } }
        return SweepPlan(repos: selected, leftOut: rest)
    }
}

extension RepoConfig {
    func matches(_ name: String) -> Bool {
        self.name == name || key.rawValue == name || url == name
    }
}

package struct PlanError: Error, CustomStringConvertible, Sendable {
    package let message: String
    package var description: String { message }
}
