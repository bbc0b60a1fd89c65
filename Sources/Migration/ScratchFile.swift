import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private temporary file for one check, written with plain system calls and no fsync, and deleted when
/// the check is done: one file, where a `ScratchFolder` also costs a folder.
final class ScratchFile {
    let path: String

    /// A new file named `prefix` plus a random suffix in the temporary folder (`TMPDIR`, else /tmp), holding `bytes`.
    init(_ prefix: String, holding bytes: [UInt8]) throws(ChildProcess.Failure) {
        var template = Array((FileManager.default.temporaryDirectory.path + "/" + prefix + "-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotStart("cannot make a temporary file: \(String(cString: strerror(errno)))") }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // Closed on exec: a process another thread starts meanwhile does not keep it (tools spawned through
        // CSpawn get only their three channels anyway).
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        defer { close(descriptor) }
        do {
            try ScratchFolder.writeAll(bytes, to: descriptor, naming: path)
        } catch {
            unlink(path)
            throw error
        }
    }

    deinit { unlink(path) }
}
