import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Fleet
@testable import Results

/// The two pools and the progress reporter.
@Suite("Pools and progress")
struct PipelineTests {
    final class Gauge: Sendable {
        private let state = Mutex((current: 0, peak: 0))
        func enter() {
            state.withLock {
                $0.current += 1
                $0.peak = max($0.peak, $0.current)
            }
        }
        func leave() { state.withLock { $0.current -= 1 } }
        var peak: Int { state.withLock { $0.peak } }
    }

    @Test func resultsComeBackInInputOrderAndOnlyHandedOffItemsReachTheSecondStage() {
        let secondStage = Mutex<[Int]>([])
        let results = Pipeline(firstWorkers: 4, secondWorkers: 3).run(
            count: 200,
            first: { index -> Pipeline.Handoff<Int, String> in
                // Later items finish first: input order must not depend on completion order.
                if index % 10 == 0 { usleep(UInt32(200 - index) * 20) }
                return index % 3 == 0 ? .done("fetched \(index)") : .next(index * 2)
            },
            second: { index, doubled in
                secondStage.withLock { $0.append(index) }
                return "scanned \(index) \(doubled)"
            })

        #expect(results == (0..<200).map { $0 % 3 == 0 ? "fetched \($0)" : "scanned \($0) \($0 * 2)" })
        #expect(secondStage.withLock { $0.sorted() } == (0..<200).filter { $0 % 3 != 0 })
    }

    @Test func neitherPoolRunsMoreJobsAtOnceThanItsSize() {
        let fetching = Gauge()
        let scanning = Gauge()
        _ = Pipeline(firstWorkers: 3, secondWorkers: 2).run(
            count: 60,
            first: { index -> Pipeline.Handoff<Int, Int> in
                fetching.enter()
                defer { fetching.leave() }
                usleep(300)
                return .next(index)
            },
            second: { index, _ in
                scanning.enter()
                defer { scanning.leave() }
                usleep(300)
                return index
            })

        #expect(fetching.peak <= 3)
        #expect(scanning.peak <= 2)
    }

    @Test func anEmptyPlanRunsNothing() {
        let results = Pipeline(firstWorkers: 2, secondWorkers: 2).run(
            count: 0, first: { _ in Pipeline.Handoff<Int, Int>.done(1) }, second: { $1 })
        #expect(results.isEmpty)
    }

    @Test func logsGetOneLinePerRepository() {
        let output = Mutex("")
        let progress = ProgressReporter([ProgressTextLines { text in output.withLock { $0 += text } }])
        let counts = AppCounts(blocked: 1, ready: 2, errors: 1)
        progress.begin(total: 2)
        progress.report(.fetching("acme/shop-ios"))
        progress.report(.scanning("acme/shop-ios"))
        progress.report(.scanned("acme/shop-ios", counts: counts, seconds: 0.4, reason: "new commit"))
        progress.report(.failed("acme/x", reason: "authentication failed for https://git.example.com/acme/x.git", keeping: nil))
        progress.end()

        #expect(
            output.withLock { $0 }
                == "[1/2] acme/shop-ios: scanned 3 apps (1 blocked) in 0.4 s (new commit)\n"
                + "[2/2] acme/x: FAILED: authentication failed for https://git.example.com/acme/x.git\n")
    }

    @Test func aTerminalGetsALiveLineWithFailuresCurrentReposElapsedAndETA() {
        let output = Mutex("")
        let clock = SteppingClock()
        let progress = ProgressReporter([LiveProgressLine(width: 120, clock: clock.clock) { text in output.withLock { $0 += text } }])
        progress.begin(total: 4)
        progress.report(.fetching("a"))
        progress.report(.fetching("b"))
        clock.advance(10)
        progress.report(.failed("a", reason: "repository not found at /x", keeping: nil))
        clock.advance(5)
        progress.report(.queued("b"))
        clock.advance(5)
        progress.report(.scanning("b"))
        progress.end()

        let text = output.withLock { $0 }
        #expect(text.contains("\r\u{1B}[K[1/4] a: FAILED: repository not found at /x\n"))
        #expect(text.contains("\r\u{1B}[K[1/4] · 1 failed · fetching b · 10 s · ETA 30 s"))
        #expect(text.contains("\r\u{1B}[K[1/4] · 1 failed · 1 waiting to scan · 15 s · ETA 45 s"))
        #expect(text.contains("\r\u{1B}[K[1/4] · 1 failed · scanning b · 20 s · ETA 1 min"))
        #expect(text.hasSuffix("\r\u{1B}[K"))
        #expect(!text.contains("\r\u{1B}[K[1/4] b:"))
    }
}
