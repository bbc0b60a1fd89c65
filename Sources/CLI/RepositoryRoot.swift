import Foundation

/// The folder every path of a scan is written relative to: the repository root (the nearest folder at or
/// above the scanned one holding `.git`, a folder in a clone or a file in a worktree or submodule), or the
/// folder `--root` names; without either, the scanned folder itself.
struct RepositoryRoot {
    /// The root, absolute, symlinks resolved.
    let path: String
    /// The scanned folder's path from the root; "" when it is the root.
    let prefix: String

    /// - Parameters:
    ///   - scanned: the scanned folder, absolute.
    ///   - explicit: `--root`, absolute; the scanned folder must be inside it.
    static func find(scanned: String, explicit: String?) throws -> RepositoryRoot {
        let folder = resolved(scanned)
        if let explicit {
            let root = resolved(explicit)
            guard let prefix = relative(folder, to: root) else {
                throw UsageError(message: "'\(scanned)' is not inside --root '\(explicit)'")
            }
            return RepositoryRoot(path: root, prefix: prefix)
        }
        var candidate = folder
        while true {
            if FileManager.default.fileExists(atPath: candidate + "/.git") {
                return RepositoryRoot(path: candidate, prefix: relative(folder, to: candidate) ?? "")
            }
            guard candidate != "/", let slash = candidate.lastIndex(of: "/") else { break }
            candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
        }
        return RepositoryRoot(path: folder, prefix: "")
    }

    /// `file:///abs/root/`: SARIF's `originalUriBaseIds.SRCROOT`.
    var uri: String {
        URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.absoluteString
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// `folder`'s path from `root`, or nil when it is not inside it.
    private static func relative(_ folder: String, to root: String) -> String? {
        if folder == root { return "" }
        let base = root == "/" ? "/" : root + "/"
        return folder.hasPrefix(base) ? String(folder.dropFirst(base.count)) : nil
    }
}
