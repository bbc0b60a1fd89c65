/// What can be read from an Expo `app.config.ts`/`.js` without running it: the app's `name`, when the file
/// writes it as a plain string literal (`name: "Tide"`, `name: 'Tide'`). Anything computed (a variable, a
/// template with `${…}`, a call) is left unknown. The file is read as text, never run.
enum ExpoCodeConfig {
    static func name(in bytes: [UInt8]) -> String? {
        let text = Array(bytes.prefix(256 << 10))
        var index = 0
        var inLineComment = false
        var inBlockComment = false
        while index < text.count {
            let byte = text[index]
            if inLineComment {
                if byte == UInt8(ascii: "\n") { inLineComment = false }
                index += 1
                continue
            }
            if inBlockComment {
                if byte == UInt8(ascii: "*"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "/") {
                    inBlockComment = false
                    index += 1
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < text.count {
                if text[index + 1] == UInt8(ascii: "/") { inLineComment = true }
                if text[index + 1] == UInt8(ascii: "*") { inBlockComment = true }
                if inLineComment || inBlockComment {
                    index += 2
                    continue
                }
            }
            // `name` as a whole word, then optional spaces, `:`, optional spaces, a quote.
            if byte == UInt8(ascii: "n"), matches(text, at: index, "name"),
                index == 0 || !isWordByte(text[index - 1]), index + 4 < text.count, !isWordByte(text[index + 4])
            {
                var cursor = index + 4
                while cursor < text.count, text[cursor] == UInt8(ascii: " ") || text[cursor] == UInt8(ascii: "\t") { cursor += 1 }
                if cursor < text.count, text[cursor] == UInt8(ascii: ":") {
                    cursor += 1
                    while cursor < text.count, text[cursor] == UInt8(ascii: " ") || text[cursor] == UInt8(ascii: "\t") { cursor += 1 }
                    // The first `name:` is the app's (Expo configs put it first); a computed one means unknown.
                    return literal(text, at: cursor)
                }
            }
            index += 1
        }
        return nil
    }

    /// A `'…'` or `"…"` literal without escapes, or a backtick one without `${`; nil for anything else.
    private static func literal(_ text: [UInt8], at start: Int) -> String? {
        guard start < text.count else { return nil }
        let quote = text[start]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") || quote == UInt8(ascii: "`") else { return nil }
        var end = start + 1
        while end < text.count, text[end] != quote {
            if text[end] == UInt8(ascii: "\\") || text[end] == UInt8(ascii: "\n") { return nil }
            if quote == UInt8(ascii: "`"), text[end] == UInt8(ascii: "$"), end + 1 < text.count, text[end + 1] == UInt8(ascii: "{") {
                return nil
            }
            end += 1
        }
        guard end < text.count, end > start + 1 else { return nil }
        return String(decoding: text[(start + 1)..<end], as: UTF8.self)
    }

    private static func matches(_ text: [UInt8], at index: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= text.count else { return false }
        return word.withUTF8Buffer { buffer in (0..<count).allSatisfy { text[index + $0] == buffer[$0] } }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }
}
