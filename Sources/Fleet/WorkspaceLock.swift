import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The workspace's `lock` file, held with flock while a sweep runs; released with the value.
public final class WorkspaceLock: @unchecked Sendable {
    private let descriptor: Int32

    init(path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError("cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw StoreError("another sweep holds the workspace lock \(path)")
        }
        let note = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = note.withCString { write(descriptor, $0, strlen($0)) }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
