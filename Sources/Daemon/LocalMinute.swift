import Results

/// A minute on a wall clock (proleptic Gregorian calendar) with no time zone attached: the cron search
/// walks these, and `ZoneRules` turns the match into an instant.
struct LocalMinute: Sendable, Hashable, Comparable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
    }

    /// The minute containing `localSeconds`, counted from 1970-01-01 00:00 on the same wall clock.
    init(localSeconds: Int64) {
        let days = localSeconds.floorDivided(by: 86_400)
        let secondOfDay = Int(localSeconds - days * 86_400)
        (year, month, day) = CivilCalendar.civil(fromDays: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
    }

    /// Seconds from 1970-01-01 00:00 on the same wall clock.
    var localSeconds: Int64 {
        CivilCalendar.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60)
    }

    /// The next minute on the wall clock.
    var successor: LocalMinute { LocalMinute(localSeconds: localSeconds + 60) }

    static func < (lhs: LocalMinute, rhs: LocalMinute) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute) < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute)
    }

    /// 0 for Sunday to 6 for Saturday.
    static func weekday(year: Int, month: Int, day: Int) -> Int {
        // 1970-01-01 was a Thursday.
        Int((CivilCalendar.days(year: year, month: month, day: day) + 4).floorModulo(7))
    }
}
