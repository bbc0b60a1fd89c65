import Daemon
import Foundation

let utc = TimeZone.gmt
let berlin = TimeZone(identifier: "Europe/Berlin")!
let newYork = TimeZone(identifier: "America/New_York")!

/// The instant a wall clock in `zone` shows: "2025-03-30 01:59", optionally with seconds ("…:59:30") and an
/// explicit offset ("… +01:00"), which picks one pass through an hour that a daylight-saving change repeats.
func instant(_ text: String, in zone: TimeZone = utc) -> Date {
    let parts = text.split(separator: " ")
    let date = parts[0].split(separator: "-").map { Int($0)! }
    let time = parts.count > 1 ? parts[1].split(separator: ":").map { Int($0)! } : [0, 0]
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = parts.count > 2 ? TimeZone(secondsFromGMT: offsetSeconds(parts[2]))! : zone
    let components = DateComponents(
        year: date[0], month: date[1], day: date[2], hour: time[0], minute: time[1], second: time.count > 2 ? time[2] : 0)
    return calendar.date(from: components)!
}

/// How a wall clock in `zone` shows `date`: "2025-03-30 03:00 +02:00" (seconds only when not zero, the
/// offset only outside UTC); "never" for nil.
func wall(_ date: Date?, in zone: TimeZone = utc) -> String {
    guard let date else { return "never" }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    var text = "\(digits(parts.year!, 4))-\(digits(parts.month!))-\(digits(parts.day!)) \(digits(parts.hour!)):\(digits(parts.minute!))"
    if parts.second! != 0 {
        text += ":\(digits(parts.second!))"
    }
    if zone != utc {
        let offset = zone.secondsFromGMT(for: date)
        text += " \(offset < 0 ? "-" : "+")\(digits(abs(offset) / 3600)):\(digits(abs(offset) % 3600 / 60))"
    }
    return text
}

/// The next run of `schedule` after the wall-clock time `after`, as the same wall clock shows it.
func nextRun(_ schedule: String, after: String, in zone: TimeZone = utc) throws -> String {
    wall(try Schedule(parsing: schedule, timeZone: zone).next(after: instant(after, in: zone)), in: zone)
}

/// The next `count` runs of `schedule` after `after`, each found from the one before.
func runs(_ schedule: String, after: String, count: Int, in zone: TimeZone = utc) throws -> [String] {
    let parsed = try Schedule(parsing: schedule, timeZone: zone)
    var result: [String] = []
    var time: Date? = instant(after, in: zone)
    for _ in 0..<count {
        time = time.flatMap(parsed.next(after:))
        result.append(wall(time, in: zone))
    }
    return result
}

/// The error `Schedule(parsing:)` throws for `text`, or nil if it reads it.
func parseError(_ text: String) -> ScheduleError? {
    do {
        _ = try Schedule(parsing: text)
        return nil
    } catch {
        return error
    }
}

private func offsetSeconds(_ text: Substring) -> Int {
    let sign = text.hasPrefix("-") ? -1 : 1
    let numbers = text.dropFirst().split(separator: ":").map { Int($0)! }
    return sign * (numbers[0] * 3600 + numbers[1] * 60)
}

private func digits(_ value: Int, _ width: Int = 2) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
}
