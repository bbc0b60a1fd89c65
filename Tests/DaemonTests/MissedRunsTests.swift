import Daemon
import Foundation
import Testing

@Suite struct MissedRunsTests {
    private func missed(_ schedule: String, started: String, finished: String, in zone: TimeZone = utc) throws -> MissedRuns {
        MissedRuns(
            schedule: try Schedule(parsing: schedule, timeZone: zone), sweepStarted: instant(started, in: zone),
            sweepFinished: instant(finished, in: zone))
    }

    @Test("A sweep that ends before the next slot misses nothing")
    func nothingMissed() throws {
        let result = try missed("0 2 * * *", started: "2025-01-01 02:00:01", finished: "2025-01-01 02:40")
        #expect(wall(result.next) == "2025-01-02 02:00")
        #expect(result.count == 0)
        #expect(result.first == nil)
    }

    @Test("A slot that passes while a sweep runs is not run late, and not run twice")
    func overrunSlotIsSkipped() throws {
        let result = try missed("@hourly", started: "2025-01-01 02:00:01", finished: "2025-01-01 03:20")
        #expect(wall(result.next) == "2025-01-01 04:00")
        #expect(result.count == 1)
        #expect(wall(result.first) == "2025-01-01 03:00")
    }

    @Test("Every slot a long sweep overlaps is counted, and the next is the first after it ends")
    func severalSlots() throws {
        let result = try missed("*/15 * * * *", started: "2025-01-01 02:00", finished: "2025-01-01 03:05")
        #expect(wall(result.next) == "2025-01-01 03:15")
        #expect(result.count == 4)
        #expect(wall(result.first) == "2025-01-01 02:15")
    }

    @Test("A sweep ending exactly on a slot has missed it")
    func endingOnASlot() throws {
        let result = try missed("@hourly", started: "2025-01-01 02:00:01", finished: "2025-01-01 03:00")
        #expect(wall(result.next) == "2025-01-01 04:00")
        #expect(result.count == 1)
    }

    @Test("If the clock was stepped back during a sweep, the slot it ran for does not run again")
    func clockSteppedBack() throws {
        let result = try missed("0 2 * * *", started: "2025-01-01 02:00:01", finished: "2025-01-01 01:55")
        #expect(wall(result.next) == "2025-01-02 02:00")
        #expect(result.count == 0)
    }

    @Test("An interval keeps to a grid anchored at the start of the sweep")
    func intervalGrid() throws {
        let short = try missed("@every 6h", started: "2025-01-01 00:00", finished: "2025-01-01 01:00")
        #expect(wall(short.next) == "2025-01-01 06:00")
        #expect(short.count == 0)
        #expect(short.first == nil)

        let long = try missed("@every 6h", started: "2025-01-01 00:00", finished: "2025-01-01 13:00")
        #expect(wall(long.next) == "2025-01-01 18:00")
        #expect(long.count == 2)
        #expect(wall(long.first) == "2025-01-01 06:00")

        let onTheGrid = try missed("@every 6h", started: "2025-01-01 00:00", finished: "2025-01-01 12:00")
        #expect(wall(onTheGrid.next) == "2025-01-01 18:00")
        #expect(onTheGrid.count == 2)

        let steppedBack = try missed("@every 6h", started: "2025-01-01 00:00", finished: "2024-12-31 23:00")
        #expect(wall(steppedBack.next) == "2025-01-01 06:00")
        #expect(steppedBack.count == 0)
    }

    @Test("Slots in a daylight-saving gap count once")
    func daylightSaving() throws {
        let result = try missed("*/15 * * * *", started: "2025-03-30 01:40", finished: "2025-03-30 03:10", in: berlin)
        #expect(wall(result.first, in: berlin) == "2025-03-30 01:45 +01:00")
        #expect(result.count == 2)  // 01:45, then 03:00 for everything the gap skipped
        #expect(wall(result.next, in: berlin) == "2025-03-30 03:15 +02:00")
    }

    @Test("Counting stops at the limit, but the next run is still the first after the sweep")
    func countLimit() throws {
        let result = try missed("* * * * *", started: "2025-01-01 00:00", finished: "2025-02-01 00:00:30")
        #expect(result.count == MissedRuns.countLimit)
        #expect(wall(result.first) == "2025-01-01 00:01")
        #expect(wall(result.next) == "2025-02-01 00:01")
    }
}
