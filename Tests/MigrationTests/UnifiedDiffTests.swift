import Foundation
import Results
import Testing

@testable import Migration

struct UnifiedDiffTests {
    @Test(arguments: [0, 4, 10])
    func anInsertedLineAtTheStartMiddleOrEndIsGitsOwnPatch(position: Int) throws {
        var after = numbered(1...10)
        after.insert("inserted\n", at: position)
        try expectGitsPatch([change(numbered(1...10).joined(), after.joined())])
    }

    @Test func removedLinesAreGitsOwnPatch() throws {
        var after = numbered(1...12)
        after.removeSubrange(3..<6)
        after.removeLast()
        try expectGitsPatch([change(numbered(1...12).joined(), after.joined())])
    }

    @Test func aReplacedLineShowsItsOldTextBeforeItsNewOneWithThreeLinesAround() throws {
        let patch = try expectGitsPatch([change("a\nb\nc\nd\ne\nf\ng\n", "a\nb\nc\nD\ne\nf\ng\n", path: "App/Info.plist")])
        #expect(
            patch == """
                diff --git a/App/Info.plist b/App/Info.plist
                --- a/App/Info.plist
                +++ b/App/Info.plist
                @@ -1,7 +1,7 @@
                 a
                 b
                 c
                -d
                +D
                 e
                 f
                 g

                """)
    }

    @Test func editsSevenLinesApartMakeTwoHunksAndSixApartShareOne() throws {
        let before = numbered(1...30)
        var apart = before
        apart[4] = "changed\n"
        apart[12] = "changed\n"
        var close = before
        close[4] = "changed\n"
        close[11] = "changed\n"
        let twoHunks = try expectGitsPatch([change(before.joined(), apart.joined())])
        let oneHunk = try expectGitsPatch([change(before.joined(), close.joined())])
        #expect(hunkHeaders(twoHunks) == ["@@ -2,7 +2,7 @@ line 1", "@@ -10,7 +10,7 @@ line 9"])
        #expect(hunkHeaders(oneHunk) == ["@@ -2,14 +2,14 @@ line 1"])
    }

    @Test func twoDistantEditsInALongFileMakeTwoHunks() throws {
        var after = numbered(1...200)
        after.insert("first\n", at: 20)
        after[150] = "second\n"
        let patch = try expectGitsPatch([change(numbered(1...200).joined(), after.joined())])
        #expect(hunkHeaders(patch) == ["@@ -18,6 +18,7 @@ line 17", "@@ -147,7 +148,7 @@ line 146"])
    }

    @Test func aNewFileIsCreatedFromDevNull() throws {
        let patch = try expectGitsPatch([
            FileChange(path: "App/SceneDelegate.swift", before: nil, after: Array("import UIKit\n\nclass X {}\n".utf8))
        ])
        #expect(
            patch == """
                diff --git a/App/SceneDelegate.swift b/App/SceneDelegate.swift
                new file mode 100644
                --- /dev/null
                +++ b/App/SceneDelegate.swift
                @@ -0,0 +1,3 @@
                +import UIKit
                +
                +class X {}

                """)
    }

    @Test func aNewEmptyFileIsOnlyItsHeader() throws {
        let patch = try expectGitsPatch([FileChange(path: "App/Empty.swift", before: nil, after: [])])
        #expect(patch == "diff --git a/App/Empty.swift b/App/Empty.swift\nnew file mode 100644\n")
    }

    @Test func aFileMayBecomeEmptyOrStopBeingEmptyWithoutBeingDeletedOrCreated() throws {
        try expectGitsPatch([change("", "one\ntwo\n", path: "a.txt"), change("one\ntwo\n", "", path: "b.txt")])
    }

    @Test func aCRLFFileKeepsItsCarriageReturns() throws {
        let before = "<plist>\r\n<dict>\r\n\t<key>A</key>\r\n</dict>\r\n</plist>\r\n"
        let after = "<plist>\r\n<dict>\r\n\t<key>A</key>\r\n\t<key>B</key>\r\n</dict>\r\n</plist>\r\n"
        let patch = try expectGitsPatch([change(before, after, path: "Info.plist")])
        #expect(patch.contains("+\t<key>B</key>\r\n"))
    }

    @Test func onlyLineEndingsChanged() throws {
        try expectGitsPatch([change("a\nb\nc\n", "a\r\nb\r\nc\r\n")])
    }

    @Test(arguments: [
        ("a\nb\nc", "a\nb\nc\n"),
        ("a\nb\nc\n", "a\nb\nc"),
        ("a\nb\nc", "a\nb\nC"),
        ("a\nb\nc\nd", "A\nb\nc\nd"),
        ("x", "x\ny"),
        ("", "no newline"),
    ])
    func aMissingFinalNewlineIsMarkedAfterTheLineThatLacksIt(before: String, after: String) throws {
        let patch = try expectGitsPatch([change(before, after)])
        #expect(patch.contains("\n\\ No newline at end of file\n"))
    }

    /// A project file gains lines in four sections among lines that repeat (`};`, `isa = ...`): the pass that
    /// finds only added lines must give git's own patch (its indent heuristic off, as `ChangeSliding` says),
    /// and so must its mirror for only removed lines.
    @Test func linesOnlyAddedOrOnlyRemovedAmongRepeatedLinesAreGitsOwnPatch() throws {
        let section = ["\t\t\t};\n", "\t\t\tisa = PBXGroup;\n", "\t\t\tchildren = (\n", "\t\t\t);\n", "\n"]
        let before = (0..<60).flatMap { index in section + ["\t\t\t\tID\(index) /* File\(index).swift */,\n"] }
        var after = before
        for (offset, position) in [40, 130, 250, 331].enumerated().reversed() {
            after.insert(contentsOf: ["\t\t\t\tNEW\(offset) /* SceneDelegate.swift */,\n", "\t\t\t};\n"], at: position)
        }
        for (old, new) in [(before, after), (after, before)] {
            let changes = [change(old.joined(), new.joined(), path: "App.xcodeproj/project.pbxproj")]
            let patch = try expectPatchApplies(changes)
            #expect(patch == (try RealGit.diff(changes, options: ["--no-indent-heuristic"])))
            #expect(hunkHeaders(patch).count == 4)
        }
    }

    @Test func aFiveThousandLineFileWithOneInsertionIsOneSmallHunk() throws {
        var after = numbered(1...5000)
        after.insert("inserted\n", at: 2500)
        let patch = UnifiedDiff.render([change(numbered(1...5000).joined(), after.joined())])
        #expect(hunkHeaders(String(decoding: patch, as: UTF8.self)) == ["@@ -2498,6 +2498,7 @@ line 2497"])
        try expectGitsPatch([change(numbered(1...5000).joined(), after.joined())])
    }

    @Test func namesWithSpacesOrUnusualBytesAreWrittenAsGitWritesThem() throws {
        let paths = ["App Folder/My File.swift", "Caf\u{E9}/\u{C4}nderung.swift", "we\"ird\\name.m", "tab\there.h", "plain.swift"]
        let changes =
            (paths.map { change("one\n", "one\ntwo\n", path: $0) } + [
                FileChange(path: "New Folder/\u{E9}t\u{E9}.swift", before: nil, after: Array("x\n".utf8))
            ])
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        let patch = try expectGitsPatch(changes)
        #expect(patch.contains("diff --git a/App Folder/My File.swift b/App Folder/My File.swift\n--- a/App Folder/My File.swift\t\n"))
        #expect(patch.contains("diff --git \"a/Caf\\303\\251/\\303\\204nderung.swift\" \"b/Caf\\303\\251/\\303\\204nderung.swift\"\n"))
        #expect(patch.contains("--- \"a/we\\\"ird\\\\name.m\"\n"))
        #expect(patch.contains("+++ \"b/tab\\there.h\"\n"))
    }

    @Test func anUnchangedFileContributesNothing() {
        #expect(UnifiedDiff.render([change("same\n", "same\n"), FileChange(path: "e", before: [], after: [])]).isEmpty)
    }

    @Test func filesComeInTheOrderGiven() throws {
        let changes = [change("b\n", "B\n", path: "b.swift"), change("a\n", "A\n", path: "a.swift")]
        let patch = try expectPatchApplies(changes)
        #expect(
            patch.components(separatedBy: "\n").filter { $0.hasPrefix("diff --git") } == [
                "diff --git a/b.swift b/b.swift", "diff --git a/a.swift b/a.swift",
            ])
    }

    @Test func hunkHeadersNameTheNearestDeclarationAboveThemAsGitDoes() throws {
        let before = """
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window = UIWindow(frame: UIScreen.main.bounds)
                    window?.rootViewController = ViewController()
                    window?.makeKeyAndVisible()
                    return true
                }

                func applicationDidEnterBackground(_ application: UIApplication) {
                    save()
                }
            }

            extension AppDelegate {
                func save() {}

                func load() {}

                func reset() {}
            }

            """
        let after =
            before
            .replacingOccurrences(of: "        window = UIWindow(frame: UIScreen.main.bounds)\n", with: "")
            .replacingOccurrences(of: "        window?.rootViewController = ViewController()\n", with: "")
            .replacingOccurrences(of: "        window?.makeKeyAndVisible()\n", with: "")
            .replacingOccurrences(of: "    func reset() {}\n", with: "    func reset() {\n        // Done by the scene.\n    }\n")
        let patch = try expectGitsPatch([change(before, after)])
        #expect(
            hunkHeaders(patch) == [
                "@@ -5,9 +5,6 @@ final class AppDelegate: UIResponder, UIApplicationDelegate {",
                "@@ -21,5 +18,7 @@ extension AppDelegate {",
            ])
    }

    @Test func aDeclarationLineIsCutTo80BytesAndItsTrailingSpaceDropped() throws {
        let declaration = "func " + String(repeating: "x", count: 74) + " \tmore"
        let before = ([declaration + "\n"] + numbered(1...10).map { "    " + $0 }).joined()
        let after = before.replacingOccurrences(of: "    line 8\n", with: "    eight\n")
        let patch = try expectGitsPatch([change(before, after)])
        #expect(hunkHeaders(patch) == ["@@ -6,6 +6,6 @@ func " + String(repeating: "x", count: 74)])
    }

    @Test(arguments: [0, 1, 5])
    func theContextIsAsWideAsAsked(context: Int) throws {
        var after = numbered(1...40)
        after[10] = "ten\n"
        after.insert("new\n", at: 14)
        after.remove(at: 30)
        let changes = [change(numbered(1...40).joined(), after.joined())]
        let patch = UnifiedDiff.render(changes, context: context)
        let gits = try RealGit.diff(changes, context: context)
        #expect(String(decoding: patch, as: UTF8.self) == gits)
        // Without context lines git only applies a patch when told that such patches are meant.
        if context > 0 { try expectPatchApplies(changes, context: context) }
    }

    @Test func anInsertedMethodStartsAndEndsWhereGitPutsThem() throws {
        let before = """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?

                func sceneDidBecomeActive(_ scene: UIScene) {
                    refresh()
                }
            }

            """
        let method = """

                func sceneWillResignActive(_ scene: UIScene) {
                    refresh()
                }

            """
        let after = before.replacingOccurrences(of: "        refresh()\n    }\n", with: "        refresh()\n    }\n" + method)
        let patch = try expectGitsPatch([change(before, after)])
        #expect(
            patch.hasSuffix(
                "         refresh()\n     }\n+\n+    func sceneWillResignActive(_ scene: UIScene) {\n+        refresh()\n+    }\n }\n"))
    }

    @Test func bytesThatAreNotUTF8ComeThroughUnchanged() throws {
        let before: [UInt8] = Array("// caf".utf8) + [0xE9] + Array("\nlet a = 1\n".utf8)
        let after: [UInt8] = Array("// caf".utf8) + [0xE9] + Array("\nlet a = 2\n".utf8)
        let changes = [FileChange(path: "Legacy.m", before: before, after: after)]
        let patch = UnifiedDiff.render(changes)
        #expect(patch.contains(0xE9))
        #expect(try RealGit.apply(patch, to: changes)["Legacy.m"] == after)
    }

    @Test func randomEditsOfRandomFilesComeBackFromGitApplyExactly() throws {
        var generator = SplitMix64(seed: 19)
        let pieces = ["a\n", "b\n", "}\n", "\n", "    x\n", "c\r\n", "\t<key>k</key>\n", "d"]
        func randomLines(_ count: Int) -> [String] { (0..<count).map { _ in pieces.randomElement(using: &generator)! } }
        func joined(_ lines: [String]) -> [UInt8] {
            // Only a last line may lack its newline.
            Array(
                lines.enumerated().map { $0.offset < lines.count - 1 && !$0.element.hasSuffix("\n") ? $0.element + "\n" : $0.element }
                    .joined().utf8)
        }
        var checked = 0
        for batch in 0..<12 {
            var changes: [FileChange] = []
            for file in 0..<25 {
                let before = randomLines(Int.random(in: 0...30, using: &generator))
                var after = before
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let position = Int.random(in: 0...after.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: after.insert(contentsOf: randomLines(Int.random(in: 1...4, using: &generator)), at: position)
                    case 1: after.removeSubrange(position..<min(after.count, position + Int.random(in: 1...4, using: &generator)))
                    default:
                        if position < after.count { after[position] = pieces.randomElement(using: &generator)! }
                    }
                }
                let isNew = Int.random(in: 0..<10, using: &generator) == 0
                changes.append(
                    FileChange(path: "batch\(batch)/file \(file).txt", before: isNew ? nil : joined(before), after: joined(after)))
            }
            let patch = UnifiedDiff.render(changes, context: Int.random(in: 1...3, using: &generator))
            guard !patch.isEmpty else { continue }
            let applied = try RealGit.apply(patch, to: changes)
            for change in changes {
                #expect(applied[change.path] == change.after, "\(change.path) in \(String(decoding: patch, as: UTF8.self))")
                checked += 1
            }
        }
        #expect(checked >= 250)
    }

    private func numbered(_ lines: ClosedRange<Int>) -> [String] { lines.map { "line \($0)\n" } }

    private func change(_ before: String, _ after: String, path: String = "App/AppDelegate.swift") -> FileChange {
        FileChange(path: path, before: Array(before.utf8), after: Array(after.utf8))
    }

    private func hunkHeaders(_ patch: String) -> [String] {
        patch.components(separatedBy: "\n").filter { $0.hasPrefix("@@ ") }
    }

    /// Checks that the patch is the one `git diff` writes and that `git apply` turns the before bytes into
    /// the after bytes; returns the patch.
    @discardableResult
    private func expectGitsPatch(_ changes: [FileChange], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let patch = try expectPatchApplies(changes, sourceLocation: sourceLocation)
        let gits = try RealGit.diff(changes)
        #expect(patch == gits, sourceLocation: sourceLocation)
        return patch
    }

    /// Checks that `git apply --check` and `git apply` turn the before bytes into the after bytes; returns
    /// the patch.
    @discardableResult
    private func expectPatchApplies(_ changes: [FileChange], context: Int = 3, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let patch = UnifiedDiff.render(changes, context: context)
        let applied = try RealGit.apply(patch, to: changes)
        for change in changes {
            #expect(applied[change.path] == change.after, "\(change.path)", sourceLocation: sourceLocation)
        }
        return String(decoding: patch, as: UTF8.self)
    }
}
