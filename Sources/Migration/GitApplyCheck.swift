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

    /// Where git finds the files a patch was made from.
    package enum Base: Sendable {
        /// Copies of the files as the patch found them, written to a new temporary folder (a working tree: `fix`).
        case copies
        /// A commit of a bare repository (a sweep's mirror): git reads the files from its object store through
        /// a temporary index of only the paths the patch names. `index` makes that index's bytes from the
        /// paths (from the repository root) the patch edits and those it creates: every edited one, and any
        /// created one the commit has (git then refuses to create it); nil when an edited path is not a plain
        /// file of the commit (copies are then used).
        case commit(gitDirectory: String, index: @Sendable (_ edited: [String], _ created: [String]) -> [UInt8]?)
    }

    /// Runs `git apply --check` on `patch` with the `git` found on `environment`'s `PATH`, no configuration
    /// but git's built-in defaults, giving up after `timeout` seconds, against `base`: a temporary copy of the
    /// `before` bytes of `changes`, or the scanned commit itself. Nothing from the scanned repository runs:
    /// its files are only data here, and a `PATH` entry that is not absolute (which would be looked up from
    /// the working directory) is skipped.
    package static func run(
        _ patch: [UInt8], against changes: [FileChange], base: Base = .copies, environment: [String: String],
        timeout: TimeInterval = 30
    ) -> GitApplyCheck {
        guard let git = executable(named: "git", searchPath: environment["PATH"] ?? "") else {
            return .notChecked(reason: "not checked (git not found)")
        }
        if let unsafe = changes.first(where: { !isSafe($0.path) }) {
            return .failed(message: "the patch names a path outside the scanned tree or inside .git: \(unsafe.path)")
        }
        var settings = [
            "PATH": environment["PATH"] ?? "",
            "LC_ALL": "C",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": "/dev/null",
        ]
        let arguments: [String]
        // Kept until git is done.
        var scratch: AnyObject?
        if case .commit(let gitDirectory, let index) = base,
            let bytes = index(changes.filter { $0.before != nil }.map(\.path), changes.filter { $0.before == nil }.map(\.path))
        {
            // git reads the preimages from the object store through an index of only the changed files: one
            // small file written, where copies cost a folder per path component (on ext4 here, making and
            // deleting those folders cost more CPU than git itself).
            do {
                let file = try ScratchFile("scenesweep-index", holding: bytes)
                scratch = file
                settings["GIT_INDEX_FILE"] = file.path
            } catch {
                return .notChecked(reason: "not checked (could not write the index to check against: \(error))")
            }
            arguments = ["--git-dir=" + gitDirectory, "apply", "--check", "--cached", "--whitespace=nowarn"]
        } else {
            let folder: ScratchFolder
            do {
                folder = try ScratchFolder("scenesweep-apply")
                scratch = folder
                for change in changes {
                    guard let before = change.before else { continue }
                    try folder.write(before, to: change.path)
                }
            } catch {
                return .notChecked(reason: "not checked (could not copy the files to check against: \(error))")
            }
            settings["HOME"] = folder.path
            // Without a repository `git apply` works like patch(1); this keeps it from finding one in a folder
            // above the temporary one.
            settings["GIT_CEILING_DIRECTORIES"] = URL(fileURLWithPath: folder.path).deletingLastPathComponent().path
            arguments = ["-C", folder.path, "apply", "--check", "--whitespace=nowarn"]
        }
        let run: ChildProcess.Result
        do {
            // The patch on standard input.
            run = try ChildProcess.run(git.path, arguments, environment: settings, input: patch, timeout: timeout)
        } catch .cannotStart(let reason) {
            return .notChecked(reason: "not checked (\(reason))")
        } catch {
            return .notChecked(reason: "not checked (git apply --check \(error))")
        }
        withExtendedLifetime(scratch) {}
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
