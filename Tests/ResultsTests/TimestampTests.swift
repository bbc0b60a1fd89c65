import Foundation
import Results
import Testing

/// `Timestamp` writes dates by arithmetic; `DateFormatter`, which it replaced in the sweep's hot path, is the
/// reference for every date it handles.
@Suite("Timestamps")
struct TimestampTests {
    private static func reference(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    private static func expectAsDateFormatter(_ date: Date, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            Timestamp.iso(date) == reference(date, "yyyy-MM-dd'T'HH:mm:ss'Z'"), "\(date.timeIntervalSince1970)",
            sourceLocation: sourceLocation)
        #expect(
            Timestamp.readable(date) == reference(date, "yyyy-MM-dd HH:mm 'UTC'"), "\(date.timeIntervalSince1970)",
            sourceLocation: sourceLocation)
    }

    @Test func examples() {
        #expect(Timestamp.iso(Date(timeIntervalSince1970: 1_796_018_400)) == "2026-11-30T06:00:00Z")
        #expect(Timestamp.readable(Date(timeIntervalSince1970: 1_796_020_020.9)) == "2026-11-30 06:27 UTC")
        #expect(Timestamp.iso(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(Timestamp.iso(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
    }

    @Test(arguments: [
        // The range's ends and the seconds around them (before 1900 and from 10000 on, DateFormatter itself).
        -2_208_988_800.0, -2_208_988_800.5, -2_208_988_801, 253_402_300_799.9, 253_402_300_800, 253_402_300_801,
        // The epoch, a leap day, years whose leap day the century rule takes or gives back.
        0, -1, -0.25, 0.999, 951_782_400, 951_868_799, 4_107_542_400, 4_107_628_800, 13_574_563_200, 13_574_649_600,
        // The deadline, and a run just before midnight on New Year's Eve.
        1_806_537_600, 1_798_761_599.75,
    ])
    func edgesAgreeWithDateFormatter(seconds: Double) {
        Self.expectAsDateFormatter(Date(timeIntervalSince1970: seconds))
    }

    @Test func randomDatesAgreeWithDateFormatter() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let seconds = Double.random(in: -2_300_000_000...253_500_000_000, using: &generator)
            Self.expectAsDateFormatter(Date(timeIntervalSince1970: seconds))
        }
        // Most of a fleet's dates: these few years, to the second.
        for _ in 0..<3000 {
            let seconds = Double(Int.random(in: 1_700_000_000...1_900_000_000, using: &generator)) + Double.random(in: 0..<1)
            Self.expectAsDateFormatter(Date(timeIntervalSince1970: seconds))
        }
    }
}
