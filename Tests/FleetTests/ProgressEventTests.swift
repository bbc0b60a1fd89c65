import Fleet
import Results
import Synchronization
import TestSupport
import Testing

@Suite("Progress events and their views")
struct ProgressEventTests {
    /// A consumer that keeps what it was told.
    final class Recorder: ProgressConsumer {
        let seen = Mutex<[(ProgressEvent, ProgressReporter.Snapshot)]>([])
        func receive(_ event: ProgressEvent, _ snapshot: ProgressReporter.Snapshot) { seen.withLock { $0.append((event, snapshot)) } }
        var events: [ProgressEvent] { seen.withLock { $0.map(\.0) } }
    }

    static let oneBlocked = AppCounts(blocked: 1, ready: 2, errors: 1)

    @Test func everyViewIsMadeFromTheSameEventsAndCounts() {
        let text = Mutex("")
        let live = Mutex("")
        let recorder = Recorder()
        let progress = ProgressReporter([
            ProgressTextLines { line in text.withLock { $0 += line } },
            LiveProgressLine(width: 200, clock: .fixed(.distantPast)) { line in live.withLock { $0 += line } }, recorder,
        ])
        progress.begin(total: 3)
        progress.report(.fetching("shop"))
        progress.report(.queued("shop"))
        progress.report(.scanning("shop"))
        progress.report(.scanned("shop", counts: Self.oneBlocked, seconds: 0.4, reason: "new commit"))
        progress.report(.reused("cart", commit: "0123456789abcdef"))
        progress.note("cart: trying again in 2.0 s")
        progress.report(.failed("pay", reason: "cannot reach it", keeping: "20261201T060000Z-0001"))
        progress.end()

        #expect(
            text.withLock { $0 }
                == "[1/3] shop: scanned 3 apps (1 blocked) in 0.4 s (new commit)\n" + "[2/3] cart: reused (unchanged at 0123456)\n"
                + "note: cart: trying again in 2.0 s\n"
                + "[3/3] pay: FAILED: cannot reach it (keeping the result of 20261201T060000Z-0001)\n")
        // The terminal keeps the failure and the note above its live line, and not the successes.
        let drawn = live.withLock { $0 }
        #expect(drawn.contains("\r\u{1B}[K[3/3] pay: FAILED: cannot reach it (keeping the result of 20261201T060000Z-0001)\n"))
        #expect(drawn.contains("\r\u{1B}[Knote: cart: trying again in 2.0 s\n"))
        #expect(!drawn.contains("shop: scanned"))
        #expect(drawn.hasSuffix("\r\u{1B}[K"))
        // The counts a view is handed are those the event left.
        let seen = recorder.seen.withLock { $0 }
        #expect(seen.count == 7)
        #expect(seen[1].1 == ProgressReporter.Snapshot(total: 3, waiting: ["shop"]))
        #expect(seen[3].1 == ProgressReporter.Snapshot(total: 3, done: 1))
        #expect(seen[6].1 == ProgressReporter.Snapshot(total: 3, done: 3, failures: 1))
        #expect(progress.snapshot == ProgressReporter.Snapshot(total: 3, done: 3, failures: 1))
    }

    @Test func namesAndMessagesFromRepositoriesReachALogEscaped() {
        let event = ProgressEvent.failed("shop\u{1B}[2J", reason: "server said \u{7}", keeping: nil)
        #expect(event.logLine(done: 1, total: 2) == "[1/2] shop\\u{1B}[2J: FAILED: server said \\u{7}")
        #expect(
            ProgressEvent.note("token variable GH_TOKEN is empty\u{1B}[31m").logLine(done: 0, total: 2)
                == "token variable GH_TOKEN is empty\\u{1B}[31m")
        #expect(ProgressEvent.scanning("shop").logLine(done: 0, total: 2) == nil)
    }

    @Test func aRepositoryEndsScannedReusedOrFailedAndEachSaysHow() {
        let ready = AppCounts(ready: 1)
        let none = AppCounts()
        #expect(
            ProgressEvent.scanned("a", counts: ready, seconds: 0.04, reason: "new commit").outcome
                == "scanned 1 app (ready) in 40 ms (new commit)")
        #expect(
            ProgressEvent.scanned("a", counts: none, seconds: 1.25, reason: "first scan").outcome == "scanned no apps in 1.2 s (first scan)"
        )
        #expect(ProgressEvent.reused("a", commit: "abc").outcome == "reused (unchanged at abc)")
        #expect(ProgressEvent.failed("a", reason: "gone", keeping: nil).outcome == "FAILED: gone")
        #expect(ProgressEvent.scanning("a").outcome == nil)
        #expect(
            [
                ProgressEvent.scanned("a", counts: none, seconds: 0, reason: ""), .reused("a", commit: ""),
                .failed("a", reason: "", keeping: nil),
            ].allSatisfy { $0.isDone })
        #expect(![ProgressEvent.fetching("a"), .queued("a"), .scanning("a"), .note("a")].contains { $0.isDone })
    }
}
