import Daemon
import Foundation
import TestSupport
import Testing

@Suite struct ClockTests {
    /// Waits (without sleeping) until `count` tasks are asleep on `clock`.
    private func waitUntilAsleep(_ clock: TestClock, count: Int = 1) async {
        while clock.deadlines.count < count {
            await Task.yield()
        }
    }

    @Test("A test clock's sleep returns only once the clock is moved to the deadline")
    func sleepWaitsForAdvance() async throws {
        let clock = TestClock(now: instant("2025-01-01 00:00"))
        let woke = Task {
            try await clock.sleep(until: instant("2025-01-01 02:00"))
            return clock.now
        }
        await waitUntilAsleep(clock)
        #expect(clock.deadlines == [instant("2025-01-01 02:00")])
        clock.advance(by: 3600)
        #expect(clock.now == instant("2025-01-01 01:00"))
        #expect(clock.deadlines.count == 1)
        clock.advance(to: instant("2025-01-01 02:30"))
        #expect(try await woke.value == instant("2025-01-01 02:30"))
        #expect(clock.deadlines.isEmpty)
    }

    @Test("Sleeping until a time already reached returns at once")
    func pastDeadline() async throws {
        let clock = TestClock(now: instant("2025-01-01 00:00"))
        try await clock.sleep(until: instant("2024-12-31 23:00"))
        try await clock.sleep(until: instant("2025-01-01 00:00"))
        #expect(clock.deadlines.isEmpty)
    }

    @Test("Moving the clock wakes only the sleepers it reaches")
    func onlyDueSleepersWake() async throws {
        let clock = TestClock(now: instant("2025-01-01 00:00"))
        let early = Task { try await clock.sleep(until: instant("2025-01-01 01:00")) }
        let late = Task { try await clock.sleep(until: instant("2025-01-01 03:00")) }
        await waitUntilAsleep(clock, count: 2)
        clock.advance(to: instant("2025-01-01 02:00"))
        try await early.value
        #expect(clock.deadlines == [instant("2025-01-01 03:00")])
        clock.advance(to: instant("2025-01-01 01:00"))
        #expect(clock.now == instant("2025-01-01 02:00"))
        late.cancel()
        await #expect(throws: CancellationError.self) { try await late.value }
    }

    @Test("Cancelling a sleeping task ends its sleep with CancellationError")
    func cancellation() async throws {
        let clock = TestClock(now: instant("2025-01-01 00:00"))
        let sleeper = Task { try await clock.sleep(until: instant("2025-01-02 00:00")) }
        await waitUntilAsleep(clock)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.deadlines.isEmpty)
    }

    @Test("A task cancelled before it sleeps does not sleep")
    func cancelledBeforeSleeping() async throws {
        let clock = TestClock(now: instant("2025-01-01 00:00"))
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: instant("2025-01-02 00:00"))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.deadlines.isEmpty)
    }

    @Test("A loop on a test clock runs a week of a schedule without waiting")
    func drivenLoop() async throws {
        let schedule = try Schedule(parsing: "30 2 * * mon-fri", timeZone: berlin)
        let clock = TestClock(now: instant("2025-03-28 12:00", in: berlin))
        let loop = Task {
            var ran: [String] = []
            for _ in 0..<3 {
                guard let next = schedule.next(after: clock.now) else { break }
                try await clock.sleep(until: next)
                ran.append(wall(clock.now, in: berlin))
            }
            return ran
        }
        for _ in 0..<3 {
            await waitUntilAsleep(clock)
            clock.advance(to: clock.deadlines[0])
        }
        #expect(try await loop.value == ["2025-03-31 02:30 +02:00", "2025-04-01 02:30 +02:00", "2025-04-02 02:30 +02:00"])
    }

    @Test("The system clock sleeps until the wall clock reaches the deadline")
    func systemClockSleeps() async throws {
        let clock = SystemClock()
        let deadline = clock.now.addingTimeInterval(0.05)
        try await clock.sleep(until: deadline)
        #expect(clock.now >= deadline)
        // A deadline already past returns before any wait: even a cancelled task, which a wait would
        // end with CancellationError, comes back normally.
        let late = Task { try await clock.sleep(until: deadline.addingTimeInterval(-10)) }
        late.cancel()
        try await late.value
    }

    @Test("Cancelling a task sleeping on the system clock ends its sleep")
    func systemClockCancellation() async throws {
        let clock = SystemClock()
        let sleeper = Task { try await clock.sleep(until: clock.now.addingTimeInterval(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
