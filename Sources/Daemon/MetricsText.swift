import Fleet
import Foundation
import Results

/// `metrics.prom`: the daemon's figures in the Prometheus text format, for node-exporter's textfile
/// collector (a `# HELP` and a `# TYPE` line before each family's samples; the file replaced whole).
/// Every name starts with `scenesweep_`, and every figure is in a base unit (seconds, not days), as
/// `promtool check metrics` requires.
package enum MetricsText {
    /// Renders `status`; `deadline` and `now` give the days left.
    package static func render(_ status: DaemonStatus, deadline: CalendarDay?, now: Date) -> String {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: Double)]) {
            guard !samples.isEmpty else { return }
            text += "# HELP scenesweep_\(name) \(help)\n# TYPE scenesweep_\(name) \(type)\n"
            for sample in samples {
                text += "scenesweep_\(name)\(sample.labels.isEmpty ? "" : "{\(sample.labels)}") \(number(sample.value))\n"
            }
        }
        func gauge(_ name: String, _ help: String, _ value: Double?) {
            family(name, "gauge", help, value.map { [("", $0)] } ?? [])
        }
        let last = status.lastRun
        let success = status.lastSuccess

        family(
            "build_info", "gauge", "The scenesweep version and rule pack writing these metrics (always 1).",
            [("version=\"\(label(ToolInfo.currentVersion))\",rule_pack=\"\(label(ToolInfo.currentRulePack))\"", 1)])

        gauge("sweeping", "1 while a sweep runs, else 0.", status.state == .sweeping || status.state == .stopping ? 1 : 0)
        family(
            "runs_total", "counter", "Sweeps the daemon ran, by how they ended.",
            RunFigures.Outcome.allCases.map { ("outcome=\"\($0.rawValue)\"", Double(status.runs[$0])) })
        gauge(
            "last_run_timestamp_seconds", "When the last sweep ended, in seconds since 1970.",
            last.map { $0.finishedAt.timeIntervalSince1970 })
        gauge("last_run_success", "1 if the last sweep succeeded, else 0.", last.map { $0.outcome == .success ? 1 : 0 })
        gauge("last_run_duration_seconds", "How long the last sweep took.", last?.seconds)
        gauge(
            "last_success_timestamp_seconds", "When the last successful sweep ended, in seconds since 1970.",
            success.map { $0.finishedAt.timeIntervalSince1970 })
        family(
            "last_success_phase_seconds", "gauge", "Time the last successful sweep spent fetching and scanning, summed over repositories.",
            [("phase=\"fetch\"", success?.fetchSeconds), ("phase=\"scan\"", success?.scanSeconds)].compactMap { pair in
                pair.1.map { (pair.0, $0) }
            })
        gauge(
            "next_run_timestamp_seconds", "When the next sweep is due, in seconds since 1970.",
            status.nextRun.map { $0.timeIntervalSince1970 })
        if let success {
            family(
                "apps", "gauge", "Apps by verdict in the last successful sweep (unknown is not passing).",
                [
                    ("verdict=\"blocked\"", success.blocked), ("verdict=\"at-risk\"", success.atRisk), ("verdict=\"ready\"", success.ready),
                    ("verdict=\"unknown\"", success.unknown),
                ].compactMap { pair in pair.1.map { (pair.0, Double($0)) } })
            gauge(
                "apps_stale", "Of those apps, how many count from the last result of a repository that could not be brought up to date.",
                success.staleApps.map(Double.init))
            gauge("repos", "Repositories in the last successful sweep.", success.repos.map(Double.init))
            gauge(
                "repos_failed", "Repositories the last successful sweep could not fetch or scan (their last result kept).",
                success.failedRepos.map(Double.init))
            gauge("regressions", "Apps whose verdict got worse in the last successful sweep.", success.regressions.map(Double.init))
            gauge("newly_blocked_apps", "Apps that became blocked in the last successful sweep.", success.newlyBlocked.map(Double.init))
            family(
                "team_apps", "gauge", "Apps by team and verdict in the last successful sweep (unknown is not passing).",
                (success.teams ?? []).flatMap { team in
                    [("blocked", team.blocked), ("at-risk", team.atRisk), ("ready", team.ready), ("unknown", team.unknown)].map { verdict in
                        ("team=\"\(label(team.team))\",verdict=\"\(verdict.0)\"", Double(verdict.1))
                    }
                })
        }
        if let deadline {
            // The deadline itself rather than a count of days, which would need a non-base unit:
            // days left = (scenesweep_deadline_timestamp_seconds - time()) / 86400.
            gauge(
                "deadline_timestamp_seconds", "When the App Store starts taking only iOS 27 SDK builds (00:00 UTC), in seconds since 1970.",
                Double(deadline.days(from: CalendarDay(Date(timeIntervalSince1970: 0))) * 86_400))
        }
        return text
    }

    /// A label value as the text format wants it: backslash, double quote and line feed escaped.
    static func label(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
            of: "\n", with: "\\n")
    }

    /// Integers without a fraction, others with up to three decimals.
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 1000).rounded() / 1000)
    }
}
