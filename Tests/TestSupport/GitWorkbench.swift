import Foundation

/// Real git repositories made at test time with the git CLI, in a temporary folder removed afterwards.
/// Repositories are seeded from the fixture trees under Fixtures/scan.
package final class GitWorkbench: @unchecked Sendable {
    private let directory: TemporaryDirectory
    package var root: String { directory.path }

    package init(_ label: String = "gitbench") {
        directory = TemporaryDirectory(label)
    }

    package func path(_ relative: String) -> String { root + "/" + relative }

    /// A repository with a work tree at `name`, holding `fixture`'s tree (if any) plus `files`, committed
    /// on `branch`. Returns its path.
    @discardableResult
    package func makeRepository(_ name: String, fixture: String? = nil, files: [String: String] = [:], branch: String = "main") throws
        -> String
    {
        let repository = path(name)
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        if let fixture { try copyTree(FixturePaths.scan(fixture).path, to: repository) }
        try write(files, in: repository)
        try git(["init", "-q", "-b", branch], in: repository)
        try git(["config", "gc.auto", "0"], in: repository)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "--allow-empty", "-m", "initial"], in: repository)
        return repository
    }

    /// Writes and removes files, commits, and returns the new commit's id.
    @discardableResult
    package func commit(in repository: String, files: [String: String] = [:], removing: [String] = [], message: String = "change") throws
        -> String
    {
        try write(files, in: repository)
        for file in removing { try FileManager.default.removeItem(atPath: repository + "/" + file) }
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "--allow-empty", "-m", message], in: repository)
        return try head(of: repository)
    }

    /// Appends text to a file of the repository (creating it) and commits.
    @discardableResult
    package func append(_ text: String, to file: String, in repository: String, message: String = "append") throws -> String {
        let url = URL(fileURLWithPath: repository + "/" + file)
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return try commit(in: repository, files: [file: existing + text], message: message)
    }

    package func head(of repository: String, _ revision: String = "HEAD") throws -> String {
        try git(["rev-parse", revision], in: repository)
    }

    package func write(_ files: [String: String], in repository: String) throws {
        for (relative, content) in files {
            let url = URL(fileURLWithPath: repository).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
    }

    /// Runs git with a fixed identity and no user or system configuration; returns trimmed stdout.
    @discardableResult
    package func git(_ arguments: [String], in directory: String, environment extra: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "gc.auto=0"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = root
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw WorkbenchError(message: "git \(arguments.joined(separator: " ")) failed: \(String(decoding: errorData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Copies a tree, keeping symlinks as symlinks.
    package func copyTree(_ source: String, to destination: String) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for name in try fileManager.contentsOfDirectory(atPath: source) {
            try fileManager.copyItem(atPath: source + "/" + name, toPath: destination + "/" + name)
        }
    }
}

package struct WorkbenchError: Error, CustomStringConvertible {
    package let message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}
