import Foundation

/// Run ids: `20261130T062733Z-1a2b`, UTC time then 4 hex digits, so they sort by time.
package enum RunID {
    package static func make(at date: Date, suffix: UInt16) -> String {
        stamp(date) + "-" + suffix.zeroPadded(4, radix: 16)
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC, by calendar arithmetic: a summary asks for the date of every
    /// repository's result, and a DateFormatter (ICU) per call cost seconds at 10,000 repositories.
    static func stamp(_ date: Date) -> String {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        let days = seconds.floorDivided(by: 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        let second = Int(seconds - days * 86_400)
        return year.zeroPadded(4) + month.zeroPadded(2) + day.zeroPadded(2) + "T" + (second / 3600).zeroPadded(2)
            + (second % 3600 / 60).zeroPadded(2) + (second % 60).zeroPadded(2) + "Z"
    }

    /// A new id that sorts after `newest` even within the same second or when the clock went back.
    package static func next(at date: Date, suffix: UInt16, after newest: String?) -> String? {
        let candidate = make(at: date, suffix: suffix)
        guard let newest, candidate <= newest else { return candidate }
        guard let last = UInt16(newest.suffix(4), radix: 16), last < UInt16.max else { return nil }
        return newest.prefix(16) + "-" + (last + 1).zeroPadded(4, radix: 16)
    }

    /// The time a run id names (to the second), or nil when `id` is not a run id.
    package static func date(of id: String) -> Date? {
        guard isValid(id) else { return nil }
        let digits = Array(id.utf8)
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        let (month, day, hour, minute, second) = (number(4..<6), number(6..<8), number(9..<11), number(11..<13), number(13..<15))
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(month, year: number(0..<4)), hour < 24,
            minute < 60, second < 60
        else { return nil }
        let days = CivilCalendar.days(year: number(0..<4), month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + Int64(hour * 3600 + minute * 60 + second)))
    }

    package static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 21 else { return false }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (byte >= 0x61 && byte <= 0x66) }
        return bytes[0..<8].allSatisfy(isDigit) && bytes[8] == UInt8(ascii: "T") && bytes[9..<15].allSatisfy(isDigit)
            && bytes[15] == UInt8(ascii: "Z") && bytes[16] == UInt8(ascii: "-") && bytes[17..<21].allSatisfy(isHex)
    }
}
