import Foundation

/// A temporary directory holding git repositories made with the git CLI; removed when released.
final class GitFixture {
    let root: String

    init() throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("gittests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ name: String) -> String { root + "/" + name }

    /// Creates a non-bare repository with one commit on `branch`.
    @discardableResult
    func makeRepository(_ name: String, branch: String = "main", files: [String: String] = ["README.md": "hello\n"]) throws -> String {
        let directory = path(name)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", branch], in: directory)
        try git(["config", "gc.auto", "0"], in: directory)
        try commit(files, message: "initial", in: directory)
        return directory
    }

    func write(_ files: [String: String], in directory: String) throws {
        for (relative, content) in files {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func commit(_ files: [String: String], message: String, in directory: String) throws {
        try write(files, in: directory)
        try git(["add", "-A"], in: directory)
        try git(["commit", "-q", "--allow-empty", "-m", message], in: directory)
    }

    /// Runs git with a fixed identity and no user or system configuration.
    @discardableResult
    func git(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "gc.auto=0"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = root
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
            throw FixtureError(message: "git \(arguments.joined(separator: " ")) failed: \(String(decoding: errorData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func revParse(_ revision: String, in directory: String) throws -> String {
        try git(["rev-parse", revision], in: directory)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
