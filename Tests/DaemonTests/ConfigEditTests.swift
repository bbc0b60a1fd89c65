import Daemon
import Fleet
import Foundation
import Results
import Testing

/// fleet.yaml edited while the daemon runs, without SIGHUP: the next scheduled sweep reads it again when its
/// content changed. A good edit takes effect, a bad one (or a file gone or turned into a folder) is logged
/// once and the config in use kept, and a sweep in flight keeps the config it started with.
@Suite(.timeLimit(.minutes(3))) struct ConfigEditTests {
    private static func text(repos: [String], schedule: String = "@every 1h", extra: String = "") -> String {
        "version: 1\nfleet: { name: Test, deadline: 2027-04-01 }\nworkspace: ws\nschedule: \"\(schedule)\"\n\(extra)"
            + "repos: [\(repos.map { "{ url: \($0) }" }.joined(separator: ", "))]\n"
    }

    /// A service reading fleet.yaml for real, started; returns it once it waits for its first sweep.
    private static func started(_ harness: ServiceHarness) async -> Task<Int32, Never> {
        let service = harness.service(readingTheFile: true)
        let running = Task { await service.run() }
        _ = await harness.nextDeadline(after: 0)
        return running
    }

    /// Lets the next scheduled sweep run and waits until the service sleeps again.
    private static func sweep(_ harness: ServiceHarness, number: Int) async throws {
        let deadline = try #require(await harness.nextDeadline(after: number))
        harness.clock.advance(to: deadline)
        _ = await harness.nextDeadline(after: number + 1)
    }

    private static func repos(_ harness: ServiceHarness) -> [[String]] {
        harness.runner.fleets.map { $0.repos.map(\.url) }
    }

    @Test func aGoodEditIsUsedByTheNextScheduledSweepWithoutASignal() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        let running = await Self.started(harness)
        try await Self.sweep(harness, number: 0)

        harness.folder.write("fleet.yaml", Self.text(repos: ["app", "second"]))
        try await Self.sweep(harness, number: 1)
        try await Self.sweep(harness, number: 2)
        harness.events.stop(reason: "SIGTERM")

        #expect(await running.value == 0)
        #expect(Self.repos(harness) == [["app"], ["app", "second"], ["app", "second"]])
        #expect(harness.log.events.filter { $0 == "config.changed" }.count == 1)
        #expect(harness.log.events.filter { $0 == "daemon.reloaded" }.count == 1)
        #expect(harness.log.all.contains("/fleet.yaml changed since it was read; reading it again"))
        #expect(harness.log.all.contains("config reloaded: 2 repositories, schedule '@every 1h'"))
    }

    @Test func theSameBytesWrittenAgainAreNoChange() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        let running = await Self.started(harness)
        // Rewritten with the same content (a new modification time, a new inode): nothing to read again.
        harness.folder.write("fleet.yaml", Self.text(repos: ["app"]))
        try await Self.sweep(harness, number: 0)
        harness.events.stop(reason: "SIGTERM")

        #expect(await running.value == 0)
        #expect(!harness.log.events.contains("config.changed"))
    }

    @Test func aBadEditIsLoggedOnceWithItsLineAndTheConfigInUseKept() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        let running = await Self.started(harness)

        harness.folder.write("fleet.yaml", Self.text(repos: ["app", "second"], extra: "concurrency: { fetch: 0 }\n"))
        try await Self.sweep(harness, number: 0)
        try await Self.sweep(harness, number: 1)
        harness.folder.write("fleet.yaml", Self.text(repos: ["app", "third"]))
        try await Self.sweep(harness, number: 2)
        harness.events.stop(reason: "SIGTERM")

        #expect(await running.value == 0)
        #expect(Self.repos(harness) == [["app"], ["app"], ["app", "third"]])
        let problems = harness.log.lines.filter { $0.contains("\"event\":\"config.problem\"") }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("fleet.yaml:5:23: error: concurrency.fetch: expected 1 to 64 fetch workers, found 0") == true)
        #expect(harness.log.events.filter { $0 == "daemon.reload-failed" }.count == 1)
        #expect(harness.log.all.contains("the config has 1 problem; keeping the one in use"))
        #expect(harness.log.events.filter { $0 == "config.changed" }.count == 2)
    }

    @Test func anEditDuringASweepLeavesThatSweepItsConfigAndReachesTheNextOne() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        harness.runner.hold()
        let running = await Self.started(harness)
        harness.clock.advance(to: try #require(harness.clock.deadlines.first))
        await eventually("the sweep is under way") { harness.runner.starts.count == 1 }

        harness.folder.write("fleet.yaml", Self.text(repos: ["app", "second"]))
        harness.runner.release()
        _ = await harness.nextDeadline(after: 1)
        try await Self.sweep(harness, number: 1)
        harness.events.stop(reason: "SIGTERM")

        #expect(await running.value == 0)
        #expect(Self.repos(harness) == [["app"], ["app", "second"]])
        #expect(
            harness.log.events.firstIndex(of: "config.changed").map { $0 > harness.log.events.firstIndex(of: "sweep.finished")! } == true)
    }

    @Test func aConfigFileDeletedOrTurnedIntoAFolderIsLoggedOnceAndTheConfigInUseKept() async throws {
        let harness = try ServiceHarness(schedule: "@every 1h", at: instant("2025-01-01 00:00"))
        let running = await Self.started(harness)
        let path = harness.folder.path + "/fleet.yaml"

        try FileManager.default.removeItem(atPath: path)
        try await Self.sweep(harness, number: 0)
        try await Self.sweep(harness, number: 1)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try await Self.sweep(harness, number: 2)
        try await Self.sweep(harness, number: 3)
        harness.events.stop(reason: "SIGTERM")

        #expect(await running.value == 0)
        #expect(Self.repos(harness) == [["app"], ["app"], ["app"], ["app"]])
        let problems = harness.log.lines.filter { $0.contains("\"event\":\"config.problem\"") }
        #expect(problems.count == 2)
        #expect(problems.first?.contains("fleet.yaml: error: no such config file") == true)
        #expect(problems.last?.contains("fleet.yaml: error: cannot read the config file") == true)
        #expect(harness.log.all.contains("/fleet.yaml is gone; keeping the config in use"))
        #expect(harness.log.all.contains("/fleet.yaml is a folder now; keeping the config in use"))
        #expect(harness.log.events.filter { $0 == "daemon.reload-failed" }.count == 2)
    }
}
