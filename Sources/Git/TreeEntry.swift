/// One non-directory entry of a commit's tree.
public struct TreeEntry: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case file
        case executable
        /// A blob whose content is the link target.
        case symlink
        /// A gitlink: `id` is the submodule's commit, which is not in this repository.
        case submodule
    }

    /// Path from the root of the tree, components joined with "/".
    public let path: String
    public let kind: Kind
    /// The git file mode, e.g. 0o100644.
    public let mode: UInt32
    public let id: ObjectID
    /// Size of the blob in bytes; 0 for submodules.
    public let size: Int

    public init(path: String, kind: Kind, mode: UInt32, id: ObjectID, size: Int) {
        self.path = path
        self.kind = kind
        self.mode = mode
        self.id = id
        self.size = size
    }
}
