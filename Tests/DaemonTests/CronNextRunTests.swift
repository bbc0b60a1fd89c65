import Daemon
import Testing

@Suite struct CronNextRunTests {
    @Test(
        "Steps, lists and ranges find the next matching minute, strictly after the given time",
        arguments: [
            ("*/15 * * * *", "2025-01-01 10:07", "2025-01-01 10:15"),
            ("*/15 * * * *", "2025-01-01 10:14:59", "2025-01-01 10:15"),
            ("*/15 * * * *", "2025-01-01 10:15", "2025-01-01 10:30"),
            ("*/15 * * * *", "2025-01-01 10:15:01", "2025-01-01 10:30"),
            ("*/15 * * * *", "2025-12-31 23:50", "2026-01-01 00:00"),
            ("* * * * *", "2025-01-01 10:07:30", "2025-01-01 10:08"),
            ("0 9,17 * * *", "2025-01-01 09:00", "2025-01-01 17:00"),
            ("0 9,17 * * *", "2025-01-01 17:00", "2025-01-02 09:00"),
            ("10-50/20 * * * *", "2025-01-01 10:31", "2025-01-01 10:50"),
            ("10-50/20 * * * *", "2025-01-01 10:50", "2025-01-01 11:10"),
            ("0 0-6/3 * * *", "2025-01-01 04:00", "2025-01-01 06:00"),
            ("0 0-6/3 * * *", "2025-01-01 06:00", "2025-01-02 00:00"),
            ("0 12 1,15 * *", "2025-01-15 12:00", "2025-02-01 12:00"),
            ("0 12 1,15 * *", "2025-01-14 23:59", "2025-01-15 12:00"),
            ("0 0 * jan,jul *", "2025-02-01 00:00", "2025-07-01 00:00"),
            ("0 0 * jan,jul *", "2025-07-31 00:00", "2026-01-01 00:00"),
            ("0 0 1 */3 *", "2025-02-10 00:00", "2025-04-01 00:00"),
            ("0 0 1 */3 *", "2025-10-01 00:00", "2026-01-01 00:00"),
            ("59 23 31 12 *", "2025-01-01 00:00", "2025-12-31 23:59"),
        ])
    func stepsListsAndRanges(schedule: String, after: String, expected: String) throws {
        #expect(try nextRun(schedule, after: after) == expected)
    }

    @Test(
        "Weekdays at 02:30 skip the weekend and run on each working day",
        arguments: [
            ("2025-01-03 02:30", "2025-01-06 02:30"),  // Friday's run done: Monday
            ("2025-01-04 12:00", "2025-01-06 02:30"),  // Saturday: Monday
            ("2025-01-06 02:29", "2025-01-06 02:30"),  // Monday, a minute before
            ("2025-01-06 02:30", "2025-01-07 02:30"),  // Monday's run done: Tuesday
        ])
    func weekdaysAtHalfPastTwo(after: String, expected: String) throws {
        #expect(try nextRun("30 2 * * 1-5", after: after) == expected)
        #expect(try nextRun("30 2 * * mon-fri", after: after) == expected)
    }

    @Test("A pattern runs on exactly the minutes it names, none more")
    func exactRuns() throws {
        #expect(
            try runs("10-50/20 9-10 * * *", after: "2025-01-01 00:00", count: 7) == [
                "2025-01-01 09:10", "2025-01-01 09:30", "2025-01-01 09:50",
                "2025-01-01 10:10", "2025-01-01 10:30", "2025-01-01 10:50",
                "2025-01-02 09:10",
            ])
        #expect(
            try runs("0 0 * * sat,sun", after: "2025-01-01 00:00", count: 4) == [
                "2025-01-04 00:00", "2025-01-05 00:00", "2025-01-11 00:00", "2025-01-12 00:00",
            ])
    }

    @Test(
        "The 31st runs only in months that have one",
        arguments: [
            ("2025-01-31 00:00", "2025-03-31 00:00"),
            ("2025-03-31 00:00", "2025-05-31 00:00"),
            ("2025-05-31 00:00", "2025-07-31 00:00"),
            ("2025-07-31 00:00", "2025-08-31 00:00"),
            ("2025-08-31 00:00", "2025-10-31 00:00"),
            ("2025-10-31 00:00", "2025-12-31 00:00"),
            ("2025-12-31 00:00", "2026-01-31 00:00"),
            ("2025-04-15 00:00", "2025-05-31 00:00"),
        ])
    func thirtyFirst(after: String, expected: String) throws {
        #expect(try nextRun("0 0 31 * *", after: after) == expected)
    }

    @Test("The 30th skips February, in leap years too")
    func thirtieth() throws {
        #expect(try nextRun("0 0 30 * *", after: "2025-01-30 00:00") == "2025-03-30 00:00")
        #expect(try nextRun("0 0 30 * *", after: "2024-01-30 00:00") == "2024-03-30 00:00")
        #expect(try nextRun("0 0 30 * *", after: "2025-03-01 00:00") == "2025-03-30 00:00")
    }

    @Test(
        "February 29 runs only in leap years, and 2100 is not one",
        arguments: [
            ("2025-01-01 00:00", "2028-02-29 00:00"),
            ("2024-02-28 12:00", "2024-02-29 00:00"),
            ("2024-02-29 00:00", "2028-02-29 00:00"),
            ("2096-03-01 00:00", "2104-02-29 00:00"),
            ("2399-06-01 00:00", "2400-02-29 00:00"),
        ])
    func leapDay(after: String, expected: String) throws {
        #expect(try nextRun("0 0 29 2 *", after: after) == expected)
        #expect(try nextRun("0 0 29 feb *", after: after) == expected)
    }

    @Test(
        "With both day fields restricted, a day matching either one runs",
        arguments: [
            ("2025-01-01 00:00", "2025-01-03 00:00"),  // Friday the 3rd, by weekday
            ("2025-01-10 00:00", "2025-01-13 00:00"),  // Monday the 13th, by day of month
            ("2025-01-13 00:00", "2025-01-17 00:00"),  // Friday the 17th, by weekday
            ("2025-06-12 00:00", "2025-06-13 00:00"),  // Friday the 13th, by both
        ])
    func dayFieldsEither(after: String, expected: String) throws {
        #expect(try nextRun("0 0 13 * fri", after: after) == expected)
    }

    @Test("With one day field starting with *, a day must match both (Vixie cron)")
    func dayFieldsBoth() throws {
        // Odd days that are Mondays: the 6th is even, the 13th odd.
        #expect(try nextRun("0 0 */2 * mon", after: "2025-01-01 00:00") == "2025-01-13 00:00")
        #expect(try nextRun("0 0 13 * *", after: "2025-01-01 00:00") == "2025-01-13 00:00")
        #expect(try nextRun("0 0 * * fri", after: "2025-01-01 00:00") == "2025-01-03 00:00")
    }

    @Test("Day-of-week 0 and 7 are both Sunday, also inside ranges")
    func sundayTwice() throws {
        #expect(try nextRun("0 0 * * 7", after: "2025-01-01 00:00") == "2025-01-05 00:00")
        #expect(try nextRun("0 0 * * 0", after: "2025-01-01 00:00") == "2025-01-05 00:00")
        #expect(
            try runs("0 0 * * 5-7", after: "2025-01-01 00:00", count: 4) == [
                "2025-01-03 00:00", "2025-01-04 00:00", "2025-01-05 00:00", "2025-01-10 00:00",
            ])
    }

    @Test(
        "Keywords run at the times of the cron lines they stand for",
        arguments: [
            ("@hourly", "2025-01-01 10:00", "2025-01-01 11:00"),
            ("@hourly", "2025-01-01 10:59:59", "2025-01-01 11:00"),
            ("@daily", "2025-01-01 10:00", "2025-01-02 00:00"),
            ("@midnight", "2025-01-01 10:00", "2025-01-02 00:00"),
            ("@weekly", "2025-01-01 10:00", "2025-01-05 00:00"),
            ("@weekly", "2025-01-05 00:00", "2025-01-12 00:00"),
            ("@monthly", "2025-01-31 23:59", "2025-02-01 00:00"),
            ("@yearly", "2025-06-01 00:00", "2026-01-01 00:00"),
            ("@annually", "2025-06-01 00:00", "2026-01-01 00:00"),
            ("@DAILY", "2025-01-01 10:00", "2025-01-02 00:00"),
        ])
    func keywords(schedule: String, after: String, expected: String) throws {
        #expect(try nextRun(schedule, after: after) == expected)
    }

    @Test("A cron schedule reads the wall clock of its time zone")
    func timeZone() throws {
        #expect(try nextRun("@daily", after: "2025-06-01 00:00", in: berlin) == "2025-06-02 00:00 +02:00")
        #expect(try Schedule(parsing: "@daily", timeZone: berlin).next(after: instant("2025-06-01 12:00")) == instant("2025-06-01 22:00"))
        #expect(try Schedule(parsing: "@daily").next(after: instant("2025-06-01 12:00")) == instant("2025-06-02 00:00"))
    }
}
