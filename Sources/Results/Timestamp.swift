import Foundation

/// Dates in reports: ISO 8601 in UTC for machines, `2026-11-30 06:27 UTC` for people.
///
/// Written by arithmetic on the Gregorian calendar, not by a `DateFormatter`: making one (and its ICU
/// formatter) for each date was a quarter of a sweep's main process, 271 M instructions over 200
/// repositories, since summaries carry a date for each app. Dates outside 1900–9999 still go through
/// `DateFormatter`, whose calendar turns Julian before 1582 and whose years grow past four digits.
package enum Timestamp {
    package static func iso(_ date: Date) -> String {
        guard let time = UTCTime(date) else { return formatted(date, "yyyy-MM-dd'T'HH:mm:ss'Z'") }
        return "\(time.year)-\(two(time.month))-\(two(time.day))T\(two(time.hour)):\(two(time.minute)):\(two(time.second))Z"
    }

    package static func readable(_ date: Date) -> String {
        guard let time = UTCTime(date) else { return formatted(date, "yyyy-MM-dd HH:mm 'UTC'") }
        return "\(time.year)-\(two(time.month))-\(two(time.day)) \(two(time.hour)):\(two(time.minute)) UTC"
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }

    private static func formatted(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}

/// A date's fields in UTC, in whole seconds as `DateFormatter` gives them: rounded to the nearest
/// millisecond, then the fraction dropped.
private struct UTCTime {
    let year: Int
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int

    /// Nil outside the years 1900–9999.
    init?(_ date: Date) {
        // Milliseconds first, computed as Foundation hands dates to ICU (from the reference date, in doubles,
        // to the nearest one), so that 04.9996 s is 05 here as there.
        let milliseconds = ((date.timeIntervalSinceReferenceDate + 978_307_200) * 1000).rounded()
        // -2,208,988,800 s is 1900-01-01, 253,402,300,800 s is 10000-01-01.
        guard milliseconds.isFinite, milliseconds >= -2_208_988_800_000, milliseconds < 253_402_300_800_000 else { return nil }
        var total = Int(milliseconds) / 1000
        if Int(milliseconds) % 1000 < 0 { total -= 1 }
        var days = total / 86_400
        var rest = total % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        (hour, minute, second) = (rest / 3600, rest % 3600 / 60, rest % 60)
        // Days since 1970-01-01 to a civil date (the proleptic Gregorian calendar), counted in 400-year eras
        // that start on March 1st so that the leap day ends a year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
