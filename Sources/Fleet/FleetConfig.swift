import Foundation
public import Git
public import Results
public import Rules
public import ScanCore

/// A validated fleet configuration with every path resolved: what `sweep`, `diff` and `validate` work from.
/// Load one with `ConfigValidator.load`.
public struct FleetConfig: Sendable, Hashable, Encodable {
    /// The config file, absolute.
    public var file: String
    public var version: Int
    public var fleetName: String
    /// The date from which only iOS 27 SDK builds are accepted, for the countdown.
    public var deadline: CalendarDay?
    /// Where mirrors and runs live, absolute.
    public var workspace: String
    /// Kept as written for the daemon, which parses it.
    public var schedule: String?
    /// The zone `schedule` is read in (`Europe/Berlin`), as written; nil means UTC.
    public var timeZone: String?
    public var fetchConcurrency: Int
    /// Scan workers; nil means one per core.
    public var scanConcurrency: Int?
    public var auth: Auth
    /// Canonical rule ids that do not run, sorted.
    public var disabledRules: [String]
    /// Levels by canonical rule id for the rule's findings at its default level (`rules.severity`).
    public var ruleSeverities: [String: Severity]
    /// Levels by canonical rule id for every finding of the rule (`rules.force_severity`).
    public var forcedSeverities: [String: Severity]
    /// Which `scenesweep:ignore` comments count in this fleet (`suppressions`).
    public var suppressions: SuppressionPolicy
    public var exclude: [String]
    /// `include_vendored_apps: true`: vendors' example apps count in the figures; nil (the default) leaves
    /// them out (nil rather than false, so configs without the key keep their hash).
    public var includeVendoredApps: Bool?
    public var notify: Notify?
    /// Where the run folders are served (`report_url:`), for links in webhooks, Markdown and HTML; nil:
    /// links are paths in the workspace.
    public var reportURL: String?
    /// Where `publish` uploads each repository's results.
    public var publish: PublishSettings?
    /// Per-repository time and memory, enforced by the sweep's worker processes.
    public var limits: RepoLimits
    /// Which old runs and unused mirrors the workspace drops.
    public var retention: RetentionPolicy
    public var repos: [RepoConfig]

    public struct Auth: Sendable, Hashable, Encodable {
        /// The name of the environment variable holding the https token (never the token).
        public var httpsTokenVariable: String?
        /// The ssh private key, absolute.
        public var sshKey: String?
        /// The known_hosts file ssh host keys are checked against, absolute.
        public var knownHosts: String?
        /// Variables holding the token of one host each (`auth.hosts`), by `host` or `host:port`,
        /// lowercased. Such a token goes to that host only, and that host never gets `httpsTokenVariable`'s.
        public var hostTokenVariables: [String: String]

        public init(
            httpsTokenVariable: String? = nil, sshKey: String? = nil, knownHosts: String? = nil, hostTokenVariables: [String: String] = [:]
        ) {
            self.httpsTokenVariable = httpsTokenVariable
            self.hostTokenVariables = hostTokenVariables
            self.sshKey = sshKey
            self.knownHosts = knownHosts
        }
    }

    /// Notification settings, kept for the daemon.
    public struct Notify: Sendable, Hashable, Encodable {
        public var webhookURLVariable: String?
        public var on: [String]

        public init(webhookURLVariable: String?, on: [String]) {
            self.webhookURLVariable = webhookURLVariable
            self.on = on
        }
    }

    public init(
        file: String, version: Int = 1, fleetName: String, deadline: CalendarDay? = nil, workspace: String, schedule: String? = nil,
        timeZone: String? = nil,
        fetchConcurrency: Int = 4, scanConcurrency: Int? = nil, auth: Auth = Auth(), disabledRules: [String] = [],
        ruleSeverities: [String: Severity] = [:], forcedSeverities: [String: Severity] = [:],
        suppressions: SuppressionPolicy = .fleetDefault, exclude: [String] = [], includeVendoredApps: Bool? = nil,
        notify: Notify? = nil, reportURL: String? = nil, publish: PublishSettings? = nil, limits: RepoLimits = RepoLimits(),
        retention: RetentionPolicy = RetentionPolicy(),
        repos: [RepoConfig]
    ) {
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
    public static let defaultName = "Fleet"

    /// The credentials a sweep uses, with the tokens read from `variables` (the process environment).
    public func credentials(from variables: [String: String]) -> Credentials {
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
    public var ruleSelection: RuleSelection {
        RuleSelection(
            disabled: Set(disabledRules), severities: ruleSeverities, forcedSeverities: forcedSeverities, suppressions: suppressions)
    }

    /// What decides a repository's scan besides its commit and the tool: a change here rescans it.
    public func scanSettings(for repo: RepoConfig) -> ScanSettings {
        ScanSettings(
            exclude: exclude, paths: repo.paths, disabledRules: disabledRules, ruleSeverities: ruleSeverities,
            forcedSeverities: forcedSeverities, suppressions: suppressions, includeVendoredApps: includeVendoredApps == true)
    }

    /// A hash of every setting, for run records (comments and formatting do not change it, nor where
    /// the file and the workspace are: shards run from other checkouts of the same config must agree).
    public var hash: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var settings = self
        settings.file = ""
        settings.workspace = ""
        // Where reports are served and published does not change what a run holds.
        settings.reportURL = nil
        settings.publish = nil
        // Limits bound how a result is made, never what it says: shards with other limits still merge.
        settings.limits = RepoLimits()
        // Nor does what the workspace keeps of its past.
        settings.retention = RetentionPolicy()
        let data = (try? encoder.encode(settings)) ?? Data()
        return Fingerprint.of([String(decoding: data, as: UTF8.self)])
    }
}

/// One repository of the fleet.
public struct RepoConfig: Sendable, Hashable, Codable {
    /// The URL or path as written in the config.
    public var url: String
    /// What git is handed: the URL, or for local sources the absolute path.
    public var location: String
    /// nil: the remote's default branch.
    public var branch: String?
    public var team: String?
    /// Monorepo subtrees to scan; empty means the whole tree.
    public var paths: [String]
    /// How reports and `--only` name the repository: its identity, kept when its URL changes.
    public var name: String
    /// From `name`: names its results in runs and matches it across runs.
    public var key: RepoKey
    /// From the URL and branch: names its mirror and decides its shard (a new URL is a new clone).
    public var mirrorKey: RepoKey

    public init(
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
public struct ScanSettings: Sendable, Hashable, Codable {
    public var exclude: [String]
    public var paths: [String]
    public var disabledRules: [String]
    public var ruleSeverities: [String: Severity]
    public var forcedSeverities: [String: Severity] = [:]
    public var suppressions: SuppressionPolicy = .fleetDefault
    public var includeVendoredApps = false

    public init(
        exclude: [String], paths: [String], disabledRules: [String], ruleSeverities: [String: Severity],
        forcedSeverities: [String: Severity] = [:], suppressions: SuppressionPolicy = .fleetDefault, includeVendoredApps: Bool = false
    ) {
        self.exclude = exclude
        self.paths = paths
        self.disabledRules = disabledRules
        self.ruleSeverities = ruleSeverities
        self.forcedSeverities = forcedSeverities
        self.suppressions = suppressions
        self.includeVendoredApps = includeVendoredApps
    }

    public var filter: PathFilter {
        var filter = PathFilter(excludeGlobs: exclude, onlyFolders: paths)
        filter.countsVendoredApps = includeVendoredApps
        return filter
    }

    public var hash: String {
        var parts = ["exclude"] + exclude + ["paths"] + paths + ["disable"] + disabledRules.sorted() + ["severity"]
        for (rule, severity) in ruleSeverities.sorted(by: { $0.key < $1.key }) { parts += [rule, severity.rawValue] }
        // How levels apply changed with `force_severity` and suppressions with `suppressions`: results made
        // before then are made again.
        parts += ["levels-v2", "force"]
        for (rule, severity) in forcedSeverities.sorted(by: { $0.key < $1.key }) { parts += [rule, severity.rawValue] }
        parts += suppressions.hashParts
        // Only when set, so the settings of configs without the key keep their hash.
        if includeVendoredApps { parts += ["include_vendored_apps"] }
        return Fingerprint.of(parts)
    }
}
