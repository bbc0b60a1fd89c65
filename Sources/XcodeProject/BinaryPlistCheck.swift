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
        let layout = Layout(bytes: bytes, table: table, offsetSize: offsetSize, referenceSize: referenceSize, count: count)
        return layout.expansionProblem(from: top)
    }

    /// The most objects a binary plist may hold once every shared child is copied where it is used, as
    /// Foundation does: 45 levels of `[a, a]` are 1,920 bytes on disk and 2^45 objects expanded (past 10 GB
    /// before the process died). Apps' Info.plists hold hundreds.
    static let maximumExpandedObjects = 100_000

    /// Where the objects are, for walking references.
    private struct Layout {
        let bytes: [UInt8]
        let table: Int
        let offsetSize: Int
        let referenceSize: Int
        let count: Int

        /// Why the objects reachable from `top` cannot be expanded (a reference loop, or more than
        /// `maximumExpandedObjects`), or nil. Each object's expanded size is counted once (memoized),
        /// without recursion: children before parents.
        func expansionProblem(from top: Int) -> String? {
            var expanded = [Int](repeating: -1, count: count)
            var onPath = [Bool](repeating: false, count: count)
            var stack: [(object: Int, children: [Int], next: Int)] = []
            func push(_ object: Int) -> String? {
                guard let children = children(of: object) else { return "damaged binary plist (object \(object) is cut short)" }
                onPath[object] = true
                stack.append((object, children, 0))
                return nil
            }
            if let problem = push(top) { return problem }
            while let last = stack.last {
                if last.next < last.children.count {
                    let child = last.children[last.next]
                    stack[stack.count - 1].next += 1
                    guard child < count else { return "damaged binary plist (a reference past the last object)" }
                    if onPath[child] { return "binary plist refers to itself (a reference loop)" }
                    if expanded[child] < 0, let problem = push(child) { return problem }
                    continue
                }
                stack.removeLast()
                onPath[last.object] = false
                var total = 1
                for child in last.children {
                    total += expanded[child]
                    if total > maximumExpandedObjects {
                        return
                            "binary plist expands to more than \(maximumExpandedObjects) objects (its arrays or dictionaries share children)"
                    }
                }
                expanded[last.object] = total
            }
            return nil
        }

        /// The objects an array or dictionary refers to (keys and values); none for other objects; nil
        /// when its count or references run past the object table.
        private func children(of object: Int) -> [Int]? {
            guard let offset = integer(bytes, at: table + object * offsetSize, size: offsetSize) else { return nil }
            let marker = bytes[offset] >> 4
            guard marker == 0xA || marker == 0xD else { return [] }
            var length = Int(bytes[offset] & 0x0F)
            var start = offset + 1
            if length == 0x0F {
                guard start < table, bytes[start] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(bytes[start] & 0x0F)
                guard let value = integer(bytes, at: start + 1, size: size) else { return nil }
                length = value
                start += 1 + size
            }
            let references = marker == 0xD ? 2 * length : length
            guard references <= (table - start) / referenceSize else { return nil }
            return (0..<references).compactMap { integer(bytes, at: start + $0 * referenceSize, size: referenceSize) }
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, if it is inside the bytes and fits an Int.
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= 8, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for byte in bytes[offset..<offset + size] { value = value << 8 | UInt64(byte) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
