/// Answers "does this file contain any of these literals?" in one pass over its bytes.
///
/// Every literal's 4-byte windows go into a hashed bitmap; the scan samples one 4-byte window every
/// `stride` bytes (stride = shortest literal − 3, so each occurrence of every literal covers at least
/// one sampled window), and only bitmap hits are verified. Files that mention none of the literals a
/// scan cares about are never lexed.
///
/// A search can also record literals that do not make a file worth lexing (`recording:`): the words
/// rules ask `SourceFile.mentions` about. `presence(in:)` finds every literal of both kinds in one pass,
/// so those questions cost a bit test instead of a search of the file each.
package struct AnchorSearch: Sendable {
    /// The anchors: literals that make a file worth lexing.
    package let literals: [[UInt8]]
    /// Every literal searched for, the anchors first, then the recorded ones.
    private let searched: [[UInt8]]
    /// Index in `searched` by spelling.
    private let indexByLiteral: [String: Int]
    private let anchorMask: LiteralSet
    private let stride: Int
    private let bitmap: [UInt64]
    /// Where each bitmap slot's windows start in `entries` (slot `s` owns `entries[slotStart[s]..<slotStart[s + 1]]`):
    /// a flat table instead of a dictionary, so a bitmap hit costs no hashing.
    private let slotStart: [Int32]
    private let entries: [Entry]

    /// A literal's 4-byte window, which literal it belongs to and at what offset.
    private struct Entry: Sendable {
        let window: UInt32
        let literal: Int32
        let offset: Int32
    }

    private static let bitmapBits = 1 << 16

    package init(_ literals: [String], recording recorded: [String] = []) {
        precondition(literals.allSatisfy { $0.utf8.count >= 4 }, "anchor literals need at least 4 bytes")
        precondition(recorded.allSatisfy { $0.utf8.count >= 4 }, "recorded literals need at least 4 bytes")
        let encoded = Array(Set(literals.map { Array($0.utf8) })).sorted { $0.lexicographicallyPrecedes($1) }
        let anchorSet = Set(encoded)
        let extra = Array(Set(recorded.map { Array($0.utf8) }).subtracting(anchorSet)).sorted { $0.lexicographicallyPrecedes($1) }
        self.literals = encoded
        let searched = encoded + extra
        self.searched = searched
        indexByLiteral = Dictionary(uniqueKeysWithValues: searched.enumerated().map { (String(decoding: $1, as: UTF8.self), $0) })
        var mask = LiteralSet()
        for index in encoded.indices where index < LiteralSet.capacity { mask.insert(index) }
        anchorMask = mask
        stride = max(1, (searched.map(\.count).min() ?? 4) - 3)
        var bitmap = [UInt64](repeating: 0, count: Self.bitmapBits / 64)
        // Entries grouped by slot with a counting sort: count per slot, then place.
        var windows: [(slot: Int, entry: Entry)] = []
        for (index, literal) in searched.enumerated() {
            for offset in 0...(literal.count - 4) {
                let window =
                    UInt32(literal[offset]) | UInt32(literal[offset + 1]) << 8
                    | UInt32(literal[offset + 2]) << 16 | UInt32(literal[offset + 3]) << 24
                let slot = Self.hash(window)
                bitmap[slot >> 6] |= 1 << UInt64(slot & 63)
                windows.append((slot, Entry(window: window, literal: Int32(index), offset: Int32(offset))))
            }
        }
        var slotStart = [Int32](repeating: 0, count: Self.bitmapBits + 1)
        for window in windows { slotStart[window.slot + 1] += 1 }
        for slot in 0..<Self.bitmapBits { slotStart[slot + 1] += slotStart[slot] }
        var next = slotStart
        var entries = [Entry](repeating: Entry(window: 0, literal: 0, offset: 0), count: windows.count)
        for window in windows {
            entries[Int(next[window.slot])] = window.entry
            next[window.slot] += 1
        }
        self.bitmap = bitmap
        self.slotStart = slotStart
        self.entries = entries
    }

    @inline(__always)
    private static func hash(_ window: UInt32) -> Int {
        Int((window &* 0x9E37_79B1) >> 16)
    }

    /// Whether any anchor occurs in `bytes`.
    package func occurs(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { occurs(in: $0) }
    }

    package func occurs(in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !literals.isEmpty else { return false }
        var found = false
        scan(buffer) { literal in
            guard literal < literals.count else { return false }
            found = true
            return true
        }
        return found
    }

    /// Every literal, anchor or recorded, that occurs in `bytes`; nil when there are more literals than
    /// a `LiteralSet` holds.
    package func presence(in bytes: [UInt8]) -> LiteralPresence? {
        guard searched.count <= LiteralSet.capacity else { return nil }
        var found = LiteralSet()
        let all = searched.count
        var count = 0
        bytes.withUnsafeBufferPointer { buffer in
            scan(buffer) { literal in
                if !found.contains(literal) {
                    found.insert(literal)
                    count += 1
                }
                return count == all
            }
        }
        return LiteralPresence(search: self, found: found)
    }

    /// Whether a presence holds an anchor (the file is worth lexing).
    func hasAnchor(_ presence: LiteralPresence) -> Bool {
        presence.found.intersects(anchorMask)
    }

    /// The index of a literal among those searched for, or nil.
    func index(of literal: String) -> Int? {
        indexByLiteral[literal]
    }

    /// Calls `matched` with the index of each literal found (more than once for repeated occurrences)
    /// until it returns true.
    private func scan(_ buffer: UnsafeBufferPointer<UInt8>, _ matched: (Int) -> Bool) {
        guard let base = buffer.baseAddress, buffer.count >= 4, !searched.isEmpty else { return }
        let raw = UnsafeRawPointer(base)
        let last = buffer.count - 4
        bitmap.withUnsafeBufferPointer { bits in
            var position = 0
            while position <= last {
                let window = raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                let slot = Self.hash(window)
                if bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0, verify(window, at: position, in: buffer, matched) {
                    return
                }
                position += stride
            }
            // The tail shorter than a stride may still hold the last window.
            if (last % stride) != 0 {
                let window = raw.loadUnaligned(fromByteOffset: last, as: UInt32.self)
                _ = verify(window, at: last, in: buffer, matched)
            }
        }
    }

    /// Reports the literals whose window at `position` is this one; true when `matched` says stop.
    private func verify(
        _ window: UInt32, at position: Int, in buffer: UnsafeBufferPointer<UInt8>, _ matched: (Int) -> Bool
    ) -> Bool {
        let slot = Self.hash(window)
        for entry in entries[Int(slotStart[slot])..<Int(slotStart[slot + 1])] where entry.window == window {
            let literal = searched[Int(entry.literal)]
            let start = position - Int(entry.offset)
            guard start >= 0, start + literal.count <= buffer.count else { continue }
            var same = true
            for index in 0..<literal.count where buffer[start + index] != literal[index] {
                same = false
                break
            }
            if same, matched(Int(entry.literal)) { return true }
        }
        return false
    }
}

/// A set of literal indices below 256, kept inline (no allocation per file).
package struct LiteralSet: Sendable, Equatable {
    static let capacity = 256
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}

    func contains(_ index: Int) -> Bool {
        word(index >> 6) & (1 << UInt64(index & 63)) != 0
    }

    mutating func insert(_ index: Int) {
        let bit: UInt64 = 1 << UInt64(index & 63)
        switch index >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    func intersects(_ other: LiteralSet) -> Bool {
        (words.0 & other.words.0) | (words.1 & other.words.1) | (words.2 & other.words.2) | (words.3 & other.words.3) != 0
    }

    private func word(_ index: Int) -> UInt64 {
        switch index {
        case 0: words.0
        case 1: words.1
        case 2: words.2
        default: words.3
        }
    }

    package static func == (lhs: LiteralSet, rhs: LiteralSet) -> Bool {
        lhs.words == rhs.words
    }
}

/// Which of a search's literals a file's bytes contain, found by the pass that decided to lex it.
package struct LiteralPresence: Sendable {
    let search: AnchorSearch
    let found: LiteralSet

    /// Whether the file contains `literal`, or nil when the search did not look for it.
    func contains(_ literal: String) -> Bool? {
        search.index(of: literal).map { found.contains($0) }
    }
}
