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
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// `serialized()` as UTF-8 bytes. Reports are written into a byte buffer, not a `String`: appending to a
    /// string checks and grows it per piece, and a sweep writes megabytes of SARIF and JSON.
    package func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(to: &output, indent: 0)
        output.append(0x0A)
        return output
    }

    /// `serialized()` into a sink, handed on in pieces as it is written: a large document (a fleet's summary)
    /// is never held whole as text.
    package func serialize(to sink: TextSink) {
        var output: [UInt8] = []
        output.reserveCapacity(Self.piece + Self.piece / 4)
        write(to: &output, indent: 0, sink: sink)
        output.append(0x0A)
        sink.take(&output)
    }

    /// How much gathers before `serialize(to:)` hands it to the sink.
    static let piece = 1 << 16

    /// JSON on one line, without spaces (for a value that must fit on a line, such as a CI output).
    package func compact() -> String {
        var output: [UInt8] = []
        write(to: &output, indent: nil)
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes the value; `indent` is the depth for indented output, nil for compact output. With a `sink`,
    /// what has gathered goes to it after each member and item once it passes `piece` bytes.
    func write(to output: inout [UInt8], indent: Int?, sink: TextSink? = nil) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .number(let value):
            if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
                output.append(contentsOf: String(Int(value)).utf8)
            } else {
                output.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
            }
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let items):
            guard !items.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newLine(&output, indent.map { $0 + 1 })
                item.write(to: &output, indent: indent.map { $0 + 1 }, sink: sink)
                if let sink, output.count >= Self.piece { sink.take(&output) }
            }
            Self.newLine(&output, indent)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newLine(&output, indent.map { $0 + 1 })
                Self.writeString(member.0, to: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(0x20) }
                member.1.write(to: &output, indent: indent.map { $0 + 1 }, sink: sink)
                if let sink, output.count >= Self.piece { sink.take(&output) }
            }
            Self.newLine(&output, indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and two spaces per level; nothing in compact output.
    static func newLine(_ output: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        output.append(0x0A)
        for _ in 0..<indent { output.append(contentsOf: [0x20, 0x20]) }
    }

    /// A JSON string literal, escaping what JSON requires and U+2028/U+2029 (they end lines in JavaScript).
    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // A native string hands over its bytes; a bridged one is copied out first.
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { writeEscaped($0, to: &output) }
        if written == nil { writeEscaped(Array(value.utf8), to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    // Copies the runs that need no escape at once: reports and patch decisions carry long strings (a whole
    // patch).
    private static func writeEscaped<Bytes: RandomAccessCollection>(_ utf8: Bytes, to output: inout [UInt8])
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var runStart = utf8.startIndex
        var index = runStart
        let end = utf8.endIndex
        while index != end {
            let byte = utf8[index]
            // Printable ASCII other than `"` and `\`, and every byte of a multi-byte character but E2, pass.
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2 {
                index += 1
                continue
            }
            var length = 1
            let escape: String
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                guard index + 2 < end, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 else {
                    index += 1
                    continue
                }
                escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                length = 3
            default:
                let hex = String(byte, radix: 16)
                escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            output.append(contentsOf: utf8[runStart..<index])
            output.append(contentsOf: escape.utf8)
            index += length
            runStart = index
        }
        output.append(contentsOf: utf8[runStart..<end])
    }
}

/// Any encoder can write a `JSONValue`; `JSONValueEncoder` takes it as it is.
extension JSONValue: Encodable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        func single(_ value: (some Encodable)?) throws {
            var container = encoder.singleValueContainer()
            if let value { try container.encode(value) } else { try container.encodeNil() }
        }
        switch self {
        case .null: try single(String?.none)
        case .bool(let value): try single(value)
        case .int(let value): try single(value)
        case .number(let value): try single(value)
        case .string(let value): try single(value)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }
}
