import Foundation
import Results
import Testing

@testable import Daemon

/// Compares `next(after:)` with a brute-force walk over every minute, which reads each minute's wall-clock
/// time with `Calendar` and applies the daylight-saving rules directly: run a matching minute the first
/// time the clock shows it, and run at a forward change if the clock skipped a matching minute.
@Suite struct NextRunOracleTests {
    private static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe"]

    @Test("Random patterns near daylight-saving changes agree with a minute-by-minute walk", arguments: zones)
    func agreesWithBruteForce(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        var random = SplitMix64(seed: UInt64(zoneName.utf8.count))
        let changes = daylightSavingChanges(in: zone, from: instant("2024-01-01 00:00"), to: instant("2026-12-31 00:00"))
        var gaps = 0
        var repeats = 0
        for _ in 0..<300 {
            // Start in the three hours before a change or, when clocks go back, in the second pass through
            // the repeated time (anywhere, in UTC), at an odd second.
            let anchor = changes.isEmpty ? instant("2025-06-01 00:00") : changes[Int(random.next() % UInt64(changes.count))]
            let repeated = zone.secondsFromGMT(for: anchor.addingTimeInterval(-1)) - zone.secondsFromGMT(for: anchor)
            let shift =
                repeated > 0 && random.next() % 2 == 0 ? Int(random.next() % UInt64(repeated)) : Int(random.next() % 10_800) - 10_800
            let start = anchor.addingTimeInterval(Double(shift) + 0.5)
            let text = randomPattern(&random, changeHour: changeHour(anchor, in: zone))
            let schedule = try Schedule(parsing: text, timeZone: zone)
            guard case .cron(let pattern) = schedule.kind else { continue }
            let horizon = start.addingTimeInterval(26 * 3600)
            let expected = bruteForceNext(pattern, after: start, until: horizon, in: zone)
            let actual = schedule.next(after: start)
            let context: Comment = "\(text) after \(wall(start, in: zone)) in \(zoneName)"
            if let expected {
                #expect(actual == expected.date, context)
                gaps += expected.ranForGap ? 1 : 0
                repeats += expected.passedRepeat ? 1 : 0
            } else {
                #expect(actual.map { $0 > horizon } ?? true, context)
            }
        }
        // Without these the comparison would say nothing about daylight saving.
        if !changes.isEmpty {
            #expect(gaps >= 10, "runs at a gap: \(gaps)")
            #expect(repeats >= 10, "repeated times passed over: \(repeats)")
        }
    }

    @Test("Wall-clock times read from offsets agree with Calendar, and map back to the same instant")
    func wallClockAgreesWithCalendar() throws {
        var random = SplitMix64(seed: 7)
        for zoneName in NextRunOracleTests.zones + ["Asia/Kathmandu", "Pacific/Apia", "America/Sao_Paulo"] {
            let zone = try #require(TimeZone(identifier: zoneName))
            let rules = ZoneRules(timeZone: zone)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            for _ in 0..<300 {
                // Minutes from 1950 to 2049.
                let instant = (Int64(random.next() % 52_560_000) - 10_519_200) * 60
                let local = LocalMinute(localSeconds: rules.wallSeconds(at: instant))
                let parts = calendar.dateComponents(
                    [.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: Double(instant)))
                #expect(
                    [local.year, local.month, local.day, local.hour, local.minute] == [
                        parts.year, parts.month, parts.day, parts.hour, parts.minute,
                    ])
                let back = rules.instant(forWall: local.localSeconds)
                // The same instant, or the first pass if the zone shows this time twice.
                #expect(back == instant || (back < instant && rules.wallSeconds(at: back) == rules.wallSeconds(at: instant)))
            }
        }
    }

    @Test("Finding a run years away skips by field instead of walking minutes")
    func fewStepsToARunYearsAway() throws {
        let cases: [(String, String, String)] = [
            ("0 0 29 2 *", "2097-03-01 00:00", "2104-02-29 00:00"),
            // A day-of-week field starting with `*` must match too: February 29 on a Sunday, 40 years on.
            ("0 0 29 2 */7", "2088-03-01 00:00", "2128-02-29 00:00"),
            // Both day fields restricted: either matches, so the first Sunday of next February.
            ("0 0 29 2 0", "2088-03-01 00:00", "2089-02-06 00:00"),
            ("59 23 31 12 *", "2025-01-01 00:00", "2025-12-31 23:59"),
            ("*/15 * * * *", "2025-01-01 00:00", "2025-01-01 00:00"),
        ]
        for (text, after, expected) in cases {
            guard case .cron(let pattern) = try Schedule(parsing: text, timeZone: utc).kind else {
                Issue.record("\(text) is not read as a cron line")
                continue
            }
            let start = LocalMinute(localSeconds: Int64(instant(after).timeIntervalSince1970))
            var steps = 0
            let found = pattern.firstMatch(atOrAfter: start, throughYear: start.year + CronPattern.searchYears, steps: &steps)
            #expect(found.map { Int64($0.localSeconds) } == Int64(instant(expected).timeIntervalSince1970), "\(text)")
            // A minute-by-minute walk over 40 years is about 21 million steps; a day-by-day one 14,600.
            #expect(steps < 2_000, "\(text): \(steps) steps")
        }
    }

    /// The first run after `start`, whether it ran for minutes a gap skipped, and whether a time shown a
    /// second time was passed over on the way.
    private func bruteForceNext(
        _ pattern: CronPattern, after start: Date, until horizon: Date, in zone: TimeZone
    ) -> (date: Date, ranForGap: Bool, passedRepeat: Bool)? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var utcCalendar = Calendar(identifier: .gregorian)
        utcCalendar.timeZone = .gmt
        let (minutes, hours, days, months, weekdays) = (
            Set(pattern.minutes), Set(pattern.hours), Set(pattern.daysOfMonth), Set(pattern.months), Set(pattern.daysOfWeek)
        )
        func matches(_ parts: DateComponents) -> Bool {
            let weekday = parts.weekday! - 1
            let dayMatches =
                pattern.restrictsDayOfMonth && pattern.restrictsDayOfWeek
                ? days.contains(parts.day!) || weekdays.contains(weekday)
                : days.contains(parts.day!) && weekdays.contains(weekday)
            return minutes.contains(parts.minute!) && hours.contains(parts.hour!) && dayMatches && months.contains(parts.month!)
        }
        let fields: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute, .weekday]
        var passedRepeat = false
        var minute = (start.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60
        var offsetBefore = zone.secondsFromGMT(for: Date(timeIntervalSince1970: minute - 60))
        while minute <= horizon.timeIntervalSince1970 {
            let date = Date(timeIntervalSince1970: minute)
            let offset = zone.secondsFromGMT(for: date)
            if matches(calendar.dateComponents(fields, from: date)) {
                // Shown before: the zone went back by `k` within the last `k` seconds.
                let shownBefore = [1800, 3600, 7200].contains {
                    zone.secondsFromGMT(for: date.addingTimeInterval(-Double($0))) == offset + $0
                }
                if !shownBefore {
                    return (date, false, passedRepeat)
                }
                passedRepeat = true
            }
            if offset > offsetBefore {
                // Clocks jumped forward at `date`: the skipped minutes run now.
                var skipped = minute + Double(offsetBefore)
                while skipped < minute + Double(offset) {
                    if matches(utcCalendar.dateComponents(fields, from: Date(timeIntervalSince1970: skipped))) {
                        return (date, true, passedRepeat)
                    }
                    skipped += 60
                }
            }
            offsetBefore = offset
            minute += 60
        }
        return nil
    }

    /// Instants where the zone's offset changes, found hour by hour.
    private func daylightSavingChanges(in zone: TimeZone, from start: Date, to end: Date) -> [Date] {
        var result: [Date] = []
        var time = start
        while let change = zone.nextDaylightSavingTimeTransition(after: time), change < end {
            result.append(change)
            time = change
        }
        return result
    }

    /// The wall-clock hour whose minutes a change skips (clocks go forward) or repeats (clocks go back).
    private func changeHour(_ change: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let before = calendar.component(.hour, from: change.addingTimeInterval(-1))
        let forward = zone.secondsFromGMT(for: change) > zone.secondsFromGMT(for: change.addingTimeInterval(-1))
        return String(forward ? (before + 1) % 24 : before)
    }

    /// Patterns that mostly match often enough for a walk over a day and a bit to find them, half of them in the
    /// hour a change skips or repeats.
    private func randomPattern(_ random: inout SplitMix64, changeHour: String) -> String {
        func pick(_ choices: [String]) -> String { choices[Int(random.next() % UInt64(choices.count))] }
        let minute = pick(["*", "0", "30", "*/15", "*/7", "5,35", "10-50/20", "0-10", "45-59", "59"])
        let hour = random.next() % 2 == 0 ? changeHour : pick(["*", "1", "2", "3", "1-3", "2,14", "*/2", "0-4/2"])
        let dayOfMonth = pick(["*", "*", "*", "*", "*", "1-15", "*/2", "5,20,26,30"])
        let dayOfWeek = pick(["*", "*", "*", "*", "*", "sun", "mon-fri", "0,6", "*/3"])
        return "\(minute) \(hour) \(dayOfMonth) * \(dayOfWeek)"
    }
}

/// A small seeded generator, so every run checks the same cases.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
