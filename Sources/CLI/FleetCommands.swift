import Daemon
import Fleet
import Foundation
import Results

/// Helpers shared by the fleet commands.
enum FleetCommands {
    /// Loads and checks a config (the daemon's settings too), printing every problem; nil when there were any.
    static func loadConfig(_ path: String, console: Console) -> FleetConfig? {
        do {
            return try ConfigValidator.load(
                path: path, directory: console.directory, environment: console.environment, checks: ServiceConfig.checks)
        } catch {
            for problem in error.problems { console.err(problem.description + "\n") }
            let count = error.problems.count
            console.err("\(path): \(count) problem\(count == 1 ? "" : "s")\n")
            return nil
        }
    }

    /// The same, with the problems as `config.problem` events of a JSON log.
    static func loadConfig(_ path: String, console: Console, log: DaemonLog) -> FleetConfig? {
        do {
            return try ConfigValidator.load(
                path: path, directory: console.directory, environment: console.environment, checks: ServiceConfig.checks)
        } catch {
            for problem in error.problems { log.error("config.problem", problem.description) }
            log.error("sweep.failed", "\(path): \(count(error.problems.count, "problem"))")
            return nil
        }
    }

    static func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }

    /// `2026-11-30 06:00 UTC`.
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// A path relative to the working directory when it is inside it.
    static func display(_ path: String, relativeTo directory: String) -> String {
        let base = directory == "." ? FileManager.default.currentDirectoryPath : directory
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
