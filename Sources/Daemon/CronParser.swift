import Results

/// Reads a five-field cron line: numbers, names (jan-dec, sun-sat), `*`, lists, ranges and steps.
/// Works on UTF-8 bytes, like the rest of the tool's hand-written readers.
struct CronParser {
    private let bytes: [UInt8]

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    static func parse(_ text: String) throws(ScheduleError) -> CronPattern {
        try CronParser(text).pattern()
    }

    private func pattern() throws(ScheduleError) -> CronPattern {
        let fields = words()
        guard fields.count == 5 else {
            throw ScheduleError(
                message:
                    "expected 5 fields (minute hour day-of-month month day-of-week) or a keyword such as @daily, found \(fields.count)",
                offset: fields.count > 5 ? characterOffset(fields[5].lowerBound) : 0)
        }
        let minutes = try values(fields[0], of: .minute)
        let hours = try values(fields[1], of: .hour)
        let daysOfMonth = try values(fields[2], of: .dayOfMonth)
        let months = try values(fields[3], of: .month)
        var daysOfWeek = try values(fields[4], of: .dayOfWeek)
        if daysOfWeek.contains(7) {
            daysOfWeek.remove(7)
            daysOfWeek.insert(0)
        }
        let pattern = CronPattern(
            minutes: minutes, hours: hours, daysOfMonth: daysOfMonth, months: months, daysOfWeek: daysOfWeek,
            restrictsDayOfMonth: bytes[fields[2].lowerBound] != UInt8(ascii: "*"),
            restrictsDayOfWeek: bytes[fields[4].lowerBound] != UInt8(ascii: "*"))
        try checkDaysOccur(pattern, dayField: fields[2])
        return pattern
    }

    /// Rejects a day of the month that no month of field 4 has ("30 feb"), which would never run. Only
    /// when field 5 cannot rescue it: with both day fields restricted, any day of the right weekday matches.
    private func checkDaysOccur(_ pattern: CronPattern, dayField: Range<Int>) throws(ScheduleError) {
        guard pattern.restrictsDayOfMonth && !pattern.restrictsDayOfWeek, let firstDay = pattern.daysOfMonth.first else { return }
        // February counts as 29 days: the 29th comes round in leap years.
        guard !pattern.months.contains(where: { firstDay <= CivilCalendar.daysInMonth($0, year: 2000) }) else { return }
        let names = pattern.months.map { CronField.fullMonthNames[$0 - 1] }
        let monthList = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        throw error("\(text(dayField)) never occurs in \(monthList)", in: .dayOfMonth, at: dayField.lowerBound)
    }

    /// The values one field's text matches: a comma-separated list of `*`, `N`, `N-M`, `*/S` or `N-M/S`.
    private func values(_ field: Range<Int>, of kind: CronField) throws(ScheduleError) -> FieldValues {
        var result = FieldValues()
        var itemStart = field.lowerBound
        while itemStart <= field.upperBound {
            let itemEnd = bytes[itemStart..<field.upperBound].firstIndex(of: UInt8(ascii: ",")) ?? field.upperBound
            guard itemStart < itemEnd else {
                throw error("empty item in list '\(text(field))'", in: kind, at: itemStart)
            }
            try add(itemStart..<itemEnd, of: kind, to: &result)
            itemStart = itemEnd + 1
        }
        return result
    }

    private func add(_ item: Range<Int>, of kind: CronField, to result: inout FieldValues) throws(ScheduleError) {
        let slash = bytes[item].firstIndex(of: UInt8(ascii: "/"))
        let base = item.lowerBound..<(slash ?? item.upperBound)
        let isStar = bytes[base].first == UInt8(ascii: "*")
        let low: Int
        let high: Int
        if isStar {
            guard base.count == 1 else {
                throw error("unexpected '\(text(base.lowerBound + 1..<base.upperBound))' after '*'", in: kind, at: base.lowerBound + 1)
            }
            (low, high) = (kind.bounds.lowerBound, kind.bounds.upperBound)
        } else if let dash = bytes[base].firstIndex(of: UInt8(ascii: "-")) {
            low = try value(base.lowerBound..<dash, of: kind, in: item)
            high = try value(dash + 1..<base.upperBound, of: kind, in: item)
            guard low <= high else {
                throw error("range \(text(base)) runs backwards", in: kind, at: base.lowerBound)
            }
        } else {
            low = try value(base, of: kind, in: item)
            high = low
        }

        var step = 1
        if let slash {
            guard isStar || low < high else {
                throw error("a step needs a range or *, as in */10 or 5-59/10", in: kind, at: slash)
            }
            let stepText = slash + 1..<item.upperBound
            guard let number = number(stepText) else {
                throw error("step '\(text(stepText))' is not a number", in: kind, at: stepText.lowerBound)
            }
            guard number >= 1 else {
                throw error("step \(text(stepText)) must be at least 1", in: kind, at: stepText.lowerBound)
            }
            // Cron would quietly match only the range's start: `*/90` in the minute field runs hourly.
            guard number <= high - low else {
                let hint =
                    switch (isStar, kind) {
                    case (true, .minute): " (for every \(text(stepText)) minutes use @every \(text(stepText))m)"
                    case (true, .hour): " (for every \(text(stepText)) hours use @every \(text(stepText))h)"
                    default: ""
                    }
                throw error("step \(text(stepText)) is larger than the range \(low)-\(high)\(hint)", in: kind, at: stepText.lowerBound)
            }
            step = number
        }
        for value in stride(from: low, through: high, by: step) {
            result.insert(value)
        }
    }

    /// A number or, in the month and day-of-week fields, a three-letter name, within the field's bounds.
    private func value(_ range: Range<Int>, of kind: CronField, in item: Range<Int>) throws(ScheduleError) -> Int {
        guard !range.isEmpty else {
            throw error("missing number in '\(text(item))'", in: kind, at: range.lowerBound)
        }
        if let number = number(range) {
            guard kind.bounds.contains(number) else {
                throw error(
                    "\(text(range)) is out of range \(kind.bounds.lowerBound)-\(kind.bounds.upperBound)", in: kind, at: range.lowerBound)
            }
            return number
        }
        let word = text(range).lowercased()
        guard let index = kind.names.firstIndex(of: word) else {
            throw error("'\(text(range))' is not \(kind.expectation)", in: kind, at: range.lowerBound)
        }
        return kind.bounds.lowerBound + index
    }

    /// Decimal digits only; nil for anything else. Saturates instead of overflowing: a number that long is
    /// out of range anyway.
    private func number(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var result = 0
        for byte in bytes[range] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            result = min(result * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
        }
        return result
    }

    /// The fields: runs of anything but spaces and tabs.
    private func words() -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for index in bytes.indices {
            let isSpace = bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
            if isSpace, let wordStart = start {
                result.append(wordStart..<index)
                start = nil
            } else if !isSpace && start == nil {
                start = index
            }
        }
        if let start {
            result.append(start..<bytes.count)
        }
        return result
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func characterOffset(_ byteOffset: Int) -> Int {
        String(decoding: bytes[..<byteOffset], as: UTF8.self).count
    }

    private func error(_ message: String, in field: CronField, at byteOffset: Int) -> ScheduleError {
        ScheduleError(message: "\(field.label): \(message)", field: field.rawValue, offset: characterOffset(byteOffset))
    }
}
