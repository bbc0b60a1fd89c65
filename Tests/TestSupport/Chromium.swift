import Foundation

/// Headless Chromium for tests that look at pages the way a reader does: a screenshot and the DOM after
/// parsing. Each call is a fresh browser with its own throwaway profile.
///
/// Browser tests run wherever the suite runs: CI installs the Debian package `chromium` (.ci/run), and
/// without it they fail with instructions. `SCENESWEEP_BROWSER_TESTS=skip` turns them off for a local
/// run on a machine without a browser; `SCENESWEEP_CHROMIUM` names the binary when it is elsewhere.
package struct Chromium: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package let executable: String

    /// Whether the environment asked to skip browser tests (never set in CI).
    package static var skipped: Bool {
        ProcessInfo.processInfo.environment["SCENESWEEP_BROWSER_TESTS"] == "skip"
    }

    /// The browser, or an error saying how to get one.
    package static func find() throws -> Chromium {
        let environment = ProcessInfo.processInfo.environment
        var candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        if let chosen = environment["SCENESWEEP_CHROMIUM"], !chosen.isEmpty { candidates = [chosen] }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for candidate in candidates {
            let paths = candidate.hasPrefix("/") ? [candidate] : folders.map { $0 + "/" + candidate }
            if let found = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return Chromium(executable: found) }
        }
        throw Failure(
            description: """
                Chromium was not found (looked for \(candidates.joined(separator: ", "))), and the browser tests need it. \
                Install the Debian package \
                (apt-get install chromium; .ci/run does this in CI), set SCENESWEEP_CHROMIUM to a Chrome or \
                Chromium binary, or set SCENESWEEP_BROWSER_TESTS=skip to leave these tests out of a local run.
                """)
    }

    /// Renders a file at a window size and writes a PNG of it.
    package func screenshot(of page: String, to png: String, width: Int, height: Int) throws {
        _ = try run(["--screenshot=\(png)", "--window-size=\(width),\(height)", url(page)])
        guard FileManager.default.fileExists(atPath: png) else { throw Failure(description: "Chromium wrote no screenshot of \(page)") }
    }

    /// The page's DOM after parsing (and after any script would have run), serialised.
    package func dumpDOM(of page: String) throws -> String {
        try run(["--dump-dom", url(page)])
    }

    /// Prints the page as a PDF with its print style sheet.
    package func printToPDF(_ page: String, to pdf: String) throws {
        _ = try run(["--print-to-pdf=\(pdf)", "--no-pdf-header-footer", url(page)])
    }

    private func url(_ path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }

    /// Runs the browser headless and returns its standard output; fails on a non-zero exit or after two minutes.
    private func run(_ arguments: [String]) throws -> String {
        let profile = TemporaryDirectory("chromium")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--mute-audio",
                "--user-data-dir=\(profile.path)",
            ] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = profile.path
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let deadline = DispatchTime.now() + .seconds(120)
        let finished = DispatchSemaphore(value: 0)
        let collected = Collected()
        DispatchQueue.global().async {
            collected.output = output.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }
        DispatchQueue.global().async {
            collected.errors = errors.fileHandleForReading.readDataToEndOfFile()
            finished.signal()
        }
        if finished.wait(timeout: deadline) == .timedOut || finished.wait(timeout: deadline) == .timedOut {
            process.terminate()
            throw Failure(description: "Chromium did not finish within two minutes: \(arguments.joined(separator: " "))")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: collected.errors, as: UTF8.self).split(separator: "\n").suffix(5).joined(separator: "\n")
            throw Failure(description: "Chromium exited with \(process.terminationStatus): \(message)")
        }
        // The profile folder lives until the browser is done with it.
        withExtendedLifetime(profile) {}
        return String(decoding: collected.output, as: UTF8.self)
    }

    private final class Collected: @unchecked Sendable {
        var output = Data()
        var errors = Data()
    }
}
