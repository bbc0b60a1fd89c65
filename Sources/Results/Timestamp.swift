import Foundation

/// Dates in reports: ISO 8601 in UTC for machines, `2026-11-30 06:27 UTC` for people.
package enum Timestamp {
    package static func iso(_ date: Date) -> String {
        format(date, "yyyy-MM-dd'T'HH:mm:ss'Z'")
    }

    package static func readable(_ date: Date) -> String {
        format(date, "yyyy-MM-dd HH:mm 'UTC'")
    }

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
