import Foundation
import Results

/// What the real `git apply --check` says of a patch, asked on a fresh temporary copy of the files the
/// patch was made from, so a patch is verified by the tool its users will apply it with.
package enum GitApplyCheck: Sendable, Equatable {
    /// git would apply the patch.
    case passed
    /// git refuses the patch (or the patch names a path no patch may touch); the message says why.
    case failed(message: String)
    /// The patch was not checked; the reason says why.
    case notChecked(reason: String)

    /// Writes the `before` bytes of `changes` into a new temporary folder and runs `git apply --check` on
    /// `patch` there, with the `git` found on `environment`'s `PATH`, no configuration but git's built-in
    /// defaults, and no repository around it, giving up after `timeout` seconds. Nothing from the scanned
    /// repository runs: its files are only data here, and a `PATH` entry that is not absolute (which
    /// would be looked up from the working directory) is skipped.
    package static func run(_ patch: [UInt8], against changes: [FileChange], environment: [String: String], timeout: TimeInterval = 30)
        -> GitApplyCheck
    {
        guard let git = executable(named: "git", searchPath: environment["PATH"] ?? "") else {
            return .notChecked(reason: "not checked (git not found)")
        }
        if let unsafe = changes.first(where: { !isSafe($0.path) }) {
            return .failed(message: "the patch names a path outside the scanned tree or inside .git: \(unsafe.path)")
        }
        let folder: ScratchFolder
        do {
            folder = try ScratchFolder("scenesweep-apply")
            for change in changes {
                guard let before = change.before else { continue }
                try folder.write(before, to: change.path)
            }
        } catch {
            return .notChecked(reason: "not checked (could not copy the files to check against: \(error))")
        }
        defer { folder.remove() }
        let run: ChildProcess.Result
        do {
            // The patch on standard input: the only files written are the ones it applies to.
            run = try ChildProcess.run(
                git.path, ["-C", folder.path, "apply", "--check", "--whitespace=nowarn"],
                environment: [
                    "PATH": environment["PATH"] ?? "",
                    "HOME": folder.path,
                    "LC_ALL": "C",
                    "GIT_CONFIG_NOSYSTEM": "1",
                    "GIT_CONFIG_GLOBAL": "/dev/null",
                    // Without a repository `git apply` works like patch(1); this keeps it from finding one in
                    // a folder above the temporary one.
                    "GIT_CEILING_DIRECTORIES": URL(fileURLWithPath: folder.path).deletingLastPathComponent().path,
                ],
                input: patch, timeout: timeout)
        } catch .cannotStart(let reason) {
            return .notChecked(reason: "not checked (\(reason))")
        } catch {
            return .notChecked(reason: "not checked (git apply --check \(error))")
        }
        if run.status == 0 { return .passed }
        let message = run.errors.trimmingCharacters(in: .whitespacesAndNewlines)
        return .failed(message: message.isEmpty ? "git apply --check failed with status \(run.status)" : message)
    }

    /// The first executable file called `name` in the absolute folders of `searchPath`, looked up once per
    /// name and search path (a sweep asks for each patch).
    package static func executable(named name: String, searchPath: String) -> URL? {
        found.lookUp(name + "\u{0}" + searchPath) { lookUp(named: name, searchPath: searchPath) }
    }

    private static let found = Lookups()

    private final class Lookups: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [String: URL?] = [:]

        func lookUp(_ key: String, _ make: () -> URL?) -> URL? {
            lock.lock()
            defer { lock.unlock() }
            if let known = results[key] { return known }
            let result = make()
            results[key] = result
            return result
        }
    }

    private static func lookUp(named name: String, searchPath: String) -> URL? {
        for folder in searchPath.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return nil
    }

    /// Whether `path` stays inside the folder it is written under and outside any `.git` folder.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.utf8.contains(0) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { component in
            !component.isEmpty && component != "." && component != ".." && component.lowercased() != ".git"
        }
    }
}
