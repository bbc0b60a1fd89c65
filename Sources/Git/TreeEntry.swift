/// One non-directory entry of a commit's tree.
package struct TreeEntry: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case file
        case executable
        /// A blob whose content is the link target.
        case symlink
        /// A gitlink: `id` is the submodule's commit, which is not in this repository.
        case submodule
    }

    /// Path from the root of the tree, components joined with "/".
    package let path: String
    package let kind: Kind
    /// The git file mode, e.g. 0o100644.
    package let mode: UInt32
    package let id: ObjectID
    /// Size of the blob in bytes; 0 for submodules and missing blobs.
    package let size: Int
    /// The tree names a blob the object store does not hold (a damaged or partial repository); only
    /// listings that allow missing objects return such entries.
    package let isMissing: Bool

    package init(path: String, kind: Kind, mode: UInt32, id: ObjectID, size: Int, isMissing: Bool = false) {
        self.path = path
        self.kind = kind
        self.mode = mode
        self.id = id
        self.size = size
        self.isMissing = isMissing
    }
}

/// What a path names in a commit's tree.
package enum TreeItem: Sendable, Hashable {
    case folder
    case entry(TreeEntry)
}
