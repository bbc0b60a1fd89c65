import Foundation

/// How often and how patiently a failed operation is tried again: exponential backoff with jitter.
package struct RetryPolicy: Sendable {
    /// Tries in all, the first included: 1 never tries again.
    package var attempts: Int
    /// The wait before the first retry (before jitter); each later wait doubles, up to `maximumDelay`.
    package var initialDelay: TimeInterval
    package var maximumDelay: TimeInterval
    /// A number from 0 to 1 for each wait; random unless a test fixes it.
    package var jitter: @Sendable () -> Double

    package init(
        attempts: Int, initialDelay: TimeInterval, maximumDelay: TimeInterval,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.attempts = max(1, attempts)
        self.initialDelay = max(0, initialDelay)
        self.maximumDelay = max(0, maximumDelay)
        self.jitter = jitter
    }

    /// Fetches: three tries, about 1 s and 2 s apart.
    package static let fetch = RetryPolicy(attempts: 3, initialDelay: 1, maximumDelay: 30)

    /// One try.
    package static let never = RetryPolicy(attempts: 1, initialDelay: 0, maximumDelay: 0)

    /// The wait before retry number `retry` (1 for the first): the doubled delay, capped, then placed in
    /// its upper half by `jitter` ("equal jitter"), so that many repositories failing together do not all
    /// come back at once, yet no wait shrinks to nothing.
    package func delay(beforeRetry retry: Int, jitter: Double) -> TimeInterval {
        let doubled = initialDelay * pow(2, Double(min(max(retry - 1, 0), 40)))
        let capped = min(maximumDelay, doubled)
        return capped / 2 + capped / 2 * min(max(jitter, 0), 1)
    }
}
