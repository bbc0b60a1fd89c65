import Results
import ScanCore

/// The YAML shape of a fleet config, decoded before any check or path resolution.
struct ConfigFile: Decodable {
    var version: Int
    var fleet: FleetSection?
    var workspace: String?
    var schedule: String?
    var timezone: String?
    var concurrency: ConcurrencySection?
    var auth: AuthSection?
    var rules: RulesSection?
    var exclude: [String]?
    var includeVendoredApps: Bool?
    var suppressions: SuppressionsSection?
    var notify: NotifySection?
    var reportURL: String?
    var publish: PublishSection?
    var limits: LimitsSection?
    var retention: RetentionSection?
    var fix: FixSection?
    var repos: [RepoSection]

    enum CodingKeys: String, CodingKey {
        case version, fleet, workspace, schedule, timezone, concurrency, auth, rules, exclude, suppressions, notify, publish, limits,
            retention, fix,
            repos
        case reportURL = "report_url"
        case includeVendoredApps = "include_vendored_apps"
    }

    struct PublishSection: Decodable {
        var forges: [ForgeSection]?
    }

    struct ForgeSection: Decodable {
        var host: String
        var kind: String
        var api: String?
        var tokenEnv: String

        enum CodingKeys: String, CodingKey {
            case host, kind, api
            case tokenEnv = "token_env"
        }
    }

    struct FleetSection: Decodable {
        var name: String?
        var deadline: String?
    }

    struct ConcurrencySection: Decodable {
        var fetch: Int?
        var scan: ScanWorkers?
    }

    enum ScanWorkers: Decodable, Equatable {
        case auto
        case count(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            // The single-value container reads scalars directly, so a failed try? records nothing.
            if let count = try? container.decode(Int.self) {
                self = .count(count)
            } else if let text = try? container.decode(String.self), text == "auto" {
                self = .auto
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected 'auto' or a number of scan workers")
            }
        }
    }

    struct AuthSection: Decodable {
        var httpsTokenEnv: String?
        var sshKey: String?
        var knownHosts: String?
        /// `hosts: { git.example.com: { https_token_env: GHE_TOKEN } }`: a token per host.
        var hosts: [String: HostSection]?

        enum CodingKeys: String, CodingKey {
            case httpsTokenEnv = "https_token_env"
            case sshKey = "ssh_key"
            case knownHosts = "known_hosts"
            case hosts
        }
    }

    struct HostSection: Decodable {
        var httpsTokenEnv: String

        enum CodingKeys: String, CodingKey {
            case httpsTokenEnv = "https_token_env"
        }
    }

    struct RulesSection: Decodable {
        var disable: [String]?
        var severity: [String: Severity]?
        var forceSeverity: [String: Severity]?

        enum CodingKeys: String, CodingKey {
            case disable, severity
            case forceSeverity = "force_severity"
        }
    }

    struct FixSection: Decodable {
        /// Whether each blocked app's verified patch (or its explanation) is written with the run.
        var patches: Bool?
    }

    struct SuppressionsSection: Decodable {
        /// Rules whose `scenesweep:ignore` comments count; absent or `all`: every rule.
        var allow: Allowed?
        /// Whether a comment may suppress an error; absent: no.
        var errors: Bool?
    }

    enum Allowed: Decodable, Equatable {
        case all
        case rules([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self), text == "all" {
                self = .all
            } else if let rules = try? container.decode([String].self) {
                self = .rules(rules)
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected 'all' or a list of rules")
            }
        }
    }

    struct NotifySection: Decodable {
        var webhookURLEnv: String?
        var on: [String]?

        enum CodingKeys: String, CodingKey {
            case webhookURLEnv = "webhook_url_env"
            case on
        }
    }

    /// `limits: { repo_seconds: 900, repo_memory: 2GiB }`; sizes are checked on the node tree.
    struct LimitsSection: Decodable {
        var repoSeconds: Double?
        var repoMemory: String?

        enum CodingKeys: String, CodingKey {
            case repoSeconds = "repo_seconds"
            case repoMemory = "repo_memory"
        }
    }

    /// `retention: { runs: 60, days: 90, mirror_grace_days: 30 }`; ranges are checked on the node tree.
    struct RetentionSection: Decodable {
        var runs: Int?
        var days: Int?
        var mirrorGraceDays: Int?

        enum CodingKeys: String, CodingKey {
            case runs, days
            case mirrorGraceDays = "mirror_grace_days"
        }
    }

    struct RepoSection: Decodable {
        var url: String
        var branch: String?
        var team: String?
        var paths: [String]?
        var name: String?
    }
}
