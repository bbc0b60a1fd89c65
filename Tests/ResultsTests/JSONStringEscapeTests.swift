import Foundation
import Testing

@testable import Results

/// How a string is written into scenesweep's JSON: every string reads back exactly, and the characters JSON
/// or JavaScript cannot carry raw are escaped.
struct JSONStringEscapeTests {
    private func written(_ value: String) -> String {
        var output: [UInt8] = []
        JSONValue.writeString(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @Test(arguments: [
        ("plain", "\"plain\""),
        ("a \"quote\" and a \\ backslash", "\"a \\\"quote\\\" and a \\\\ backslash\""),
        ("line\nreturn\rtab\t", "\"line\\nreturn\\rtab\\t\""),
        ("bell\u{07} delete\u{7F} nul\u{00}", "\"bell\\u0007 delete\\u007f nul\\u0000\""),
        ("separators \u{2028} and \u{2029}", "\"separators \\u2028 and \\u2029\""),
        ("é, ✓ and \u{2027} pass through", "\"é, ✓ and \u{2027} pass through\""),
    ])
    func escapesWhatJSONCannotCarryRaw(value: String, expected: String) {
        #expect(written(value) == expected)
    }

    @Test("A quote before a combining mark, emoji and a long patch read back exactly")
    func everyStringReadsBack() throws {
        let patch = (0..<400).map { "+\tline \($0) with \"quotes\", \\slashes\\ and ünïcödé 🚀\r\n" }.joined()
        for value in ["\"\u{301}", "\\\u{301}x", "🇫🇷\"🇩🇪", patch, "", "\u{2028}\u{2029}\u{E2}"] {
            let json = "[" + written(value) + "]"
            let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
            #expect(decoded == [value])
        }
    }
}
