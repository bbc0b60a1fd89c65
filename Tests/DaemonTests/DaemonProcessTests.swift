import Daemon
import Fleet
import Foundation
import Results
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `scenesweep` binary over real git repositories: the daemon on a short schedule, signals, the
/// workspace lock, a kill -9 in the middle of a sweep, and the webhook.
@Suite(.timeLimit(.minutes(3))) struct DaemonProcessTests {
    /// Every line of a `--log-format json` log, parsed; an issue for a line that is not a JSON object.
    private func jsonLines(_ log: String, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        log.split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if object == nil { Issue.record("not a JSON object: \(line)", sourceLocation: sourceLocation) }
            return object
        }
    }

    @Test func theDaemonSweepsOnItsScheduleUntilSIGTERMThenExitsZeroWithHistoryStatusAndMetrics() async throws {
        let token = "tok-\(UUID().uuidString)"
        let hook = "http://127.0.0.1:9/hooks/\(UUID().uuidString)"
        let fleet = try FleetBench(
            schedule: "@every 1s", extra: "auth: { https_token_env: TEST_GIT_TOKEN }\nnotify: { webhook_url_env: TEST_HOOK }")
        let daemon = try ScenesweepProcess(
            ["daemon", "--config", "fleet.yaml", "--log-format", "json"], in: fleet.root,
            environment: ["TEST_GIT_TOKEN": token, "TEST_HOOK": hook])

        await eventually("two sweeps are stored", within: 60) { ((try? fleet.history()) ?? []).count >= 2 }
        // A broken config on SIGHUP is reported, and the daemon goes on with the one it has.
        let config = try String(contentsOfFile: fleet.configPath, encoding: .utf8)
        try config.replacingOccurrences(of: "@every 1s", with: "@every 0s").write(
            toFile: fleet.configPath, atomically: true, encoding: .utf8)
        daemon.send(SIGHUP)
        await eventually("the reload is refused") { daemon.err.contains("\"event\":\"daemon.reload-failed\"") }
        let before = try fleet.history().count
        await eventually("another sweep is stored", within: 60) { ((try? fleet.history()) ?? []).count > before }
        daemon.send(SIGTERM)
        let ended = await daemon.exit()

        #expect(ended?.status == 0)
        #expect(ended?.bySignal == false)
        let history = try fleet.history()
        let runs = history.compactMap { $0["run"] as? String }
        #expect(runs.count == history.count && runs.count >= 3)
        #expect(fleet.store.completedRuns() == runs)
        #expect(fleet.store.latestRun() == runs.last)
        #expect(history.allSatisfy { $0["apps"] as? Int == 2 && $0["blocked"] as? Int == 1 })

        let status = try fleet.status()
        #expect(status["state"] as? String == "stopped")
        #expect(status["pid"] as? Int == Int(daemon.pid))
        #expect(status["schedule"] as? String == "@every 1s")
        #expect((status["runs"] as? [String: Int])?["success"] == runs.count)
        let last = try #require(status["lastRun"] as? [String: Any])
        #expect(last["outcome"] as? String == "success")
        #expect(last["run"] as? String == runs.last)
        #expect(last["blocked"] as? Int == 1)

        let samples = MetricsTextTests.parse(try fleet.metrics())
        #expect(samples["scenesweep_runs_total{outcome=\"success\"}"] == Double(runs.count))
        #expect(samples["scenesweep_apps{verdict=\"blocked\"}"] == 1)
        #expect(samples["scenesweep_apps{verdict=\"ready\"}"] == 1)
        #expect(samples["scenesweep_repos_failed"] == 0)
        #expect(samples["scenesweep_last_run_success"] == 1)
        #expect((samples["scenesweep_last_success_timestamp_seconds"] ?? 0) > 1_700_000_000)
        #expect(samples["scenesweep_deadline_timestamp_seconds"] != nil)
        #expect(samples["scenesweep_sweeping"] == 0)

        let log = daemon.err
        let lines = jsonLines(log)
        #expect(lines.allSatisfy { $0["time"] is String && $0["level"] is String && $0["event"] is String && $0["message"] is String })
        let events = lines.compactMap { $0["event"] as? String }
        #expect(events.first == "daemon.started")
        #expect(events.last == "daemon.stopped")
        #expect(events.filter { $0 == "sweep.finished" }.count == runs.count)
        #expect(log.contains("fleet.yaml:4:19: error: schedule: @every: the interval must be longer than 0s"))
        #expect(!log.contains(token))
        #expect(!log.contains(hook))
    }

    @Test func aSecondSweepIsRefusedNamingTheHolderAndAKillDashNineLeavesTheNextSweepWorking() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let fleet = try FleetBench(schedule: "@every 1h")
        let first = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml", "-q"], in: fleet.root)
        #expect(first.status == 0)
        let complete = try #require(fleet.store.latestRun())
        // The same fleet and workspace plus a repository whose server never answers: that sweep stays in flight.
        try fleet.writeConfig("slow.yaml", schedule: "@every 1h", repos: "  - url: http://127.0.0.1:\(server.port)/slow.git\n")
        let daemon = try ScenesweepProcess(["daemon", "--once", "--config", "slow.yaml"], in: fleet.root)
        await eventually("the daemon's sweep waits on the silent server") { server.requests > 0 }

        let second = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml", "-q"], in: fleet.root)
        #expect(second.status == 2)
        #expect(second.err.contains("another sweep holds the workspace lock \(fleet.workspace)/lock (pid \(daemon.pid) started 20"))

        daemon.send(SIGKILL)
        #expect(await daemon.exit()?.bySignal == true)
        // Killed mid-sweep: its run folder has no run.json, and `latest` still names the complete run.
        let folders = try FileManager.default.contentsOfDirectory(atPath: fleet.store.runsFolder).sorted()
        #expect(folders.count == 2)
        #expect(fleet.store.completedRuns() == [complete])
        #expect(fleet.store.latestRun() == complete)
        #expect(try String(contentsOfFile: fleet.store.latestFile, encoding: .utf8) == complete + "\n")

        let next = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml", "-q"], in: fleet.root)
        #expect(next.status == 0)
        let latest = try #require(fleet.store.latestRun())
        #expect(latest != complete)
        #expect(fleet.store.completedRuns() == [complete, latest])
        #expect(try fleet.store.record(of: latest).previousRun == complete)
        #expect(try fleet.history().compactMap { $0["run"] as? String } == [complete, latest])
    }

    @Test func sigtermDuringAFetchThatNeverEndsStopsWithinTheTimeoutStoresNothingAndExitsZero() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let fleet = try FleetBench(schedule: "@every 1h", repos: "  - url: http://127.0.0.1:\(server.port)/slow.git\n")
        let daemon = try ScenesweepProcess(
            ["daemon", "--once", "--config", "fleet.yaml", "--stop-timeout", "1", "--log-format", "json"], in: fleet.root)
        await eventually("the sweep waits on the silent server") { server.requests > 0 }
        await eventually("the others are done") { daemon.err.components(separatedBy: "\"event\":\"sweep.repo\"").count == 3 }

        daemon.send(SIGTERM)
        let ended = await daemon.exit()

        // The server never answers: only the stop timeout ends this fetch.
        #expect(ended?.status == 0)
        #expect(fleet.store.completedRuns().isEmpty)
        #expect(fleet.store.latestRun() == nil)
        let status = try fleet.status()
        #expect(status["state"] as? String == "stopped")
        #expect((status["lastRun"] as? [String: Any])?["outcome"] as? String == "stopped")
        let events = jsonLines(daemon.err).compactMap { $0["event"] as? String }
        #expect(events.suffix(2) == ["daemon.stopping", "sweep.abandoned"])
    }

    @Test func theWebhookHearsOnceForARegressionRunAndNeverForACleanOne() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let fleet = try FleetBench(schedule: "@every 1h", extra: "notify: { webhook_url_env: TEST_HOOK, on: [regression, blocked] }")
        let hook = "http://127.0.0.1:\(receiver.port)/hooks/\(UUID().uuidString)"
        let once = ["daemon", "--once", "--config", "fleet.yaml", "--log-format", "json"]

        let first = try await ScenesweepProcess.run(once, in: fleet.root, environment: ["TEST_HOOK": hook])
        let clean = try await ScenesweepProcess.run(once, in: fleet.root, environment: ["TEST_HOOK": hook])
        #expect(first.status == 0)
        #expect(clean.status == 0)
        #expect(receiver.requests.isEmpty)

        try fleet.regressBooks()
        let regressed = try await ScenesweepProcess.run(once, in: fleet.root, environment: ["TEST_HOOK": hook])

        #expect(regressed.status == 0)
        #expect(receiver.requests.count == 1)
        let request = try #require(receiver.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == String(hook.dropFirst("http://127.0.0.1:\(receiver.port)".count)))
        let latest = try #require(fleet.store.latestRun())
        let text = try #require(request.json["text"] as? String)
        #expect(text.contains("1 regression in run \(latest)"))
        #expect(text.contains("• books Shelf (Shelf): ready → at-risk · team retail · owners @acme/retail"))
        #expect(text.contains("Report: \(fleet.store.runFolder(latest))/diff.md"))
        #expect((request.json["blocks"] as? [Any])?.count == 3)
        #expect(regressed.err.contains("\"event\":\"notify.sent\""))
        for output in [first.err, clean.err, regressed.err] { #expect(!output.contains(hook)) }
    }
}
