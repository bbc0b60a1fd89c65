/// Which repositories a sweep fetches and scans, in config order, and which it only carries forward.
///
/// Limiting a run (`--only`, and later `--shard I/N`) is a filter on this list; everything downstream
/// works on whatever the plan holds.
public struct SweepPlan: Sendable {
    /// Fetched and scanned in this run.
    public let repos: [RepoConfig]
    /// Configured but left out: their previous results are carried forward unchecked.
    public let leftOut: [RepoConfig]

    public init(repos: [RepoConfig], leftOut: [RepoConfig] = []) {
        self.repos = repos
        self.leftOut = leftOut
    }

    /// Every configured repository, or only those named in `only` (by name, key or URL as written).
    public static func make(_ config: FleetConfig, only: [String] = []) throws(PlanError) -> SweepPlan {
        guard !only.isEmpty else { return SweepPlan(repos: config.repos) }
        var unknown: [String] = []
        for name in only where !config.repos.contains(where: { $0.matches(name) }) {
            unknown.append(name)
        }
        if let first = unknown.first {
            let names = config.repos.map(\.name)
            throw PlanError(message: "no repository named '\(first)' in the config" + NameSuggestion.clause(first, in: names))
        }
        let selected = config.repos.filter { repo in only.contains { repo.matches($0) } }
        let rest = config.repos.filter { repo in !only.contains { repo.matches($0) } }
        return SweepPlan(repos: selected, leftOut: rest)
    }
}

extension RepoConfig {
    func matches(_ name: String) -> Bool {
        self.name == name || key.rawValue == name || url == name
    }
}

public struct PlanError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}
