import Foundation

/// `runs/<run-id>/run.json`: what a sweep did, repository by repository. Written last, so a run
/// directory without it is a run that never completed.
package struct RunRecord: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 1

    package var schemaVersion: Int
    package var id: String
    package var fleet: FleetInfo
    package var tool: ToolInfo
    /// Hash of the effective configuration (comments and layout do not change it).
    package var configHash: String
    package var startedAt: Date
    package var finishedAt: Date
    /// Whether mirrors were used as they were, without fetching.
    package var offline: Bool
    /// The `--only` names, if the sweep was limited to some repositories.
    package var only: [String]
    /// The complete run this one was compared with and carried results from.
    package var previousRun: String?
    /// In config order.
    package var repos: [RepoRecord]
    /// A shard's run (`sweep --shard I/N`): which shard of how many. Absent from whole-fleet runs.
    package var shard: Shard?
    /// A merged run (`merge`): every shard, merged from a new run of it or carried forward. Absent otherwise.
    package var shards: [MergedShard]?

    package init(
        id: String, fleet: FleetInfo, tool: ToolInfo, configHash: String, startedAt: Date, finishedAt: Date, offline: Bool,
        only: [String], previousRun: String?, repos: [RepoRecord], shard: Shard? = nil, shards: [MergedShard]? = nil
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.id = id
        self.fleet = fleet
        self.tool = tool
        self.configHash = configHash
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.offline = offline
        self.only = only
        self.previousRun = previousRun
        self.repos = repos
        self.shard = shard
        self.shards = shards
    }

    package func repo(_ key: RepoKey) -> RepoRecord? {
        repos.first { $0.key == key }
    }
}

/// One shard of a merged run.
package struct MergedShard: Codable, Sendable, Equatable {
    package var shard: Shard
    /// Whether this run took the shard's repositories from a new run of the shard; if not, they were
    /// carried forward from the previous merged run, marked stale.
    package var merged: Bool
    /// The newest run of the shard merged so far: this run's input when `merged`, otherwise an earlier
    /// one (nil when none ever was). A shard run no newer than this is not new evidence.
    package var run: String?
    /// Why the shard's repositories were carried forward.
    package var error: String?

    package init(shard: Shard, merged: Bool, run: String?, error: String? = nil) {
        self.shard = shard
        self.merged = merged
        self.run = run
        self.error = error
    }
}

package struct FleetInfo: Codable, Sendable, Equatable {
    package var name: String
    package var deadline: CalendarDay?

    package init(name: String, deadline: CalendarDay?) {
        self.name = name
        self.deadline = deadline
    }
}

package struct ToolInfo: Codable, Sendable, Equatable {
    /// This build's version, part of every result's cache key: a new version rescans everything.
    package static let currentVersion = "0.1.0"
    /// The name of the rule pack this build carries (results name it with a hash of its catalogue).
    package static let currentRulePack = "ios27"

    package var name: String
    package var version: String
    /// The rule pack and a hash of its catalogue, e.g. `ios27+3f2a…`.
    package var rulePack: String

    package init(name: String = "scenesweep", version: String, rulePack: String) {
        self.name = name
        self.version = version
        self.rulePack = rulePack
    }
}

/// What happened to one repository in a run.
package enum RepoStatus: String, Codable, Sendable, CaseIterable {
    /// Fetched and scanned in this run.
    case scanned
    /// Fetched; commit, tool, rule pack and settings unchanged, so the previous result was carried forward.
    case reused
    /// Could not be fetched or scanned; the previous result is carried forward, marked with the error.
    case stale
    /// Could not be fetched or scanned, and there is no previous result: its apps are unknown.
    case failed
    /// Left out by `--only`; the previous result is carried forward unchecked.
    case skipped

    /// Whether the repository could not be brought up to date in this run.
    package var isFailure: Bool { self == .stale || self == .failed }

    /// Whether this run brought the repository up to date: its result is of the commit the upstream has now.
    /// Only such a result is news (a diff's change, a campaign's action); a stale or skipped one is last known.
    package var isCurrent: Bool { self == .scanned || self == .reused }
}

/// One repository's line in `run.json` (its JSON form: RepoRecord+Codable.swift).
package struct RepoRecord: Sendable, Equatable {
    package var key: RepoKey
    package var name: String
    /// The configured URL with any credentials removed.
    package var url: String
    /// The configured branch; nil means the remote's default.
    package var branch: String?
    /// The branch actually scanned (the default branch resolved), when the fetch got that far.
    package var scannedBranch: String?
    package var team: String?
    package var status: RepoStatus
    /// The commit the result belongs to (for a stale repository: the last one that could be scanned).
    package var commit: String?
    /// The tool version, rule pack and settings hash the result was made with.
    package var resultTool: String?
    package var resultRulePack: String?
    package var settingsHash: String?
    /// The run whose scan produced the result; nil when there is none.
    package var scannedIn: String?
    /// Why the repository could not be fetched or scanned (never holds a secret).
    package var error: String?
    /// The first run of the current streak of failures.
    package var failingSince: String?
    package var fetchSeconds: Double?
    package var scanSeconds: Double?
    /// The result's apps by verdict and findings by severity (what run.json keeps of its counts).
    package var counts: AppCounts?
    /// With `fix: patches`: how many of the repository's blocked apps got a verified patch, and how many an
    /// explanation instead (nil when no patches were made for this result).
    package var patches: PatchCounts?

    package init(
        key: RepoKey, name: String, url: String, branch: String?, scannedBranch: String? = nil, team: String?, status: RepoStatus,
        commit: String? = nil, resultTool: String? = nil, resultRulePack: String? = nil, settingsHash: String? = nil,
        scannedIn: String? = nil,
        error: String? = nil, failingSince: String? = nil, fetchSeconds: Double? = nil, scanSeconds: Double? = nil,
        counts: AppCounts? = nil
    ) {
        self.key = key
        self.name = name
        self.url = url
        self.branch = branch
        self.scannedBranch = scannedBranch
        self.team = team
        self.status = status
        self.commit = commit
        self.resultTool = resultTool
        self.resultRulePack = resultRulePack
        self.settingsHash = settingsHash
        self.scannedIn = scannedIn
        self.error = error
        self.failingSince = failingSince
        self.fetchSeconds = fetchSeconds
        self.scanSeconds = scanSeconds
        self.counts = counts
    }

    /// Whether the previous result was carried forward unchanged. Derived from `status`, so the two
    /// can never disagree; `run.json` still carries it for its readers.
    package var reused: Bool { status == .reused }
    /// Whether the result shown is an earlier one because the repository could not be brought up to
    /// date. Derived from `status`, like `reused`.
    package var stale: Bool { status == .stale }

    /// Whether a scan result (`repos/<key>.json`) belongs to this record.
    package var hasResult: Bool { scannedIn != nil }

    /// Whether both records carry one result: the same scan (made in the same run), linked from run to
    /// run while it is reused, stale or left out.
    package func hasSameResult(as other: RepoRecord) -> Bool {
        hasResult && scannedIn == other.scannedIn
    }
}

/// How `fix` decided a repository's (or a team's, or the fleet's) blocked apps.
package struct PatchCounts: Sendable, Hashable, Codable {
    package var patched: Int
    package var explained: Int

    package init(patched: Int = 0, explained: Int = 0) {
        self.patched = patched
        self.explained = explained
    }

    package static func + (lhs: PatchCounts, rhs: PatchCounts) -> PatchCounts {
        PatchCounts(patched: lhs.patched + rhs.patched, explained: lhs.explained + rhs.explained)
    }
}
