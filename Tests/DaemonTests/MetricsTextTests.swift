import Daemon
import Fleet
import Foundation
import Results
import Testing

/// metrics.prom follows the Prometheus text format the way node-exporter's textfile collector reads it.
@Suite struct MetricsTextTests {
    static func status() -> DaemonStatus {
        let start = Date(timeIntervalSince1970: 1_796_018_400)
        var status = DaemonStatus(state: .idle, pid: 42, since: start, schedule: "0 2 * * *", timezone: "UTC")
        status.nextRun = start.addingTimeInterval(86_400)
        var success = RunFigures(outcome: .success, startedAt: start, finishedAt: start.addingTimeInterval(12.5))
        success.apps = 10
        success.blocked = 3
        success.atRisk = 2
        success.ready = 4
        success.unknown = 1
        success.staleApps = 2
        success.repos = 6
        success.failedRepos = 1
        success.regressions = 2
        success.newlyBlocked = 1
        success.fetchSeconds = 4.25
        success.scanSeconds = 20.125
        success.teams = [
            TeamFigures(team: "commerce", apps: 6, blocked: 2, atRisk: 1, ready: 3, unknown: 0),
            TeamFigures(team: "ops \"north\"\\eu", apps: 4, blocked: 1, atRisk: 1, ready: 1, unknown: 1),
        ]
        status.lastSuccess = success
        status.lastRun = RunFigures(outcome: .failed, startedAt: start.addingTimeInterval(3600), finishedAt: start.addingTimeInterval(3601))
        status.runs.success = 7
        status.runs.failed = 1
        return status
    }

    /// Checks the format's rules and returns the samples by name and labels.
    static func parse(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        var helped: Set<String> = []
        var typed: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
            if line.hasPrefix("# HELP ") {
                #expect(parts.count == 4 && !parts[3].isEmpty, "HELP without text: \(line)")
                helped.insert(parts[2])
            } else if line.hasPrefix("# TYPE ") {
                #expect(["counter", "gauge"].contains(parts.last ?? ""), "unknown type: \(line)")
                #expect(helped.contains(parts[2]), "TYPE before HELP: \(line)")
                typed.insert(parts[2])
            } else {
                // Label values may hold spaces: the value is after the last one.
                let space = line.lastIndex(of: " ")
                #expect(space != nil && !line.hasSuffix(" "), "not `name{labels} value`: \(line)")
                let series = space.map { String(line[..<$0]) } ?? String(line)
                let name = String(series.prefix { $0 != "{" })
                #expect(name.hasPrefix("scenesweep_"), "unprefixed: \(line)")
                #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                #expect(typed.contains(name), "a sample before its TYPE: \(line)")
                #expect(samples[series] == nil, "a repeated sample: \(line)")
                samples[series] = space.flatMap { Double(line[line.index(after: $0)...]) }
            }
        }
        #expect(text.hasSuffix("\n"))
        return samples
    }

    @Test func everyFamilyHasHelpAndTypeAndTheFiguresOfTheLastRuns() {
        let text = MetricsText.render(Self.status(), deadline: CalendarDay("2027-04-01"), now: Date(timeIntervalSince1970: 1_796_018_400))
        let samples = Self.parse(text)

        #expect(samples["scenesweep_sweeping"] == 0)
        #expect(samples["scenesweep_runs_total{outcome=\"success\"}"] == 7)
        #expect(samples["scenesweep_runs_total{outcome=\"failed\"}"] == 1)
        #expect(samples["scenesweep_runs_total{outcome=\"stopped\"}"] == 0)
        #expect(samples["scenesweep_last_run_success"] == 0)
        #expect(samples["scenesweep_last_run_duration_seconds"] == 1)
        #expect(samples["scenesweep_last_run_timestamp_seconds"] == 1_796_022_001)
        #expect(samples["scenesweep_last_success_timestamp_seconds"] == 1_796_018_412.5)
        #expect(samples["scenesweep_last_success_phase_seconds{phase=\"fetch\"}"] == 4.25)
        #expect(samples["scenesweep_last_success_phase_seconds{phase=\"scan\"}"] == 20.125)
        #expect(samples["scenesweep_next_run_timestamp_seconds"] == 1_796_104_800)
        #expect(samples["scenesweep_apps{verdict=\"blocked\"}"] == 3)
        #expect(samples["scenesweep_apps{verdict=\"at-risk\"}"] == 2)
        #expect(samples["scenesweep_apps{verdict=\"ready\"}"] == 4)
        #expect(samples["scenesweep_apps{verdict=\"unknown\"}"] == 1)
        #expect(samples["scenesweep_apps_stale"] == 2)
        #expect(samples["scenesweep_repos"] == 6)
        #expect(samples["scenesweep_repos_failed"] == 1)
        #expect(samples["scenesweep_regressions"] == 2)
        #expect(samples["scenesweep_newly_blocked_apps"] == 1)
        // 2027-04-01T00:00:00Z: days are not a base unit, so the deadline is a timestamp.
        #expect(samples["scenesweep_deadline_timestamp_seconds"] == 1_806_537_600)
        #expect(samples.keys.contains { $0.contains("days") } == false)
        #expect(samples["scenesweep_build_info{version=\"\(ToolInfo.currentVersion)\",rule_pack=\"\(ToolInfo.currentRulePack)\"}"] == 1)
        #expect(samples["scenesweep_team_apps{team=\"commerce\",verdict=\"blocked\"}"] == 2)
        #expect(samples["scenesweep_team_apps{team=\"commerce\",verdict=\"ready\"}"] == 3)
        // Label values escape backslash and double quote.
        #expect(samples["scenesweep_team_apps{team=\"ops \\\"north\\\"\\\\eu\",verdict=\"unknown\"}"] == 1)
        #expect(text.contains("# TYPE scenesweep_runs_total counter\n"))
    }

    @Test func beforeAnyRunOnlyTheDaemonsOwnFiguresAreWritten() {
        let status = DaemonStatus(state: .sweeping, pid: 1, since: Date(timeIntervalSince1970: 0), schedule: nil, timezone: nil)
        let samples = Self.parse(MetricsText.render(status, deadline: nil, now: Date(timeIntervalSince1970: 0)))

        #expect(
            samples.keys.sorted() == [
                "scenesweep_build_info{version=\"\(ToolInfo.currentVersion)\",rule_pack=\"\(ToolInfo.currentRulePack)\"}",
                "scenesweep_runs_total{outcome=\"failed\"}", "scenesweep_runs_total{outcome=\"stopped\"}",
                "scenesweep_runs_total{outcome=\"success\"}", "scenesweep_sweeping",
            ])
        #expect(samples["scenesweep_sweeping"] == 1)
    }

    /// The Prometheus project's own linter: base units, naming, HELP and TYPE. scripts/test installs it
    /// (Debian's prometheus); without it the test says so and fails rather than pass unchecked.
    @Test func promtoolChecksTheMetricsWithoutProblems() throws {
        let promtool = "/usr/bin/promtool"
        try #require(FileManager.default.isExecutableFile(atPath: promtool), "promtool is missing: apt-get install prometheus")
        let text = MetricsText.render(Self.status(), deadline: CalendarDay("2027-04-01"), now: Date(timeIntervalSince1970: 1_796_018_400))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: promtool)
        process.arguments = ["check", "metrics"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "promtool: \(said)")
        #expect(said.isEmpty, "promtool: \(said)")
    }
}
