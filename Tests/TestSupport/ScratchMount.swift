import Foundation

/// A file system mounted over a folder for one test: a small tmpfs (to fill up) or a read-only bind
/// mount (tests run as root, whom permission bits do not stop). Unmounted when the value is dropped. The
/// initialisers return nil where mounting is not possible (no privilege, no mount command), so tests can
/// run only where it works.
package final class ScratchMount: @unchecked Sendable {
    package let path: String

    private init(path: String) {
        self.path = path
    }

    /// A tmpfs of `megabytes` over `path` (created if missing).
    package static func tmpfs(at path: String, megabytes: Int) -> ScratchMount? {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard run(["mount", "-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path]) else { return nil }
        return ScratchMount(path: path)
    }

    /// `path` bound over itself, then made read-only: what was written stays readable, nothing can be written.
    package static func readOnly(_ path: String) -> ScratchMount? {
        guard run(["mount", "--bind", path, path]) else { return nil }
        let mount = ScratchMount(path: path)
        guard run(["mount", "-o", "remount,bind,ro", path]) else { return nil }
        return mount
    }

    /// Whether this machine lets tests mount (root with CAP_SYS_ADMIN): tried once, on a scratch folder.
    package static let isAvailable: Bool = {
        let folder = TemporaryDirectory("mountprobe")
        return tmpfs(at: folder.path + "/probe", megabytes: 1) != nil
    }()

    /// Writes zeros into `file` under the mount until the file system is full.
    package func fill(_ file: String = "filler") {
        guard let handle = FileHandle(forWritingAtPath: path + "/" + file) ?? create(file) else { return }
        let block = Data(count: 64 << 10)
        while (try? handle.write(contentsOf: block)) != nil {}
        // Then byte by byte, so not even a small file fits afterwards.
        let byte = Data(count: 1)
        while (try? handle.write(contentsOf: byte)) != nil {}
        try? handle.close()
    }

    private func create(_ file: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path + "/" + file, contents: nil)
        return FileHandle(forWritingAtPath: path + "/" + file)
    }

    deinit {
        // Lazily, so a file a test still holds open does not keep the mount.
        _ = Self.run(["umount", "-l", path])
    }

    @discardableResult
    private static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
