/// File names as git writes them in a patch's headers, which `git apply` reads back.
enum GitPath {
    /// The name as its UTF-8 bytes, or, when it holds a double quote, a backslash, a control character or
    /// a byte past ASCII, in double quotes with those escaped as in C (`\t`, `\"`, `\\`, octal `\303\251`),
    /// as git writes names when `core.quotePath` is on (its default). Spaces need no quoting.
    static func quoted(_ name: String) -> [UInt8] {
        let bytes = Array(name.utf8)
        guard bytes.contains(where: needsEscape) else { return bytes }
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        for byte in bytes {
            guard needsEscape(byte) else {
                quoted.append(byte)
                continue
            }
            quoted.append(UInt8(ascii: "\\"))
            if let letter = letterEscapes[byte] {
                quoted.append(letter)
            } else {
                quoted += [byte >> 6, (byte >> 3) & 7, byte & 7].map { UInt8(ascii: "0") + $0 }
            }
        }
        quoted.append(UInt8(ascii: "\""))
        return quoted
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let letterEscapes: [UInt8: UInt8] = [
        0x07: UInt8(ascii: "a"), 0x08: UInt8(ascii: "b"), 0x09: UInt8(ascii: "t"), 0x0A: UInt8(ascii: "n"),
        0x0B: UInt8(ascii: "v"), 0x0C: UInt8(ascii: "f"), 0x0D: UInt8(ascii: "r"),
        UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
    ]
}
