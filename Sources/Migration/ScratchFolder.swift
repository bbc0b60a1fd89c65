import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private temporary folder for one check, written and removed with plain system calls: no fsync (nothing
/// here needs to survive a crash) and no lookup of what exists, which Foundation's file calls do on every
/// write. It knows what it made, so removing it deletes exactly that.
final class ScratchFolder {
    let path: String
    private var files: [String] = []
    private var folders: [String] = []

    /// A new folder named `prefix` plus a random suffix in the temporary folder (`TMPDIR`, else /tmp).
    init(_ prefix: String) throws(ChildProcess.Failure) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/" + prefix + "-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .cannotStart("cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    deinit { remove() }

    /// Writes `bytes` at `relativePath` (a path already checked to stay inside), making its folders.
    func write(_ bytes: [UInt8], to relativePath: String) throws(ChildProcess.Failure) {
        var folder = path
        for component in relativePath.split(separator: "/").dropLast() {
            folder += "/" + component
            if mkdir(folder, 0o700) == 0 {
                folders.append(folder)
            } else if errno != EEXIST {
                throw .cannotStart("cannot make \(folder): \(String(cString: strerror(errno)))")
            }
        }
        let file = path + "/" + relativePath
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotStart("cannot write \(file): \(String(cString: strerror(errno)))") }
        files.append(file)
        defer { close(descriptor) }
        try Self.writeAll(bytes, to: descriptor, naming: file)
    }

    /// Writes every byte to an open file, again after an interrupted call; the error names `file`.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, naming file: String) throws(ChildProcess.Failure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotStart("cannot write \(file): \(String(cString: strerror(errno)))")
            }
            written += count
        }
    }

    /// Deletes what it wrote, then its folders, deepest first; what a tool left behind is removed through Foundation.
    func remove() {
        for file in files { unlink(file) }
        for folder in folders.reversed() { rmdir(folder) }
        files = []
        folders = []
        if rmdir(path) != 0, errno != ENOENT { try? FileManager.default.removeItem(atPath: path) }
    }
}
