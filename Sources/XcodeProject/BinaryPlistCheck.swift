/// Checks the structure of a binary property list before Foundation reads it.
///
/// swift-corelibs-foundation trusts the file: a 380-byte binary Info.plist whose top object was a set
/// (marker 0xC), which no app's property list holds, crashed the whole process while Foundation bridged
/// it (a SEGV in the Swift runtime, found by `scripts/fuzz plist`). So the trailer, the offset table and
/// every object's marker are checked first, and a file that fails is refused with a message.
enum BinaryPlistCheck {
    /// Why the file cannot be handed to Foundation, or nil when its structure is sound.
    static func problem(in bytes: [UInt8]) -> String? {
        // `bplist00`, at least one object, and the 32-byte trailer.
        guard bytes.count >= 8 + 1 + 32 else { return "truncated binary plist" }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = integer(bytes, at: trailer + 8, size: 8),
            let top = integer(bytes, at: trailer + 16, size: 8),
            let table = integer(bytes, at: trailer + 24, size: 8),
            count > 0, top < count, table >= 9, table <= trailer, count <= (trailer - table) / offsetSize
        else { return "damaged binary plist (its trailer or offset table is out of range)" }
        for index in 0..<count {
            guard let offset = integer(bytes, at: table + index * offsetSize, size: offsetSize), offset >= 8, offset < table else {
                return "damaged binary plist (object \(index) lies outside the object table)"
            }
            // 0xB and 0xC are CFBinaryPlist's ordered set and set: never in an app's plist, and bridging
            // them is what crashed.
            let marker = bytes[offset] >> 4
            if marker == 0xB || marker == 0xC { return "binary plist holds a set, which property lists of apps never do" }
        }
        return nil
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, if it is inside the bytes and fits an Int.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
