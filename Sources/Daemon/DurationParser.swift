/// Reads the duration of `@every`: whole numbers with units d, h, m and s, largest unit first and each
/// at most once, as in `90s`, `15m`, `1h30m`, `2d`.
enum DurationParser {
    /// Longer than any sensible sweep interval, and far from overflowing `Date` arithmetic.
    static let longest = 3650 * 86_400

    /// The duration in seconds. `offset` is where `text` starts in the schedule, for errors.
    static func seconds(_ text: Substring, offset: Int) throws(ScheduleError) -> Int {
        let units: [(letter: Character, seconds: Int)] = [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)]
        func failure(_ message: String) -> ScheduleError {
            ScheduleError(message: "@every: \(message)", offset: offset)
        }
        var total = 0
        var number: Int?
        var nextUnit = 0
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                number = min((number ?? 0) * 10 + digit, longest + 1)
                continue
            }
            guard let value = number, let unit = units.firstIndex(where: { $0.letter == Character(character.lowercased()) }) else {
                throw failure("'\(text)' is not a duration (write it like 90s, 15m, 1h30m or 2d)")
            }
            guard unit >= nextUnit else {
                throw failure("'\(text)' is not a duration (units go from largest to smallest, each once: d, h, m, s)")
            }
            total = min(total + value * units[unit].seconds, longest + 1)
            number = nil
            nextUnit = unit + 1
        }
        guard number == nil, !text.isEmpty else {
            throw failure("'\(text)' is not a duration (write it like 90s, 15m, 1h30m or 2d)")
        }
        guard total > 0 else {
            throw failure("the interval must be longer than 0s")
        }
        guard total <= longest else {
            throw failure("'\(text)' is longer than 3650d")
        }
        return total
    }
}
