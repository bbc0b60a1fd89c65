import Foundation

/// Reads binary property lists (`bplist00`) without Foundation, whose parser leaked what it had built
/// when a damaged file failed half-way (63 KB over 3 million fuzz inputs). Call it only on bytes
/// `BinaryPlistCheck` passed: the trailer and offset table are in range, no set, no reference loop, and
/// no more than 100,000 objects once shared children are copied. This reader still checks every offset
/// and length it follows, and refuses nesting past `PropertyListReader.maximumNesting`.
struct BinaryPlistReader {
    private let bytes: [UInt8]
    private let table: Int
    private let offsetSize: Int
    private let referenceSize: Int
    private let count: Int
    private let maximumNesting: Int

    /// The top object, or why it cannot be read.
    static func read(_ bytes: [UInt8], maximumNesting: Int = PropertyListReader.maximumNesting) throws(PropertyListError) -> PlistValue {
        guard bytes.count >= 8 + 1 + 32 else { throw damaged("truncated binary plist") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = integer(bytes, at: trailer + 8, size: 8), let top = integer(bytes, at: trailer + 16, size: 8),
            let table = integer(bytes, at: trailer + 24, size: 8), top < count, table <= trailer, count <= (trailer - table) / offsetSize
        else { throw damaged("damaged binary plist (its trailer or offset table is out of range)") }
        let reader = BinaryPlistReader(
            bytes: bytes, table: table, offsetSize: offsetSize, referenceSize: referenceSize, count: count, maximumNesting: maximumNesting)
        return try reader.object(top, depth: 0)
    }

    private static func damaged(_ message: String) -> PropertyListError {
        PropertyListError(message: message, line: nil)
    }

    private func object(_ reference: Int, depth: Int) throws(PropertyListError) -> PlistValue {
        guard depth < maximumNesting else { throw Self.damaged("binary plist nested more than \(maximumNesting) levels deep") }
        guard reference < count, let offset = Self.integer(bytes, at: table + reference * offsetSize, size: offsetSize), offset >= 8,
            offset < table
        else { throw Self.damaged("damaged binary plist (object \(reference) lies outside the object table)") }
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw Self.damaged("binary plist holds a null or fill object, which property lists of apps never do")
            }
        case 0x1:
            return .integer(try integerObject(at: offset + 1, exponent: low))
        case 0x2:
            return .real(try real(at: offset + 1, exponent: low))
        case 0x3:
            guard marker == 0x33 else { throw Self.damaged("damaged binary plist (a date of another size)") }
            return .date(Date(timeIntervalSinceReferenceDate: try real(at: offset + 1, exponent: 3)))
        case 0x4:
            let (length, start) = try self.length(low, at: offset)
            return .data(Array(try slice(start, length)))
        case 0x5:
            let (length, start) = try self.length(low, at: offset)
            // ASCII by the format; bytes past 0x7F are taken as Latin-1, as CoreFoundation does.
            return .string(String(String.UnicodeScalarView(try slice(start, length).map { Unicode.Scalar($0) })))
        case 0x6:
            let (length, start) = try self.length(low, at: offset)
            guard length <= Int.max / 2 else { throw Self.damaged("damaged binary plist (a string too long)") }
            let raw = try slice(start, length * 2)
            var units: [UInt16] = []
            units.reserveCapacity(length)
            var index = raw.startIndex
            while index < raw.endIndex {
                units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
                index += 2
            }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x7:
            let (length, start) = try self.length(low, at: offset)
            return .string(String(decoding: try slice(start, length), as: UTF8.self))
        case 0x8:
            // A UID (keyed archives); no Info.plist key holds one, so it reads as its number.
            guard let value = Self.integer(bytes, at: offset + 1, size: low + 1) else { throw Self.damaged("damaged binary plist (a UID)") }
            return .integer(value)
        case 0xA:
            let (length, start) = try self.length(low, at: offset)
            var items: [PlistValue] = []
            items.reserveCapacity(min(length, 4096))
            for position in 0..<length {
                items.append(try object(try self.reference(start, position), depth: depth + 1))
            }
            return .array(items)
        case 0xD:
            let (length, start) = try self.length(low, at: offset)
            var items: [String: PlistValue] = [:]
            for position in 0..<length {
                guard case .string(let key) = try object(try self.reference(start, position), depth: depth + 1) else {
                    throw Self.damaged("binary plist has a dictionary key that is not a string")
                }
                items[key] = try object(try self.reference(start, length + position), depth: depth + 1)
            }
            return .dictionary(items)
        default:
            throw Self.damaged("binary plist holds an object of kind \(marker >> 4), which property lists of apps never do")
        }
    }

    /// An object's length: the marker's low 4 bits, or an integer object after it when they are 0xF.
    private func length(_ low: Int, at offset: Int) throws(PropertyListError) -> (length: Int, start: Int) {
        guard low == 0x0F else { return (low, offset + 1) }
        guard offset + 1 < table, bytes[offset + 1] >> 4 == 0x1 else { throw Self.damaged("damaged binary plist (a length)") }
        let exponent = Int(bytes[offset + 1] & 0x0F)
        guard exponent <= 3, let length = Self.integer(bytes, at: offset + 2, size: 1 << exponent) else {
            throw Self.damaged("damaged binary plist (a length)")
        }
        return (length, offset + 2 + (1 << exponent))
    }

    private func reference(_ start: Int, _ position: Int) throws(PropertyListError) -> Int {
        guard position <= (table - start) / referenceSize,
            let value = Self.integer(bytes, at: start + position * referenceSize, size: referenceSize),
            start + (position + 1) * referenceSize <= table
        else { throw Self.damaged("damaged binary plist (a reference past the object table)") }
        return value
    }

    private func slice(_ start: Int, _ length: Int) throws(PropertyListError) -> ArraySlice<UInt8> {
        guard length >= 0, start <= table, length <= table - start else { throw Self.damaged("damaged binary plist (an object cut short)") }
        return bytes[start..<start + length]
    }

    /// 1, 2, 4 or 8 bytes, big-endian; 8 bytes are signed. 16 bytes (a 128-bit integer) keep their low 64 bits.
    private func integerObject(at start: Int, exponent: Int) throws(PropertyListError) -> Int {
        guard exponent <= 4 else { throw Self.damaged("damaged binary plist (an integer of \(1 << exponent) bytes)") }
        let size = 1 << exponent
        let raw = try slice(start, size)
        var value: UInt64 = 0
        for byte in raw.suffix(8) { value = value << 8 | UInt64(byte) }
        return size >= 8 ? Int(bitPattern: UInt(value)) : Int(value)
    }

    private func real(at start: Int, exponent: Int) throws(PropertyListError) -> Double {
        guard exponent == 2 || exponent == 3 else { throw Self.damaged("damaged binary plist (a real of \(1 << exponent) bytes)") }
        let raw = try slice(start, 1 << exponent)
        var bits: UInt64 = 0
        for byte in raw { bits = bits << 8 | UInt64(byte) }
        return exponent == 2 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, if it is inside the bytes and fits an Int.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size >= 1, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
