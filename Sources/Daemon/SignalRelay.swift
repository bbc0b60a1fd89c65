import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Turns SIGTERM and SIGINT into a stop and SIGHUP into a reload of the service: dispatch signal sources
/// on a queue of their own, after the signals' default action (ending the process) is set to ignore.
/// Nothing runs inside a signal handler; the sources read the signals from the kernel and post events.
package final class SignalRelay: @unchecked Sendable {
    // Set once in init, cancelled once in `cancel`.
    private var sources: [any DispatchSourceSignal] = []
    private var previous: [(Int32, __sighandler_t?)] = []
    private let queue = DispatchQueue(label: "scenesweep.signals")

    package init(events: ServiceEvents) {
        let signals: [(Int32, String)] = [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")]
        for (number, name) in signals {
            previous.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if number == SIGHUP {
                    events.reload()
                } else {
                    events.stop(reason: name)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops relaying and gives the signals back their earlier handling.
    package func cancel() {
        for source in sources { source.cancel() }
        sources = []
        for (number, handler) in previous { signal(number, handler) }
        previous = []
    }
}
