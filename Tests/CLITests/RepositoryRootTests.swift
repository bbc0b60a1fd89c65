import CLI
import Foundation
import TestSupport
import Testing

/// Paths in every report are relative to the repository root (the folder holding `.git`, or `--root`),
/// whatever folder was scanned, so GitHub can attach annotations and code-scanning alerts to the file
/// (issue 13, item 6).
@Suite("paths are relative to the repository root")
struct RepositoryRootTests {
    /// A repository (its `.git` a folder, as a clone has) whose app lives under `ios/`.
    static func repository(gitFolder: Bool = true) -> TemporaryDirectory {
        let directory = SeverityOverrideTests.crashingApp()
        let fileManager = FileManager.default
        try? fileManager.createDirectory(atPath: directory.path + "/ios", withIntermediateDirectories: true)
        try? fileManager.moveItem(atPath: directory.path + "/App", toPath: directory.path + "/ios/App")
        if gitFolder { directory.write(".git/HEAD", "ref: refs/heads/main\n") }
        return directory
    }

    @Test func githubAnnotationsOfASubfolderScanNameFilesFromTheRepositoryRoot() {
        let repository = Self.repository()
        let result = ConsoleCapture.run(["scan", "ios", "--format", "github"], directory: repository.path)
        let lines = result.out.split(separator: "\n").filter { $0.hasPrefix("::") && $0.contains("file=") }
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.contains("file=ios/App/") }, "\(lines)")
    }

    @Test func jsonAndTextNameFilesAndAppsFromTheRepositoryRoot() throws {
        let repository = Self.repository()
        let result = ConsoleCapture.run(["scan", repository.path + "/ios", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let app = try #require((object?["apps"] as? [[String: Any]])?.first)
        #expect(app["path"] as? String == "ios/App")
        let files = (app["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        #expect(!files.isEmpty && files.allSatisfy { $0.hasPrefix("ios/App/") })
        let text = ConsoleCapture.run(["scan", "ios"], directory: repository.path)
        #expect(text.out.contains("ios/App/AppDelegate.swift:8:"))
    }

    @Test func sarifResultsAreRelativeToSRCROOTWhichNamesTheRepositoryRoot() throws {
        let repository = Self.repository()
        let result = ConsoleCapture.run(["scan", "ios/App", "--format", "sarif"], directory: repository.path)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let bases = try #require(run["originalUriBaseIds"] as? [String: Any])
        let root = try #require(bases["SRCROOT"] as? [String: Any])
        let expected = URL(fileURLWithPath: repository.path, isDirectory: true).standardizedFileURL.absoluteString
        #expect(root["uri"] as? String == expected)
        let locations = (run["results"] as? [[String: Any]] ?? []).flatMap { $0["locations"] as? [[String: Any]] ?? [] }
            .compactMap { ($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any] }
        #expect(!locations.isEmpty)
        #expect(locations.allSatisfy { $0["uriBaseId"] as? String == "SRCROOT" && ($0["uri"] as? String)?.hasPrefix("ios/App/") == true })
    }

    @Test func rootNamesTheRootWhereThereIsNoGitFolderAndMustHoldThePath() {
        let repository = Self.repository(gitFolder: false)
        let plain = ConsoleCapture.run(["scan", "ios", "--format", "github"], directory: repository.path)
        #expect(plain.out.contains("file=App/AppDelegate.swift"))
        let rooted = ConsoleCapture.run(["scan", "ios", "--root", ".", "--format", "github"], directory: repository.path)
        #expect(rooted.out.contains("file=ios/App/AppDelegate.swift"))
        let outside = ConsoleCapture.run(["scan", "ios", "--root", "/tmp/elsewhere-\(UUID().uuidString)"], directory: repository.path)
        #expect(outside.status == 64)
        #expect(outside.err.contains("is not inside --root"))
    }

    @Test func aGitFileAsInAWorktreeOrSubmoduleMarksTheRootToo() {
        let repository = Self.repository(gitFolder: false)
        repository.write(".git", "gitdir: /somewhere/else/.git/worktrees/x\n")
        let result = ConsoleCapture.run(["scan", "ios", "--format", "github"], directory: repository.path)
        #expect(result.out.contains("file=ios/App/AppDelegate.swift"))
    }
}
