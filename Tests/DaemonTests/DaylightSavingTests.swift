import Daemon
import Foundation
import Testing

/// Europe/Berlin: clocks go from 02:00 to 03:00 on 2025-03-30 and from 03:00 back to 02:00 on 2025-10-26.
/// America/New_York: from 02:00 to 03:00 on 2025-03-09 and from 02:00 back to 01:00 on 2025-11-02.
@Suite struct DaylightSavingTests {
    @Test("A time the spring change skips runs once, at the first instant after the gap")
    func skippedTimeRunsAfterTheGap() throws {
        #expect(
            try runs("30 2 * * *", after: "2025-03-29 00:00", count: 3, in: berlin) == [
                "2025-03-29 02:30 +01:00", "2025-03-30 03:00 +02:00", "2025-03-31 02:30 +02:00",
            ])
        #expect(
            try runs("30 2 * * *", after: "2025-03-08 00:00", count: 3, in: newYork) == [
                "2025-03-08 02:30 -05:00", "2025-03-09 03:00 -04:00", "2025-03-10 02:30 -04:00",
            ])
        // The first instant after the gap is 01:00 UTC, not 03:30 local as Calendar.date(from:) would say.
        #expect(
            try Schedule(parsing: "30 2 * * *", timeZone: berlin).next(after: instant("2025-03-30 00:00")) == instant("2025-03-30 01:00"))
    }

    @Test("Times on either side of the gap keep their own wall-clock time")
    func timesAroundTheGap() throws {
        #expect(try nextRun("30 1 * * *", after: "2025-03-29 12:00", in: berlin) == "2025-03-30 01:30 +01:00")
        #expect(try nextRun("30 3 * * *", after: "2025-03-29 12:00", in: berlin) == "2025-03-30 03:30 +02:00")
        #expect(try nextRun("0 3 * * *", after: "2025-03-29 12:00", in: berlin) == "2025-03-30 03:00 +02:00")
    }

    @Test("Several skipped times and the first time after the gap run once between them")
    func gapRunsOnce() throws {
        #expect(
            try runs("*/15 * * * *", after: "2025-03-30 01:30", count: 3, in: berlin) == [
                "2025-03-30 01:45 +01:00", "2025-03-30 03:00 +02:00", "2025-03-30 03:15 +02:00",
            ])
        #expect(
            try runs("0 2,3 * * *", after: "2025-03-29 12:00", count: 2, in: berlin) == [
                "2025-03-30 03:00 +02:00", "2025-03-31 02:00 +02:00",
            ])
        #expect(
            try runs("@hourly", after: "2025-03-09 00:30", count: 3, in: newYork) == [
                "2025-03-09 01:00 -05:00", "2025-03-09 03:00 -04:00", "2025-03-09 04:00 -04:00",
            ])
    }

    @Test("A time the autumn change repeats runs once, the first time")
    func repeatedTimeRunsOnce() throws {
        #expect(
            try runs("30 2 * * *", after: "2025-10-25 03:00", count: 2, in: berlin) == [
                "2025-10-26 02:30 +02:00", "2025-10-27 02:30 +01:00",
            ])
        #expect(
            try runs("30 1 * * *", after: "2025-11-01 03:00", count: 2, in: newYork) == [
                "2025-11-02 01:30 -04:00", "2025-11-03 01:30 -05:00",
            ])
        // Just after the first pass and during the second, the repeated time has had its run.
        #expect(try nextRun("30 2 * * *", after: "2025-10-26 02:45 +02:00", in: berlin) == "2025-10-27 02:30 +01:00")
        #expect(try nextRun("30 2 * * *", after: "2025-10-26 02:10 +01:00", in: berlin) == "2025-10-27 02:30 +01:00")
        #expect(try nextRun("30 1 * * *", after: "2025-11-02 01:45 -05:00", in: newYork) == "2025-11-03 01:30 -05:00")
    }

    @Test("Inside the repeated hour a frequent schedule waits for the first new time")
    func repeatedHourIsNotRerun() throws {
        #expect(
            try runs("*/30 * * * *", after: "2025-10-26 01:30", count: 4, in: berlin) == [
                "2025-10-26 02:00 +02:00", "2025-10-26 02:30 +02:00", "2025-10-26 03:00 +01:00", "2025-10-26 03:30 +01:00",
            ])
        #expect(try nextRun("0 * * * *", after: "2025-10-26 02:10 +01:00", in: berlin) == "2025-10-26 03:00 +01:00")
        #expect(try nextRun("*/15 * * * *", after: "2025-11-02 01:05 -05:00", in: newYork) == "2025-11-02 02:00 -05:00")
    }

    @Test("Times outside the repeated hour run normally on the day of the change")
    func timesAroundTheRepeat() throws {
        #expect(try nextRun("0 2 * * *", after: "2025-11-01 03:00", in: newYork) == "2025-11-02 02:00 -05:00")
        #expect(try nextRun("59 0 * * *", after: "2025-11-01 03:00", in: newYork) == "2025-11-02 00:59 -04:00")
        #expect(try nextRun("0 3 * * *", after: "2025-10-25 12:00", in: berlin) == "2025-10-26 03:00 +01:00")
        // The day has 25 hours, so the same wall-clock time a day apart is 25 hours apart.
        let schedule = try Schedule(parsing: "0 12 * * *", timeZone: berlin)
        let first = try #require(schedule.next(after: instant("2025-10-25 00:00", in: berlin)))
        let second = try #require(schedule.next(after: first))
        #expect(second.timeIntervalSince(first) == 25 * 3600)
    }

    @Test("UTC has no changes: 02:30 runs on the days Berlin skips it")
    func utcIsUnaffected() throws {
        #expect(try nextRun("30 2 * * *", after: "2025-03-30 00:00") == "2025-03-30 02:30")
        #expect(try runs("30 2 * * *", after: "2025-10-26 00:00", count: 2) == ["2025-10-26 02:30", "2025-10-27 02:30"])
    }

    @Test("A zone whose change is half an hour (Lord Howe Island) skips and repeats half an hour")
    func halfHourChange() throws {
        // Australia/Lord_Howe: 02:00 becomes 02:30 on 2025-10-05; 02:00 becomes 01:30 on 2025-04-06.
        let lordHowe = try #require(TimeZone(identifier: "Australia/Lord_Howe"))
        #expect(
            try runs("*/10 2 * * *", after: "2025-10-05 01:55", count: 3, in: lordHowe) == [
                "2025-10-05 02:30 +11:00", "2025-10-05 02:40 +11:00", "2025-10-05 02:50 +11:00",
            ])
        #expect(
            try runs("*/20 1 * * *", after: "2025-04-06 01:00", count: 3, in: lordHowe) == [
                "2025-04-06 01:20 +11:00", "2025-04-06 01:40 +11:00", "2025-04-07 01:00 +10:30",
            ])
    }
}
