import Fleet
import Foundation
import Git
import Reports
import Results
import Synchronization
import TestSupport
import Testing

/// Transient fetch failures are tried again with exponential backoff and jitter, a bounded number of
/// times; refused credentials and missing repositories are not.
@Suite("Fetch retries")
struct FetchRetryTests {
    @Test func waitsDoubleUpToTheCapAndJitterKeepsThemInTheirUpperHalf() {
        let policy = RetryPolicy(attempts: 6, initialDelay: 1, maximumDelay: 5)

        #expect((1...5).map { policy.delay(beforeRetry: $0, jitter: 1) } == [1, 2, 4, 5, 5])
        #expect((1...5).map { policy.delay(beforeRetry: $0, jitter: 0) } == [0.5, 1, 2, 2.5, 2.5])
        #expect(policy.delay(beforeRetry: 2, jitter: 0.5) == 1.5)
        #expect(RetryPolicy.fetch.attempts == 3)
        #expect(RetryPolicy(attempts: 0, initialDelay: 1, maximumDelay: 1).attempts == 1)
    }

    @Test(
        "Network failures, timeouts, 5xx, 408 and 429 are transient; authentication, not found and other 4xx are not",
        arguments: [
            (GitError(.network, "cannot reach https://h/x.git: unexpected http status code: 503"), true),
            (GitError(.network, "cannot reach https://h/x.git: unexpected http status code: 500"), true),
            (GitError(.network, "cannot reach https://h/x.git: unexpected http status code: 429"), true),
            (GitError(.network, "cannot reach https://h/x.git: unexpected HTTP status code: 408"), true),
            (GitError(.network, "cannot reach https://h/x.git: failed to connect to h: Connection refused"), true),
            (GitError(.network, "cannot reach https://h/x.git: connection timed out"), true),
            (GitError(.network, "cannot reach https://h/x.git: unexpected http status code: 403"), false),
            (GitError(.authentication, "authentication failed for https://h/x.git"), false),
            (GitError(.notFound, "repository not found at https://h/x.git"), false),
            (GitError(.certificate, "the certificate of h is not trusted"), false),
            (GitError(.hostKey, "the host key of h changed"), false),
            (GitError(.corrupt, "object 1234 is missing"), false),
        ])
    func classification(error: GitError, isTransient: Bool) {
        #expect(error.isTransient == isTransient)
    }

    /// One repository served over HTTP by `server`, swept with a fast retry policy.
    private func sweepServedRepository(_ server: FlakyGitServer, harness: FleetHarness) throws -> (SweepOutcome, String) {
        try harness.writeConfig("repos:\n  - url: http://127.0.0.1:\(server.port)/shop.git\n    name: shop\n")
        let log = Mutex("")
        let environment = SweepEnvironment(
            clock: harness.clock.clock,
            progress: ProgressReporter([ProgressTextLines { text in log.withLock { $0 += text } }]),
            defaultScanWorkers: 1, fetchRetry: RetryPolicy(attempts: 3, initialDelay: 0.02, maximumDelay: 1, jitter: { 0 }))
        let outcome = try Sweep(config: harness.config(), environment: environment).run()
        return (outcome, log.withLock { $0 })
    }

    private func servedFleet() throws -> FleetHarness {
        let harness = FleetHarness()
        let work = try harness.bench.makeRepository("work/shop", fixture: "legacy-swift-uikit")
        try FileManager.default.createDirectory(atPath: harness.bench.path("served"), withIntermediateDirectories: true)
        try harness.bench.git(["clone", "-q", "--bare", work, harness.bench.path("served/shop.git")], in: harness.bench.root)
        return harness
    }

    @Test func aServerThatFailsTwiceWith503IsTriedAgainAndTheRepositoryIsScanned() throws {
        let harness = try servedFleet()
        let server = try FlakyGitServer(root: harness.bench.path("served"), refusals: 2, status: 503)
        defer { server.stop() }

        let (outcome, log) = try sweepServedRepository(server, harness: harness)

        #expect(server.referenceRequests == 3)
        #expect(outcome.record.repos.map(\.status) == [.scanned])
        #expect(log.contains("note: shop: cannot reach http://127.0.0.1:\(server.port)/shop.git: unexpected http status code: 503; "))
        #expect(log.contains("trying again in 10 ms (attempt 2 of 3)"))
        #expect(log.contains("trying again in 20 ms (attempt 3 of 3)"))
        #expect(log.contains("] shop: scanned 1 app (1 blocked)"))
    }

    @Test func aServerThatKeepsFailingIsTriedABoundedNumberOfTimes() throws {
        let harness = try servedFleet()
        let server = try FlakyGitServer(root: harness.bench.path("served"), refusals: 100, status: 502)
        defer { server.stop() }

        let (outcome, _) = try sweepServedRepository(server, harness: harness)

        #expect(server.referenceRequests == 3)
        #expect(
            outcome.record.repos.first?.error == "cannot reach http://127.0.0.1:\(server.port)/shop.git: unexpected http status code: 502")
    }

    @Test("Refused credentials, a missing repository and other 4xx answers are tried once", arguments: [401, 404, 403])
    func permanentFailuresAreNotRetried(status: Int) throws {
        let harness = try servedFleet()
        let server = try FlakyGitServer(root: harness.bench.path("served"), refusals: 100, status: status)
        defer { server.stop() }

        let (outcome, log) = try sweepServedRepository(server, harness: harness)

        #expect(server.referenceRequests == 1)
        #expect(outcome.record.repos.map(\.status) == [.failed])
        #expect(!log.contains("trying again"))
    }
}
