/// A file a source can provide, by root-relative path.
package struct FileEntry: Sendable, Hashable {
    package let path: String

    package init(path: String) {
        self.path = path
    }
}

/// Why a file could not be read.
package enum FileSourceError: Error, Sendable, CustomStringConvertible {
    case notFound(String)
    case tooLarge(String, size: Int, limit: Int)
    case unreadable(String, reason: String)

    package var description: String {
        switch self {
        case .notFound(let path): return "\(path): no such file in the scanned tree"
        case .tooLarge(let path, let size, let limit):
            return "\(path): \(ByteCount(size)) exceeds the \(ByteCount(limit)) limit; skipped"
        case .unreadable(let path, let reason): return "\(path): \(reason)"
        }
    }
}

/// The seam between the scan and where bytes come from: a directory on disk or a commit's tree.
/// Rules never know which.
package protocol FileSource: Sendable {
    /// Where the files come from, for reports: a path, or `repo@commit`.
    var origin: String { get }
    /// Every regular file under the root that `filter` keeps, sorted by path. Symlinks are never
    /// followed; those pointing out of the tree are reported in `diagnostics`.
    func listFiles(filter: PathFilter, diagnostics: inout [Diagnostic]) -> [FileEntry]
    /// The bytes of a listed file; `tooLarge` (without reading it) when it is bigger than `limit`.
    func read(_ path: String, limit: Int) throws(FileSourceError) -> [UInt8]
}

extension FileSource {
    /// The bytes of a listed file, up to the source's own limit.
    package func read(_ path: String) throws(FileSourceError) -> [UInt8] {
        try read(path, limit: Int.max)
    }
}

/// A size, printed for people.
struct ByteCount: CustomStringConvertible {
    let bytes: Int
    init(_ bytes: Int) { self.bytes = bytes }

    var description: String {
        if bytes >= 1 << 30 { return "\(bytes / (1 << 30)) GiB" }
        if bytes >= 1 << 20 { return "\(bytes / (1 << 20)) MiB" }
        if bytes >= 1 << 10 { return "\(bytes / (1 << 10)) KiB" }
        return "\(bytes) bytes"
    }
}
