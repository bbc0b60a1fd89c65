import Foundation

/// Run ids: `20261130T062733Z-1a2b`, UTC time then 4 hex digits, so they sort by time.
public enum RunID {
    public static func make(at date: Date, suffix: UInt16) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let hex = String(suffix, radix: 16)
        return formatter.string(from: date) + "-" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// A new id that sorts after `newest` even within the same second or when the clock went back.
    public static func next(at date: Date, suffix: UInt16, after newest: String?) -> String? {
        let candidate = make(at: date, suffix: suffix)
        guard let newest, candidate <= newest else { return candidate }
        guard let last = UInt16(newest.suffix(4), radix: 16), last < UInt16.max else { return nil }
        let hex = String(last + 1, radix: 16)
        return newest.prefix(16) + "-" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// The time a run id names (to the second), or nil when `id` is not a run id.
    public static func date(of id: String) -> Date? {
        guard isValid(id) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.date(from: String(id.prefix(16)))
    }

    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 21 else { return false }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (byte >= 0x61 && byte <= 0x66) }
        return bytes[0..<8].allSatisfy(isDigit) && bytes[8] == UInt8(ascii: "T") && bytes[9..<15].allSatisfy(isDigit)
            && bytes[15] == UInt8(ascii: "Z") && bytes[16] == UInt8(ascii: "-") && bytes[17..<21].allSatisfy(isHex)
    }
}
