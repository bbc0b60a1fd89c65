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
        // The base's listing is sorted: each new file goes in its place (sorting the whole listing again cost
        // more than the rest of a re-scan's listing on a large tree).
        var listed = base.listFiles(filter: filter, diagnostics: &diagnostics)
        for path in files.keys.sorted() {
            var low = 0
            var high = listed.count
            while low < high {
                let middle = (low + high) / 2
                if listed[middle].path < path { low = middle + 1 } else { high = middle }
            }
            let place = low
            if place < listed.count, listed[place].path == path { continue }
            listed.insert(FileEntry(path: path), at: place)
        }
        return listed
    }

    func read(_ path: String, limit: Int) throws(FileSourceError) -> [UInt8] {
        if let bytes = files[path] {
            guard bytes.count <= limit else { throw .tooLarge(path, size: bytes.count, limit: limit) }
            return bytes
        }
        return try base.read(path, limit: limit)
    }
}
