/// A git index file (format version 2, as git's `Documentation/gitformat-index.txt` describes it) that lists
/// only the entries given, each pointing at a blob already in a repository's object store.
///
/// It lets `git apply --check --cached` check a patch against a commit of a bare mirror: git reads each
/// preimage from the object store through the index, so nothing of the tree is written out. Stat fields are
/// zero (git never compares them with `--cached`); the trailer is the SHA-1 of what precedes it, which git checks.
package enum GitIndexFile {
    package struct Entry: Sendable, Equatable {
        package let path: String
        package let id: ObjectID
        package let executable: Bool

        package init(path: String, id: ObjectID, executable: Bool) {
            self.path = path
            self.id = id
            self.executable = executable
        }
    }

    /// The file's bytes; entries are sorted as git sorts them (by path bytes), a path listed twice is kept once.
    package static func bytes(_ entries: [Entry]) -> [UInt8] {
        var unique: [[UInt8]: Entry] = [:]
        for entry in entries where unique[Array(entry.path.utf8)] == nil { unique[Array(entry.path.utf8)] = entry }
        let sorted = unique.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var out: [UInt8] = Array("DIRC".utf8)
        append(UInt32(2), to: &out)
        append(UInt32(sorted.count), to: &out)
        for (path, entry) in sorted {
            let start = out.count
            // ctime, mtime (seconds and nanoseconds), dev, ino: unknown and unused with --cached.
            out += [UInt8](repeating: 0, count: 24)
            append(entry.executable ? 0o100755 : 0o100644, to: &out)
            // uid, gid, size: zero, as above.
            out += [UInt8](repeating: 0, count: 12)
            out += entry.id.bytes
            // Flags: stage 0, and the name's length (0xFFF when longer: git then reads up to the NUL).
            let flags = UInt16(min(path.count, 0xFFF))
            out.append(UInt8(flags >> 8))
            out.append(UInt8(flags & 0xFF))
            out += path
            // One to eight NULs, so the entry's length is a multiple of eight.
            let length = out.count - start
            out += [UInt8](repeating: 0, count: 8 - length % 8)
        }
        out += SHA1.hash(out)
        return out
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }
}
