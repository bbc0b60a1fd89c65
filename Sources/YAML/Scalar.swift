/// A scalar's text as written (after unescaping and folding), with the style that tells `"true"` from `true`.
package struct Scalar: Sendable, Hashable {
    package enum Style: Sendable, Hashable {
        case plain
        case singleQuoted
        case doubleQuoted
        /// `|`
        case literal
        /// `>`
        case folded
    }

    package let text: String
    package let style: Style
    /// The explicit tag, expanded (e.g. "tag:yaml.org,2002:str"), or nil.
    package let tag: String?

    package init(_ text: String, style: Style = .plain, tag: String? = nil) {
        self.text = text
        self.style = style
        self.tag = tag
    }

    static let nullTag = "tag:yaml.org,2002:null"

    /// Whether typing rules apply: plain and untagged (quoted, block or `!!str` scalars are strings).
    package var isPlain: Bool { style == .plain && tag == nil }

    /// `null`, `Null`, `NULL`, `~` or nothing, written plain; or tagged `!!null`.
    package var isNull: Bool {
        if tag == Self.nullTag { return true }
        guard isPlain else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The boolean a plain scalar spells (`true`/`True`/`TRUE`, `false`/`False`/`FALSE`), else nil.
    package var bool: Bool? {
        guard isPlain else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// The integer a plain scalar spells: decimal with optional sign, `0x` hex or `0o` octal; nil if it
    /// is not an integer or does not fit.
    package var integer: Int? {
        guard isPlain else { return nil }
        return Self.parseInteger(text)
    }

    /// The number a plain scalar spells: an integer, a decimal/exponent float, `.inf`, `-.inf` or `.nan`.
    package var double: Double? {
        guard isPlain else { return nil }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        if let integer = Self.parseInteger(text) { return Double(integer) }
        guard Self.looksLikeFloat(text) else { return nil }
        return Double(text)
    }

    static func parseInteger(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if digits.hasPrefix("0x") { return digits.count > 2 ? Int(digits.dropFirst(2), radix: 16) : nil }
        if digits.hasPrefix("0o") { return digits.count > 2 ? Int(digits.dropFirst(2), radix: 8) : nil }
        if let first = digits.first, first == "-" || first == "+" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(negative ? "-" + digits : String(digits))
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, checked by hand.
    private static func looksLikeFloat(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var mantissaDigits = 0
        while isDigit(index) {
            index += 1
            mantissaDigits += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) {
                index += 1
                mantissaDigits += 1
            }
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return index == bytes.count
    }
}
