/// Why a schedule could not be read, e.g. "field 2 (hour): 25 is out of range 0-23".
package struct ScheduleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and where, starting with the field ("field 3 (day-of-month): …") or the keyword ("@every: …").
    package let message: String
    /// The cron field the problem is in, 1 (minute) to 5 (day-of-week); nil when it is about the whole schedule.
    package let field: Int?
    /// Where the offending text starts, in characters from the start of the schedule, so a config check can
    /// point into the YAML scalar.
    package let offset: Int

    package init(message: String, field: Int? = nil, offset: Int = 0) {
        self.message = message
        self.field = field
        self.offset = offset
    }

    package var description: String { message }
}
