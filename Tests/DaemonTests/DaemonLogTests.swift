import Daemon
import Fleet
import Foundation
import Results
import Testing

@Suite struct DaemonLogTests {
    private let noon = Date(timeIntervalSince1970: 1_796_040_000)

    @Test func textLinesAreForPeopleAndJSONLinesAreOneObjectEach() throws {
        let text = LogCapture()
        let json = LogCapture()
        for (format, capture) in [(DaemonLog.Format.text, text), (.json, json)] {
            let log = DaemonLog(format: format, now: { [noon] in noon }, write: capture.write)
            log.info("sweep.started", "sweep started: 2 repositories", ["repos": .int(2)])
            log.warning("sweep.note", "shop: \"quoted\"\nand a line break", ["seconds": .number(1.5), "run": .string("r1")])
        }

        #expect(
            text.lines == [
                "2026-11-30T12:00:00Z  sweep started: 2 repositories", "2026-11-30T12:00:00Z  warning: shop: \"quoted\"",
                "and a line break",
            ])
        #expect(json.lines.count == 2)
        #expect(
            json.lines[0]
                == #"{"time":"2026-11-30T12:00:00Z","level":"info","event":"sweep.started","message":"sweep started: 2 repositories","repos":2}"#
        )
        let second = try #require(try JSONSerialization.jsonObject(with: Data(json.lines[1].utf8)) as? [String: Any])
        #expect(second["message"] as? String == "shop: \"quoted\"\nand a line break")
        #expect(second["level"] as? String == "warning")
        #expect(second["seconds"] as? Double == 1.5)
        #expect(second["run"] as? String == "r1")
    }

    @Test func lineAndParagraphSeparatorsAreEscapedLikeEveryOtherJSONWeWrite() throws {
        let capture = LogCapture()
        let log = DaemonLog(format: .json, now: { [noon] in noon }, write: capture.write)
        log.info("x", "a\u{2028}b\u{2029}c\u{7}d")
        // Some log shippers split lines at U+2028/U+2029: escaped, each event stays on one line.
        #expect(capture.lines.count == 1)
        #expect(capture.lines[0].contains(#""message":"a\u2028b\u2029c\u0007d""#), "\(capture.lines)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(capture.lines[0].utf8)) as? [String: Any])
        #expect(object["message"] as? String == "a\u{2028}b\u{2029}c\u{7}d")
    }

    @Test func progressLinesTakeTheirLevelFromWhatHappenedNotFromTheirText() {
        let capture = LogCapture()
        let log = DaemonLog(format: .json, now: { [noon] in noon }, write: capture.write)
        let progress = ProgressReporter([log])
        let none = AppCounts()
        progress.begin(total: 2)
        // A repository named like a failure, and a note that reads like a repository line.
        progress.report(.fetching("shop: FAILED: no"))
        progress.report(.scanned("shop: FAILED: no", counts: none, seconds: 0.5, reason: "first scan"))
        progress.report(.failed("cart", reason: "cannot reach it", keeping: nil))
        progress.note("[3/3] note: looks like a repository line")
        #expect(capture.lines.count == 3)
        #expect(capture.lines[0].contains("[1/2] shop: FAILED: no: scanned no apps in 0.5 s (first scan)"))
        #expect(capture.lines[0].contains(#""level":"info","event":"sweep.repo""#))
        #expect(capture.lines[1].contains(#""level":"warning","event":"sweep.repo""#))
        #expect(capture.lines[2].contains(#""level":"warning","event":"sweep.note""#))
    }

    @Test func secretsAreRedactedFromMessagesAndFields() {
        let capture = LogCapture()
        let log = DaemonLog(format: .json, write: capture.write)
        log.setSecrets(["ghp_token123", "https://hooks.slack.com/services/T0/B0/XyZ", "ab"])

        log.error("x", "cannot reach https://hooks.slack.com/services/T0/B0/XyZ with ghp_token123", ["url": .string("ghp_token123")])

        #expect(!capture.all.contains("ghp_token123"))
        #expect(!capture.all.contains("XyZ"))
        #expect(capture.all.contains("cannot reach [redacted] with [redacted]"))
        #expect(capture.all.contains("\"url\":\"[redacted]\""))
    }
}
