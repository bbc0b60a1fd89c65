/// Text that came from a repository (a file name, a target name, a plist value), made safe to print
/// where people and log parsers read it line by line: a terminal, a CI log, compiler-style output.
///
/// A raw line break in a file name would start a new log line, where CI runners take `::error …::`
/// for a workflow command; an ESC sequence drives the terminal; a bidirectional override (U+202E)
/// makes a name read differently from what it is. Each such scalar is shown as a `\u{…}` escape, so
/// the name stays recognisable and nothing in it acts. Tab is left alone: it cannot start a line.
package enum VisibleText {
    package static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 controls but tab, DEL, C1 controls, the line and paragraph separators, and the bidirectional
    /// embedding, override and isolate controls.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
