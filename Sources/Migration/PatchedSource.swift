import Results
import ScanCore

/// A tree as it would be with a patch applied: the scanned source, with the patch's files read from memory.
/// The re-scan that verifies a patch reads through it, so nothing is written to disk.
struct PatchedSource: FileSource {
    let base: any FileSource
    let files: [String: [UInt8]]

    init(base: any FileSource, changes: [FileChange]) {
        self.base = base
        var files: [String: [UInt8]] = [:]
        for change in changes { files[change.path] = change.after }
        self.files = files
    }

    var origin: String { base.origin }

    func listFiles(filter: PathFilter, diagnostics: inout [Diagnostic]) -> [FileEntry] {
        var listed = base.listFiles(filter: filter, diagnostics: &diagnostics)
        let known = Set(listed.map(\.path))
        for path in files.keys where !known.contains(path) { listed.append(FileEntry(path: path)) }
        return listed.sorted { $0.path < $1.path }
    }

    func read(_ path: String, limit: Int) throws(FileSourceError) -> [UInt8] {
        if let bytes = files[path] {
            guard bytes.count <= limit else { throw .tooLarge(path, size: bytes.count, limit: limit) }
            return bytes
        }
        return try base.read(path, limit: limit)
    }
}
