import Foundation

/// The hostile repositories of RELIABILITY.md, made by `scripts/lib/hostile_repos.py` (git objects
/// written by hand, as no git command would write them).
package enum HostileRepos {
    /// Runs `hostile_repos.py COMMAND ARGUMENTS`; returns what it prints (a commit id, for most).
    @discardableResult
    package static func run(_ command: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", FixturePaths.packageRoot.appendingPathComponent("scripts/lib/hostile_repos.py").path, command]
            + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw WorkbenchError(message: "hostile_repos.py \(command) failed") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
