/// Root-relative path arithmetic. Paths use `/`, never start with `/`, and never leave the root.
package enum Paths {
    /// Joins and normalises; nil when the result would leave the root or is absolute.
    package static func resolve(_ base: String, _ relative: String) -> String? {
        if relative.hasPrefix("/") { return nil }
        return normalize(join(base, relative))
    }

    package static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty { return relative }
        if relative.isEmpty { return base }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// Removes `.` and empty components and applies `..`; nil if `..` climbs above the root.
    package static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    // Components are found by byte: a `/` or `.` is one ASCII byte in UTF-8, and the Character-based
    // `lastIndex(of:)` walked grapheme clusters backwards (a seventh of a large app's scan went there).

    package static func directory(of path: String) -> String {
        guard let slash = lastByte(UInt8(ascii: "/"), in: path.utf8[...]) else { return "" }
        return String(path.utf8[..<slash])!
    }

    package static func fileName(of path: String) -> String {
        String(nameBytes(of: path))!
    }

    /// `a/b/Main.storyboard` → `Main`.
    package static func baseName(of path: String) -> String {
        let name = nameBytes(of: path)
        guard let dot = lastByte(UInt8(ascii: "."), in: name), dot != name.startIndex else { return String(name)! }
        return String(name[..<dot])!
    }

    package static func fileExtension(of path: String) -> String {
        let name = nameBytes(of: path)
        guard let dot = lastByte(UInt8(ascii: "."), in: name), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])!
    }

    private static func nameBytes(of path: String) -> Substring.UTF8View {
        guard let slash = lastByte(UInt8(ascii: "/"), in: path.utf8[...]) else { return path.utf8[...] }
        return path.utf8[path.utf8.index(after: slash)...]
    }

    private static func lastByte(_ byte: UInt8, in bytes: Substring.UTF8View) -> String.Index? {
        let found = bytes.withContiguousStorageIfAvailable { buffer -> Int? in
            var offset = buffer.count - 1
            while offset >= 0 {
                if buffer[offset] == byte { return offset }
                offset -= 1
            }
            return nil
        }
        guard let found else { return bytes.lastIndex(of: byte) }
        return found.map { bytes.index(bytes.startIndex, offsetBy: $0) }
    }

    /// Whether `path` is `folder` or inside it.
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder.isEmpty { return true }
        return path == folder || (path.hasPrefix(folder) && path.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/"))
    }
}
