/// Answers "does this file contain any of these literals?" in one pass over its bytes.
///
/// Every literal's 4-byte windows go into a hashed bitmap; the scan samples one 4-byte window every
/// `stride` bytes (stride = shortest literal − 3, so each occurrence of every literal covers at least
/// one sampled window), and only bitmap hits are verified. Files that mention none of the literals a
/// scan cares about are never lexed.
public struct AnchorSearch: Sendable {
    public let literals: [[UInt8]]
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

    public init(_ literals: [String]) {
        let encoded = Array(Set(literals.map { Array($0.utf8) }.filter { $0.count >= 4 })).sorted { $0.lexicographicallyPrecedes($1) }
        precondition(literals.allSatisfy { $0.utf8.count >= 4 }, "anchor literals need at least 4 bytes")
        self.literals = encoded
        stride = max(1, (encoded.map(\.count).min() ?? 4) - 3)
        var bitmap = [UInt64](repeating: 0, count: Self.bitmapBits / 64)
        var bySlot: [[Entry]] = Array(repeating: [], count: Self.bitmapBits)
        for (index, literal) in encoded.enumerated() {
            for offset in 0...(literal.count - 4) {
                let window =
                    UInt32(literal[offset]) | UInt32(literal[offset + 1]) << 8
                    | UInt32(literal[offset + 2]) << 16 | UInt32(literal[offset + 3]) << 24
                let slot = Self.hash(window)
                bitmap[slot >> 6] |= 1 << UInt64(slot & 63)
                bySlot[slot].append(Entry(window: window, literal: Int32(index), offset: Int32(offset)))
            }
        }
        var slotStart = [Int32](repeating: 0, count: Self.bitmapBits + 1)
        var entries: [Entry] = []
        for slot in 0..<Self.bitmapBits {
            slotStart[slot] = Int32(entries.count)
            entries += bySlot[slot]
        }
        slotStart[Self.bitmapBits] = Int32(entries.count)
        self.bitmap = bitmap
        self.slotStart = slotStart
        self.entries = entries
    }

    @inline(__always)
    private static func hash(_ window: UInt32) -> Int {
        Int((window &* 0x9E37_79B1) >> 16)
    }

    /// Whether any literal occurs in `bytes`.
    public func occurs(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { occurs(in: $0) }
    }

    public func occurs(in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress, buffer.count >= 4, !literals.isEmpty else { return false }
        let raw = UnsafeRawPointer(base)
        let last = buffer.count - 4
        return bitmap.withUnsafeBufferPointer { bits in
            var position = 0
            while position <= last {
                let window = raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)
                let slot = Self.hash(window)
                if bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0, verify(window, at: position, in: buffer) {
                    return true
                }
                position += stride
            }
            // The tail shorter than a stride may still hold the last window.
            if (last % stride) != 0 {
                let window = raw.loadUnaligned(fromByteOffset: last, as: UInt32.self)
                if verify(window, at: last, in: buffer) { return true }
            }
            return false
        }
    }

    private func verify(_ window: UInt32, at position: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let slot = Self.hash(window)
        for entry in entries[Int(slotStart[slot])..<Int(slotStart[slot + 1])] where entry.window == window {
            let literal = literals[Int(entry.literal)]
            let start = position - Int(entry.offset)
            guard start >= 0, start + literal.count <= buffer.count else { continue }
            var matched = true
            for index in 0..<literal.count where buffer[start + index] != literal[index] {
                matched = false
                break
            }
            if matched { return true }
        }
        return false
    }
}
