/// How Xcode writes a string in a `project.pbxproj`.
enum OpenStepText {
    /// Bare when made of letters, digits and `_$/:.` with no `//` or `___` (so `Info-Debug.plist` is quoted),
    /// else quoted with `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        let isBare =
            !text.isEmpty && !text.contains("//") && !text.contains("___")
            && text.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
                    || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            }
        if isBare { return text }
        var escaped = "\""
        for character in text {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped + "\""
    }
}
