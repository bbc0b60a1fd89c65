import Foundation
import Git
import TestSupport
import Testing

@Suite struct RepositoryTests {
    @Test func mirrorCloneFromAPlainPathCopiesBranchesTagsAndHead() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        try fixture.git(["branch", "feature"], in: upstream)
        try fixture.git(["tag", "v1"], in: upstream)

        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        #expect(try mirror.defaultBranch() == "main")
        #expect(try mirror.resolve(branch: "main").description == fixture.revParse("main", in: upstream))
        #expect(try mirror.resolve(branch: "feature").description == fixture.revParse("feature", in: upstream))
        let mirrorPath = fixture.path("mirror.git")
        #expect(try fixture.git(["tag"], in: mirrorPath) == "v1")
        #expect(try fixture.git(["for-each-ref", "--format=%(refname)", "refs/remotes"], in: mirrorPath).isEmpty)
        #expect(
            try fixture.git(["config", "--get-all", "remote.origin.fetch"], in: mirrorPath)
                == "+refs/heads/*:refs/heads/*\n+refs/tags/*:refs/tags/*")
        #expect(try fixture.git(["rev-parse", "--is-bare-repository"], in: mirrorPath) == "true")
    }

    @Test func mirrorCloneFromAFileURLWorksLikeAPlainPath() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("up stream")
        let url = "file://" + upstream.replacingOccurrences(of: " ", with: "%20")

        let mirror = try Repository.cloneMirror(from: url, to: fixture.path("mirror.git"))

        #expect(url.hasPrefix("file://"))
        #expect(mirror.origin?.localPath == upstream)
        #expect(try mirror.resolve(branch: "main").description == fixture.revParse("main", in: upstream))
    }

    @Test func openingAMirrorAgainSeesTheSameOrigin() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        _ = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        let reopened = try Repository.openBare(at: fixture.path("mirror.git"))

        #expect(reopened.origin?.isLocal == true)
        #expect(try reopened.defaultBranch() == "main")
    }

    @Test func fetchReportsChangesOnlyWhenUpstreamMoved() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        let unchanged = try mirror.fetch()
        #expect(!unchanged.hasChanges)
        #expect(unchanged.changedReferences.isEmpty)

        try fixture.commit(["b.txt": "b\n"], message: "second", in: upstream)
        try fixture.git(["tag", "v2"], in: upstream)
        let changed = try mirror.fetch()

        #expect(changed.hasChanges)
        #expect(changed.changedReferences == ["refs/heads/main", "refs/tags/v2"])
        #expect(try mirror.resolve(branch: "main").description == fixture.revParse("main", in: upstream))
        #expect(try !mirror.fetch().hasChanges)
    }

    @Test func fetchFollowsAForcePushThatRewroteABranch() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        try fixture.commit(["b.txt": "b\n"], message: "second", in: upstream)
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        let before = try mirror.resolve(branch: "main")

        try fixture.git(["reset", "-q", "--hard", "HEAD~1"], in: upstream)
        try fixture.commit(["c.txt": "c\n"], message: "rewritten", in: upstream)
        let result = try mirror.fetch()

        let after = try mirror.resolve(branch: "main")
        #expect(result.hasChanges)
        #expect(after != before)
        #expect(try after.description == fixture.revParse("main", in: upstream))
        #expect(try mirror.commit(after).summary == "rewritten")
    }

    @Test func fetchPrunesADeletedBranch() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        try fixture.git(["branch", "feature"], in: upstream)
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        _ = try mirror.resolve(branch: "feature")

        try fixture.git(["branch", "-q", "-D", "feature"], in: upstream)
        let result = try mirror.fetch()

        #expect(result.changedReferences == ["refs/heads/feature"])
        let error = #expect(throws: GitError.self) { try mirror.resolve(branch: "feature") }
        #expect(error?.kind == .reference)
    }

    @Test func defaultBranchIsTheUpstreamHeadEvenWhenItIsNotMain() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream", branch: "trunk")
        try fixture.git(["branch", "main"], in: upstream)

        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        #expect(try mirror.defaultBranch() == "trunk")
    }

    @Test func fetchFollowsAChangeOfTheUpstreamDefaultBranch() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        try fixture.git(["branch", "develop"], in: upstream)
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        try fixture.git(["symbolic-ref", "HEAD", "refs/heads/develop"], in: upstream)
        let result = try mirror.fetch()

        #expect(try mirror.defaultBranch() == "develop")
        #expect(result.changedReferences == ["HEAD"])
    }

    @Test func listTreeReportsNestedFilesExecutablesAndSymlinks() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository(
            "upstream",
            files: [
                "README.md": "hello\n",
                "ios/App/App/Info.plist": "<plist/>\n",
                "ios/App/App/AppDelegate.swift": "import UIKit\n",
                "scripts/build.sh": "#!/bin/sh\necho hi\n",
            ])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: upstream + "/scripts/build.sh")
        try FileManager.default.createSymbolicLink(atPath: upstream + "/docs", withDestinationPath: "ios/App")
        try fixture.commit([:], message: "add link", in: upstream)
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        let entries = try mirror.listTree(commit: mirror.resolve(branch: "main"))

        #expect(
            entries.map(\.path) == [
                "README.md", "docs", "ios/App/App/AppDelegate.swift", "ios/App/App/Info.plist", "scripts/build.sh",
            ])
        let byPath = Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0) })
        #expect(byPath["README.md"]?.kind == .file)
        #expect(byPath["README.md"]?.mode == 0o100644)
        #expect(byPath["README.md"]?.size == 6)
        #expect(byPath["scripts/build.sh"]?.kind == .executable)
        #expect(byPath["docs"]?.kind == .symlink)
        let link = try #require(byPath["docs"])
        #expect(try mirror.readBlob(link.id) == Array("ios/App".utf8))
        let delegate = try #require(byPath["ios/App/App/AppDelegate.swift"])
        #expect(try mirror.readBlob(delegate.id) == Array("import UIKit\n".utf8))
        #expect(delegate.size == 13)
        #expect(try delegate.id.description == fixture.revParse("main:ios/App/App/AppDelegate.swift", in: upstream))
    }

    @Test func listTreeReportsSubmodulesWithoutReadingThem() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        let pinned = "0123456789abcdef0123456789abcdef01234567"
        try fixture.git(["update-index", "--add", "--cacheinfo", "160000,\(pinned),vendor/lib"], in: upstream)
        try fixture.git(["commit", "-q", "-m", "add submodule"], in: upstream)
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        let entries = try mirror.listTree(commit: mirror.resolve(branch: "main"))

        let submodule = try #require(entries.first { $0.path == "vendor/lib" })
        #expect(submodule.kind == .submodule)
        #expect(submodule.id == ObjectID(hex: pinned))
        #expect(submodule.size == 0)
    }

    @Test func commitInfoCarriesTreeAuthorTimeAndSummary() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        try fixture.write(["x.txt": "x\n"], in: upstream)
        try fixture.git(["add", "-A"], in: upstream)
        try fixture.git(["commit", "-q", "-m", "Fix the scene manifest\n\nLonger body.", "--date=2026-01-02T03:04:05+01:00"], in: upstream)
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        let head = try mirror.resolve(branch: "main")
        let info = try mirror.commit(head)

        #expect(info.id == head)
        #expect(try info.tree.description == fixture.revParse("main^{tree}", in: upstream))
        #expect(info.parents.map(\.description) == [try fixture.revParse("main~1", in: upstream)])
        #expect(info.summary == "Fix the scene manifest")
        #expect(info.authorName == "Test")
        #expect(info.authorTime == Date(timeIntervalSince1970: 1_767_319_445))
        #expect(info.authorTimeZoneOffset == 60)
    }

    /// An offline sweep takes a branch's target as stored, without reading it (`Mirror.currentState`): a
    /// reference edited to name an annotated tag is read as the commit the tag names, as a fetch resolves it.
    @Test func anAnnotatedTagIsReadAsTheCommitItTags() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream", files: ["App/AppDelegate.swift": "import UIKit\n", "README.md": "x\n"])
        try fixture.git(["tag", "-a", "v1", "-m", "first release"], in: upstream)
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        let head = try mirror.resolve(branch: "main")
        let tag = try #require(ObjectID(hex: fixture.revParse("refs/tags/v1", in: upstream)))
        #expect(tag != head)

        #expect(try mirror.commit(tag).tree == mirror.commit(head).tree)
        let listed = try mirror.listTree(commit: tag) { _, _ in true }.map(\.path)
        #expect(listed == (try mirror.listTree(commit: head) { _, _ in true }.map(\.path)))
        #expect(listed.contains("App/AppDelegate.swift"))
        #expect(try mirror.item(atPath: "README.md", commit: tag) != nil)

        // What names no commit at all is still an error naming the object.
        let blob = try #require(ObjectID(hex: fixture.revParse("main:README.md", in: upstream)))
        #expect {
            try mirror.commit(blob)
        } throws: { error in
            "\(error)".contains("commit \(blob)")
        }
    }

    @Test func cloningAMissingPathSaysTheRepositoryIsNotFound() throws {
        let fixture = try GitFixture()
        let missing = fixture.path("nope")

        let error = #expect(throws: GitError.self) {
            try Repository.cloneMirror(from: missing, to: fixture.path("mirror.git"))
        }
        #expect(error?.kind == .notFound)
        #expect(error?.description == "repository not found at \(missing)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("mirror.git")))

        let viaURL = #expect(throws: GitError.self) {
            try Repository.cloneMirror(from: "file://" + missing, to: fixture.path("mirror.git"))
        }
        #expect(viaURL?.kind == .notFound)
    }

    @Test func cloningADirectoryThatIsNoRepositorySaysSo() throws {
        let fixture = try GitFixture()
        let plain = fixture.path("plain")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)

        let error = #expect(throws: GitError.self) {
            try Repository.cloneMirror(from: plain, to: fixture.path("mirror.git"))
        }
        #expect(error?.kind == .notRepository)
        #expect(error?.description == "\(plain) is not a git repository")
    }

    @Test func openingAMissingOrNonRepositoryPathFails() throws {
        let fixture = try GitFixture()
        let missing = #expect(throws: GitError.self) { try Repository.openBare(at: fixture.path("nope.git")) }
        #expect(missing?.kind == .notFound)

        try FileManager.default.createDirectory(atPath: fixture.path("empty"), withIntermediateDirectories: true)
        let empty = #expect(throws: GitError.self) { try Repository.openBare(at: fixture.path("empty")) }
        #expect(empty?.kind == .notRepository)
        #expect(empty?.description == "\(fixture.path("empty")) is not a bare git repository")
    }

    @Test func resolvingAMissingBranchNamesTheBranchAndTheSource() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))

        let error = #expect(throws: GitError.self) { try mirror.resolve(branch: "release") }
        #expect(error?.kind == .reference)
        #expect(error?.description == "branch 'release' not found in \(upstream)")

        let invalid = #expect(throws: GitError.self) { try mirror.resolve(branch: "bad..name") }
        #expect(invalid?.kind == .reference)
    }

    @Test func cloningIntoANonEmptyDirectoryFailsAndLeavesItAlone() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        let target = fixture.path("occupied")
        try fixture.write(["keep.txt": "mine\n"], in: target)

        #expect(throws: GitError.self) { try Repository.cloneMirror(from: upstream, to: target) }
        #expect(FileManager.default.fileExists(atPath: target + "/keep.txt"))
    }

    @Test func fetchingAfterTheSourceDisappearedSaysNotFound() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        try FileManager.default.removeItem(atPath: upstream)

        let error = #expect(throws: GitError.self) { try mirror.fetch() }
        #expect(error?.kind == .notFound)
    }

    @Test func readingAMissingObjectIsNotFound() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream")
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        let bogus = try #require(ObjectID(hex: String(repeating: "ab", count: 20)))

        let error = #expect(throws: GitError.self) { try mirror.readBlob(bogus) }
        #expect(error?.kind == .notFound)
    }

    @Test func anUnreachableHTTPSRemoteIsANetworkErrorWithoutTheSecret() throws {
        let fixture = try GitFixture()
        let error = #expect(throws: GitError.self) {
            try Repository.cloneMirror(
                from: "https://user:s3cret-token@localhost:1/acme/app.git", to: fixture.path("mirror.git"),
                credentials: Credentials(httpsToken: "tok-123"))
        }
        #expect(error?.kind == .network)
        #expect(error?.description.contains("s3cret") == false)
        #expect(error?.description.contains("user") == false)
        #expect(error?.description.contains("https://localhost:1/acme/app.git") == true)
    }
}
