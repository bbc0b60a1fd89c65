/// A JSON document with object keys in the order they were given, serialised deterministically.
package indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number written in Swift's shortest round-tripping form (`23.5`, `100`).
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// An optional string as a value or null.
    package static func string(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// Two-space indented JSON with a trailing newline.
    package func serialized() -> String {
        var output = ""
        write(to: &output, indent: 0)
        output += "\n"
        return output
    }

    /// JSON on one line, without spaces (for a value that must fit on a line, such as a CI output).
    package func compact() -> String {
        switch self {
        case .array(let items): return "[" + items.map { $0.compact() }.joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.map { member in
                    var key = ""
                    Self.writeString(member.0, to: &key)
                    return key + ":" + member.1.compact()
                }.joined(separator: ",") + "}"
        default:
            var output = ""
            write(to: &output, indent: 0)
            return output
        }
    }

    private func write(to output: inout String, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .number(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                output += String(Int(value))
            } else {
                output += value.isFinite ? String(value) : "null"
            }
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            if items.isEmpty {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                item.write(to: &output, indent: indent + 1)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                Self.writeString(member.0, to: &output)
                output += ": "
                member.1.write(to: &output, indent: indent + 1)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        // Byte by byte, copying the runs that need no escape at once: reports and patch decisions carry long
        // strings (a whole patch), and a scalar at a time costs more than the rest of writing them.
        let utf8 = value.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            var escape: String?
            var length = 1
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0xE2:
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end lines in JavaScript.
                let second = utf8.index(after: index)
                if second != utf8.endIndex, utf8[second] == 0x80 {
                    let third = utf8.index(after: second)
                    if third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
                        escape = utf8[third] == 0xA8 ? "\\u2028" : "\\u2029"
                        length = 3
                    }
                }
            default:
                if byte < 0x20 || byte == 0x7F {
                    let hex = String(byte, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
            guard let escape else {
                index = utf8.index(after: index)
                continue
            }
            output += String(decoding: utf8[runStart..<index], as: UTF8.self)
            output += escape
            index = utf8.index(index, offsetBy: length)
            runStart = index
        }
        output += String(decoding: utf8[runStart..<utf8.endIndex], as: UTF8.self)
        output += "\""
    }
}
