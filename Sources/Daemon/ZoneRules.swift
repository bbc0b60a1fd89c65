import Foundation

/// Turns instants into wall-clock seconds and back in one time zone, with cron's answers for the hours a
/// daylight-saving change skips or repeats.
///
/// `Calendar.date(from:)` is not used for the way back: it places a skipped time like 02:30 an hour
/// later (03:30), where cron runs it at the first instant after the gap (03:00).
struct ZoneRules: Sendable {
    let timeZone: TimeZone

    func offset(at instant: Int64) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
    }

    /// Seconds from 1970-01-01 00:00 on this zone's wall clock at `instant`.
    func wallSeconds(at instant: Int64) -> Int64 {
        instant + offset(at: instant)
    }

    /// The instant the wall clock shows `wall`: the first of the two when a change repeats it, the first
    /// instant after the gap when a change skips it.
    func instant(forWall wall: Int64) -> Int64 {
        // Offsets are within ±14 h, so a day either side of `wall` read as an instant is safely before
        // and after any change near the real instant.
        let before = offset(at: wall - 86_400)
        let after = offset(at: wall + 86_400)
        var first: Int64?
        for candidate in [before, after, offset(at: wall)] {
            let instant = wall - candidate
            if offset(at: instant) == candidate {
                first = min(first ?? instant, instant)
            }
        }
        if let first {
            return first
        }
        // No offset in force shows `wall`: it is in a gap. Between these two instants the wall clock
        // crosses the gap once, so it only moves forward and a binary search finds the change.
        var low = wall - max(before, after)
        var high = wall - min(before, after)
        guard wallSeconds(at: low) < wall, wallSeconds(at: high) >= wall else {
            return wall - after
        }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if wallSeconds(at: middle) >= wall {
                high = middle
            } else {
                low = middle
            }
        }
        return high
    }
}
