import Foundation
import Results
import Synchronization

/// Where the daemon says what it does: one line per event, either text for people (`--log-format text`,
/// the default) or one JSON object per line (`--log-format json`) for a log pipeline. Every secret it
/// is given (the https token, the webhook URL) is replaced by `[redacted]` wherever it would appear.
package final class DaemonLog: Sendable {
    package enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    package enum Level: String, Sendable {
        case info
        case warning
        case error
    }

    /// A field of a JSON line.
    package enum Value: Sendable, Equatable {
        case string(String)
        case int(Int)
        case number(Double)
    }

    private let format: Format
    private let now: @Sendable () -> Date
    private let write: @Sendable (String) -> Void
    private let secrets = Mutex<[String]>([])

    package init(format: Format, now: @escaping @Sendable () -> Date = { Date() }, write: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.now = now
        self.write = write
    }

    /// The values never to print. Very short values are left alone: hiding every "ab" would hide nothing.
    package func setSecrets(_ values: [String]) {
        let kept = Set(values.filter { $0.count >= 4 }).sorted { $0.count > $1.count }
        secrets.withLock { $0 = kept }
    }

    package func info(_ event: String, _ message: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        log(.info, event, message, fields)
    }

    package func warning(_ event: String, _ message: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        log(.warning, event, message, fields)
    }

    package func error(_ event: String, _ message: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        log(.error, event, message, fields)
    }

    /// Writes one line. `event` is a stable dotted name (`sweep.finished`); `fields` go into JSON lines only,
    /// since the message already says them to people.
    package func log(_ level: Level, _ event: String, _ message: String, _ fields: KeyValuePairs<String, Value> = [:]) {
        let time = Self.timestamp(now())
        let message = redact(message)
        switch format {
        case .text:
            write("\(time)  \(level == .info ? "" : level.rawValue + ": ")\(message)\n")
        case .json:
            var line = "{\"time\":\(Self.quoted(time)),\"level\":\(Self.quoted(level.rawValue)),\"event\":\(Self.quoted(event))"
            line += ",\"message\":\(Self.quoted(message))"
            for (key, value) in fields {
                line += ",\(Self.quoted(key)):"
                switch value {
                case .string(let text): line += Self.quoted(redact(text))
                case .int(let number): line += String(number)
                case .number(let number): line += number.isFinite ? String(number) : "null"
                }
            }
            write(line + "}\n")
        }
    }

    func redact(_ text: String) -> String {
        var text = text
        for secret in secrets.withLock({ $0 }) where text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: "[redacted]")
        }
        return text
    }

    static func timestamp(_ date: Date) -> String {
        var style = Date.ISO8601FormatStyle()
        style.timeZone = .gmt
        return style.format(date)
    }

    /// A JSON string, escaped as every JSON scenesweep writes is (`JSONValue`): quotes, backslashes,
    /// control characters, and U+2028/U+2029, which some log readers take for line breaks.
    static func quoted(_ text: String) -> String {
        JSONValue.string(text).compact()
    }
}
