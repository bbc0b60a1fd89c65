import Foundation
import Git
import Results
import Rules
import ScanCore

/// A validated fleet configuration with every path resolved: what `sweep`, `diff` and `validate` work from.
/// Load one with `ConfigValidator.load`.
package struct FleetConfig: Sendable, Hashable, Encodable {
    /// The config file, absolute.
    package var file: String
    package var version: Int
    package var fleetName: String
    /// The date from which only iOS 27 SDK builds are accepted, for the countdown.
    package var deadline: CalendarDay?
    /// Where mirrors and runs live, absolute.
    package var workspace: String
    /// Kept as written for the daemon, which parses it.
    package var schedule: String?
    /// The zone `schedule` is read in (`Europe/Berlin`), as written; nil means UTC.
    package var timeZone: String?
    package var fetchConcurrency: Int
    /// Scan workers; nil means one per core.
    package var scanConcurrency: Int?
    package var auth: Auth
    /// Canonical rule ids that do not run, sorted.
    package var disabledRules: [String]
    /// Levels by canonical rule id for the rule's findings at its default level (`rules.severity`).
    package var ruleSeverities: [String: Severity]
    /// Levels by canonical rule id for every finding of the rule (`rules.force_severity`).
    package var forcedSeverities: [String: Severity]
    /// Which `scenesweep:ignore` comments count in this fleet (`suppressions`).
    package var suppressions: SuppressionPolicy
    package var exclude: [String]
    /// `include_vendored_apps: true`: vendors' example apps count in the figures; nil (the default) leaves
    /// them out (nil rather than false, so configs without the key keep their hash).
    package var includeVendoredApps: Bool?
    package var notify: Notify?
    /// Where the run folders are served (`report_url:`), for links in webhooks, Markdown and HTML; nil:
    /// links are paths in the workspace.
    package var reportURL: String?
    /// Where `publish` uploads each repository's results.
    package var publish: PublishSettings?
    /// Per-repository time and memory, enforced by the sweep's worker processes.
    package var limits: RepoLimits
    /// Which old runs and unused mirrors the workspace drops.
    package var retention: RetentionPolicy
    /// `fix: patches: true` (or `sweep --patches`): each blocked app's verified patch, or its explanation,
    /// written with the run. nil when not asked for, so configs without the key keep their hash.
    package var writesPatches: Bool?
    /// `campaign:`: how `scenesweep campaign` opens pull requests and issues; nil when the config has none.
    package var campaign: CampaignSettings?
    package var repos: [RepoConfig]

    package struct Auth: Sendable, Hashable, Encodable {
        /// The name of the environment variable holding the https token (never the token).
        package var httpsTokenVariable: String?
        /// The ssh private key, absolute.
        package var sshKey: String?
        /// The known_hosts file ssh host keys are checked against, absolute.
        package var knownHosts: String?
        /// Variables holding the token of one host each (`auth.hosts`), by `host` or `host:port`,
        /// lowercased. Such a token goes to that host only, and that host never gets `httpsTokenVariable`'s.
        package var hostTokenVariables: [String: String]

        package init(
            httpsTokenVariable: String? = nil, sshKey: String? = nil, knownHosts: String? = nil, hostTokenVariables: [String: String] = [:]
        ) {
            self.httpsTokenVariable = httpsTokenVariable
            self.hostTokenVariables = hostTokenVariables
            self.sshKey = sshKey
            self.knownHosts = knownHosts
        }
    }

    /// Notification settings, kept for the daemon.
    package struct Notify: Sendable, Hashable, Encodable {
        package var webhookURLVariable: String?
        package var on: [String]

        package init(webhookURLVariable: String?, on: [String]) {
            self.webhookURLVariable = webhookURLVariable
            self.on = on
        }
    }

    package init(
        file: String, version: Int = 1, fleetName: String, deadline: CalendarDay? = nil, workspace: String, schedule: String? = nil,
        timeZone: String? = nil,
        fetchConcurrency: Int = 4, scanConcurrency: Int? = nil, auth: Auth = Auth(), disabledRules: [String] = [],
        ruleSeverities: [String: Severity] = [:], forcedSeverities: [String: Severity] = [:],
        suppressions: SuppressionPolicy = .fleetDefault, exclude: [String] = [], includeVendoredApps: Bool? = nil,
        notify: Notify? = nil, reportURL: String? = nil, publish: PublishSettings? = nil, limits: RepoLimits = RepoLimits(),
        retention: RetentionPolicy = RetentionPolicy(), writesPatches: Bool? = nil, campaign: CampaignSettings? = nil,
        repos: [RepoConfig]
    ) {
        self.writesPatches = writesPatches
        self.campaign = campaign
        self.includeVendoredApps = includeVendoredApps
        self.file = file
        self.version = version
        self.fleetName = fleetName
        self.deadline = deadline
        self.workspace = workspace
        self.schedule = schedule
        self.timeZone = timeZone
        self.fetchConcurrency = fetchConcurrency
        self.scanConcurrency = scanConcurrency
        self.auth = auth
        self.disabledRules = disabledRules
        self.ruleSeverities = ruleSeverities
        self.forcedSeverities = forcedSeverities
        self.suppressions = suppressions
        self.exclude = exclude
        self.notify = notify
        self.reportURL = reportURL
        self.publish = publish
        self.limits = limits
        self.retention = retention
        self.repos = repos
    }

    /// What a fleet without `fleet.name` is called.
    package static let defaultName = "Fleet"

    /// The credentials a sweep uses, with the tokens read from `variables` (the process environment).
    package func credentials(from variables: [String: String]) -> Credentials {
        var hostTokens: [String: String] = [:]
        for (host, variable) in auth.hostTokenVariables {
            // "" when unset: the host stays scoped and gets no token rather than the general one.
            hostTokens[host] = variables[variable] ?? ""
        }
        return Credentials(
            httpsToken: auth.httpsTokenVariable.flatMap { variables[$0] }, hostTokens: hostTokens, sshPrivateKey: auth.sshKey,
            knownHostsFile: auth.knownHosts)
    }

    /// The rules as the scanner takes them.
    package var ruleSelection: RuleSelection {
        RuleSelection(
            disabled: Set(disabledRules), severities: ruleSeverities, forcedSeverities: forcedSeverities, suppressions: suppressions)
    }

    /// What decides a repository's scan besides its commit and the tool: a change here rescans it.
    package func scanSettings(for repo: RepoConfig) -> ScanSettings {
        ScanSettings(
            exclude: exclude, paths: repo.paths, disabledRules: disabledRules, ruleSeverities: ruleSeverities,
            forcedSeverities: forcedSeverities, suppressions: suppressions, includeVendoredApps: includeVendoredApps == true,
            writesPatches: writesPatches == true)
    }

    /// A hash of every setting, for run records (comments and formatting do not change it, nor where
    /// the file and the workspace are: shards run from other checkouts of the same config must agree).
    package var hash: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var settings = self
        settings.file = ""
        settings.workspace = ""
        // Where reports are served and published does not change what a run holds.
        settings.reportURL = nil
        settings.publish = nil
        // Nor how the campaign carries the patches to the forges.
        settings.campaign = nil
        // Limits bound how a result is made, never what it says: shards with other limits still merge.
        settings.limits = RepoLimits()
        // Nor does what the workspace keeps of its past.
        settings.retention = RetentionPolicy()
        let data = (try? encoder.encode(settings)) ?? Data()
        return Fingerprint.of([String(decoding: data, as: UTF8.self)])
    }
}

/// One repository of the fleet.
package struct RepoConfig: Sendable, Hashable, Codable {
    /// The URL or path as written in the config.
    package var url: String
    /// What git is handed: the URL, or for local sources the absolute path.
    package var location: String
    /// nil: the remote's default branch.
    package var branch: String?
    package var team: String?
    /// Monorepo subtrees to scan; empty means the whole tree.
    package var paths: [String]
    /// How reports and `--only` name the repository: its identity, kept when its URL changes.
    package var name: String
    /// From `name`: names its results in runs and matches it across runs.
    package var key: RepoKey
    /// From the URL and branch: names its mirror and decides its shard (a new URL is a new clone).
    package var mirrorKey: RepoKey

    package init(
        url: String, location: String, branch: String? = nil, team: String? = nil, paths: [String] = [], name: String, key: RepoKey? = nil,
        mirrorKey: RepoKey? = nil
    ) {
        self.url = url
        self.location = location
        self.branch = branch
        self.team = team
        self.paths = paths
        self.name = name
        self.key = key ?? RepoKey(name: name)
        self.mirrorKey = mirrorKey ?? RepoKey(location: location, branch: branch)
    }
}

/// The settings a repository's scan depends on.
package struct ScanSettings: Sendable, Hashable, Codable {
    package var exclude: [String]
    package var paths: [String]
    package var disabledRules: [String]
    package var ruleSeverities: [String: Severity]
    package var forcedSeverities: [String: Severity] = [:]
    package var suppressions: SuppressionPolicy = .fleetDefault
    package var includeVendoredApps = false
    /// Whether the scan of the repository also writes its blocked apps' patches.
    package var writesPatches = false

    package init(
        exclude: [String], paths: [String], disabledRules: [String], ruleSeverities: [String: Severity],
        forcedSeverities: [String: Severity] = [:], suppressions: SuppressionPolicy = .fleetDefault, includeVendoredApps: Bool = false,
        writesPatches: Bool = false
    ) {
        self.writesPatches = writesPatches
        self.exclude = exclude
        self.paths = paths
        self.disabledRules = disabledRules
        self.ruleSeverities = ruleSeverities
        self.forcedSeverities = forcedSeverities
        self.suppressions = suppressions
        self.includeVendoredApps = includeVendoredApps
    }

    package var filter: PathFilter {
        var filter = PathFilter(excludeGlobs: exclude, onlyFolders: paths)
        filter.countsVendoredApps = includeVendoredApps
        return filter
    }

    package var hash: String {
        var parts = ["exclude"] + exclude + ["paths"] + paths + ["disable"] + disabledRules.sorted() + ["severity"]
        for (rule, severity) in ruleSeverities.sorted(by: { $0.key < $1.key }) { parts += [rule, severity.rawValue] }
        // How levels apply changed with `force_severity` and suppressions with `suppressions`: results made
        // before then are made again.
        parts += ["levels-v2", "force"]
        for (rule, severity) in forcedSeverities.sorted(by: { $0.key < $1.key }) { parts += [rule, severity.rawValue] }
        parts += suppressions.hashParts
        // Only when set, so the settings of configs without the key keep their hash.
        if includeVendoredApps { parts += ["include_vendored_apps"] }
        // A result made without patches is made again once they are asked for.
        if writesPatches { parts += ["fix_patches"] }
        return Fingerprint.of(parts)
    }
}
