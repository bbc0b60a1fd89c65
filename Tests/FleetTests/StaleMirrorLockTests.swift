import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// A sweep killed while libgit2 updated a mirror's references leaves its `.lock` files behind; the next
/// sweep holds the workspace lock, so nobody else can be writing them, and removes them before fetching.
@Suite("Stale lock files in mirrors")
struct StaleMirrorLockTests {
    @Test func lockFilesAKilledFetchLeftAreRemovedAndTheRepositoryFetchedAgain() throws {
        let harness = try SweepTests.threeRepositories()
        let first = try harness.sweep()
        #expect(harness.record(first, "books")?.status == .scanned)
        let mirror = try harness.mirrorPath("books")
        let locks = ["refs/heads/main.lock", "HEAD.lock", "packed-refs.lock", "config.lock"]
        for lock in locks {
            #expect(FileManager.default.createFile(atPath: mirror + "/" + lock, contents: Data("0000\n".utf8)))
        }
        let commit = try harness.bench.append("\n// after the kill\n", to: "Shelf/AppDelegate.swift", in: harness.bench.path("books"))

        let second = try harness.sweep()

        let after = try #require(harness.record(second, "books"))
        #expect(after.status == .scanned)
        #expect(after.error == nil)
        #expect(after.commit == commit)
        for lock in locks {
            #expect(!FileManager.default.fileExists(atPath: mirror + "/" + lock), "\(lock) stays")
        }
        // The other repositories' mirrors had no locks and are untouched by the cleaning.
        #expect(second.record.repos.filter { $0.name != "books" }.map(\.status) == [.reused, .reused])
    }

    @Test func onlyLockFilesAreRemovedNotReferencesOrObjects() throws {
        let folder = TemporaryDirectory("mirror-locks")
        folder.write("refs/heads/main", "1111111111111111111111111111111111111111\n")
        folder.write("refs/heads/feature/x.lock", "2222222222222222222222222222222222222222\n")
        folder.write("refs/tags/v1.lock", "")
        folder.write("HEAD", "ref: refs/heads/main\n")
        folder.write("HEAD.lock", "")
        folder.write("objects/pack/pack-1.lock", "")
        folder.write("refs/heads/locksmith", "3333333333333333333333333333333333333333\n")

        let removed = MirrorLocks.removeStale(in: folder.path)

        #expect(removed.sorted() == ["HEAD.lock", "refs/heads/feature/x.lock", "refs/tags/v1.lock"])
        for kept in ["refs/heads/main", "HEAD", "objects/pack/pack-1.lock", "refs/heads/locksmith"] {
            #expect(FileManager.default.fileExists(atPath: folder.path + "/" + kept), "\(kept) was removed")
        }
    }
}
