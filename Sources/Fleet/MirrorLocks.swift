import Foundation

/// The `.lock` files git and libgit2 write next to a file they are about to replace (`HEAD.lock`,
/// `config.lock`, `packed-refs.lock`, `refs/heads/main.lock`). A process killed between creating one and
/// renaming it over its file leaves it behind, and every later fetch then fails with "failed to lock file
/// … for writing". A sweep holds the workspace lock, so no other process writes its mirrors: any such
/// file it finds is stale.
package enum MirrorLocks {
    /// Removes the stale lock files of the bare mirror at `path`: those at its top level and under
    /// `refs/` (object files are never touched). Returns their paths relative to the mirror.
    @discardableResult
    package static func removeStale(in path: String) -> [String] {
        let fileManager = FileManager.default
        var removed: [String] = []
        for name in (try? fileManager.contentsOfDirectory(atPath: path)) ?? [] where name.hasSuffix(".lock") {
            if (try? fileManager.removeItem(atPath: path + "/" + name)) != nil { removed.append(name) }
        }
        let refs = path + "/refs"
        let enumerator = fileManager.enumerator(atPath: refs)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".lock") else { continue }
            if (try? fileManager.removeItem(atPath: refs + "/" + relative)) != nil { removed.append("refs/" + relative) }
        }
        return removed
    }
}
