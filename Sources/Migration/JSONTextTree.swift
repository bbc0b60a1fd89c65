/// A JSON document read for editing as text: every value with the byte range it fills, objects with their
/// members in order. Only what `fix` needs to insert a member or an element where a person would.
enum JSONTextTree {
    /// An object's member: its key, where the key's quote starts, and its value.
    struct Member {
        let key: String
        let keyStart: Int
        let value: JSONTextTree
    }

    case object(members: [Member], range: Range<Int>)
    case array(elements: [JSONTextTree], range: Range<Int>)
    case string(String, range: Range<Int>)
    case other(range: Range<Int>)

    var range: Range<Int> {
        switch self {
        case .object(_, let range), .array(_, let range), .string(_, let range), .other(let range): return range
        }
    }

    /// The member's value, for an object.
    func member(_ key: String) -> JSONTextTree? {
        guard case .object(let members, _) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// Reads a whole document; nil when it is not plain JSON (comments, trailing commas, truncation).
    static func read(_ bytes: [UInt8]) -> JSONTextTree? {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value() else { return nil }
        reader.skipSpace()
        return reader.offset == bytes.count ? value : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func value() -> JSONTextTree? {
            skipSpace()
            guard offset < bytes.count else { return nil }
            let start = offset
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                var members: [Member] = []
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return .object(members: members, range: start..<offset)
                }
                while true {
                    skipSpace()
                    let keyStart = offset
                    guard case .string(let key, _)? = string(), expect(":"), let member = value() else { return nil }
                    members.append(Member(key: key, keyStart: keyStart, value: member))
                    skipSpace()
                    if expect(",") { continue }
                    guard expect("}") else { return nil }
                    return .object(members: members, range: start..<offset)
                }
            case UInt8(ascii: "["):
                offset += 1
                var elements: [JSONTextTree] = []
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return .array(elements: elements, range: start..<offset)
                }
                while true {
                    guard let element = value() else { return nil }
                    elements.append(element)
                    skipSpace()
                    if expect(",") { continue }
                    guard expect("]") else { return nil }
                    return .array(elements: elements, range: start..<offset)
                }
            case UInt8(ascii: "\""):
                return string()
            default:
                while offset < bytes.count, !",]} \t\r\n".utf8.contains(bytes[offset]) { offset += 1 }
                return offset > start ? .other(range: start..<offset) : nil
            }
        }

        mutating func expect(_ character: Character) -> Bool {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == character.asciiValue else { return false }
            offset += 1
            return true
        }

        /// A string; escapes are kept as written (keys `fix` looks for have none).
        mutating func string() -> JSONTextTree? {
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
            let start = offset
            offset += 1
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
                offset += bytes[offset] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard offset < bytes.count else { return nil }
            offset += 1
            return .string(String(decoding: bytes[(start + 1)..<(offset - 1)], as: UTF8.self), range: start..<offset)
        }
    }
}
