import Fleet
import Foundation
import Results
import YAML

/// What the daemon runs from: the fleet config, its schedule read in its time zone, and where and when to
/// notify. Load one with `ServiceConfig.load`.
package struct ServiceConfig: Sendable {
    package let fleet: FleetConfig
    /// nil when the config has no `schedule` (enough for `--once`).
    package let schedule: Schedule?
    package let notify: NotifySettings?

    /// Reads and checks the config file as `ConfigValidator.load` does, with the daemon's checks.
    package static func load(path: String, directory: String = ".", environment: [String: String] = [:]) throws(ConfigProblems)
        -> ServiceConfig
    {
        let (fleet, schedule) = try ConfigValidator.load(
            path: path, directory: directory, environment: environment, reading: readSettings)
        return ServiceConfig(fleet: fleet, schedule: schedule)
    }

    /// A config the checks passed, and its schedule as they read it.
    private init(fleet: FleetConfig, schedule: Schedule?) {
        self.fleet = fleet
        self.schedule = schedule
        notify = fleet.notify.flatMap { notify in
            notify.webhookURLVariable.map { variable in
                NotifySettings(
                    webhookURLVariable: variable,
                    events: notify.on.isEmpty ? Set(NotifyEvent.allCases) : Set(notify.on.compactMap(NotifyEvent.init(rawValue:))))
            }
        }
    }

    /// The checks of the daemon's settings, for `ConfigValidator`: `schedule`, `timezone` and `notify`.
    package static let checks: [ConfigCheck] = [{ readSettings($0).problems }]

    /// The daemon's settings, read once for their checks and for the daemon: the schedule, and what is
    /// wrong with `schedule`, `timezone` and `notify`.
    private static func readSettings(_ root: Node) -> (value: Schedule?, problems: [(mark: Mark, message: String)]) {
        let schedule = readSchedule(root)
        return (schedule.value, schedule.problems + notifyProblems(root))
    }

    /// `schedule`, read in the zone `timezone` names (UTC without one).
    private static func readSchedule(_ root: Node) -> (value: Schedule?, problems: [(mark: Mark, message: String)]) {
        var problems: [(mark: Mark, message: String)] = []
        var zone = TimeZone.gmt
        if let node = root["timezone"], let name = text(node) {
            if let known = TimeZone(identifier: name) {
                zone = known
            } else {
                let suggestion = NameSuggestion.clause(name, in: TimeZone.knownTimeZoneIdentifiers)
                problems.append((node.mark, "timezone: unknown time zone '\(name)'\(suggestion); use a name like UTC or Europe/Berlin"))
            }
        }
        var schedule: Schedule?
        if let node = root["schedule"], let scalar = node.scalar, !scalar.isNull {
            do {
                schedule = try Schedule(parsing: scalar.text, timeZone: zone)
            } catch {
                problems.append((mark(of: error.offset, in: node), "schedule: \(error.message)"))
            }
        }
        return (schedule, problems)
    }

    private static func notifyProblems(_ root: Node) -> [(mark: Mark, message: String)] {
        guard let notify = root["notify"], notify.mapping != nil else { return [] }
        var problems: [(mark: Mark, message: String)] = []
        if notify["webhook_url_env"].flatMap(text) == nil {
            problems.append(
                (notify.mark, "notify: webhook_url_env is required: the name of the environment variable holding the webhook URL"))
        }
        let names = NotifyEvent.allCases.map(\.rawValue)
        for (index, item) in (notify["on"]?.sequence ?? []).enumerated() {
            guard let name = text(item), NotifyEvent(rawValue: name) == nil else { continue }
            problems.append(
                (
                    item.mark,
                    "notify.on[\(index)]: unknown event '\(name)'\(NameSuggestion.clause(name, in: names)); use regression or blocked"
                ))
        }
        return problems
    }

    private static func text(_ node: Node) -> String? {
        guard let scalar = node.scalar, !scalar.isNull else { return nil }
        return scalar.text
    }

    /// Where the character `offset` of a scalar's text is written, for a scalar on one line.
    private static func mark(of offset: Int, in node: Node) -> Mark {
        switch node.scalar?.style {
        case .plain?: return Mark(line: node.mark.line, column: node.mark.column + offset)
        case .singleQuoted?, .doubleQuoted?: return Mark(line: node.mark.line, column: node.mark.column + 1 + offset)
        default: return node.mark
        }
    }
}

/// When the daemon posts to a webhook.
package enum NotifyEvent: String, Sendable, CaseIterable {
    /// An app's verdict got worse.
    case regression
    /// An app became blocked, or a new app of a known repository is blocked.
    case blocked
}

package struct NotifySettings: Sendable, Hashable {
    /// The environment variable holding the webhook URL (never the URL).
    package let webhookURLVariable: String
    package let events: Set<NotifyEvent>

    package init(webhookURLVariable: String, events: Set<NotifyEvent>) {
        self.webhookURLVariable = webhookURLVariable
        self.events = events
    }
}
