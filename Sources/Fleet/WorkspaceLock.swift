import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The workspace's `lock` file, held with flock while a sweep runs; released with the value.
///
/// The kernel drops a flock when its holder exits, however it exits, so a lock left by a killed process
/// never blocks the next sweep. The holder writes its pid and start time into the file so that a sweep it
/// refuses can name it.
package final class WorkspaceLock: @unchecked Sendable {
    private let descriptor: Int32

    init(path: String, now: Date = Date()) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError("cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.holder(descriptor)
            close(descriptor)
            throw StoreError("another sweep holds the workspace lock \(path) (\(holder ?? "holder unknown"))")
        }
        // Written over the old text, then cut to length: a refused sweep reading meanwhile never finds it empty.
        let note = "pid \(getpid()) started \(Self.timestamp(now))\n"
        _ = note.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        _ = ftruncate(descriptor, off_t(note.utf8.count))
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// `pid 1234 started 2026-11-30T02:00:00Z`, as the holder wrote it; nil when the file holds nothing usable.
    private static func holder(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first, line.hasPrefix("pid "),
            line.allSatisfy({ $0.isASCII && !$0.isNewline && $0 != "\0" })
        else { return nil }
        return String(line)
    }

    private static func timestamp(_ date: Date) -> String {
        var formatter = Date.ISO8601FormatStyle()
        formatter.timeZone = .gmt
        return formatter.format(date)
    }
}
