/// Object ids for new pbxproj objects: 24 uppercase hex digits, like Xcode's, derived from a seed so that
/// the same edit of the same file always gives the same ids, and never one the file already uses.
struct ObjectIDGenerator {
    private var taken: Set<String>

    /// - Parameter bytes: the project file; every 24-hex-digit word in it counts as taken, object or not
    ///   (ids of other projects' objects appear in `remoteGlobalIDString`).
    init(avoiding bytes: [UInt8], objectIDs: some Sequence<String>) {
        var taken = Set(objectIDs)
        var start = 0
        while start < bytes.count {
            guard Self.isWordByte(bytes[start]) else {
                start += 1
                continue
            }
            var end = start
            var isHex = true
            while end < bytes.count, Self.isWordByte(bytes[end]) {
                if Self.hexDigit(bytes[end]) == nil { isHex = false }
                end += 1
            }
            if isHex, end - start == 24 { taken.insert(String(decoding: bytes[start..<end], as: UTF8.self).uppercased()) }
            start = end
        }
        self.taken = taken
    }

    /// The id for `seed`, or for `seed` with a counter appended while that id is taken.
    mutating func id(for seed: String) -> String {
        var attempt = 0
        while true {
            let id = Self.hash(attempt == 0 ? seed : "\(seed)#\(attempt)")
            if taken.insert(id).inserted { return id }
            attempt += 1
        }
    }

    /// 96 bits of two FNV-1a hashes of the seed (the second from another starting value), as 24 hex digits.
    static func hash(_ seed: String) -> String {
        hex(fnv1a(seed, basis: 0xcbf2_9ce4_8422_2325), digits: 16) + hex(fnv1a(seed, basis: 0x84222325_cbf29ce4) >> 32, digits: 8)
    }

    private static func fnv1a(_ text: String, basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: digits - text.count) + text
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
