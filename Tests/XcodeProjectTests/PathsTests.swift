import Testing
import XcodeProject

@Suite("Paths")
struct PathsTests {
    @Test("Resolving joins and normalises")
    func resolve() {
        #expect(Paths.resolve("ios", "App/Info.plist") == "ios/App/Info.plist")
        #expect(Paths.resolve("ios/App", "../Shared/./Store.swift") == "ios/Shared/Store.swift")
        #expect(Paths.resolve("", "App//Info.plist") == "App/Info.plist")
        #expect(Paths.resolve("ios/", "App") == "ios/App")
        #expect(Paths.resolve("ios", "") == "ios")
        #expect(Paths.resolve("ios", "..") == "")
    }

    @Test("Nothing resolves outside the root or to an absolute path")
    func resolveOutside() {
        #expect(Paths.resolve("ios", "../../etc/passwd") == nil)
        #expect(Paths.resolve("", "..") == nil)
        #expect(Paths.resolve("ios", "/etc/passwd") == nil)
        #expect(Paths.normalize("a/../../b") == nil)
        #expect(Paths.normalize("./a/./b/") == "a/b")
    }

    @Test("Folder, file name, base name and extension")
    func components() {
        #expect(Paths.directory(of: "a/b/Main.storyboard") == "a/b")
        #expect(Paths.directory(of: "Main.storyboard") == "")
        #expect(Paths.fileName(of: "a/b/Main.storyboard") == "Main.storyboard")
        #expect(Paths.baseName(of: "a/b/Main.storyboard") == "Main")
        #expect(Paths.baseName(of: "a/Shelf.xcodeproj") == "Shelf")
        #expect(Paths.baseName(of: "a/.gitignore") == ".gitignore")
        #expect(Paths.baseName(of: "archive.tar.gz") == "archive.tar")
        #expect(Paths.fileExtension(of: "a/b/Main.storyboard") == "storyboard")
        #expect(Paths.fileExtension(of: "Makefile") == "")
        #expect(Paths.fileExtension(of: "a/.swiftlint") == "")
    }

    @Test("Inside means the folder itself or below it, by whole components")
    func isInside() {
        #expect(Paths.isInside("App/A.swift", "App"))
        #expect(Paths.isInside("App", "App"))
        #expect(Paths.isInside("App/Sub/A.swift", "App"))
        #expect(!Paths.isInside("AppClip/A.swift", "App"))
        #expect(!Paths.isInside("Ap", "App"))
        #expect(Paths.isInside("anything", ""))
    }
}
