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
    var campaign: CampaignSection?
    var repos: [RepoSection]

    enum CodingKeys: String, CodingKey {
        case version, fleet, workspace, schedule, timezone, concurrency, auth, rules, exclude, suppressions, notify, publish, limits,
            retention, fix, campaign,
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

    /// `campaign:`; names, ranges and branch rules are checked on the node tree (`CampaignSettings.problems`).
    struct CampaignSection: Decodable {
        var branch: String?
        var title: String?
        var labels: [String]?
        var reviewers: ReviewersValue?
        var draft: Bool?
        var canary: Int?
        var maxOpen: Int?
        var rate: RateValue?
        var teams: [String]?
        var repos: [String]?
        var apply: Bool?
        var retry: [String]?

        enum CodingKeys: String, CodingKey {
            case branch, title, labels, reviewers, draft, canary, rate, teams, repos, apply, retry
            case maxOpen = "max_open"
        }

        var settings: CampaignSettings {
            let defaults = CampaignSettings()
            return CampaignSettings(
                branch: branch ?? defaults.branch, title: title ?? defaults.title, labels: labels ?? [],
                reviewers: reviewers?.value ?? defaults.reviewers, draft: draft ?? defaults.draft, canary: canary ?? defaults.canary,
                maxOpen: maxOpen ?? defaults.maxOpen, ratePerHour: rate?.perHour ?? defaults.ratePerHour, teams: teams ?? [],
                repos: repos ?? [], apply: apply ?? false, retry: retry ?? [])
        }
    }

    /// `reviewers: codeowners`, `none`, or `{ team: [handle, ...] }` (a leading `@` is dropped).
    struct ReviewersValue: Decodable {
        var value: CampaignSettings.Reviewers

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let word = try? container.decode(String.self) {
                switch word {
                case "codeowners": value = .codeOwners
                case "none": value = .none
                default:
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "expected codeowners, none or handles per team, found '\(word)'")
                }
            } else {
                let teams = try container.decode([String: [String]].self)
                value = .byTeam(teams.mapValues { $0.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 } })
            }
        }
    }

    /// `rate: 10` or `rate: "10 per hour"`.
    struct RateValue: Decodable {
        var perHour: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                perHour = number
            } else if let text = try? container.decode(String.self), let number = CampaignSettings.ratePerHour(text) {
                perHour = number
            } else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected a number an hour, such as 10 or \"10 per hour\"")
            }
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
