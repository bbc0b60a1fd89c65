/// The JSON forms of counts, one definition for all of them: each form is a list of members in the order
/// it writes them. A form is written into the object of the value that holds the counts (summary.json's
/// totals, a team, a history line) or as an object of its own under a key (a scan's `summary`, run.json's
/// `counts`). `apps` and `readiness` are written for readers and ignored when read back, since the
/// verdicts decide them; members a form does not keep read back as 0.
extension AppCounts {
    package enum Form: Sendable {
        /// A scan's `summary` (report.json, repos/<key>.json): verdicts, findings by severity, suppressed
        /// findings, and vendored apps when there are any.
        case scan
        /// A repository's `counts` in run.json: verdicts and findings by severity.
        case repository
        /// summary.json's figures for the whole fleet: verdicts, readiness, stale apps and comments.
        case fleet
        /// summary.json's figures for a team or a repository: the fleet's, with `stale` for `staleApps`.
        case group
        /// A line of history.jsonl: verdicts, readiness and stale apps (absent from lines written before
        /// stale apps were counted).
        case history

        var members: [Member] {
            switch self {
            case .scan: [.apps, .blocked, .atRisk, .ready, .unknown, .errors, .warnings, .notes, .suppressed, .vendored]
            case .repository: [.apps, .blocked, .atRisk, .ready, .unknown, .errors, .warnings, .notes]
            case .fleet: [.apps, .blocked, .atRisk, .ready, .unknown, .readiness, .staleApps, .suppressed, .suppressionsRefused]
            case .group: [.apps, .blocked, .atRisk, .ready, .unknown, .readiness, .stale, .suppressed, .suppressionsRefused]
            case .history: [.apps, .blocked, .atRisk, .ready, .unknown, .staleApps, .readiness]
            }
        }
    }

    enum Member: String, CodingKey {
        case apps, blocked, atRisk, ready, unknown, readiness, errors, warnings, notes, suppressed, suppressionsRefused, stale
        case staleApps, vendored

        /// The stored count the member holds; nil for the derived ones.
        var stored: WritableKeyPath<AppCounts, Int>? {
            switch self {
            case .apps, .readiness: nil
            case .blocked: \.blocked
            case .atRisk: \.atRisk
            case .ready: \.ready
            case .unknown: \.unknown
            case .errors: \.errors
            case .warnings: \.warnings
            case .notes: \.notes
            case .suppressed: \.suppressed
            case .suppressionsRefused: \.suppressionsRefused
            case .stale, .staleApps: \.stale
            case .vendored: \.vendored
            }
        }

        /// Members some stored files lack: stale apps in history lines written before they were counted,
        /// vendored apps wherever there are none.
        var mayBeAbsent: Bool { self == .staleApps || self == .vendored }
    }

    /// Writes the form's members into the object `encoder` is writing.
    package func encode(to encoder: any Encoder, as form: Form) throws {
        var container = encoder.container(keyedBy: Member.self)
        for member in form.members {
            switch member {
            case .apps: try container.encode(apps, forKey: member)
            case .readiness: try container.encode(readiness, forKey: member)
            // Only some scans have vendored apps: the others keep their shape.
            case .vendored where vendored == 0: continue
            default: if let count = member.stored { try container.encode(self[keyPath: count], forKey: member) }
            }
        }
    }

    /// Reads the form's members from the object `decoder` is reading.
    package init(from decoder: any Decoder, as form: Form) throws {
        self.init()
        let container = try decoder.container(keyedBy: Member.self)
        for member in form.members {
            guard let count = member.stored else { continue }
            self[keyPath: count] =
                member.mayBeAbsent
                ? try container.decodeIfPresent(Int.self, forKey: member) ?? 0 : try container.decode(Int.self, forKey: member)
        }
    }

    /// These counts as `form` keeps them: what reads back from it.
    package func kept(in form: Form) -> AppCounts {
        var kept = AppCounts()
        for count in form.members.compactMap(\.stored) { kept[keyPath: count] = self[keyPath: count] }
        return kept
    }
}
