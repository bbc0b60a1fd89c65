import Foundation
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
    public var repos: [RepoConfig]

    public struct Auth: Sendable, Hashable, Encodable {
        /// The name of the environment variable holding the https token (never the token).
        public var httpsTokenVariable: String?
        /// The ssh private key, absolute.
        public var sshKey: String?
        /// The known_hosts file ssh host keys are checked against, absolute.
        public var knownHosts: String?

        public init(httpsTokenVariable: String? = nil, sshKey: String? = nil, knownHosts: String? = nil) {
            self.httpsTokenVariable = httpsTokenVariable
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
        self.repos = repos
    }

    /// What a fleet without `fleet.name` is called.
    public static let defaultName = "Fleet"

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

/// A date without a time, such as a deadline.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Parses `YYYY-MM-DD`; nil for anything else or a date that does not exist.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC day of an instant.
    public init(_ date: Date) {
        let components = Self.calendar.dateComponents([.year, .month, .day], from: date)
        year = components.year ?? 1970
        month = components.month ?? 1
        day = components.day ?? 1
    }

    public var description: String {
        func pad(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Whole days from `other` to this day (negative when this day is earlier).
    public func days(from other: CalendarDay) -> Int {
        dayNumber - other.dayNumber
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a date like 2027-04-01, found '\(text)'")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Days since 1970-01-01 (proleptic Gregorian), by the civil-from-days inverse.
    private var dayNumber: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
