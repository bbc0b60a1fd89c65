import Fleet
import Foundation
import Git
import Migration
import Results
import TestSupport
import Testing

/// A sweep checks each patch with `git apply --check --cached` against the scanned commit in the mirror,
/// through an index of only the files the patch changes, instead of copies of those files.
@Suite("git apply --check against the scanned commit")
struct ApplyCheckAgainstCommitTests {
    private let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin"]
    private static let plist = "<dict>\n\t<key>A</key>\n</dict>\n"

    /// The workbench holds the mirror's folder: it is removed with it.
    private struct Mirror {
        let bench: GitWorkbench
        let source: GitTreeSource
    }

    private func mirror() throws -> Mirror {
        let bench = GitWorkbench("applycheck")
        let upstream = try bench.makeRepository(
            "upstream", files: ["apps/Shop/Info.plist": Self.plist, "apps/Shop/run.sh": "#!/bin/sh\necho hi\n"])
        try bench.git(["update-index", "--chmod=+x", "apps/Shop/run.sh"], in: upstream)
        try bench.git(["commit", "-q", "-m", "exec"], in: upstream)
        let mirror = bench.path("mirror.git")
        _ = try Repository.cloneMirror(from: upstream, to: mirror)
        let commit = try #require(ObjectID(hex: try bench.head(of: upstream)))
        return Mirror(bench: bench, source: try GitTreeSource(repositoryPath: mirror, commit: commit))
    }

    private func base(_ source: GitTreeSource, asked: LockedPaths? = nil) -> GitApplyCheck.Base {
        .commit(gitDirectory: source.repositoryPath) { edited, created in
            asked?.add(edited + ["created:"] + created)
            return source.index(editing: edited, creating: created)
        }
    }

    @Test func gitReadsTheIndexWithItsEntriesModesAndIds() throws {
        let fixture = try mirror()
        let (bench, source) = (fixture.bench, fixture.source)
        let entries = try ["apps/Shop/run.sh", "apps/Shop/Info.plist"].map { try #require(source.indexEntry(at: $0)) }
        let index = bench.path("index")
        try Data(GitIndexFile.bytes(entries + entries)).write(to: URL(fileURLWithPath: index))
        let listed = try bench.git(
            ["--git-dir=" + source.repositoryPath, "ls-files", "--stage"], in: bench.root, environment: ["GIT_INDEX_FILE": index])
        #expect(
            listed.split(separator: "\n").map(String.init) == [
                "100644 \(entries[1].id) 0\tapps/Shop/Info.plist", "100755 \(entries[0].id) 0\tapps/Shop/run.sh",
            ])
        #expect(source.indexEntry(at: "apps/Shop/absent.swift") == nil)
    }

    @Test func aPatchMadeFromTheCommitPassesWithoutCopies() throws {
        let fixture = try mirror()
        let source = fixture.source
        let changes = [
            FileChange(
                path: "apps/Shop/Info.plist", before: Array(Self.plist.utf8), after: Array("<dict>\n\t<key>B</key>\n</dict>\n".utf8)),
            FileChange(path: "apps/Shop/SceneDelegate.swift", before: nil, after: Array("import UIKit\n".utf8)),
        ]
        let asked = LockedPaths()
        #expect(
            GitApplyCheck.run(UnifiedDiff.render(changes), against: changes, base: base(source, asked: asked), environment: environment)
                == .passed)
        #expect(asked.all == [["apps/Shop/Info.plist", "created:", "apps/Shop/SceneDelegate.swift"]])
        withExtendedLifetime(fixture) {}
    }

    @Test func gitChecksTheCommitNotTheBytesThePatchClaims() throws {
        let fixture = try mirror()
        let source = fixture.source
        // The patch and its `before` agree with each other but not with the commit: copies would pass it.
        let stale = [
            FileChange(
                path: "apps/Shop/Info.plist", before: Array("<dict>\n\t<key>C</key>\n</dict>\n".utf8),
                after: Array("<dict>\n\t<key>B</key>\n</dict>\n".utf8))
        ]
        let patch = UnifiedDiff.render(stale)
        #expect(GitApplyCheck.run(patch, against: stale, environment: environment) == .passed)
        let outcome = GitApplyCheck.run(patch, against: stale, base: base(source), environment: environment)
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.contains("error: patch failed: apps/Shop/Info.plist:1"), "\(message)")
        withExtendedLifetime(fixture) {}
    }

    /// A path the scan did not read (a filtered folder, say) can still be in the commit.
    @Test func aPatchCreatingAFileTheCommitHasFails() throws {
        let fixture = try mirror()
        let source = fixture.source
        let creating = [FileChange(path: "apps/Shop/run.sh", before: nil, after: Array("echo\n".utf8))]
        let outcome = GitApplyCheck.run(UnifiedDiff.render(creating), against: creating, base: base(source), environment: environment)
        #expect(outcome == .failed(message: "error: apps/Shop/run.sh: already exists in index"))
        withExtendedLifetime(fixture) {}
    }
}

/// The paths an index was asked for, from the check's thread.
final class LockedPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [[String]] = []

    func add(_ paths: [String]) { lock.withLock { asked.append(paths) } }
    var all: [[String]] { lock.withLock { asked } }
}
