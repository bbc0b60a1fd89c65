import Foundation
import Git
import Testing

/// Listing a commit's tree for scanning: skipped folders are never read, missing blobs can be tolerated.
@Suite struct TreeListingTests {
    static func mirror(_ fixture: GitFixture, files: [String: String]) throws -> (Repository, ObjectID) {
        let upstream = try fixture.makeRepository("upstream", files: files)
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        return (mirror, try mirror.resolve(branch: "main"))
    }

    @Test func aListingNeverEntersTheFoldersItIsToldToSkip() throws {
        let fixture = try GitFixture()
        let (mirror, commit) = try Self.mirror(
            fixture, files: ["App/a.swift": "a\n", "Pods/Lib/b.swift": "b\n", "App/Pods/c.swift": "c\n", "README.md": "r\n"])
        var asked: [String] = []

        let entries = try mirror.listTree(commit: commit) { path, name in
            asked.append(path)
            return name != "Pods"
        }

        #expect(entries.map(\.path) == ["App/a.swift", "README.md"])
        #expect(asked.sorted() == ["App", "App/Pods", "Pods"])
    }

    @Test func aMissingBlobFailsAStrictListingAndIsMarkedInATolerantOne() throws {
        let fixture = try GitFixture()
        let (mirror, commit) = try Self.mirror(fixture, files: ["App/a.swift": "let a = 1\n", "Art/big.psd": "pretend this is large\n"])
        let lost = try #require(try mirror.listTree(commit: commit).first { $0.path == "Art/big.psd" })
        let hex = lost.id.description
        try FileManager.default.removeItem(atPath: fixture.path("mirror.git/objects/\(hex.prefix(2))/\(hex.dropFirst(2))"))
        let reopened = try Repository.openBare(at: fixture.path("mirror.git"))

        let error = #expect(throws: GitError.self) { try reopened.listTree(commit: commit) }
        #expect(error?.kind == .corrupt)
        let tolerant = try reopened.listTree(commit: commit, allowingMissingBlobs: true) { _, _ in true }
        #expect(tolerant.map(\.path) == ["App/a.swift", "Art/big.psd"])
        #expect(tolerant.map(\.isMissing) == [false, true])
    }

    @Test func aPathNamesAFolderAnEntryOrNothing() throws {
        let fixture = try GitFixture()
        let (mirror, commit) = try Self.mirror(fixture, files: ["App/a.swift": "let a = 1\n"])

        #expect(try mirror.item(atPath: "App", commit: commit) == .folder)
        #expect(try mirror.item(atPath: "", commit: commit) == .folder)
        guard case .entry(let entry) = try mirror.item(atPath: "App/a.swift", commit: commit) else {
            Issue.record("App/a.swift is not an entry")
            return
        }
        #expect(entry.kind == .file)
        #expect(entry.size == 10)
        #expect(try mirror.item(atPath: "App/b.swift", commit: commit) == nil)
        #expect(try mirror.item(atPath: "App/a.swift/x", commit: commit) == nil)
    }

    @Test func aFetchThatNeedNotListChangesStillUpdatesTheMirror() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        try fixture.commit(["b.txt": "b\n"], message: "second", in: upstream)

        let result = try mirror.fetch(listingChanges: false)

        #expect(result.changedReferences.isEmpty)
        #expect(try mirror.resolve(branch: "main").description == fixture.revParse("main", in: upstream))
    }

    @Test func aMirrorCanBePointedAtAnotherURLOfTheSameRepository() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        try FileManager.default.moveItem(atPath: upstream, toPath: fixture.path("moved"))

        try mirror.setOriginURL("file://" + fixture.path("moved"))
        let reopened = try Repository.openBare(at: fixture.path("mirror.git"))

        #expect(reopened.origin?.original == fixture.path("moved"))
        #expect(try reopened.fetch().changedReferences.isEmpty)
    }
}
