import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Sends a signal to a process the moment a file of a given name is moved into a new folder of a watched
/// folder (how AtomicFile finishes every write), through inotify: no polling interval lets a short moment,
/// such as the writing of a run's reports, pass unseen.
final class FileWatch: @unchecked Sendable {
    private let descriptor: Int32
    private let done = DispatchSemaphore(value: 0)
    private(set) var fired = false

    /// Watches `folder` for new folders, and each of those for `name`; then sends `signal` to `pid` once.
    init?(folder: String, name: String, signal: Int32, pid: @escaping @Sendable () -> Int32) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, folder, UInt32(IN_CREATE)) >= 0 else { return nil }
        let thread = Thread { [self] in
            watch(folder: folder, name: name, signal: signal, pid: pid)
            done.signal()
        }
        thread.start()
    }

    /// Waits until the signal was sent (or the watch ended, or a minute passed); true if it was sent.
    func wait() -> Bool {
        _ = done.wait(timeout: .now() + 60)
        return fired
    }

    deinit {
        close(descriptor)
    }

    private func watch(folder: String, name: String, signal: Int32, pid: () -> Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let entry = String(decoding: buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameStart + length
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE) != 0 {
                    inotify_add_watch(descriptor, folder + "/" + entry, UInt32(IN_MOVED_TO))
                } else if mask & UInt32(IN_MOVED_TO) != 0, entry == name {
                    // Never kill(0, …): that would signal this test's own process group.
                    let target = pid()
                    guard target > 0 else { return }
                    kill(target, signal)
                    fired = true
                    return
                }
            }
        }
    }
}
