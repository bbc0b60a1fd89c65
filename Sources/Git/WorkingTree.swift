internal import CGit2
import Foundation

/// A repository's working tree, opened to ask whether files have uncommitted changes before `fix --write`
/// replaces them. libgit2 reads the index and the files itself: unlike the git command, it runs nothing the
/// repository's config names (an fsmonitor hook, a filter), so a hostile clone cannot run code here.
package final class WorkingTree {
    private let handle: OpaquePointer
    /// The working tree's top folder, absolute.
    package let root: String

    private init(handle: OpaquePointer, root: String) {
        self.handle = handle
        self.root = root
    }

    deinit {
        git_repository_free(handle)
    }

    /// The repository whose working tree holds `path` (searching upwards), or nil when there is none.
    package static func containing(_ path: String) -> WorkingTree? {
        GitLibrary.initialize()
        var handle: OpaquePointer?
        guard git_repository_open_ext(&handle, path, 0, nil) == 0, let handle else { return nil }
        guard git_repository_is_bare(handle) == 0, let workdir = git_repository_workdir(handle) else {
            git_repository_free(handle)
            return nil
        }
        var root = String(cString: workdir)
        if root.count > 1, root.hasSuffix("/") { root.removeLast() }
        return WorkingTree(handle: handle, root: root)
    }

    /// Whether the file (relative to `root`) differs from HEAD in the index or the working tree, or is
    /// untracked. A file that does not exist and is not tracked has no changes.
    package func hasUncommittedChanges(_ relativePath: String) throws -> Bool {
        var flags: UInt32 = 0
        let code = git_status_file(&flags, handle, relativePath)
        if code == GIT_ENOTFOUND.rawValue { return false }
        guard code == 0 else {
            let (errorClass, message) = GitError.lastError()
            throw GitError(.other, "cannot tell whether \(relativePath) has changes: \(message)", errorClass: errorClass, code: code)
        }
        let ignoredOnly = flags == GIT_STATUS_IGNORED.rawValue
        return flags != GIT_STATUS_CURRENT.rawValue && !ignoredOnly
    }
}

@available(*, unavailable)
extension WorkingTree: Sendable {}
