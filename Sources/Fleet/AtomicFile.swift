import Foundation
import Results

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files through a temporary name and a rename.
package enum AtomicFile {
    /// Writes `bytes` to `path`: a reader sees the old file or the whole new one, never part of it.
    /// - Parameter durable: flush the data to disk before the rename (for files others rely on).
    package static func write(_ bytes: some Collection<UInt8>, to path: String, durable: Bool = false) throws {
        try throughTemporary(path, durable: durable) { descriptor in writeAll(Array(bytes), to: descriptor) }
    }

    package static func write(_ text: String, to path: String, durable: Bool = false) throws {
        try write(Array(text.utf8), to: path, durable: durable)
    }

    /// Writes what `render` puts in its sink to `path`, a piece at a time as it is rendered, so that a large
    /// report is never held whole; as atomic as `write(_:to:)`.
    /// A `render` that throws leaves no file (and the error is thrown).
    package static func write(to path: String, durable: Bool = false, _ render: (TextSink) throws -> Void) throws {
        try throughTemporary(path, durable: durable) { descriptor in
            let sink = TextSink { piece in
                if let failure = writeAll(piece, to: descriptor) { throw StoreError(failure) }
            }
            do {
                try render(sink)
                sink.finish()
                return sink.failure.map { "\($0)" }
            } catch {
                return "\(error)"
            }
        }
    }

    /// Opens a temporary file beside `path`, lets `fill` write it (returning what went wrong, if anything),
    /// and renames it to `path`; on any failure the temporary file is removed and the error names `path`.
    private static func throughTemporary(_ path: String, durable: Bool, _ fill: (Int32) -> String?) throws {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var failure = fill(descriptor)
        if failure == nil, durable, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw StoreError("cannot write \(path): \(failure)")
        }
    }

    /// Writes every byte, retrying interrupted and short writes; the error in words otherwise.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }

    /// Puts an existing file at the new name `path` too: a hard link (results are never changed in place,
    /// so runs can share them; a link appears whole, so it needs no temporary name), or a copy written
    /// through a temporary name where links are not possible. False when `existing` does not exist.
    @discardableResult
    package static func link(_ existing: String, to path: String) throws -> Bool {
        if Glibc.link(existing, path) == 0 { return true }
        switch errno {
        case ENOENT where !FileManager.default.fileExists(atPath: existing):
            return false
        case EEXIST:
            unlink(path)
            if Glibc.link(existing, path) == 0 { return true }
        default:
            break
        }
        guard let data = FileManager.default.contents(atPath: existing) else { throw StoreError("cannot read \(existing)") }
        try write(data, to: path)
        return true
    }

    /// Flushes every file system's written data to disk (sync(2)).
    package static func flushAll() {
        Glibc.sync()
    }

    /// Starts `flushAll` on a thread of its own and returns at once: the disk works while this process goes
    /// on (a sync is almost all waiting: 30 ms of wall and half a millisecond of CPU for a 200-repository
    /// run's 25 MB), so the `flushAll` that must finish before a file others rely on has less left to wait
    /// for. Durability never depends on it.
    package static func startFlushingAll() {
        let thread = Thread { Glibc.sync() }
        thread.start()
    }

    /// Flushes a folder's entries (new names, renames) to disk.
    package static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
