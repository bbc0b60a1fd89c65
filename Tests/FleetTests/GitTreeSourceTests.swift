import Fleet
import Foundation
import Git
import Reports
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// A commit's tree read from a bare mirror behaves like a checkout of that commit read from disk.
@Suite("Scanning from the object store")
struct GitTreeSourceTests {
    static let fixtures: [String] = {
        let folder = FixturePaths.fixtures.appendingPathComponent("scan")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }()

    /// A repository from `fixture` (plus `files`), its bare mirror, and a fresh checkout of the commit.
    struct Trio {
        let bench: GitWorkbench
        let mirror: String
        let checkout: String
        let commit: ObjectID
    }

    static func trio(fixture: String?, files: [String: String] = [:], prepare: (GitWorkbench, String) throws -> Void = { _, _ in }) throws
        -> Trio
    {
        let bench = GitWorkbench("treesource")
        let upstream = try bench.makeRepository("upstream", fixture: fixture, files: files)
        try prepare(bench, upstream)
        let mirror = bench.path("mirror.git")
        _ = try Repository.cloneMirror(from: upstream, to: mirror)
        try bench.git(["clone", "-q", mirror, bench.path("checkout")], in: bench.root)
        let commit = try #require(ObjectID(hex: try bench.head(of: upstream)))
        return Trio(bench: bench, mirror: mirror, checkout: bench.path("checkout"), commit: commit)
    }

    static func listing(_ source: any FileSource, _ filter: PathFilter = PathFilter()) -> ([String], [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let files = source.listFiles(filter: filter, diagnostics: &diagnostics).map(\.path)
        return (files, diagnostics.sorted())
    }

    @Test("Xcode pins and lockfiles are read from the commit, also when the sweep is limited to a subtree")
    func pinsAndLockfilesFromTheTree() throws {
        let trio = try Self.trio(
            fixture: "legacy-swift-uikit",
            files: [
                ".github/workflows/ios.yml": "jobs:\n  build:\n    runs-on: macos-15\n    steps:\n      - run: xcodebuild\n",
                "Podfile.lock": "PODS:\n  - Branch (0.31.3)\n",
            ])
        let tree = try GitTreeSource(repositoryPath: trio.mirror, commit: trio.commit, label: "shop")
        let disk = try DirectorySource(root: trio.checkout, label: "shop")
        let fromTree = Scanner.scan(tree)
        let fromDisk = Scanner.scan(disk)
        let app = try #require(fromTree.apps.first)
        #expect(app.toolchain.xcode == "16.4")
        #expect(app.dependencies.map { "\($0.package) \($0.state.rawValue)" } == ["Branch lagging"])
        #expect(
            JSONReport.render(fromTree).replacingOccurrences(of: fromTree.root, with: "")
                == JSONReport.render(fromDisk).replacingOccurrences(of: fromDisk.root, with: ""))
        // Limited to the app's folder: the workflow above it still decides its Xcode.
        let limited = Scanner.scan(tree, filter: PathFilter(onlyFolders: ["Shelf"]))
        #expect(limited.apps.first?.toolchain.xcode == "16.4")
    }

    @Test("Scanning a commit equals scanning a checkout of it", arguments: fixtures)
    func scanningACommitEqualsScanningACheckout(fixture: String) throws {
        let trio = try Self.trio(fixture: fixture)
        let tree = try GitTreeSource(repositoryPath: trio.mirror, commit: trio.commit, label: fixture)
        let disk = try DirectorySource(root: trio.checkout, label: fixture)

        let fromTree = Scanner.scan(tree)
        let fromDisk = Scanner.scan(disk)

        // Byte-identical reports in every format: same apps, verdicts, findings, fingerprints, diagnostics.
        for format in ReportFormat.allCases {
            #expect(format.render(fromTree) == format.render(fromDisk), "\(fixture): \(format.rawValue) differs")
        }
        #expect(!fromTree.apps.isEmpty)
    }

    @Test func listingAndReadingEqualADirectoryUnderEveryFilter() throws {
        let trio = try Self.trio(
            fixture: "workspace-two-apps-with-extensions",
            files: [
                "Pods/Vendor/Vendor.swift": "import UIKit\n", "Generated/Strings.swift": "let a = 1\n", "Tools/run.sh": "#!/bin/sh\n",
                "docs/ünïcode name.txt": "x\n", "empty.txt": "",
            ])
        let tree = try GitTreeSource(repositoryPath: trio.mirror, commit: trio.commit)
        let disk = try DirectorySource(root: trio.checkout)
        let filters = [
            PathFilter(), PathFilter(excludeGlobs: ["**/Generated/**", "**/*.txt"]), PathFilter(onlyFolders: ["Pantry", "Tools"]),
            PathFilter(skippedFolders: [".git"]),
        ]
        for filter in filters {
            let (treeFiles, treeDiagnostics) = Self.listing(tree, filter)
            let (diskFiles, diskDiagnostics) = Self.listing(disk, filter)
            #expect(treeFiles == diskFiles)
            #expect(treeDiagnostics == diskDiagnostics)
            for path in treeFiles {
                #expect(try tree.read(path) == disk.read(path), "\(path)")
            }
        }
        #expect(Self.listing(tree).0.contains("empty.txt"))
        #expect(!Self.listing(tree).0.contains { $0.hasPrefix("Pods/") })
    }

    @Test func symlinksAreNeverFollowedAndThoseLeavingTheTreeOrDanglingAreReported() throws {
        let trio = try Self.trio(fixture: nil, files: ["App/Info.plist": "<plist/>\n", "App/Sources/a.swift": "let a = 1\n"]) {
            bench, upstream in
            let links = [
                ("inside", "App/Sources"), ("inside-file", "App/Info.plist"), ("absolute", "/etc"), ("climbs", "../../.."),
                ("App/up-and-back", "../App/Info.plist"), ("dangling", "App/nope.swift"), ("chain", "inside/a.swift"), ("loop-a", "loop-b"),
                ("loop-b", "loop-a"),
            ]
            for (link, target) in links {
                try FileManager.default.createSymbolicLink(atPath: upstream + "/" + link, withDestinationPath: target)
            }
            try bench.commit(in: upstream, message: "links")
        }
        let tree = try GitTreeSource(repositoryPath: trio.mirror, commit: trio.commit)
        let disk = try DirectorySource(root: trio.checkout)

        let (treeFiles, treeDiagnostics) = Self.listing(tree)
        let (diskFiles, diskDiagnostics) = Self.listing(disk)

        #expect(treeFiles == ["App/Info.plist", "App/Sources/a.swift"])
        #expect(treeFiles == diskFiles)
        #expect(treeDiagnostics == diskDiagnostics)
        #expect(
            treeDiagnostics.map(\.description) == [
                "absolute: warning: symlink points outside the scanned tree; not followed",
                "climbs: warning: symlink points outside the scanned tree; not followed",
                "dangling: warning: symlink does not resolve; not followed",
                "loop-a: warning: symlink does not resolve; not followed",
                "loop-b: warning: symlink does not resolve; not followed",
            ])
        #expect(throws: FileSourceError.self) { try tree.read("inside-file") }
        #expect(throws: FileSourceError.self) { try tree.read("inside/a.swift") }
    }

    @Test func submodulesAreSkippedLikeTheEmptyFolderOfACheckout() throws {
        let trio = try Self.trio(fixture: nil, files: ["README.md": "x\n"]) { bench, upstream in
            try bench.git(
                ["update-index", "--add", "--cacheinfo", "160000,0123456789abcdef0123456789abcdef01234567,vendor/lib"], in: upstream)
            try bench.git(["commit", "-q", "-m", "submodule"], in: upstream)
        }
        let tree = try GitTreeSource(repositoryPath: trio.mirror, commit: trio.commit)

        #expect(Self.listing(tree).0 == ["README.md"])
        #expect(Self.listing(tree).1.isEmpty)
        #expect(Self.listing(tree).0 == Self.listing(try DirectorySource(root: trio.checkout)).0)
    }

    @Test func readsRespectTheLimitWithoutReadingTheBlob() throws {
        let trio = try Self.trio(fixture: nil, files: ["big.swift": String(repeating: "a", count: 5000)])
        let tree = try GitTreeSource(repositoryPath: trio.mirror, commit: trio.commit, readLimit: 4096)

        #expect(throws: FileSourceError.self) { try tree.read("big.swift") }
        do {
            _ = try tree.read("big.swift", limit: 100)
        } catch {
            #expect(error.description == "big.swift: 4 KiB exceeds the 100 bytes limit; skipped")
        }
        #expect(throws: FileSourceError.self) { try tree.read("missing.swift") }
    }

    @Test func manyThreadsReadTheSameTreeAtOnceWithTheirOwnHandles() throws {
        var files: [String: String] = [:]
        for index in 0..<300 { files["Sources/File\(index).swift"] = "let value\(index) = \(index)\n" }
        let trio = try Self.trio(fixture: nil, files: files)
        let tree = try GitTreeSource(repositoryPath: trio.mirror, commit: trio.commit)
        let paths = Self.listing(tree).0

        let contents = Parallel.map(paths.count, workers: 8) { index in (try? tree.read(paths[index])) ?? [] }

        #expect(paths.count == 300)
        for (path, bytes) in zip(paths, contents) {
            let number = path.dropFirst("Sources/File".count).dropLast(".swift".count)
            #expect(String(decoding: bytes, as: UTF8.self) == "let value\(number) = \(number)\n")
        }
    }

    @Test func aMissingCommitOrRepositoryIsAGitError() throws {
        let trio = try Self.trio(fixture: nil, files: ["a": "b"])
        let absent = try #require(ObjectID(hex: "0123456789abcdef0123456789abcdef01234567"))

        #expect(throws: GitError.self) { try GitTreeSource(repositoryPath: trio.mirror, commit: absent) }
        #expect(throws: GitError.self) { try GitTreeSource(repositoryPath: trio.bench.path("nothing.git"), commit: trio.commit) }
    }
}
