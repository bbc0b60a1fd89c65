import Foundation

/// The wall clock the daemon reads and waits on, injected so tests can move time by hand.
///
/// Wall-clock `Date`s, not `Swift.Clock` instants: schedules name times of day, and a clock stepped by
/// NTP or a suspended machine must still wake the daemon at 02:00. (Named apart from the standard
/// library's `Clock`, which it would otherwise shadow.)
package protocol WallClock: Sendable {
    var now: Date { get }
    /// Returns once `now` has reached `deadline` (at once if it has already); throws `CancellationError`
    /// if the task is cancelled first.
    func sleep(until deadline: Date) async throws
}
