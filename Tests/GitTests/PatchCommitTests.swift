import Foundation
import Git
import TestSupport
import Testing

/// The patches as `fix` writes them: git's headers without the `index` line.
private enum Patches {
    static func lines(_ lines: String...) -> [UInt8] { Array((lines.joined(separator: "\n") + "\n").utf8) }

    static let createSceneDelegate = lines(
        "diff --git a/App/SceneDelegate.swift b/App/SceneDelegate.swift",
        "new file mode 100644",
        "--- /dev/null",
        "+++ b/App/SceneDelegate.swift",
        "@@ -0,0 +1,3 @@",
        "+import UIKit",
        "+",
        "+final class SceneDelegate: UIResponder, UIWindowSceneDelegate {}")

    static let growSceneDelegate = lines(
        "diff --git a/App/SceneDelegate.swift b/App/SceneDelegate.swift",
        "--- a/App/SceneDelegate.swift",
        "+++ b/App/SceneDelegate.swift",
        "@@ -1,3 +1,5 @@",
        " import UIKit",
        " ",
        "-final class SceneDelegate: UIResponder, UIWindowSceneDelegate {}",
        "+final class SceneDelegate: UIResponder, UIWindowSceneDelegate {",
        "+    var window: UIWindow?",
        "+}")

    /// Two hunks in `Lines.txt`, whose base is "line 1" … "line 20".
    static let editLines = lines(
        "diff --git a/Lines.txt b/Lines.txt",
        "--- a/Lines.txt",
        "+++ b/Lines.txt",
        "@@ -1,5 +1,5 @@",
        " line 1",
        "-line 2",
        "+line two",
        " line 3",
        " line 4",
        " line 5",
        "@@ -15,6 +15,7 @@",
        " line 15",
        " line 16",
        " line 17",
        "-line 18",
        "+line eighteen",
        "+line eighteen and a half",
        " line 19",
        " line 20")

    static let baseLines = (1...20).map { "line \($0)\n" }.joined()
}

@Suite struct PatchCommitTests {
    private static let author = GitSignature(
        name: "scenesweep", email: "scenesweep@example.com", time: Date(timeIntervalSince1970: 1_750_000_000), timeZoneOffset: 120)

    /// An upstream repository with `Lines.txt` and its bare mirror.
    private func mirror(_ fixture: GitFixture, name: String = "mirror.git") throws -> (Repository, ObjectID) {
        if !FileManager.default.fileExists(atPath: fixture.path("upstream")) {
            try fixture.makeRepository("upstream", files: ["Lines.txt": Patches.baseLines, "README.md": "hello\n"])
        }
        let mirror = try Repository.cloneMirror(from: fixture.path("upstream"), to: fixture.path(name))
        return (mirror, try mirror.resolve(branch: "main"))
    }

    private func show(_ id: ObjectID, _ path: String, in fixture: GitFixture, mirror: String = "mirror.git") throws -> String {
        try fixture.git(["--git-dir", fixture.path(mirror), "show", "\(id):\(path)"], in: fixture.root)
    }

    @Test func aPatchThatCreatesAFileBecomesACommitOnTheBaseAndMovesNoReference() throws {
        let fixture = try GitFixture()
        let (mirror, base) = try mirror(fixture)
        let references = try fixture.git(["--git-dir", fixture.path("mirror.git"), "for-each-ref"], in: fixture.root)

        let id = try mirror.commitPatches(
            [PatchCommit(name: "Shop.patch", diff: Patches.createSceneDelegate, message: "Adopt UIScene in Shop")], onto: base,
            author: Self.author)

        let commit = try mirror.commit(id)
        #expect(commit.parents == [base])
        #expect(commit.summary == "Adopt UIScene in Shop")
        #expect(commit.authorName == "scenesweep")
        #expect(commit.authorTime == Self.author.time)
        #expect(commit.authorTimeZoneOffset == 120)
        #expect(
            try show(id, "App/SceneDelegate.swift", in: fixture)
                == "import UIKit\n\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {}")
        #expect(try show(id, "README.md", in: fixture) == "hello")
        #expect(try fixture.git(["--git-dir", fixture.path("mirror.git"), "for-each-ref"], in: fixture.root) == references)
        #expect(try mirror.resolve(branch: "main") == base)
    }

    @Test func aPatchWithSeveralHunksEditsEachOfThem() throws {
        let fixture = try GitFixture()
        let (mirror, base) = try mirror(fixture)

        let id = try mirror.commitPatches(
            [PatchCommit(name: "Lines.patch", diff: Patches.editLines, message: "Edit")], onto: base, author: Self.author)

        var expected = (1...20).map { "line \($0)" }
        expected[1] = "line two"
        expected[17] = "line eighteen"
        expected.insert("line eighteen and a half", at: 18)
        #expect(try show(id, "Lines.txt", in: fixture) == expected.joined(separator: "\n"))
    }

    @Test func stackedPatchesEachBuildOnTheCommitBefore() throws {
        let fixture = try GitFixture()
        let (mirror, base) = try mirror(fixture)

        let id = try mirror.commitPatches(
            [
                PatchCommit(name: "Create.patch", diff: Patches.createSceneDelegate, message: "Create the scene delegate"),
                PatchCommit(name: "Grow.patch", diff: Patches.growSceneDelegate, message: "Give it a window"),
            ], onto: base, author: Self.author)

        let last = try mirror.commit(id)
        #expect(last.summary == "Give it a window")
        let first = try #require(last.parents.first)
        #expect(last.parents.count == 1)
        #expect(try mirror.commit(first).summary == "Create the scene delegate")
        #expect(try mirror.commit(first).parents == [base])
        #expect(
            try show(id, "App/SceneDelegate.swift", in: fixture)
                == "import UIKit\n\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n}")
        #expect(try show(first, "App/SceneDelegate.swift", in: fixture).hasSuffix("UIWindowSceneDelegate {}"))
    }

    @Test func theSamePatchesOnTheSameBaseMakeTheSameCommitNightAfterNight() throws {
        let fixture = try GitFixture()
        let (tonight, base) = try mirror(fixture, name: "tonight.git")
        let (tomorrow, _) = try mirror(fixture, name: "tomorrow.git")
        let patches = [
            PatchCommit(name: "Create.patch", diff: Patches.createSceneDelegate, message: "Create"),
            PatchCommit(name: "Lines.patch", diff: Patches.editLines, message: "Edit"),
        ]

        let first = try tonight.commitPatches(patches, onto: base, author: Self.author)
        let second = try tomorrow.commitPatches(patches, onto: base, author: Self.author)
        let later = GitSignature(name: Self.author.name, email: Self.author.email, time: Self.author.time + 1, timeZoneOffset: 120)
        let another = try tomorrow.commitPatches(patches, onto: base, author: later)

        #expect(first == second)
        #expect(another != first)
        // The committer is the signature given too, not the clock.
        #expect(
            try fixture.git(["--git-dir", fixture.path("tonight.git"), "log", "-1", "--format=%cn %ct %ci", "\(first)"], in: fixture.root)
                == "scenesweep 1750000000 2025-06-15 17:06:40 +0200")
    }

    @Test func aPatchThatDoesNotApplyIsAnErrorNamingItAndLibgit2sReason() throws {
        let fixture = try GitFixture()
        let (mirror, base) = try mirror(fixture)
        // Its context line says "line 99" where the file has "line 1".
        let broken = Array(
            String(decoding: Patches.editLines, as: UTF8.self).replacingOccurrences(of: " line 1\n", with: " line 99\n").utf8)

        let error = #expect(throws: GitError.self) {
            try mirror.commitPatches(
                [
                    PatchCommit(name: "Create.patch", diff: Patches.createSceneDelegate, message: "Create"),
                    PatchCommit(name: "Broken.patch", diff: broken, message: "Edit"),
                ], onto: base, author: Self.author)
        }

        #expect(
            error?.description
                == "patch 'Broken.patch' (2 of 2) does not apply in \(fixture.path("upstream")): hunk at line 1 did not apply")
    }

    @Test func aPatchThatIsNotADiffOrChangesNothingIsAnError() throws {
        let fixture = try GitFixture()
        let (mirror, base) = try mirror(fixture)
        let badHeader = Patches.lines(
            "diff --git a/Lines.txt b/Lines.txt", "--- a/Lines.txt", "+++ b/Lines.txt", "@@ -1,x +1 @@", "-line 1")

        let unreadable = #expect(throws: GitError.self) {
            try mirror.commitPatches([PatchCommit(name: "Header.patch", diff: badHeader, message: "m")], onto: base, author: Self.author)
        }
        let prose = #expect(throws: GitError.self) {
            try mirror.commitPatches(
                [PatchCommit(name: "Prose.patch", diff: Array("just words\n".utf8), message: "m")], onto: base, author: Self.author)
        }
        let sameAgain = Patches.lines(
            "diff --git a/Lines.txt b/Lines.txt", "--- a/Lines.txt", "+++ b/Lines.txt", "@@ -1,2 +1,2 @@", "-line 1", "+line 1", " line 2")
        let empty = #expect(throws: GitError.self) {
            try mirror.commitPatches([PatchCommit(name: "Empty.patch", diff: sameAgain, message: "m")], onto: base, author: Self.author)
        }

        #expect(unreadable?.description.hasPrefix("patch 'Header.patch' (1 of 1) cannot be read in \(fixture.path("upstream")): ") == true)
        #expect(prose?.description == "patch 'Prose.patch' (1 of 1) cannot be read in \(fixture.path("upstream")): no patch found")
        #expect(empty?.description == "patch 'Empty.patch' (1 of 1) changes no file")
    }
}
