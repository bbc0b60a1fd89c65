/// The five fields of a cron line, in order, with the values and names each accepts.
enum CronField: Int, CaseIterable, Sendable {
    case minute = 1
    case hour
    case dayOfMonth
    case month
    case dayOfWeek

    var name: String {
        switch self {
        case .minute: "minute"
        case .hour: "hour"
        case .dayOfMonth: "day-of-month"
        case .month: "month"
        case .dayOfWeek: "day-of-week"
        }
    }

    /// How errors name the field: "field 2 (hour)".
    var label: String { "field \(rawValue) (\(name))" }

    /// The numbers the field accepts; day-of-week takes 0...7, where 0 and 7 are both Sunday.
    var bounds: ClosedRange<Int> {
        switch self {
        case .minute: 0...59
        case .hour: 0...23
        case .dayOfMonth: 1...31
        case .month: 1...12
        case .dayOfWeek: 0...7
        }
    }

    /// Three-letter names accepted in place of numbers, the first standing for `bounds.lowerBound`.
    var names: [String] {
        switch self {
        case .month: CronField.monthNames
        case .dayOfWeek: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        default: []
        }
    }

    /// What a value that is neither a number nor a name is called in errors.
    var expectation: String {
        switch self {
        case .month: "a number or a month name (jan-dec)"
        case .dayOfWeek: "a number or a weekday name (sun-sat)"
        default: "a number"
        }
    }

    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static let fullMonthNames = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]
}
