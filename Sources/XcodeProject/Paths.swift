/// Root-relative path arithmetic. Paths use `/`, never start with `/`, and never leave the root.
public enum Paths {
    /// Joins and normalises; nil when the result would leave the root or is absolute.
    public static func resolve(_ base: String, _ relative: String) -> String? {
        if relative.hasPrefix("/") { return nil }
        return normalize(join(base, relative))
    }

    public static func join(_ base: String, _ relative: String) -> String {
        if base.isEmpty { return relative }
        if relative.isEmpty { return base }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// Removes `.` and empty components and applies `..`; nil if `..` climbs above the root.
    public static func normalize(_ path: String) -> String? {
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

    // Searched as bytes: `/` is ASCII, and a search by Character costs several times more on the listings of
    // large trees, where these run once per file.
    public static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    public static func fileName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// `a/b/Main.storyboard` → `Main`.
    public static func baseName(of path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    public static func fileExtension(of path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// Whether `path` is `folder` or inside it.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder.isEmpty { return true }
        return path == folder || (path.hasPrefix(folder) && path.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/"))
    }
}
