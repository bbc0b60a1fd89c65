internal import CGit2

/// A 20-byte SHA-1 object id; its description is the 40-character lowercase hex form.
package struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    // Three integers (big-endian) instead of an array: no heap allocation, cheap hashing and ordering.
    private let high: UInt64
    private let middle: UInt64
    private let low: UInt32

    /// Creates an id from exactly 20 bytes.
    package init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 20 else { return nil }
        var high: UInt64 = 0
        var middle: UInt64 = 0
        var low: UInt32 = 0
        for (index, byte) in bytes.enumerated() {
            switch index {
            case 0..<8: high = high << 8 | UInt64(byte)
            case 8..<16: middle = middle << 8 | UInt64(byte)
            default: low = low << 8 | UInt32(byte)
            }
        }
        self.high = high
        self.middle = middle
        self.low = low
    }

    /// Parses 40 hex digits (either case).
    package init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 40 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        var index = 0
        while index < 40 {
            guard let upper = Self.hexValue(utf8[index]), let lower = Self.hexValue(utf8[index + 1]) else { return nil }
            bytes.append(upper << 4 | lower)
            index += 2
        }
        self.init(bytes: bytes)
    }

    init(_ oid: git_oid) {
        let bytes = withUnsafeBytes(of: oid.id) { Array($0) }
        self.init(bytes: bytes)!
    }

    package var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(20)
        for shift in stride(from: 56, through: 0, by: -8) { result.append(UInt8(truncatingIfNeeded: high >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { result.append(UInt8(truncatingIfNeeded: middle >> UInt64(shift))) }
        for shift in stride(from: 24, through: 0, by: -8) { result.append(UInt8(truncatingIfNeeded: low >> UInt32(shift))) }
        return result
    }

    package var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(40)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    package static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
        (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = ObjectID(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a 40-digit hex object id: \(text)")
        }
        self = id
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    var oid: git_oid {
        var oid = git_oid()
        let bytes = self.bytes
        withUnsafeMutableBytes(of: &oid.id) { buffer in
            for index in 0..<20 { buffer[index] = bytes[index] }
        }
        return oid
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
