import ScanCore
import Testing

@Suite("Glob")
struct GlobTests {
    @Test(
        "Double star crosses folders, and its slash may match no folder at all",
        arguments: ["Generated/a.swift", "App/Generated/a.swift", "a/b/c/Generated/d/e.swift"])
    func doubleStarMatches(path: String) {
        #expect(Glob.matches("**/Generated/**", path))
    }

    @Test(
        "Double star needs the whole folder name",
        arguments: ["App/GeneratedX/a.swift", "App/XGenerated/a.swift", "App/Generated", "Generated"])
    func doubleStarRejects(path: String) {
        #expect(!Glob.matches("**/Generated/**", path))
    }

    @Test("A single star stays within one folder")
    func singleStar() {
        #expect(Glob.matches("*.swift", "AppDelegate.swift"))
        #expect(!Glob.matches("*.swift", "App/AppDelegate.swift"))
        #expect(Glob.matches("App/*.swift", "App/AppDelegate.swift"))
        #expect(!Glob.matches("App/*.swift", "App/Sub/AppDelegate.swift"))
        #expect(Glob.matches("App/*/*.swift", "App/Sub/AppDelegate.swift"))
        #expect(Glob.matches("*", "anything"))
        #expect(!Glob.matches("*", "any/thing"))
    }

    @Test("A star may match nothing")
    func emptyStar() {
        #expect(Glob.matches("App*.swift", "App.swift"))
        #expect(Glob.matches("**/*.generated.swift", "x.generated.swift"))
        #expect(Glob.matches("**/*.generated.swift", "a/b/x.generated.swift"))
        #expect(!Glob.matches("**/*.generated.swift", "a/b/x.generated.swiftx"))
    }

    @Test("A question mark is one character other than a slash")
    func questionMark() {
        #expect(Glob.matches("File?.m", "File1.m"))
        #expect(!Glob.matches("File?.m", "File.m"))
        #expect(!Glob.matches("File?.m", "File12.m"))
        #expect(!Glob.matches("a?b", "a/b"))
    }

    @Test("A trailing double star matches everything below a folder")
    func trailingDoubleStar() {
        #expect(Glob.matches("Pods/**", "Pods/Alamofire/Source/Request.swift"))
        #expect(Glob.matches("Pods/**", "Pods/"))
        #expect(!Glob.matches("Pods/**", "MyPods/x"))
        #expect(Glob.matches("**", "a/b/c"))
    }

    @Test("Literal patterns match exactly")
    func literalPatterns() {
        #expect(Glob.matches("App/Info.plist", "App/Info.plist"))
        #expect(!Glob.matches("App/Info.plist", "App/Info.plist.bak"))
        #expect(!Glob.matches("App/Info.plist", "Other/App/Info.plist"))
        #expect(Glob.matches("", ""))
        #expect(!Glob.matches("", "a"))
    }
}

@Suite("Path filter")
struct PathFilterTests {
    @Test(
        "Vendored and generated folders are skipped by name at any depth",
        arguments: ["Pods", "node_modules", "build", "DerivedData", ".git", "Carthage", "xcuserdata"])
    func defaultSkippedFolders(name: String) {
        let filter = PathFilter()
        #expect(!filter.descends(into: name, name: name))
        #expect(!filter.descends(into: "ios/App/" + name, name: name))
    }

    @Test("Ordinary folders are walked")
    func ordinaryFolders() {
        let filter = PathFilter()
        #expect(filter.descends(into: "ios", name: "ios"))
        #expect(filter.descends(into: "ios/PodsHelper", name: "PodsHelper"))
        #expect(filter.keeps(file: "ios/Pods.swift"))
    }

    @Test("Skipped folders can be replaced")
    func customSkippedFolders() {
        let filter = PathFilter(skippedFolders: ["Vendor"])
        #expect(filter.descends(into: "Pods", name: "Pods"))
        #expect(!filter.descends(into: "a/Vendor", name: "Vendor"))
    }

    @Test("Exclude globs prune folders and files")
    func excludeGlobs() {
        let filter = PathFilter(excludeGlobs: ["**/Generated/**", "**/*.pb.swift"])
        #expect(!filter.descends(into: "App/Generated", name: "Generated"))
        #expect(!filter.descends(into: "Generated", name: "Generated"))
        #expect(filter.descends(into: "App/Sources", name: "Sources"))
        #expect(!filter.keeps(file: "App/Model.pb.swift"))
        #expect(!filter.keeps(file: "App/Generated/Strings.swift"))
        #expect(filter.keeps(file: "App/Model.swift"))
    }

    @Test("Only-folders keep paths inside them and walk their parents")
    func onlyFolders() {
        let filter = PathFilter(onlyFolders: ["apps/ios/"])
        #expect(filter.descends(into: "apps", name: "apps"))
        #expect(filter.descends(into: "apps/ios", name: "ios"))
        #expect(filter.descends(into: "apps/ios/Shop", name: "Shop"))
        #expect(!filter.descends(into: "apps/android", name: "android"))
        #expect(!filter.descends(into: "docs", name: "docs"))
        #expect(filter.keeps(file: "apps/ios/Shop/AppDelegate.swift"))
        #expect(!filter.keeps(file: "apps/iosX/a.swift"))
        #expect(!filter.keeps(file: "README.md"))
    }

    @Test("An only-folder of \".\" keeps everything")
    func onlyFolderDot() {
        let filter = PathFilter(onlyFolders: ["."])
        #expect(filter.keeps(file: "a/b.swift"))
        #expect(filter.descends(into: "a", name: "a"))
    }
}
