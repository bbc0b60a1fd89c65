import Foundation

/// The built `scenesweep` product (`swift build --build-tests` builds it beside the test bundle).
package enum ScenesweepBinary {
    /// `SCENESWEEP_BINARY`, else the products folder of the running tests, else `.build/debug`.
    package static let path: String = {
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["SCENESWEEP_BINARY"] { candidates.append(path) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // On some platforms the tests run from inside a bundle: walk up to the products folder.
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("scenesweep").path)
            folder.deleteLastPathComponent()
        }
        candidates.append(FixturePaths.packageRoot.appendingPathComponent(".build/debug/scenesweep").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }()
}
