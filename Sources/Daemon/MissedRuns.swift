import Foundation

/// When the daemon sweeps next after a sweep ends, and which scheduled times it missed while it ran.
///
/// The next sweep is the first scheduled time after the last one finished. A time that fell while a sweep
/// ran is not queued: it is neither run late nor run twice, and a long sweep simply costs the slots it
/// overlapped.
package struct MissedRuns: Sendable, Hashable {
    /// The first scheduled time after the sweep finished; nil if the schedule never runs again.
    package let next: Date?
    /// How many scheduled times fell after the sweep started and no later than it finished, counting at
    /// most `countLimit`.
    package let count: Int
    /// The earliest of them, for the log.
    package let first: Date?

    /// Enough to report; counting further would only walk an every-minute schedule through a hung sweep.
    package static let countLimit = 10_000

    package init(schedule: Schedule, sweepStarted started: Date, sweepFinished finished: Date) {
        switch schedule.kind {
        case .every(let interval):
            // Intervals are anchored at the start of the sweep: slots at started + k * interval, k >= 1.
            let step = TimeInterval(interval.components.seconds)
            let elapsed = finished.timeIntervalSince(started)
            // Clamped so a nonsensical pair of dates cannot trap the conversion to Int.
            let slotsPassed = elapsed > 0 ? Int(min((elapsed / step).rounded(.down), 1e15)) : 0
            count = min(slotsPassed, MissedRuns.countLimit)
            first = slotsPassed > 0 ? started.addingTimeInterval(step) : nil
            next = started.addingTimeInterval(step * TimeInterval(slotsPassed + 1))
        case .cron:
            var missed = 0
            let earliest = schedule.next(after: started)
            var slot = earliest
            while let time = slot, time <= finished, missed < MissedRuns.countLimit {
                missed += 1
                slot = schedule.next(after: time)
            }
            count = missed
            first = missed > 0 ? earliest : nil
            // If the wall clock was stepped back during the sweep, `finished` is before `started`; counting
            // from the later one keeps the slot that sweep was for from running a second time.
            next = schedule.next(after: max(started, finished))
        }
    }
}
