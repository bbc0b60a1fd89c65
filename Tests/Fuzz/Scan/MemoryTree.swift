// Part of the scan fuzz harness; built by scripts/fuzz.
import ScanCore
import XcodeProject

/// A tree of files held in memory, read from the fuzz input: each `--- path` line starts a file and the
/// bytes up to the next such line are its contents. Paths that leave the root are dropped, as a
/// repository's tree cannot hold them.
struct MemoryTree: FileSource {
    let origin = "fuzz"
    let files: [String: [UInt8]]

    init(_ input: [UInt8]) {
        var files: [String: [UInt8]] = [:]
        var path: String?
        var contents: [UInt8] = []
        func finish() {
            if let path, let normal = Paths.normalize(path), !normal.isEmpty { files[normal] = contents }
        }
        for line in input.split(separator: 10, omittingEmptySubsequences: false) {
            if line.starts(with: Array("--- ".utf8)) {
                finish()
                path = String(decoding: line.dropFirst(4), as: UTF8.self)
                contents = []
            } else {
                contents += line
                contents.append(10)
            }
        }
        finish()
        self.files = files
    }

    func listFiles(filter: PathFilter, diagnostics: inout [Diagnostic]) -> [FileEntry] {
        files.keys.filter { path in
            // Every folder on the way must be one the scan descends into, as in DirectorySource.
            var folder = ""
            for component in path.split(separator: "/").dropLast() {
                folder = folder.isEmpty ? String(component) : folder + "/" + component
                if !filter.descends(into: folder, name: String(component)) { return false }
            }
            return filter.keeps(file: path)
        }.sorted().map(FileEntry.init(path:))
    }

    func read(_ path: String, limit: Int) throws(FileSourceError) -> [UInt8] {
        guard let bytes = files[path] else { throw .notFound(path) }
        guard bytes.count <= limit else { throw .tooLarge(path, size: bytes.count, limit: limit) }
        return bytes
    }
}
