import Foundation

/// A date without a time, such as a deadline.
package struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package let year: Int
    package let month: Int
    package let day: Int

    /// Parses `YYYY-MM-DD`; nil for anything else or a date that does not exist.
    package init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC day of an instant.
    package init(_ date: Date) {
        let days = Int64((date.timeIntervalSince1970 / 86_400).rounded(.down))
        (year, month, day) = CivilCalendar.civil(fromDays: days)
    }

    package var description: String {
        "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
    }

    /// Whole days from `other` to this day (negative when this day is earlier).
    package func days(from other: CalendarDay) -> Int {
        dayNumber - other.dayNumber
    }

    package static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a date like 2027-04-01, found '\(text)'")
        }
        self = day
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private var dayNumber: Int {
        Int(CivilCalendar.days(year: year, month: month, day: day))
    }
}
