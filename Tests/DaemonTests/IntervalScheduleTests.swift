import Daemon
import Foundation
import Testing

@Suite struct IntervalScheduleTests {
    @Test(
        "Durations are whole numbers of days, hours, minutes and seconds",
        arguments: [
            ("@every 3s", 3),
            ("@every 90s", 90),
            ("@every 15m", 900),
            ("@every 6h", 21_600),
            ("@every 1h30m", 5400),
            ("@every 2d", 172_800),
            ("@every 1d12h", 129_600),
            ("@every 1h0m30s", 3630),
            ("@every 6H", 21_600),
            ("@EVERY 6h", 21_600),
            ("@every 3650d", 315_360_000),
        ])
    func durations(text: String, seconds: Int) throws {
        #expect(try Schedule(parsing: text).kind == .every(.seconds(seconds)))
    }

    @Test("An interval runs that long after the given time, to the second")
    func nextIsAfterPlusInterval() throws {
        let schedule = try Schedule(parsing: "@every 1h30m")
        #expect(schedule.next(after: instant("2025-01-01 10:07:13")) == instant("2025-01-01 11:37:13"))
        #expect(try Schedule(parsing: "@every 3s").next(after: instant("2025-12-31 23:59:58")) == instant("2026-01-01 00:00:01"))
        #expect(try Schedule(parsing: "@every 2d").next(after: instant("2024-02-28 12:00")) == instant("2024-03-01 12:00"))
    }

    @Test("An interval ignores the wall clock, across daylight-saving changes too")
    func intervalIgnoresWallClock() throws {
        #expect(try nextRun("@every 1h", after: "2025-03-30 01:30", in: berlin) == "2025-03-30 03:30 +02:00")
        #expect(try nextRun("@every 1h", after: "2025-10-26 02:30 +02:00", in: berlin) == "2025-10-26 02:30 +01:00")
        #expect(try nextRun("@every 1d", after: "2025-03-29 12:00", in: berlin) == "2025-03-30 13:00 +02:00")
    }
}
