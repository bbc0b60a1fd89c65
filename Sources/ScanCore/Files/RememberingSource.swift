import Synchronization

/// A source that keeps the bytes of the files it has read that are not source code (projects, property lists,
/// manifests), so that reading them again costs nothing. `fix` reads the tree a scan just read: the project
/// file it edits, and, in each re-scan of a patched tree, every file the patch leaves alone (lexed sources are
/// reused as lexed, so they are not kept here). From a git object store each read inflates the blob again.
package final class RememberingSource: FileSource {
    package let base: any FileSource
    private let kept = Mutex<[String: [UInt8]]>([:])

    package init(_ base: any FileSource) {
        self.base = base
    }

    package var origin: String { base.origin }

    package func listFiles(filter: PathFilter, diagnostics: inout [Diagnostic]) -> [FileEntry] {
        base.listFiles(filter: filter, diagnostics: &diagnostics)
    }

    package func read(_ path: String, limit: Int) throws(FileSourceError) -> [UInt8] {
        if let bytes = kept.withLock({ $0[path] }) {
            guard bytes.count <= limit else { throw .tooLarge(path, size: bytes.count, limit: limit) }
            return bytes
        }
        // A failed read is not kept: it fails the same way again.
        let bytes = try base.read(path, limit: limit)
        if SourceLanguage(path: path) == nil { kept.withLock { $0[path] = bytes } }
        return bytes
    }
}
