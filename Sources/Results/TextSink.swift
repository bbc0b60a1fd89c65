/// Where a report goes as it is rendered: gathered in memory, or handed on in pieces (to a file) each time
/// a chunk has gathered, so that a large report is never held whole. At 10,000 repositories the dashboard's
/// app table is 9 MB and summary.json 7 MB; rendered whole, side by side, they were the sweep's peak.
package final class TextSink {
    /// What has gathered and not been handed on.
    private var pending: [UInt8] = []
    private let chunk: Int
    private let drain: (([UInt8]) throws -> Void)?
    /// The first error the drain threw: the rest of the report is then dropped, and the writer reports it.
    package private(set) var failure: (any Error)?

    /// A sink that keeps everything, for a report wanted as a value (`text`).
    package init() {
        chunk = .max
        drain = nil
    }

    /// A sink that hands `drain` the text in pieces of about `chunk` bytes, and the rest at `finish()`.
    package init(chunk: Int = 1 << 16, drain: @escaping ([UInt8]) throws -> Void) {
        self.chunk = chunk
        self.drain = drain
        pending.reserveCapacity(chunk + chunk / 4)
    }

    package func write(_ text: String) {
        // A native string hands over its bytes; only a bridged one is copied out first.
        var text = text
        text.withUTF8 { pending.append(contentsOf: $0) }
        drainIfFull()
    }

    package func write(_ bytes: some Collection<UInt8>) {
        pending.append(contentsOf: bytes)
        drainIfFull()
    }

    /// Writers that build their output in a byte buffer of their own (`JSONValue`) add it here, emptied.
    package func take(_ bytes: inout [UInt8]) {
        write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Hands on what is left. A sink that keeps everything keeps it.
    package func finish() {
        guard drain != nil else { return }
        hand()
    }

    /// Everything written, as text (the sink that keeps everything).
    package var text: String {
        String(decoding: pending, as: UTF8.self)
    }

    private func drainIfFull() {
        if pending.count >= chunk { hand() }
    }

    private func hand() {
        guard let drain, !pending.isEmpty else { return }
        if failure == nil {
            do { try drain(pending) } catch { failure = error }
        }
        pending.removeAll(keepingCapacity: true)
    }
}

extension TextSink {
    /// A report rendered into memory, as text.
    package static func text(_ render: (TextSink) throws -> Void) rethrows -> String {
        let sink = TextSink()
        try render(sink)
        return sink.text
    }
}
