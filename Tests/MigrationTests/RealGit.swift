import Foundation
import Results
import TestSupport

@testable import Migration

/// The installed git, as the judge of patches: what `git apply` makes of a patch, and what `git diff`
/// writes for the same change. Runs in temporary folders with no user or system configuration.
enum RealGit {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The files `git apply --check` accepts and `git apply` then writes, when `patch` is applied to a
    /// folder holding the `before` bytes of `changes`: for each change's path, the bytes found after.
    static func apply(_ patch: [UInt8], to changes: [FileChange]) throws -> [String: [UInt8]] {
        let folder = TemporaryDirectory("migration-apply")
        let tree = folder.url.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        for change in changes {
            if let before = change.before { try write(before, to: tree.appendingPathComponent(change.path)) }
        }
        let patchFile = folder.url.appendingPathComponent("patch.diff")
        try Data(patch).write(to: patchFile)
        try run(["apply", "--check", patchFile.path], in: tree, home: folder.url)
        try run(["apply", patchFile.path], in: tree, home: folder.url)
        var after: [String: [UInt8]] = [:]
        for change in changes {
            after[change.path] = Array(try Data(contentsOf: tree.appendingPathComponent(change.path)))
        }
        return after
    }

    /// git's own patch for `changes` (given in git's order, sorted by path), with `-U<context>` and
    /// `options`, and without the `index` lines that name blobs.
    static func diff(_ changes: [FileChange], context: Int = 3, options: [String] = []) throws -> String {
        let folder = TemporaryDirectory("migration-diff")
        let home = folder.url
        let repository = folder.url.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try run(["init", "-q"], in: repository, home: home)
        for change in changes {
            if let before = change.before { try write(before, to: repository.appendingPathComponent(change.path)) }
        }
        try run(["add", "-A"], in: repository, home: home)
        try run(
            ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "before"], in: repository,
            home: home)
        for change in changes { try write(change.after, to: repository.appendingPathComponent(change.path)) }
        try run(["add", "--intent-to-add", "-A"], in: repository, home: home)
        let output = try run(["diff", "--no-color", "--no-ext-diff", "--no-renames", "-U\(context)"] + options, in: repository, home: home)
        return
            output
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("index ") }
            .joined(separator: "\n")
    }

    private static func write(_ bytes: [UInt8], to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    /// Runs /usr/bin/git and returns what it wrote on standard output; throws with its message when it fails.
    @discardableResult
    private static func run(_ arguments: [String], in directory: URL, home: URL) throws -> String {
        let output = home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errors = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        try Data().write(to: output)
        try Data().write(to: errors)
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer {
            try? outputHandle.close()
            try? errorHandle.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null",
            "GIT_CEILING_DIRECTORIES": home.path,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let message = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
            throw Failure(description: "git \(arguments.joined(separator: " ")) failed: \(message)")
        }
        return text
    }
}
