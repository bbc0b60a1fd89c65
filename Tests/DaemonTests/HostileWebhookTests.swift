import Daemon
import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// A webhook receiver cannot hold the daemon (issue 14, item 5): before, one answering 200 and then
/// dripping a byte every 2 s kept `daemon --once` from ever returning and SIGTERM was ignored; one that
/// never answered took about 60 s a try; a 3,000 MiB answer grew the daemon to 5,988 MiB; a 307 sent the
/// message on to another host. The durations below are deadlines being met, not speed: each bound is far
/// under what the old behaviour took (for ever, or a minute a try) and generous enough for a loaded
/// machine (in a full `scripts/test` on two shared cores a head-only delivery took 27 s of wall time).
@Suite("Hostile webhook receivers", .serialized)
struct HostileWebhookTests {
    static let body = Data(#"{"text":"scenesweep: 1 regression"}"#.utf8)

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    static func waitFor(_ condition: () -> Bool, seconds: Double = 15) async {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
    }

    @Test func aReceiverThatAnswers200AndDripsItsBodyIsDeliveredAtOnceAndLeft() async throws {
        let receiver = try HostileReceiver(.dripBody)
        defer { receiver.stop() }

        let delivery = await WebhookClient().send(Self.body, to: URL(string: "http://127.0.0.1:\(receiver.port)/hook")!)

        // Had the body been awaited, the 10 s timeout would have failed this try (a byte every 2 s for ever).
        #expect(delivery == .delivered(attempts: 1))
        // The client hung up: the receiver's next drip failed.
        await Self.waitFor { receiver.connectionsEnded == 1 }
        #expect(receiver.connectionsEnded == 1)
        #expect(receiver.bytesSent <= 4)
    }

    @Test func aReceiverThatDripsItsHeadFailsEachTryAtTheTimeoutAndTheWholeDeliveryAtTheDeadline() async throws {
        let receiver = try HostileReceiver(.dripHead)
        defer { receiver.stop() }
        let client = WebhookClient(retry: RetryPolicy(attempts: 5, initialDelay: 0.01, maximumDelay: 0.1), timeout: 1, deadline: 3)
        let started = ContinuousClock.now

        let delivery = await client.send(Self.body, to: URL(string: "http://127.0.0.1:\(receiver.port)/hook")!)

        guard case .failed(let reason, let attempts) = delivery else {
            Issue.record("delivered to a receiver that never finished its head")
            return
        }
        #expect(reason.hasPrefix("no complete answer within 1 s"), "\(reason)")
        #expect(attempts < 5, "the 3 s deadline leaves room for about three 1 s tries, not five")
        #expect(Self.seconds(since: started) < 30, "the head alone would take 80 s to drip")
    }

    @Test func aReceiverThatNeverAnswersCostsTheTimeoutNotAMinute() async throws {
        let receiver = try HostileReceiver(.silent)
        defer { receiver.stop() }
        let client = WebhookClient(retry: RetryPolicy(attempts: 1, initialDelay: 0.01, maximumDelay: 0.1), timeout: 2)
        let started = ContinuousClock.now

        let delivery = await client.send(Self.body, to: URL(string: "http://127.0.0.1:\(receiver.port)/hook")!)

        #expect(delivery == .failed(reason: "no complete answer within 2 s", attempts: 1))
        #expect(Self.seconds(since: started) < 30, "about 60 s before")
        #expect(receiver.requests == 1)
    }

    @Test func aHugeAnswerIsNeverRead() async throws {
        let receiver = try HostileReceiver(.huge)
        defer { receiver.stop() }
        let started = ContinuousClock.now

        let delivery = await WebhookClient().send(Self.body, to: URL(string: "http://127.0.0.1:\(receiver.port)/hook")!)

        #expect(delivery == .delivered(attempts: 1))
        #expect(Self.seconds(since: started) < 30, "the answer's head is the delivery, whenever the transfer stops")
        await Self.waitFor({ receiver.connectionsEnded == 1 }, seconds: 240)
        // The answer announces 1 TiB: only a client that hangs up ends the connection within the wait (one
        // that read it to the end, as before, would take far longer and hold it all). When the cancel lands
        // depends on the load: at once when idle, 1.4 s beside three busy loops, over 3 minutes once in a
        // full CI run, when the delivery waited for it and missed its 10 s deadline (it no longer waits).
        // How much libcurl reads meanwhile (235 MB idle, 1.5 GB loaded) is not asserted: it is dropped as
        // it comes, never kept.
        #expect(receiver.connectionsEnded == 1, "the client hung up long before 1 TiB")
        #expect(receiver.bytesSent < 1 << 40)
    }

    @Test func a307IsNotFollowedNorTriedAgainAndTheOtherHostHearsNothing() async throws {
        let other = try WebhookReceiver()
        defer { other.stop() }
        let receiver = try HostileReceiver(.redirect, target: "http://127.0.0.1:\(other.port)/stolen")
        defer { receiver.stop() }
        let client = WebhookClient(retry: RetryPolicy(attempts: 3, initialDelay: 0.01, maximumDelay: 0.1))

        let delivery = await client.send(Self.body, to: URL(string: "http://127.0.0.1:\(receiver.port)/hook")!)

        #expect(delivery == .failed(reason: "HTTP status 307: a redirect, not followed", attempts: 1))
        #expect(receiver.requests == 1)
        #expect(other.requests.isEmpty)
    }

    @Test func aCancelledDeliveryEndsAtOnce() async throws {
        let receiver = try HostileReceiver(.silent)
        defer { receiver.stop() }
        let started = ContinuousClock.now
        let client = WebhookClient(timeout: 300, deadline: 600)
        let task = Task { await client.send(Self.body, to: URL(string: "http://127.0.0.1:\(receiver.port)/hook")!) }
        await Self.waitFor { receiver.requests == 1 }

        task.cancel()
        let delivery = await task.value

        guard case .failed(let reason, _) = delivery else {
            Issue.record("delivered to a receiver that never answered")
            return
        }
        #expect(reason.contains("cancelled") || reason.contains("stopped"), "\(reason)")
        #expect(Self.seconds(since: started) < 60, "the 300 s timeout was not waited for")
    }

    @Test func sigtermWhileTheWebhookHangsEndsDaemonOnceAtOnceWithTheRunStored() async throws {
        let receiver = try HostileReceiver(.dripHead)
        defer { receiver.stop() }
        let fleet = try FleetBench(schedule: "@every 1h", extra: "notify: { webhook_url_env: TEST_HOOK, on: [regression, blocked] }")
        let hook = "http://127.0.0.1:\(receiver.port)/hooks/secret-path"
        let once = ["daemon", "--once", "--config", "fleet.yaml", "--log-format", "json"]
        _ = try await ScenesweepProcess.run(once, in: fleet.root, environment: ["TEST_HOOK": hook])
        try fleet.regressBooks()

        let daemon = try ScenesweepProcess(once, in: fleet.root, environment: ["TEST_HOOK": hook])
        await Self.waitFor({ receiver.requests == 1 }, seconds: 120)
        #expect(receiver.requests == 1)
        let signalled = ContinuousClock.now
        daemon.send(SIGTERM)
        let ended = await daemon.exit(within: 20)

        #expect(ended?.status == 0)
        #expect(Self.seconds(since: signalled) < 30, "before, SIGTERM was ignored while the webhook hung")
        #expect(daemon.err.contains("\"event\":\"notify.abandoned\""))
        #expect(!daemon.err.contains("secret-path"))
        let status = try fleet.status()
        #expect(status["state"] as? String == "stopped")
        #expect((status["lastRun"] as? [String: Any])?["outcome"] as? String == "success")
        #expect(fleet.store.completedRuns().count == 2)
    }
}
