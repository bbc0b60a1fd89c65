import Testing

@testable import Reports

/// HTML escaping works on bytes; it gives what escaping scalar by scalar gives.
struct HTMLEscapeTests {
    /// Escaping as it was written first, one Unicode scalar at a time: the reference.
    private func scalarByScalar(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    @Test(arguments: [
        "", "plain text", "Shop <b>\"Pro\"</b> & 'co'", "tab\tline\nreturn\r\n", "nul\u{0} bell\u{7} escape\u{1B} delete\u{7F}",
        "C1 \u{80} \u{85} \u{9F} but not \u{A0} or \u{C2}\u{A9}",
        "overrides \u{202A}\u{202B}\u{202C}\u{202D}\u{202E} isolates \u{2066}\u{2069}",
        "neighbours \u{2029} \u{202F} \u{2065} \u{206A} \u{2028}", "txt.\u{202E}tfiws", "émoji 🚀🇫🇷 e\u{301} ✓", "&&&<<<>>>", "<", "\u{202E}",
        "ends with \u{C2}", String(repeating: "a long message about a window lookup & more ", count: 20),
    ])
    func escapingByBytesGivesWhatEscapingByScalarsGives(text: String) {
        #expect(HTML.escape(text) == scalarByScalar(text))
    }

    @Test func everyScalarUpToU2100EscapesAsBefore() {
        let text = String(String.UnicodeScalarView((0...0x2100).compactMap(Unicode.Scalar.init)))
        #expect(HTML.escape(text) == scalarByScalar(text))
    }
}
