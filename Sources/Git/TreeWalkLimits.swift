/// What a tree walk refuses: names no checkout could hold (`..` would put a file outside the tree) and
/// folders nested past `maximumDepth` (libgit2's walk recurses once per level: a tree 100,000 folders
/// deep overflowed the stack). Each refusal leaves that entry out and is reported; the rest is listed.
package enum TreeWalkLimits {
    /// Folders below the root a walk enters. Real trees stay far below: node_modules, the deepest
    /// common nesting, is skipped anyway.
    package static let maximumDepth = 256

    /// Why an entry named `name` in `folder` (ending in "/", or empty at the root) is left out, or nil.
    static func problem(name: String, folder: String, isFolder: Bool) -> SkippedTreeEntry.Reason? {
        // Asked of every entry of every tree: a byte test, not Foundation's substring search (0.7% of a
        // sweep's scan workers).
        if name.isEmpty || name == "." || name == ".." || name.utf8.contains(UInt8(ascii: "/")) { return .invalidName }
        if isFolder {
            var depth = 1
            for byte in folder.utf8 where byte == UInt8(ascii: "/") { depth += 1 }
            if depth > maximumDepth { return .tooDeep }
        }
        return nil
    }
}

/// An entry a tree walk left out, and why.
package struct SkippedTreeEntry: Sendable, Hashable {
    package enum Reason: Sendable, Hashable {
        /// Empty, `.`, `..`, or holding a `/`.
        case invalidName
        /// A second entry of the same name in one folder.
        case duplicate
        /// A folder past `TreeWalkLimits.maximumDepth`.
        case tooDeep
    }

    /// The folder holding it, from the root ("" at the root).
    package let folder: String
    /// The entry's name as the tree has it: never to be used as a path.
    package let name: String
    package let reason: Reason

    /// The diagnostic text.
    package var message: String {
        switch reason {
        case .invalidName: "tree entry named \"\(name)\" skipped: no checkout could hold that name"
        case .duplicate: "second tree entry named \"\(name)\" skipped: a folder holds each name once"
        case .tooDeep: "folder \"\(name)\" not listed: it is nested more than \(TreeWalkLimits.maximumDepth) folders deep"
        }
    }
}
