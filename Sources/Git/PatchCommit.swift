/// One verified patch to commit: a unified diff for `git apply` at the repository's root, and the
/// message of the commit it becomes.
package struct PatchCommit: Sendable, Hashable {
    /// How errors name the patch, e.g. its file name `ShopApp.patch`.
    package let name: String
    /// The diff as bytes: a patch carries files' lines as they are, UTF-8 or not.
    package let diff: [UInt8]
    package let message: String

    package init(name: String, diff: [UInt8], message: String) {
        self.name = name
        self.diff = diff
        self.message = message
    }
}
