import Foundation
import Testing

@testable import Daemon

@Suite struct ImpossibleScheduleTests {
    @Test(
        "A day of the month no chosen month has is refused when reading",
        arguments: [
            ("0 0 30 feb *", "field 3 (day-of-month): 30 never occurs in february"),
            ("0 0 31 2 *", "field 3 (day-of-month): 31 never occurs in february"),
            ("0 0 30,31 2 *", "field 3 (day-of-month): 30,31 never occurs in february"),
            ("0 0 31 apr,jun,sep,nov *", "field 3 (day-of-month): 31 never occurs in april, june, september or november"),
            ("0 0 31 2 */2", "field 3 (day-of-month): 31 never occurs in february"),
        ])
    func refused(text: String, message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message == message)
        #expect(error.field == 3)
        #expect(error.offset == 4)
    }

    @Test("A day that some chosen month has, or a weekday that can stand in for it, is read")
    func possible() throws {
        #expect(parseError("0 0 29 feb *") == nil)
        #expect(parseError("0 0 30,31 2,3 *") == nil)
        #expect(try nextRun("0 0 30 feb mon", after: "2025-01-31 00:00") == "2025-02-03 00:00")
    }

    @Test("A pattern that can never match gives no next run, after a bounded search")
    func neverMatches() throws {
        let pattern = CronPattern(
            minutes: FieldValues([0]), hours: FieldValues([0]), daysOfMonth: FieldValues([30]), months: FieldValues([2]),
            daysOfWeek: FieldValues(0...6), restrictsDayOfMonth: true, restrictsDayOfWeek: false)
        let schedule = Schedule(text: "0 0 30 2 *", kind: .cron(pattern), timeZone: utc)
        #expect(schedule.next(after: instant("2025-01-01 00:00")) == nil)
        // Bounded by years looked at, not by time: about 32 candidates a year for 41 years.
        var steps = 0
        let start = LocalMinute(localSeconds: Int64(instant("2025-01-01 00:00").timeIntervalSince1970))
        #expect(pattern.firstMatch(atOrAfter: start, throughYear: start.year + CronPattern.searchYears, steps: &steps) == nil)
        #expect(steps < 2_000, "\(steps) steps")
    }

    @Test("The longest real wait, February 29 on a Sunday across 2100, is still found")
    func longestWait() throws {
        // Both day fields must match because field 5 starts with *: a Sunday the 29th of February.
        #expect(try nextRun("0 0 29 2 */7", after: "2088-03-01 00:00") == "2128-02-29 00:00")
        #expect(try nextRun("0 0 29 2 */7", after: "2087-01-01 00:00") == "2088-02-29 00:00")
    }

    @Test("Times beyond what a calendar can hold give no next run instead of trapping")
    func outOfRangeDates() throws {
        let schedule = try Schedule(parsing: "@daily")
        #expect(schedule.next(after: Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(schedule.next(after: Date(timeIntervalSince1970: .nan)) == nil)
        #expect(schedule.next(after: Date(timeIntervalSince1970: 1e18)) == nil)
        #expect(schedule.next(after: .distantFuture) != nil)
    }
}
