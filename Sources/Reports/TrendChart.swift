import Foundation
import Results

/// The dashboard's trend: blocked, at-risk and ready apps per run from the history, on a time axis that
/// reaches the deadline, with the projection of blocked apps at the recent rate. An SVG drawn from
/// values alone; every line also has a marker shape and a label, so none of it rests on colour.
struct TrendChart {
    static let width = 1000.0
    static let height = 320.0
    static let left = 44.0
    static let right = 905.0
    static let top = 34.0
    static let bottom = 286.0

    let history: [HistoryEntry]
    let deadline: Date?
    let projection: BlockedProjection
    let start: Date
    let end: Date
    let maximum: Int
    let step: Int

    init(history: [HistoryEntry], deadline: CalendarDay?, projection: BlockedProjection) {
        let entries = history.sorted { $0.finishedAt < $1.finishedAt }
        self.history = entries
        self.projection = projection
        let deadlineDate = deadline.map { Self.date(of: $0) }
        self.deadline = deadlineDate
        let day = 86_400.0
        let first = entries.first?.finishedAt ?? Date(timeIntervalSince1970: 0)
        let last = entries.last?.finishedAt ?? first
        var start = Date(timeIntervalSince1970: Double(BlockedProjection.day(first)) * day)
        if let deadlineDate, deadlineDate < start { start = deadlineDate.addingTimeInterval(-day) }
        var base = max(last.addingTimeInterval(day), deadlineDate ?? last)
        if deadlineDate == nil { base = max(base, last.addingTimeInterval(last.timeIntervalSince(start) * 0.1)) }
        var span = max(base.timeIntervalSince(start), 7 * day)
        if case .falling(let zero) = projection.outcome, zero > base, zero.timeIntervalSince(base) <= span * 0.5 {
            base = zero
            span = base.timeIntervalSince(start)
        }
        self.start = start
        end = start.addingTimeInterval(max(base.timeIntervalSince(start), 7 * day) + span * 0.03)
        let highest = entries.map { max($0.counts.blocked, $0.counts.atRisk, $0.counts.ready) }.max() ?? 0
        step = Self.niceStep(highest)
        maximum = max(step, Int((Double(highest) / Double(step)).rounded(.up)) * step)
    }

    /// The midnight (UTC) that starts a calendar day.
    static func date(of day: CalendarDay) -> Date {
        let epoch = CalendarDay(Date(timeIntervalSince1970: 0))
        return Date(timeIntervalSince1970: Double(day.days(from: epoch)) * 86_400)
    }

    /// A grid step of 1, 2 or 5 times a power of ten that gives at most five lines.
    static func niceStep(_ highest: Int) -> Int {
        var power = 1
        while true {
            for factor in [1, 2, 5] where highest <= factor * power * 5 {
                return factor * power
            }
            power *= 10
        }
    }

    func x(_ date: Date) -> Double {
        let fraction = date.timeIntervalSince(start) / end.timeIntervalSince(start)
        return Self.left + (Self.right - Self.left) * min(max(fraction, 0), 1)
    }

    func y(_ value: Double) -> Double {
        Self.bottom - (Self.bottom - Self.top) * value / Double(maximum)
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The SVG, with a title and a description for screen readers.
    func svg(summary description: String) -> String {
        var svg =
            "<svg viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" aria-labelledby=\"trend-title trend-desc\">"
            + "<title id=\"trend-title\">Blocked, at-risk and ready apps per run</title>"
            + "<desc id=\"trend-desc\">\(HTML.escape(description))</desc>"
        svg += grid() + timeAxis()
        svg += "<line class=\"baseline\" x1=\"\(Self.left)\" y1=\"\(Self.bottom)\" x2=\"\(Self.right)\" y2=\"\(Self.bottom)\"/>"
        if let deadline { svg += deadlineMark(deadline) }
        svg += series()
        svg += projectionLine()
        if projection.days == 1, let last = history.last {
            // A single day of runs leaves the plot empty: say why where the lines would be.
            let from = x(last.finishedAt) + 150
            let to = deadline.map { x($0) - 20 } ?? Self.right
            let middle = Self.number(from < to ? (from + to) / 2 : (Self.left + Self.right) / 2)
            svg +=
                "<text class=\"empty-note\" text-anchor=\"middle\" y=\"\(Self.number((Self.top + Self.bottom) / 2 - 10))\">"
                + "<tspan x=\"\(middle)\">Every run so far is from one day.</tspan>"
                + "<tspan x=\"\(middle)\" dy=\"20\">The trend and the projection appear once sweeps have run on two days.</tspan></text>"
        }
        return svg + "</svg>"
    }

    private func grid() -> String {
        var svg = "<g class=\"grid\">"
        var value = 0
        while value <= maximum {
            let position = Self.number(y(Double(value)))
            if value > 0 { svg += "<line x1=\"\(Self.left)\" y1=\"\(position)\" x2=\"\(Self.right)\" y2=\"\(position)\"/>" }
            svg += "<text x=\"\(Self.left - 10)\" y=\"\(Self.number(y(Double(value)) + 4))\" text-anchor=\"end\">\(value)</text>"
            value += step
        }
        return svg + "</g>"
    }

    /// Month ticks over long spans, weeks over a few, days over a week or two.
    private func timeAxis() -> String {
        let span = end.timeIntervalSince(start) / 86_400
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var ticks: [(Date, String)] = []
        if span > 62 {
            var components = calendar.dateComponents([.year, .month], from: start)
            components.day = 1
            var date = calendar.date(from: components)!
            let monthStep = span > 400 ? 3 : (span > 200 ? 2 : 1)
            var first = true
            while date <= end {
                if date >= start {
                    let month = calendar.component(.month, from: date)
                    ticks.append((date, HTML.format(date, first || month == 1 ? "MMM yyyy" : "MMM")))
                    first = false
                }
                date = calendar.date(byAdding: .month, value: monthStep, to: date)!
            }
        } else {
            let dayStep = span > 20 ? 7 : (span > 10 ? 2 : 1)
            var date = start
            while date <= end {
                ticks.append((date, HTML.format(date, "d MMM")))
                date = date.addingTimeInterval(Double(dayStep) * 86_400)
            }
        }
        if let first = history.first, span > 62, ticks.first.map({ x($0.0) - x(first.finishedAt) > 60 }) ?? true {
            ticks.insert((first.finishedAt, HTML.format(first.finishedAt, "d MMM")), at: 0)
        }
        var svg = "<g class=\"axis\">"
        for (date, label) in ticks {
            let position = Self.number(x(date))
            svg += "<line x1=\"\(position)\" y1=\"\(Self.bottom)\" x2=\"\(position)\" y2=\"\(Self.bottom + 5)\" stroke=\"#c9ced5\"/>"
            svg += "<text x=\"\(position)\" y=\"\(Self.bottom + 22)\" text-anchor=\"middle\">\(HTML.escape(label))</text>"
        }
        return svg + "</g>"
    }

    private func deadlineMark(_ deadline: Date) -> String {
        let position = Self.number(x(deadline))
        return "<g class=\"deadline\"><line x1=\"\(position)\" y1=\"\(Self.top - 8)\" x2=\"\(position)\" y2=\"\(Self.bottom)\"/>"
            + "<text x=\"\(Self.number(x(deadline) - 8))\" y=\"\(Self.top - 14)\" text-anchor=\"end\">Deadline \(HTML.day(deadline))</text></g>"
    }

    /// The lines, drawn in this order (blocked on top).
    private static var kinds: [Verdict] { [.ready, .atRisk, .blocked] }

    private func series() -> String {
        guard let last = history.last else { return "" }
        var svg = ""
        let blockedPoints = history.map { (x($0.finishedAt), y(Double($0.counts.blocked))) }
        if blockedPoints.count > 1 {
            var area = "M\(Self.number(blockedPoints[0].0)),\(Self.bottom)"
            for point in blockedPoints { area += "L\(Self.number(point.0)),\(Self.number(point.1))" }
            area += "L\(Self.number(blockedPoints.last!.0)),\(Self.bottom)Z"
            svg += "<path class=\"area\" d=\"\(area)\"/>"
        }
        for verdict in Self.kinds {
            let points = history.map { "\(Self.number(x($0.finishedAt))),\(Self.number(y(Double($0.counts[verdict]))))" }
            svg += "<polyline class=\"series \(verdict.rawValue)\" points=\"\(points.joined(separator: " "))\"/>"
        }
        // Markers on every run while they stay apart; on a long history only the last run's.
        let marked = history.count <= 14 ? history : [last]
        for verdict in Self.kinds {
            for entry in marked {
                svg += Self.marker(verdict, x: x(entry.finishedAt), y: y(Double(entry.counts[verdict])))
            }
        }
        // Labels beside the last run, nudged apart so they never overlap.
        // The blocked label sits above its point when the projection line leaves from there.
        let projected = projection.outcome != .noTrend && projection.outcome != .cleared
        var labels = Self.kinds.map { verdict in
            (
                verdict: verdict, value: last.counts[verdict],
                y: y(Double(last.counts[verdict])) + (projected && verdict == .blocked ? -10 : 4)
            )
        }
        labels.sort { $0.y < $1.y }
        for index in labels.indices.dropFirst() where labels[index].y - labels[index - 1].y < 17 {
            labels[index].y = labels[index - 1].y + 17
        }
        let labelX = x(last.finishedAt) + 12
        for label in labels {
            svg +=
                "<text class=\"series-label \(label.verdict.rawValue)\" x=\"\(Self.number(labelX))\" y=\"\(Self.number(label.y))\">"
                + "\(HTMLPage.label(label.verdict)) \(label.value)</text>"
        }
        return svg
    }

    /// The shape of a verdict, centred on a point: square, triangle or circle.
    static func marker(_ verdict: Verdict, x: Double, y: Double, size: Double = 4.5) -> String {
        let cx = number(x)
        let cy = number(y)
        switch verdict {
        case .blocked:
            return "<rect class=\"marker blocked\" x=\"\(number(x - size))\" y=\"\(number(y - size))\" width=\"\(number(size * 2))\" "
                + "height=\"\(number(size * 2))\"/>"
        case .atRisk:
            let top = number(y - size * 1.2)
            let base = number(y + size * 0.9)
            return
                "<path class=\"marker at-risk\" d=\"M\(cx),\(top)L\(number(x + size * 1.15)),\(base)L\(number(x - size * 1.15)),\(base)Z\"/>"
        case .ready, .unknown:
            return "<circle class=\"marker \(verdict.rawValue)\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(number(size))\"/>"
        }
    }

    private func projectionLine() -> String {
        guard let last = projection.last, projection.outcome != .noTrend, projection.outcome != .cleared else { return "" }
        let startX = x(last)
        let startY = y(Double(projection.blocked))
        var target = end
        if case .falling(let zero) = projection.outcome, zero < end { target = zero }
        if let deadline, case .notFalling = projection.outcome, deadline > last { target = deadline }
        let value = Double(projection.blocked) + projection.perDay * target.timeIntervalSince(last) / 86_400
        let endY = y(min(max(value, 0), Double(maximum)))
        var svg =
            "<line class=\"projection\" x1=\"\(Self.number(startX))\" y1=\"\(Self.number(startY))\" x2=\"\(Self.number(x(target)))\" "
            + "y2=\"\(Self.number(endY))\"/>"
        let label: String
        if case .falling(let zero) = projection.outcome, zero <= end {
            label = "0 blocked \u{2248} \(HTML.day(zero))"
        } else if let deadline, let atDeadline = projection.blocked(at: deadline), deadline > last {
            label = "\u{2248} \(atDeadline) blocked at the deadline"
        } else {
            label = "still blocked at this rate"
        }
        // Beside the zero it reaches, or under the line where it meets the deadline or the edge.
        let reachesZero = target < end && value < 0.5
        // Right of the zero when there is room before the deadline or the edge; left of it otherwise.
        let room = (deadline.map { $0 > target ? x($0) : Self.right } ?? Self.right) - x(target)
        let toTheRight = reachesZero && room > 170
        let labelX = toTheRight ? x(target) + 8 : x(target) - 10
        let labelY = reachesZero ? Self.bottom - 12 : min(endY + 20, Self.bottom - 8)
        svg +=
            "<text class=\"projection-label\" x=\"\(Self.number(labelX))\" y=\"\(Self.number(labelY))\" "
            + "text-anchor=\"\(toTheRight ? "start" : "end")\">\(HTML.escape(label))</text>"
        return svg
    }
}
