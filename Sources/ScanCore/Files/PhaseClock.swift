#if canImport(Glibc)
    import Glibc
#endif

/// Prints how long each phase of a scan took to stderr when `SCENESWEEP_TRACE` is set: the first
/// thing to look at when a tree scans slowly.
package final class PhaseClock: @unchecked Sendable {
    private let enabled = getenv("SCENESWEEP_TRACE") != nil
    private var last = PhaseClock.now()

    package init() {}

    package func lap(_ label: String) {
        guard enabled else { return }
        let now = Self.now()
        let milliseconds = Double(now - last) / 1_000_000
        let line = "trace: \(label): \(Int(milliseconds.rounded())) ms\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        last = now
    }

    private static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
