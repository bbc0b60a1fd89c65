import Daemon
import Testing

@Suite struct ScheduleParsingTests {
    @Test(
        "Month and weekday names mean the same as their numbers, in any case",
        arguments: [
            ("0 0 * jan-mar mon-fri", "0 0 * 1-3 1-5"),
            ("0 0 * * SUN", "0 0 * * 0"),
            ("0 0 * * Sun,Sat", "0 0 * * 0,6"),
            ("0 0 * * 7", "0 0 * * 0"),
            ("0 0 * * 0-7", "0 0 * * 0-6"),
            ("0 0 1 DEC *", "0 0 1 12 *"),
            ("0 0 1 jan-dec/2 *", "0 0 1 1,3,5,7,9,11 *"),
            ("@daily", "0 0 * * *"),
            ("@weekly", "0 0 * * sun"),
            ("0\t0  *   * *", "0 0 * * *"),
        ])
    func namesAndNumbers(named: String, numbered: String) throws {
        #expect(try Schedule(parsing: named).kind == Schedule(parsing: numbered).kind)
    }

    @Test("Different values make different patterns")
    func differentPatterns() throws {
        #expect(try Schedule(parsing: "0 0 * * mon").kind != Schedule(parsing: "0 0 * * 2").kind)
        #expect(try Schedule(parsing: "0 0 * feb *").kind != Schedule(parsing: "0 0 * 1 *").kind)
        // The same days, but "1-31" restricts the day of the month and "*" does not.
        #expect(try Schedule(parsing: "0 0 1-31 * *").kind != Schedule(parsing: "0 0 * * *").kind)
    }

    @Test("A pattern holds the values each field matches")
    func fieldValues() throws {
        guard case .cron(let pattern) = try Schedule(parsing: "10-50/20 */6 1,15 jun-aug 5-7").kind else {
            Issue.record("expected a cron pattern")
            return
        }
        #expect(pattern.minutes == [10, 30, 50])
        #expect(pattern.hours == [0, 6, 12, 18])
        #expect(pattern.daysOfMonth == [1, 15])
        #expect(pattern.months == [6, 7, 8])
        #expect(pattern.daysOfWeek == [0, 5, 6])
        #expect(pattern.restrictsDayOfMonth && pattern.restrictsDayOfWeek)
    }

    @Test("Only a field starting with * leaves its day field unrestricted")
    func restriction() throws {
        guard case .cron(let pattern) = try Schedule(parsing: "0 0 */2 * 1-5").kind else {
            Issue.record("expected a cron pattern")
            return
        }
        #expect(!pattern.restrictsDayOfMonth)
        #expect(pattern.restrictsDayOfWeek)
    }

    @Test("A schedule keeps its text and zone")
    func textAndZone() throws {
        let schedule = try Schedule(parsing: "0 2 * * *", timeZone: berlin)
        #expect(schedule.text == "0 2 * * *")
        #expect(schedule.description == "0 2 * * *")
        #expect(schedule.timeZone == berlin)
        #expect(try Schedule(parsing: "@daily").timeZone.secondsFromGMT() == 0)
    }

    @Test(
        "Bad cron fields are refused with the field, what is wrong and where",
        arguments: [
            ("0 25 * * *", "field 2 (hour): 25 is out of range 0-23", 2),
            ("60 * * * *", "field 1 (minute): 60 is out of range 0-59", 0),
            ("0 0 0 * *", "field 3 (day-of-month): 0 is out of range 1-31", 4),
            ("0 0 32 * *", "field 3 (day-of-month): 32 is out of range 1-31", 4),
            ("0 0 * 13 *", "field 4 (month): 13 is out of range 1-12", 6),
            ("0 0 * * 8", "field 5 (day-of-week): 8 is out of range 0-7", 8),
            ("0 0-99999999999999999999 * * *", "field 2 (hour): 99999999999999999999 is out of range 0-23", 4),
            ("0 0 * foo *", "field 4 (month): 'foo' is not a number or a month name (jan-dec)", 6),
            ("0 0 * * funday", "field 5 (day-of-week): 'funday' is not a number or a weekday name (sun-sat)", 8),
            ("0 0 * * jan", "field 5 (day-of-week): 'jan' is not a number or a weekday name (sun-sat)", 8),
            ("0 0 * mon *", "field 4 (month): 'mon' is not a number or a month name (jan-dec)", 6),
            ("mon 0 * * *", "field 1 (minute): 'mon' is not a number", 0),
            ("0 0 L * *", "field 3 (day-of-month): 'L' is not a number", 4),
            ("0 0 ? * *", "field 3 (day-of-month): '?' is not a number", 4),
            ("0 0 * * 5#3", "field 5 (day-of-week): '5#3' is not a number or a weekday name (sun-sat)", 8),
            ("50-10 * * * *", "field 1 (minute): range 50-10 runs backwards", 0),
            ("0 0 * * sat-sun", "field 5 (day-of-week): range sat-sun runs backwards", 8),
            ("*/0 * * * *", "field 1 (minute): step 0 must be at least 1", 2),
            ("*/90 * * * *", "field 1 (minute): step 90 is larger than the range 0-59 (for every 90 minutes use @every 90m)", 2),
            ("0 */36 * * *", "field 2 (hour): step 36 is larger than the range 0-23 (for every 36 hours use @every 36h)", 4),
            ("0 0 1-10/20 * *", "field 3 (day-of-month): step 20 is larger than the range 1-10", 9),
            ("5/10 * * * *", "field 1 (minute): a step needs a range or *, as in */10 or 5-59/10", 1),
            ("*/x * * * *", "field 1 (minute): step 'x' is not a number", 2),
            ("*/ * * * *", "field 1 (minute): step '' is not a number", 2),
            ("1,,2 * * * *", "field 1 (minute): empty item in list '1,,2'", 2),
            ("1, * * * *", "field 1 (minute): empty item in list '1,'", 2),
            ("*-5 * * * *", "field 1 (minute): unexpected '-5' after '*'", 1),
            ("1- * * * *", "field 1 (minute): missing number in '1-'", 2),
            ("-1 * * * *", "field 1 (minute): missing number in '-1'", 0),
        ])
    func cronErrors(text: String, message: String, offset: Int) throws {
        let error = try #require(parseError(text))
        #expect(error.message == message)
        #expect(error.description == message)
        #expect(error.offset == offset)
        #expect(error.field == Int(message.dropFirst("field ".count).prefix(1)))
    }

    @Test(
        "Bad schedules as a whole are refused with what is wrong",
        arguments: [
            ("", "the schedule is empty", 0),
            ("   ", "the schedule is empty", 0),
            ("0 2 * *", "expected 5 fields (minute hour day-of-month month day-of-week) or a keyword such as @daily, found 4", 0),
            ("0 2 * * * *", "expected 5 fields (minute hour day-of-month month day-of-week) or a keyword such as @daily, found 6", 10),
            ("@reboot", "unknown keyword '@reboot' (use @hourly, @daily, @midnight, @weekly, @monthly, @yearly or @every <duration>)", 0),
            ("@daily 2", "@daily takes nothing after it, found '2'", 7),
            ("@every", "@every needs a duration, as in @every 6h", 0),
            ("@every 6x", "@every: '6x' is not a duration (write it like 90s, 15m, 1h30m or 2d)", 7),
            ("@every 90", "@every: '90' is not a duration (write it like 90s, 15m, 1h30m or 2d)", 7),
            ("@every h", "@every: 'h' is not a duration (write it like 90s, 15m, 1h30m or 2d)", 7),
            ("@every 1.5h", "@every: '1.5h' is not a duration (write it like 90s, 15m, 1h30m or 2d)", 7),
            ("@every -5m", "@every: '-5m' is not a duration (write it like 90s, 15m, 1h30m or 2d)", 7),
            ("@every 30m1h", "@every: '30m1h' is not a duration (units go from largest to smallest, each once: d, h, m, s)", 7),
            ("@every 1h1h", "@every: '1h1h' is not a duration (units go from largest to smallest, each once: d, h, m, s)", 7),
            ("@every 0s", "@every: the interval must be longer than 0s", 7),
            ("@every 0h0m", "@every: the interval must be longer than 0s", 7),
            ("@every 3651d", "@every: '3651d' is longer than 3650d", 7),
            ("@every 99999999999999999999999d", "@every: '99999999999999999999999d' is longer than 3650d", 7),
            ("@every 6h 2m", "@every takes one duration, found '2m' after it", 10),
        ])
    func wholeScheduleErrors(text: String, message: String, offset: Int) throws {
        let error = try #require(parseError(text))
        #expect(error.message == message)
        #expect(error.offset == offset)
        #expect(error.field == nil)
    }

    @Test("An error's offset counts characters from the start, leading spaces included")
    func offsetWithLeadingSpaces() throws {
        #expect(try #require(parseError("  0 25 * * *")).offset == 4)
        #expect(try #require(parseError("  @every 6x")).offset == 9)
        #expect(try #require(parseError("0 0 * é *")).offset == 6)
    }

    @Test(
        "Well-formed schedules are read",
        arguments: [
            "* * * * *", "0 2 * * *", "*/15 * * * *", "30 2 * * 1-5", "0,30 9-17 * * mon-fri", "0 0 1,15 * *",
            "0 0 29 feb *", "0 0 31 jan,feb *", "0 0 30 feb mon", "*/59 */23 */30 */11 */7", "0-59/59 0-23/23 * * *",
            "@hourly", "@daily", "@midnight", "@weekly", "@monthly", "@yearly", "@annually", " @daily ", "@every 3s", "@every 1h30m ",
        ])
    func accepted(text: String) {
        #expect(parseError(text) == nil)
    }
}
