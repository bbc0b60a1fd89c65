import Foundation
import Results

/// The minutes, hours, days and months a five-field cron line matches.
package struct CronPattern: Sendable, Hashable {
    let minuteValues: FieldValues
    let hourValues: FieldValues
    let dayOfMonthValues: FieldValues
    let monthValues: FieldValues
    /// 0 (Sunday) to 6; a 7 in the text is stored as 0.
    let dayOfWeekValues: FieldValues
    /// Whether field 3 did not start with `*`. As in Vixie cron and cronie, a day matches either day field
    /// when both are restricted ("the 1st and every Monday"), and both fields otherwise.
    package let restrictsDayOfMonth: Bool
    /// Whether field 5 did not start with `*`.
    package let restrictsDayOfWeek: Bool

    /// How far the search looks before deciding a pattern never matches. The longest wait a pattern the
    /// parser accepts can have is 40 years (February 29 on a Sunday: 2088, then 2128, since 2100 is not a
    /// leap year), so a pattern with nothing in 41 years never matches.
    static let searchYears = 41

    init(
        minutes: FieldValues, hours: FieldValues, daysOfMonth: FieldValues, months: FieldValues, daysOfWeek: FieldValues,
        restrictsDayOfMonth: Bool, restrictsDayOfWeek: Bool
    ) {
        minuteValues = minutes
        hourValues = hours
        dayOfMonthValues = daysOfMonth
        monthValues = months
        dayOfWeekValues = daysOfWeek
        self.restrictsDayOfMonth = restrictsDayOfMonth
        self.restrictsDayOfWeek = restrictsDayOfWeek
    }

    package var minutes: [Int] { minuteValues.members }
    package var hours: [Int] { hourValues.members }
    package var daysOfMonth: [Int] { dayOfMonthValues.members }
    package var months: [Int] { monthValues.members }
    /// 0 (Sunday) to 6 (Saturday).
    package var daysOfWeek: [Int] { dayOfWeekValues.members }

    func matchesDay(_ day: Int, weekday: Int) -> Bool {
        if restrictsDayOfMonth && restrictsDayOfWeek {
            return dayOfMonthValues.contains(day) || dayOfWeekValues.contains(weekday)
        }
        return dayOfMonthValues.contains(day) && dayOfWeekValues.contains(weekday)
    }

    /// The first instant strictly after `date` whose minute matches, read on the wall clock of `zone`.
    func next(after date: Date, in zone: ZoneRules) -> Date? {
        let seconds = date.timeIntervalSince1970
        // Far outside any real schedule, and beyond what Int64 seconds and the calendar arithmetic hold.
        guard seconds.isFinite, abs(seconds) < 1e13 else { return nil }
        let instant = Int64(seconds.rounded(.down))
        var start = LocalMinute(localSeconds: zone.wallSeconds(at: instant)).successor
        let lastYear = start.year + CronPattern.searchYears
        while let candidate = firstMatch(atOrAfter: start, throughYear: lastYear) {
            let match = zone.instant(forWall: candidate.localSeconds)
            if Double(match) > seconds {
                return Date(timeIntervalSince1970: Double(match))
            }
            // `date` is in the second pass of an hour a change repeated; the first pass of this wall
            // time has run already.
            start = candidate.successor
        }
        return nil
    }

    /// The first matching wall-clock minute at or after `start`, skipping whole months, days and hours
    /// that cannot match rather than walking minute by minute.
    func firstMatch(atOrAfter start: LocalMinute, throughYear lastYear: Int) -> LocalMinute? {
        var steps = 0
        return firstMatch(atOrAfter: start, throughYear: lastYear, steps: &steps)
    }

    /// The same, counting in `steps` the candidates it looked at (months, days, hours): what tests hold the
    /// search to, where a minute-by-minute walk over 40 years would take some 21 million.
    func firstMatch(atOrAfter start: LocalMinute, throughYear lastYear: Int, steps: inout Int) -> LocalMinute? {
        var year = start.year
        var month = start.month
        var day = start.day
        var hour = start.hour
        var minute = start.minute
        while year <= lastYear {
            steps += 1
            guard let matchingMonth = monthValues.first(atOrAfter: month) else {
                (year, month, day, hour, minute) = (year + 1, 1, 1, 0, 0)
                continue
            }
            if matchingMonth != month {
                (month, day, hour, minute) = (matchingMonth, 1, 0, 0)
            }

            let length = CivilCalendar.daysInMonth(month, year: year)
            var weekday = LocalMinute.weekday(year: year, month: month, day: min(day, length))
            var matchingDay = day
            while matchingDay <= length && !matchesDay(matchingDay, weekday: weekday) {
                steps += 1
                matchingDay += 1
                weekday = (weekday + 1) % 7
            }
            guard matchingDay <= length else {
                (month, day, hour, minute) = (month + 1, 1, 0, 0)
                if month > 12 {
                    (year, month) = (year + 1, 1)
                }
                continue
            }
            if matchingDay != day {
                (day, hour, minute) = (matchingDay, 0, 0)
            }

            guard let matchingHour = hourValues.first(atOrAfter: hour) else {
                (day, hour, minute) = (day + 1, 0, 0)
                continue
            }
            if matchingHour != hour {
                (hour, minute) = (matchingHour, 0)
            }

            guard let matchingMinute = minuteValues.first(atOrAfter: minute) else {
                (hour, minute) = (hour + 1, 0)
                if hour > 23 {
                    (day, hour) = (day + 1, 0)
                }
                continue
            }
            return LocalMinute(year: year, month: month, day: day, hour: hour, minute: matchingMinute)
        }
        return nil
    }
}
