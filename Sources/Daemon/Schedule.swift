import Foundation

/// When the daemon runs a sweep: a five-field cron line (`0 2 * * mon-fri`), a keyword (`@daily`) or a
/// fixed interval (`@every 6h`), read on the wall clock of one time zone.
package struct Schedule: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        case cron(CronPattern)
        /// A fixed interval, independent of the wall clock and of daylight-saving changes.
        case every(Duration)
    }

    /// The schedule as written.
    package let text: String
    package let kind: Kind
    /// The zone whose wall clock a cron pattern is read on; an interval ignores it.
    package let timeZone: TimeZone

    /// Reads `text`, throwing an error that names the field and what is wrong with it.
    package init(parsing text: String, timeZone: TimeZone = .gmt) throws(ScheduleError) {
        self.text = text
        self.timeZone = timeZone
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first else {
            throw ScheduleError(message: "the schedule is empty")
        }
        if first == "@" {
            kind = try Schedule.keyword(trimmed, offset: text.count - trimmed.count)
        } else {
            kind = .cron(try CronParser.parse(text))
        }
    }

    /// A schedule as it is, without reading text: tests build patterns the parser would refuse.
    init(text: String, kind: Kind, timeZone: TimeZone) {
        self.text = text
        self.kind = kind
        self.timeZone = timeZone
    }

    /// The first time the schedule runs strictly after `date`, or nil if it never does.
    ///
    /// A cron pattern matches whole minutes on the zone's wall clock. A wall-clock time a daylight-saving
    /// change skips (02:30 when clocks go from 02:00 to 03:00) runs once, at the first instant after the
    /// gap; one a change repeats (01:30 when clocks go back from 02:00 to 01:00) runs once, the first time.
    /// An interval runs at `date` plus the interval: the daemon anchors it at the start of the previous
    /// sweep (see `MissedRuns`), so sweeps keep to a fixed grid however long each one takes.
    package func next(after date: Date) -> Date? {
        switch kind {
        case .cron(let pattern):
            return pattern.next(after: date, in: ZoneRules(timeZone: timeZone))
        case .every(let interval):
            return date.addingTimeInterval(TimeInterval(interval.components.seconds))
        }
    }

    package var description: String { text }

    /// The keywords and the cron lines they stand for.
    private static let keywords: [String: String] = [
        "@hourly": "0 * * * *",
        "@daily": "0 0 * * *",
        "@midnight": "0 0 * * *",
        "@weekly": "0 0 * * 0",
        "@monthly": "0 0 1 * *",
        "@yearly": "0 0 1 1 *",
        "@annually": "0 0 1 1 *",
    ]

    private static func keyword(_ text: Substring, offset: Int) throws(ScheduleError) -> Kind {
        let name = text.prefix { $0 != " " && $0 != "\t" }
        let rest = text.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
        let argument = rest.prefix { $0 != " " && $0 != "\t" }
        let argumentOffset = offset + text.count - rest.count
        let keyword = name.lowercased()
        if keyword == "@every" {
            guard !argument.isEmpty else {
                throw ScheduleError(message: "@every needs a duration, as in @every 6h", offset: offset)
            }
            let extra = rest.dropFirst(argument.count).drop { $0 == " " || $0 == "\t" }
            guard extra.isEmpty else {
                throw ScheduleError(
                    message: "@every takes one duration, found '\(extra)' after it", offset: offset + text.count - extra.count)
            }
            return .every(.seconds(try DurationParser.seconds(argument, offset: argumentOffset)))
        }
        guard let line = keywords[keyword] else {
            throw ScheduleError(
                message: "unknown keyword '\(name)' (use @hourly, @daily, @midnight, @weekly, @monthly, @yearly or @every <duration>)",
                offset: offset)
        }
        guard rest.isEmpty else {
            throw ScheduleError(message: "\(name) takes nothing after it, found '\(rest)'", offset: argumentOffset)
        }
        return .cron(try CronParser.parse(line))
    }
}
