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
        #expect(Paths.fileExtension(of: "a.b/Makefile") == "")
        #expect(Paths.baseName(of: "a.b/Makefile") == "Makefile")
        #expect(Paths.directory(of: "/a") == "")
        #expect(Paths.fileName(of: "a/") == "")
    }

    @Test("Components split at bytes, whatever the characters around them")
    func nonASCIIComponents() {
        #expect(Paths.directory(of: "Приложение/Ресурсы/Info.plist") == "Приложение/Ресурсы")
        #expect(Paths.fileName(of: "应用/视图控制器.swift") == "视图控制器.swift")
        #expect(Paths.baseName(of: "Café/Écran.storyboard") == "Écran")
        #expect(Paths.fileExtension(of: "🚀/Launch.🚀") == "🚀")
        // A combining mark after a slash makes one Character of both: the slash still separates.
        #expect(Paths.directory(of: "a/\u{301}b.swift") == "a")
        #expect(Paths.fileName(of: "a/\u{301}b.swift") == "\u{301}b.swift")
        // Bridged or shared strings take the same answers as native ones.
        let slice = "x/Some Folder/File.m".dropFirst(2)
        #expect(Paths.fileName(of: String(slice)) == "File.m")
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
