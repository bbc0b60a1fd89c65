/// The text git puts after a hunk header's ranges when no diff driver names a funcname pattern: the
/// nearest line above the hunk that starts with a letter, `_` or `$` (a declaration at the left margin),
/// cut to 80 bytes and stripped of trailing white space.
enum FunctionLine {
    /// The nearest such line from line `line - 1` up to line `lowest`, or nil when there is none.
    static func nearest(in lines: ByteLines, above line: Int, downTo lowest: Int) -> ArraySlice<UInt8>? {
        var candidate = line - 1
        while candidate >= lowest {
            let text = lines[candidate]
            if let first = text.first, isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: "$") {
                var end = min(text.endIndex, text.startIndex + maximumLength)
                while end > text.startIndex && isSpace(text[end - 1]) { end -= 1 }
                return text[text.startIndex..<end]
            }
            candidate -= 1
        }
        return nil
    }

    /// git keeps this many bytes of the line, even when that cuts a UTF-8 sequence.
    private static let maximumLength = 80

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// C's `isspace`: space, tab, line feed, vertical tab, form feed and carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (9...13).contains(byte)
    }
}
