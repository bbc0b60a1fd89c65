import Foundation
import Results

/// When blocked apps reach zero at the recent rate: a least-squares line through the last run of each
/// day over the last two weeks of history (or the last two days with runs, when the fortnight has
/// fewer). Runs within one day say nothing about a rate per day, so a history on a single day has no
/// projection.
struct BlockedProjection: Equatable {
    enum Outcome: Equatable {
        /// Runs on fewer than two days.
        case noTrend
        /// No app is blocked.
        case cleared
        /// Blocked apps fall; the last one is fixed around `zero`.
        case falling(zero: Date)
        /// Blocked apps stay level or grow.
        case notFalling
    }

    static let window = 14

    let outcome: Outcome
    /// Blocked apps in the last run, and when it finished.
    let blocked: Int
    let last: Date?
    /// Change in blocked apps per day, from the fit (0 without a trend).
    let perDay: Double
    /// Days between the first and the last point of the fit.
    let span: Int
    /// Runs and distinct days in the history.
    let runs: Int
    let days: Int

    var perWeek: Double { perDay * 7 }

    init(_ history: [HistoryEntry]) {
        let entries = history.sorted { $0.finishedAt < $1.finishedAt }
        var daily: [(day: Int, entry: HistoryEntry)] = []
        for entry in entries {
            let day = Self.day(entry.finishedAt)
            if daily.last?.day == day { daily[daily.count - 1] = (day, entry) } else { daily.append((day, entry)) }
        }
        runs = entries.count
        days = daily.count
        blocked = entries.last?.counts.blocked ?? 0
        last = entries.last?.finishedAt
        guard let lastDay = daily.last?.day, daily.count >= 2 else {
            outcome = entries.last.map { $0.counts.blocked == 0 } == true ? .cleared : .noTrend
            perDay = 0
            span = 0
            return
        }
        var points = daily.filter { $0.day > lastDay - Self.window }
        if points.count < 2 { points = Array(daily.suffix(2)) }
        let xs = points.map { $0.entry.finishedAt.timeIntervalSince1970 / 86_400 }
        let ys = points.map { Double($0.entry.counts.blocked) }
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        var covariance = 0.0
        var variance = 0.0
        for (x, y) in zip(xs, ys) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        let slope = variance > 0 ? covariance / variance : 0
        perDay = slope
        span = points.last!.day - points.first!.day
        if blocked == 0 {
            outcome = .cleared
        } else if slope < -1e-9, let last {
            outcome = .falling(zero: last.addingTimeInterval(Double(blocked) / -slope * 86_400))
        } else {
            outcome = .notFalling
        }
    }

    /// Blocked apps expected at a later date at the recent rate (never below zero); nil without a trend.
    func blocked(at date: Date) -> Int? {
        guard let last, outcome != .noTrend else { return nil }
        let value = Double(blocked) + perDay * date.timeIntervalSince(last) / 86_400
        return max(0, Int(value.rounded()))
    }

    /// Days since 1970-01-01 (UTC) of a date.
    static func day(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}
