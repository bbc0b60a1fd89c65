import Fleet
import Foundation
import Git
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// Sizes in a commit's tree come from object headers: a blob over a limit, or a symlink whose target
/// is longer than any path, is judged by its size and never inflated.
@Suite("Git tree limits", .timeLimit(.minutes(1)))
struct GitTreeLimitsTests {
    /// A repository with an ordinary app, to which tests add objects by hand.
    static func repository(_ bench: GitWorkbench) throws -> String {
        try bench.makeRepository(
            "upstream",
            files: [
                "App/Info.plist": "<plist version=\"1.0\"><dict><key>LSRequiresIPhoneOS</key><true/></dict></plist>\n",
                "App/AppDelegate.swift": "@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n",
            ])
    }

    /// Adds an object of `content` to the index at `path` with `mode` and commits; returns the commit.
    static func commitObject(_ bench: GitWorkbench, _ repository: String, content: [UInt8], mode: String, path: String) throws -> ObjectID {
        let file = bench.path("object-content")
        try Data(content).write(to: URL(fileURLWithPath: file))
        let id = try bench.git(["hash-object", "-w", file], in: repository)
        try bench.git(["update-index", "--add", "--cacheinfo", "\(mode),\(id),\(path)"], in: repository)
        try bench.git(["commit", "-q", "-m", path], in: repository)
        return try #require(ObjectID(hex: try bench.head(of: repository)))
    }

    @Test func aSymlinkTargetLongerThanAnyPathIsReportedAsNotResolvingWithoutBeingRead() throws {
        let bench = GitWorkbench("treelimits")
        let upstream = try Self.repository(bench)
        // Both would resolve to App/Info.plist if read; only the first fits in PATH_MAX.
        let fits = String(repeating: "./", count: 1990) + "App/Info.plist"
        let tooLong = String(repeating: "./", count: 2500) + "App/Info.plist"
        _ = try Self.commitObject(bench, upstream, content: Array(fits.utf8), mode: "120000", path: "fits")
        let commit = try Self.commitObject(bench, upstream, content: Array(tooLong.utf8), mode: "120000", path: "too-long")
        let tree = try GitTreeSource(repositoryPath: upstream + "/.git", commit: commit)

        var diagnostics: [Diagnostic] = []
        let files = tree.listFiles(filter: PathFilter(), diagnostics: &diagnostics).map(\.path)

        #expect(fits.utf8.count <= 4095 && tooLong.utf8.count > 4095)
        #expect(files == ["App/AppDelegate.swift", "App/Info.plist"])
        #expect(diagnostics.map(\.description) == ["too-long: warning: symlink does not resolve; not followed"])
    }

    /// A loose blob object whose header claims `size` bytes but whose zlib stream stops after a few:
    /// readable by its header, unreadable in full.
    static func writeTruncatedBlob(_ bench: GitWorkbench, _ repository: String, size: Int) throws -> String {
        let file = bench.path("full-content")
        try Data(repeating: UInt8(ascii: "a"), count: size).write(to: URL(fileURLWithPath: file))
        let id = try bench.git(["hash-object", file], in: repository)
        let start = Array("blob \(size)\0".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 200)
        let length = UInt16(start.count)
        // zlib header, then one stored (uncompressed), non-final deflate block, then nothing.
        let stream: [UInt8] =
            [0x78, 0x01, 0x00, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + start
        let folder = repository + "/.git/objects/" + id.prefix(2)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(stream).write(to: URL(fileURLWithPath: folder + "/" + id.dropFirst(2)))
        return id
    }

    @Test func aBlobOverTheLimitIsSkippedByItsHeaderSizeWithoutInflatingIt() throws {
        let bench = GitWorkbench("treelimits")
        let upstream = try Self.repository(bench)
        let size = 5_000_000
        let id = try Self.writeTruncatedBlob(bench, upstream, size: size)
        try bench.git(["update-index", "--add", "--cacheinfo", "100644,\(id),App/Big.swift"], in: upstream)
        try bench.git(["commit", "-q", "-m", "big"], in: upstream)
        let commit = try #require(ObjectID(hex: try bench.head(of: upstream)))
        let tree = try GitTreeSource(repositoryPath: upstream + "/.git", commit: commit)

        let report = Scanner.scan(tree)

        // The scan names the file and its size. It cannot have inflated the body: libgit2 1.5 never returns
        // from reading this object in full (it spins on the truncated stream), which the time limit
        // would catch.
        #expect(
            report.diagnostics.map(\.description).contains("App/Big.swift: warning: 4 MiB source file exceeds the 4 MiB limit; skipped"))
        #expect(report.apps.map(\.path) == ["App"])
        do {
            _ = try tree.read("App/Big.swift", limit: 4 << 20)
            Issue.record("read past the limit")
        } catch {
            guard case .tooLarge(_, let reported, _) = error else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
            #expect(reported == size)
        }
    }
}
