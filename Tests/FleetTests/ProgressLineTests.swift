import Fleet
import Synchronization
import Testing

@Suite("Progress lines for logs")
struct ProgressLineTests {
    final class Lines: Sendable {
        let all = Mutex<[ProgressLine]>([])
        func append(_ line: ProgressLine) { all.withLock { $0.append(line) } }
        var values: [ProgressLine] { all.withLock { $0 } }
    }

    @Test func eachFinishedRepositoryAndNoteIsOneTypedLineWithTheTextALogShows() {
        let lines = Lines()
        let progress = ProgressReporter(clock: .fixed(.distantPast)) { lines.append($0) }
        progress.begin(total: 2)
        progress.fetching("shop")
        progress.scanning("shop")
        progress.finished("shop", message: "scanned 1 app in 0.1 s (new commit)", failed: false)
        progress.note("token variable GH_TOKEN is empty\u{1B}[31m")
        progress.finished("cart", message: "FAILED: cannot reach it", failed: true)
        progress.end()

        #expect(
            lines.values == [
                ProgressLine(kind: .repository, text: "[1/2] shop: scanned 1 app in 0.1 s (new commit)"),
                // Control characters from a config or a server never reach a log raw.
                ProgressLine(kind: .note, text: "token variable GH_TOKEN is empty\\u{1B}[31m"),
                ProgressLine(kind: .failed, text: "[2/2] cart: FAILED: cannot reach it"),
            ])
    }
}
