internal import CByteSearch

/// Object ids for new pbxproj objects: 24 uppercase hex digits, like Xcode's, derived from a seed so that
/// the same edit of the same file always gives the same ids, and never one the file already uses.
struct ObjectIDGenerator {
    /// An id's 96 bits (24 hex digits, any case): what is taken, kept without a string per word.
    private struct Bits: Hashable {
        let high: UInt64
        let low: UInt32
    }

    private let bytes: [UInt8]
    /// Whether an id names an object of the project.
    private let isObject: (String) -> Bool
    /// The ids handed out so far.
    private var taken: Set<Bits> = []
    /// Whether an id occurs as a word of the file, for the candidates looked for so far.
    private var inFile: [Bits: Bool] = [:]

    /// - Parameters:
    ///   - bytes: the project file; every 24-hex-digit word in it, in upper or lower case, counts as taken,
    ///     object or not (ids of other projects' objects appear in `remoteGlobalIDString`).
    ///   - isObject: whether an id (asked in upper and in lower case) is an object's, which the file may
    ///     spell otherwise than its text.
    init(avoiding bytes: [UInt8], isObject: @escaping (String) -> Bool) {
        self.bytes = bytes
        self.isObject = isObject
    }

    /// The id for `seed`, or for `seed` with a counter appended while that id is taken.
    mutating func id(for seed: String) -> String {
        ids(for: [seed])[0]
    }

    /// `id(for:)` of each seed in turn. The file is searched once for all first choices: a large project is a
    /// megabyte, and collecting every word of it into a set cost more than the rest of the edit.
    mutating func ids(for seeds: [String]) -> [String] {
        lookUp(Set(seeds.compactMap { Self.bits(Array(Self.hash($0).utf8)[...]) }))
        return seeds.map { seed in
            var attempt = 0
            while true {
                let id = Self.hash(attempt == 0 ? seed : "\(seed)#\(attempt)")
                if let bits = Self.bits(Array(id.utf8)[...]), !taken.contains(bits), !isObject(id), !isObject(id.lowercased()) {
                    if inFile[bits] == nil { lookUp([bits]) }
                    if inFile[bits] == false {
                        taken.insert(bits)
                        return id
                    }
                }
                attempt += 1
            }
        }
    }

    /// Records for each of `wanted` whether it is a word of the file, spelt in upper case (as Xcode writes ids)
    /// or in lower case (as some generators do); a word mixing the two is not looked for. A byte search per
    /// spelling: a pass that collected every 24-digit word cost 15 instructions a byte of a 1 MB project.
    private mutating func lookUp(_ wanted: Set<Bits>) {
        for bits in wanted {
            let upper = Self.hex(bits)
            let lower = upper.map { $0 >= UInt8(ascii: "A") ? $0 | 0x20 : $0 }
            inFile[bits] = Self.containsWord(upper, in: bytes) || Self.containsWord(lower, in: bytes)
        }
    }

    /// Whether `word` occurs in `bytes` with no word byte right before or after it.
    private static func containsWord(_ word: [UInt8], in bytes: [UInt8]) -> Bool {
        let isWord = wordBytes
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var offset = 0
            while offset < buffer.count, let found = cbs_memmem(base + offset, buffer.count - offset, word, word.count) {
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let end = start + word.count
                if (start == 0 || !isWord[Int(base[start - 1])]) && (end == buffer.count || !isWord[Int(base[end])]) { return true }
                offset = start + 1
            }
            return false
        }
    }

    /// The 24 uppercase hex digits of an id's bits.
    private static func hex(_ bits: Bits) -> [UInt8] {
        Array((hex(bits.high, digits: 16) + hex(UInt64(bits.low), digits: 8)).utf8)
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
