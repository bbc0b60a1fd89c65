import Foundation
import Results
import Testing

@Suite("Run ids")
struct RunIDTests {
    /// What run ids were made with before: Foundation's formatter, the reference for the arithmetic.
    static func formatted(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    @Test(
        "Ids name the UTC second, as the formatter did, and read back to it",
        arguments: [0, 951_782_400, 951_868_799.9, 1_796_040_000, 1_830_297_599, 4_107_542_400, 86_399, 1_709_164_800])
    func idsNameTheSecondAndReadBack(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let id = RunID.make(at: date, suffix: 0x1a2b)
        #expect(id == Self.formatted(date) + "-1a2b")
        #expect(RunID.isValid(id))
        #expect(RunID.date(of: id) == Date(timeIntervalSince1970: seconds.rounded(.down)))
    }

    @Test(
        "Ids of times that do not exist read as no date",
        arguments: [
            "20270230T000000Z-0000", "20271301T000000Z-0000", "20270101T240000Z-0000", "20270101T006000Z-0000", "2027010T0000000Z-0000",
        ])
    func impossibleTimesAreNotDates(id: String) {
        #expect(RunID.date(of: id) == nil)
    }
}
