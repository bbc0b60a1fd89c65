import Foundation
import Git
import TestSupport
import Testing

/// Trees no git command writes: entries named `..`, `.`, `a/../../etc` and twice the same name, and a
/// folder nested 100,000 deep (libgit2's recursive walk overflowed the stack at that depth).
@Suite struct HostileTreeTests {
    @Test func namesNoCheckoutCouldHoldAndDuplicatesAreSkippedAndReported() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream", files: ["App/a.swift": "a\n", "README.md": "r\n"])
        try HostileRepos.run("names", [upstream])
        let mirror = try Repository.cloneMirror(from: upstream, to: fixture.path("mirror.git"))
        var skipped: [SkippedTreeEntry] = []

        let entries = try mirror.listTree(commit: try mirror.resolve(branch: "main"), skipped: { skipped.append($0) }) { _, _ in true }

        #expect(entries.map(\.path) == ["App/a.swift", "README.md"])
        #expect(skipped.map(\.name).sorted() == [".", "..", "App", "a/../../etc"])
        #expect(skipped.first { $0.name == "App" }?.reason == .duplicate)
        #expect(skipped.filter { $0.reason == .invalidName }.count == 3)
        #expect(skipped.allSatisfy { $0.folder.isEmpty })
        #expect(
            skipped.first { $0.name == ".." }?.message == "tree entry named \"..\" skipped: no checkout could hold that name")
    }

    @Test func aTreeNested100000DeepIsListedDownToTheLimitWithoutOverflowingTheStack() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream", files: ["App/a.swift": "a\n"])
        try HostileRepos.run("deep-tree", [upstream, "100000"])
        let repository = try Repository.openBare(at: upstream + "/.git")
        var skipped: [SkippedTreeEntry] = []

        let entries = try repository.listTree(commit: try repository.resolve(branch: "main"), skipped: { skipped.append($0) }) { _, _ in
            true
        }

        #expect(entries.map(\.path) == ["App/a.swift"])
        #expect(skipped.count == 1)
        #expect(skipped.first?.reason == .tooDeep)
        #expect(skipped.first?.folder == "deep" + String(repeating: "/d", count: TreeWalkLimits.maximumDepth - 1))
    }

    @Test func aTreeJustWithinTheDepthLimitIsListedWhole() throws {
        let fixture = try GitFixture()
        let upstream = try fixture.makeRepository("upstream", files: ["App/a.swift": "a\n"])
        // deep/ plus 255 folders d/ holding Bottom.swift: 256 folders below the root.
        try HostileRepos.run("deep-tree", [upstream, String(TreeWalkLimits.maximumDepth)])
        let repository = try Repository.openBare(at: upstream + "/.git")
        var skipped: [SkippedTreeEntry] = []

        let entries = try repository.listTree(commit: try repository.resolve(branch: "main"), skipped: { skipped.append($0) }) { _, _ in
            true
        }

        #expect(skipped.isEmpty)
        #expect(entries.count == 2)
        #expect(entries.last?.path.hasSuffix("/d/Bottom.swift") == true)
        #expect(entries.last?.path.split(separator: "/").count == TreeWalkLimits.maximumDepth + 1)
    }
}
