import Foundation

/// A folder under the system's temporary directory, removed when the value is dropped.
package final class TemporaryDirectory: @unchecked Sendable {
    package let url: URL
    package var path: String { url.path }

    package init(_ label: String = "scenesweep") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes a file (creating folders) at a path relative to the directory.
    package func write(_ relative: String, _ contents: String) {
        write(relative, Data(contents.utf8))
    }

    package func write(_ relative: String, _ data: Data) {
        let target = url.appendingPathComponent(relative).standardizedFileURL
        try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: target)
    }
}

/// Where the repository's fixtures and goldens live.
package enum FixturePaths {
    /// The package root, found from this file's location.
    package static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    package static var fixtures: URL { packageRoot.appendingPathComponent("Fixtures") }
    package static func scan(_ name: String) -> URL { fixtures.appendingPathComponent("scan").appendingPathComponent(name) }
    /// Trees under `Fixtures/hostile`: names and contents meant to break reports.
    package static func hostile(_ name: String) -> URL { fixtures.appendingPathComponent("hostile").appendingPathComponent(name) }
    /// Inputs under `Fixtures/fuzz/regressions` that once crashed, hung or exhausted a fuzz target,
    /// as `target/file`; scripts/fuzz seeds each target with them too.
    package static func fuzzRegression(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent("fuzz/regressions").appendingPathComponent(name)))
    }
}
