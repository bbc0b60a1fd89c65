import Daemon
import Fleet
import Foundation
import Results
import Testing

/// The daemon loop on a test clock: sweeps at the scheduled times, never twice for one slot, stops and
/// reloads on request, and keeps status.json and metrics.prom up to date. No test here sleeps for real.
@Suite(.timeLimit(.minutes(3))) struct SweepServiceTests {
    @Test("Sweeps run at each scheduled time of the zone's wall clock, and a stop ends the loop with status 0")
    func sweepsAtScheduledTimes() async throws {
        let harness = try ServiceHarness(
            schedule: "30 2 * * mon-fri", timezone: "Europe/Berlin", at: instant("2025-03-28 12:00", in: berlin))
        let service = harness.service()
        let running = Task { await service.run() }

        var deadlines: [String] = []
        for sweep in 0..<3 {
            let deadline = try #require(await harness.nextDeadline(after: sweep))
            deadlines.append(wall(deadline, in: berlin))
            harness.clock.advance(to: deadline)
        }
        _ = await harness.nextDeadline(after: 3)
        harness.events.stop(reason: "SIGTERM")

        #expect(await running.value == 0)
        let expected = ["2025-03-31 02:30 +02:00", "2025-04-01 02:30 +02:00", "2025-04-02 02:30 +02:00"]
        #expect(deadlines == expected)
        #expect(harness.runner.starts.map { wall($0, in: berlin) } == expected)
        let status = try harness.status()
        #expect(status["state"] as? String == "stopped")
        #expect((status["runs"] as? [String: Int])?["success"] == 3)
        #expect(harness.log.events.filter { $0 == "sweep.finished" }.count == 3)
        #expect(harness.log.events.last == "daemon.stopped")
    }

    @Test("A sweep that overruns the next slot does not run it late or twice: the next sweep is the slot after")
    func overrunSlotIsNotRunTwice() async throws {
        let harness = try ServiceHarness(schedule: "@hourly", at: instant("2025-01-01 00:30"))
        harness.runner.take([90 * 60, 60])
        let service = harness.service()
        let running = Task { await service.run() }

        let first = try #require(await harness.nextDeadline(after: 0))
        #expect(wall(first) == "2025-01-01 01:00")
        harness.clock.advance(to: first)
        // The first sweep runs from 01:00 to 02:30, past the 02:00 slot.
        let second = try #require(await harness.nextDeadline(after: 1))
        #expect(wall(harness.clock.now) == "2025-01-01 02:30")
        #expect(wall(second) == "2025-01-01 03:00")
        harness.clock.advance(to: second)
        let third = try #require(await harness.nextDeadline(after: 2))
        #expect(wall(third) == "2025-01-01 04:00")
        harness.events.stop(reason: "SIGINT")

        #expect(await running.value == 0)
        #expect(harness.runner.starts.map { wall($0) } == ["2025-01-01 01:00", "2025-01-01 03:00"])
        let missed = harness.log.lines.filter { $0.contains("\"event\":\"sweep.missed\"") }
        #expect(missed.count == 1)
        #expect(missed.first?.contains("the sweep ran past 1 scheduled time from 2025-01-01T02:00:00Z; it is not run late") == true)
    }

    @Test("An @every interval keeps to its grid from the start of each sweep")
    func intervalGrid() async throws {
        let harness = try ServiceHarness(schedule: "@every 10m", at: instant("2025-01-01 00:00"))
        harness.runner.take([60, 25 * 60, 60])
        let service = harness.service()
        let running = Task { await service.run() }

        for sweep in 0..<3 {
            let deadline = try #require(await harness.nextDeadline(after: sweep))
            harness.clock.advance(to: deadline)
        }
        _ = await harness.nextDeadline(after: 3)
        harness.events.stop(reason: "SIGTERM")

        #expect(await running.value == 0)
        // 00:20 runs 25 minutes, past 00:30 and 00:40; the next is 00:50.
        #expect(harness.runner.starts.map { wall($0) } == ["2025-01-01 00:10", "2025-01-01 00:20", "2025-01-01 00:50"])
    }

    @Test("A stop during a sweep lets it finish, starts nothing more, and exits 0")
    func stopDuringSweepWaitsForIt() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        harness.runner.hold()
        let service = harness.service()
        let running = Task { await service.run() }
        let first = try #require(await harness.nextDeadline(after: 0))
        harness.clock.advance(to: first)
        await eventually("the sweep is under way") { harness.runner.starts.count == 1 }
        await eventually("status.json says so") { (try? harness.status()["state"] as? String) == "sweeping" }

        harness.events.stop(reason: "SIGTERM")
        await eventually("the daemon is stopping") { (try? harness.status()["state"] as? String) == "stopping" }
        await eventually("the stop's time limit is set") { harness.clock.deadlines.count == 1 }
        harness.runner.release()

        #expect(await running.value == 0)
        #expect(harness.runner.stopsSeen == 1)
        #expect(harness.runner.starts.count == 1)
        let status = try harness.status()
        #expect(status["state"] as? String == "stopped")
        #expect((status["lastRun"] as? [String: Any])?["outcome"] as? String == "stopped")
        #expect((status["runs"] as? [String: Int])?["stopped"] == 1)
        #expect(harness.log.events.suffix(3) == ["daemon.stopping", "sweep.stopped", "daemon.stopped"])
    }

    @Test("A stop waits for the repositories in flight only as long as the stop timeout")
    func stopWaitIsBounded() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        harness.runner.hold()
        defer { harness.runner.release() }
        let service = harness.service(stopTimeout: 30)
        let running = Task { await service.run() }
        let first = try #require(await harness.nextDeadline(after: 0))
        harness.clock.advance(to: first)
        await eventually("the sweep is under way") { harness.runner.starts.count == 1 }

        harness.events.stop(reason: "SIGTERM")
        await eventually("the stop's time limit is set") { harness.clock.deadlines.count == 1 }
        #expect(harness.clock.deadlines.first.map { wall($0) } == "2025-01-01 01:00:30")
        harness.clock.advance(by: 30)

        #expect(await running.value == 0)
        let status = try harness.status()
        #expect(status["state"] as? String == "stopped")
        #expect(
            (status["lastRun"] as? [String: Any])?["error"] as? String == "stopped: the repositories in flight did not finish within 30 s")
        #expect(harness.log.events.contains("sweep.abandoned"))
    }

    @Test("A second stop signal during a sweep stops at once")
    func secondStopDoesNotWait() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        harness.runner.hold()
        defer { harness.runner.release() }
        let service = harness.service(stopTimeout: 3600)
        let running = Task { await service.run() }
        harness.clock.advance(to: try #require(await harness.nextDeadline(after: 0)))
        await eventually("the sweep is under way") { harness.runner.starts.count == 1 }

        harness.events.stop(reason: "SIGINT")
        harness.events.stop(reason: "SIGINT")

        #expect(await running.value == 0)
        #expect(harness.log.all.contains("SIGINT after SIGINT: stopping now, without the repositories in flight (no run is stored)"))
        #expect((try harness.status()["lastRun"] as? [String: Any])?["outcome"] as? String == "stopped")
    }

    @Test("A sweep that finds the workspace locked fails, naming the holder, and the daemon goes on")
    func lockedWorkspace() async throws {
        let fleet = try FleetBench()
        let held = try fleet.store.lock()
        let log = LogCapture()
        let service = SweepService(
            config: try fleet.config(), options: SweepService.Options(once: true), runner: FleetSweepRunner(variables: [:]),
            events: ServiceEvents(), log: DaemonLog(format: .text, write: log.write),
            reload: { () throws(ConfigProblems) -> ServiceConfig in throw ConfigProblems([]) })

        #expect(await service.run() == 2)
        withExtendedLifetime(held) {}

        #expect(log.all.contains("sweep failed: another sweep holds the workspace lock \(fleet.workspace)/lock (pid \(getpid()) started "))
        let last = try #require(try fleet.status()["lastRun"] as? [String: Any])
        #expect(last["outcome"] as? String == "failed")
        #expect((last["error"] as? String)?.contains("(pid \(getpid()) started ") == true)
        #expect(fleet.store.latestRun() == nil)
    }

    @Test("SIGHUP reads the config again: problems are reported and the old config kept; a good one takes effect")
    func reload() async throws {
        let harness = try ServiceHarness(schedule: "0 2 * * *", at: instant("2025-01-01 12:00"))
        let service = harness.service()
        let running = Task { await service.run() }
        #expect(await harness.nextDeadline(after: 0).map { wall($0) } == "2025-01-02 02:00")

        let broken = ConfigProblems([
            ConfigProblem(file: "fleet.yaml", mark: nil, message: "schedule: field 2 (hour): 25 is out of range 0-23")
        ])
        harness.reloaded.withLock { $0 = .failure(broken) }
        harness.events.reload()
        await eventually("the failed reload is logged") { harness.log.events.contains("daemon.reload-failed") }
        #expect(harness.log.all.contains("fleet.yaml: error: schedule: field 2 (hour): 25 is out of range 0-23"))
        #expect(harness.log.all.contains("the config has 1 problem; keeping the one in use"))
        #expect(harness.clock.deadlines.map { wall($0) } == ["2025-01-02 02:00"])

        let hourly = try harness.load(schedule: "15 * * * *")
        harness.reloaded.withLock { $0 = .success(hourly) }
        harness.events.reload()
        await eventually("the new schedule is in force") { harness.clock.deadlines.map { wall($0) } == ["2025-01-01 12:15"] }
        #expect(try harness.status()["schedule"] as? String == "15 * * * *")
        harness.events.stop(reason: "SIGTERM")
        #expect(await running.value == 0)
        #expect(harness.runner.starts.isEmpty)
    }

    @Test("A reload asked for during a sweep waits for the sweep's end")
    func reloadDuringSweep() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        harness.runner.hold()
        let service = harness.service()
        let running = Task { await service.run() }
        harness.clock.advance(to: try #require(await harness.nextDeadline(after: 0)))
        await eventually("the sweep is under way") { harness.runner.starts.count == 1 }

        let everyTwoHours = try harness.load(schedule: "@every 2h")
        harness.reloaded.withLock { $0 = .success(everyTwoHours) }
        harness.events.reload()
        await eventually("the reload is put off") { harness.log.events.contains("daemon.reload-deferred") }
        harness.runner.release()

        // Sweep from 01:00 to 01:01, then the new interval from the end of the sweep.
        #expect(await harness.nextDeadline(after: 1).map { wall($0) } == "2025-01-01 03:01")
        harness.events.stop(reason: "SIGTERM")
        #expect(await running.value == 0)
    }

    @Test("status.json shows the sweep's progress while it runs, then the last run and the next time")
    func statusAsWorkProgresses() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        harness.runner.hold()
        let service = harness.service()
        let running = Task { await service.run() }

        let first = try #require(await harness.nextDeadline(after: 0))
        let idle = try harness.status()
        #expect(idle["state"] as? String == "idle")
        #expect(idle["nextRun"] as? String == "2025-01-01T01:00:00Z")
        #expect(idle["pid"] as? Int == Int(getpid()))
        harness.clock.advance(to: first)
        await eventually("the sweep's progress is written") {
            ((try? harness.status()["current"]) as? [String: Any])?["inFlight"] as? [String] == ["app"]
        }
        let sweeping = try harness.status()
        #expect(sweeping["state"] as? String == "sweeping")
        #expect(sweeping["nextRun"] == nil)
        #expect((sweeping["current"] as? [String: Any])?["startedAt"] as? String == "2025-01-01T01:00:00Z")
        #expect((sweeping["current"] as? [String: Any])?["total"] as? Int == 1)
        let metrics = try String(contentsOfFile: harness.workspace + "/metrics.prom", encoding: .utf8)
        #expect(metrics.contains("scenesweep_sweeping 1\n"))
        harness.runner.release()

        _ = await harness.nextDeadline(after: 1)
        let done = try harness.status()
        #expect(done["state"] as? String == "idle")
        #expect(done["current"] == nil)
        #expect(done["nextRun"] as? String == "2025-01-01T02:00:00Z")
        let last = try #require(done["lastRun"] as? [String: Any])
        #expect(last["outcome"] as? String == "success")
        #expect(last["seconds"] as? Double == 60)
        #expect(last["finishedAt"] as? String == "2025-01-01T01:01:00Z")
        harness.events.stop(reason: "SIGTERM")
        #expect(await running.value == 0)
    }

    @Test("Counts and the last runs carry over to the next daemon through status.json")
    func countsCarryOver() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        #expect(await harness.service(once: true).run() == 0)
        #expect(await harness.service(once: true).run() == 0)

        let status = try harness.status()
        #expect((status["runs"] as? [String: Int])?["success"] == 2)
        #expect(status["state"] as? String == "stopped")
        let metrics = try String(contentsOfFile: harness.workspace + "/metrics.prom", encoding: .utf8)
        #expect(metrics.contains("scenesweep_runs_total{outcome=\"success\"} 2\n"))
    }

    @Test("Cancelling the service's task stops it like SIGTERM")
    func cancellation() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        let service = harness.service()
        let running = Task { await service.run() }
        _ = await harness.nextDeadline(after: 0)
        running.cancel()
        #expect(await running.value == 0)
        #expect(harness.clock.deadlines.isEmpty)
        #expect(harness.log.all.contains("cancelled: daemon stopped"))
    }
}
