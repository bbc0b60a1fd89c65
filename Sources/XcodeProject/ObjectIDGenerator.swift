/// Object ids for new pbxproj objects: 24 uppercase hex digits, like Xcode's, derived from a seed so that
/// the same edit of the same file always gives the same ids, and never one the file already uses.
struct ObjectIDGenerator {
    /// An id's 96 bits (24 hex digits, any case): what is taken, kept without a string per word.
    private struct Bits: Hashable {
        let high: UInt64
        let low: UInt32
    }

    private var taken: Set<Bits>

    /// - Parameter bytes: the project file; every 24-hex-digit word in it counts as taken, object or not
    ///   (ids of other projects' objects appear in `remoteGlobalIDString`).
    init(avoiding bytes: [UInt8], objectIDs: some Sequence<String>) {
        var taken = Set(objectIDs.compactMap { Self.bits(Array($0.utf8)[...]) })
        // Every byte of a large project file passes through this loop: pointers and a local table, no checks.
        let isWord = Self.wordBytes
        bytes.withUnsafeBufferPointer { buffer in
            isWord.withUnsafeBufferPointer { isWord in
                guard let base = buffer.baseAddress, let isWord = isWord.baseAddress else { return }
                let count = buffer.count
                var start = 0
                while start < count {
                    guard isWord[Int(base[start])] else {
                        start += 1
                        continue
                    }
                    var end = start + 1
                    while end < count, isWord[Int(base[end])] { end += 1 }
                    if end - start == 24, let bits = Self.bits(bytes[start..<end]) { taken.insert(bits) }
                    start = end
                }
            }
        }
        self.taken = taken
    }

    /// The id for `seed`, or for `seed` with a counter appended while that id is taken.
    mutating func id(for seed: String) -> String {
        var attempt = 0
        while true {
            let id = Self.hash(attempt == 0 ? seed : "\(seed)#\(attempt)")
            if let bits = Self.bits(Array(id.utf8)[...]), taken.insert(bits).inserted { return id }
            attempt += 1
        }
    }

    /// The bits of 24 hex digits; nil for anything else.
    private static func bits(_ word: ArraySlice<UInt8>) -> Bits? {
        guard word.count == 24 else { return nil }
        return word.withUnsafeBufferPointer { word in
            hexValues.withUnsafeBufferPointer { values in
                var high: UInt64 = 0
                var low: UInt64 = 0
                for offset in 0..<24 {
                    let digit = values[Int(word[offset])]
                    guard digit < 16 else { return nil }
                    if offset < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt64(digit) }
                }
                return Bits(high: high, low: UInt32(low))
            }
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

    /// Whether each byte value belongs to a word (letters, digits, `_`): a table, as every byte of a large
    /// project file is looked up.
    private static let wordBytes: [Bool] = (0..<256).map { value in
        let byte = UInt8(value)
        return (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// Each byte value's hex digit, or 16 for a byte that is not one (any case).
    private static let hexValues: [UInt8] = (0..<256).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return 16
        }
    }
}
