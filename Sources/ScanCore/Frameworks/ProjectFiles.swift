import XcodeProject

/// Read access to the tree for manifest and lockfile parsing.
struct ProjectFiles {
    let listed: Set<String>
    let read: (String) -> [UInt8]?

    func exists(_ path: String) -> Bool { listed.contains(path) }

    /// The first of `names` that exists in `folder`.
    func first(of names: [String], in folder: String) -> String? {
        names.map { Paths.join(folder, $0) }.first(where: exists)
    }

    /// `folder` and its ancestors up to the root, nearest first.
    static func lineage(of folder: String) -> [String] {
        var result = [folder]
        var current = folder
        while !current.isEmpty {
            current = Paths.directory(of: current)
            result.append(current)
        }
        return result
    }
}

/// Positions of literal text in a file, for `file:line` of values found by parsers that keep none.
enum TextSearch {
    /// The location of the first occurrence of `needle` (optionally after `after`).
    static func location(of needle: String, in bytes: [UInt8], file: String, after: String? = nil) -> Location? {
        let text = String(decoding: bytes, as: UTF8.self)
        var searchStart = text.startIndex
        if let after, let anchor = text.firstRange(of: after) { searchStart = anchor.upperBound }
        guard let range = text[searchStart...].firstRange(of: needle) else { return nil }
        let prefix = text[..<range.lowerBound]
        let line = prefix.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let column = text[lineStart..<range.lowerBound].unicodeScalars.count + 1
        return Location(file: file, line: line, column: column)
    }
}
