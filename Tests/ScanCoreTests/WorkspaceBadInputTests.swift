import Foundation
import TestSupport
import Testing

@testable import ScanCore

@Suite("Workspace: bad input")
struct WorkspaceBadInputTests {
    private func diagnostics(_ workspace: Workspace, file: String) -> [Diagnostic] {
        workspace.diagnostics.filter { $0.file == file }
    }

    @Test("A project.pbxproj that is not a plist is an error naming the file; the rest of the tree is scanned")
    func brokenProject() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "Good")
        directory.write("Broken/Broken.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = \n")
        directory.write("Broken/App/Info.plist", TreeFixtures.plist())
        directory.write("Broken/App/AppDelegate.swift", "import UIKit\nclass AppDelegate: UIResponder, UIApplicationDelegate {}\n")
        let workspace = try TreeFixtures.workspace(directory)
        let problems = diagnostics(workspace, file: "Broken/Broken.xcodeproj/project.pbxproj")
        #expect(problems.count == 1)
        #expect(problems.first?.severity == .error)
        #expect(problems.first?.message.contains("cannot parse") == true)
        #expect(problems.first?.line != nil)
        #expect(workspace.projects.map(\.path) == ["Good/App.xcodeproj"])
        // The good project's app, and the broken project's app found from its Info.plist.
        #expect(workspace.apps.map(\.path) == ["Broken/App", "Good/App"])
        #expect(workspace.sources["Broken/App/AppDelegate.swift"]?.types.map(\.name) == ["AppDelegate"])
    }

    @Test("A broken Info.plist is an error and marks the app's plist unreadable")
    func brokenInfoPlist() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, plist: "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>A</key>\n</plist>\n")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.infoPlists.isEmpty)
        #expect(app.unreadable.count == 1)
        #expect(app.unreadable.first?.hasPrefix("App/Info.plist: cannot parse Info.plist") == true)
        let problems = diagnostics(workspace, file: "App/Info.plist")
        #expect(problems.map(\.severity) == [.error])
        #expect(workspace.sources["App/AppDelegate.swift"] != nil)
    }

    // Regression test (fixed): a plist that parses but is not a dictionary (an array, a bare OpenStep word such as
    // "broken") is taken as an empty Info.plist, so the app is judged on nothing instead of being
    // marked unreadable.
    @Test(
        "An Info.plist whose top level is not a dictionary is unreadable",
        arguments: [
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<array><string>x</string></array>\n</plist>\n",
            "broken",
        ])
    func infoPlistNotADictionary(text: String) throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, plist: text)
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.infoPlists.isEmpty)
        #expect(!app.unreadable.isEmpty)
        #expect(diagnostics(workspace, file: "App/Info.plist").map(\.severity) == [.error])
    }

    @Test("A binary .swift file is skipped with a warning")
    func binarySource() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, sources: ["Blob.swift": "", "AppDelegate.swift": "import UIKit\n"])
        directory.write("App/Blob.swift", Data([0x69, 0x6D, 0x70, 0x6F, 0x72, 0x74, 0x00, 0x01, 0x02, 0xFF]))
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.sources["App/Blob.swift"] == nil)
        #expect(workspace.sources["App/AppDelegate.swift"] != nil)
        let problems = diagnostics(workspace, file: "App/Blob.swift")
        #expect(problems.map(\.severity) == [.warning])
        #expect(problems.first?.message.contains("binary") == true)
    }

    @Test("A source over the size limit is skipped with a warning")
    func oversizedSource() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(
            in: directory,
            sources: [
                "Big.swift": "import UIKit\n" + String(repeating: "// padding\n", count: 20),
                "Small.swift": "import UIKit\n",
            ])
        var limits = Workspace.Limits()
        limits.sourceFileBytes = 100
        let workspace = try TreeFixtures.workspace(directory, limits: limits)
        #expect(workspace.sources["App/Big.swift"] == nil)
        #expect(workspace.sources["App/Small.swift"] != nil)
        let problems = diagnostics(workspace, file: "App/Big.swift")
        #expect(problems.map(\.severity) == [.warning])
        #expect(problems.first?.message.contains("exceeds") == true)
        #expect(problems.first?.message.contains("100 bytes") == true)
    }

    @Test("A project over its size limit is skipped with a warning")
    func oversizedProject() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory)
        var limits = Workspace.Limits()
        limits.projectBytes = 200
        let workspace = try TreeFixtures.workspace(directory, limits: limits)
        #expect(workspace.projects.isEmpty)
        #expect(workspace.diagnostics.contains { $0.file == "App.xcodeproj/project.pbxproj" && $0.message.contains("exceeds") })
    }

    @Test("An Info.plist over its size limit is skipped with a warning and the app's plist is unreadable")
    func oversizedPlist() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory)
        var limits = Workspace.Limits()
        limits.plistBytes = 100
        let workspace = try TreeFixtures.workspace(directory, limits: limits)
        let app = try #require(workspace.apps.first)
        #expect(app.infoPlists.isEmpty)
        #expect(!app.unreadable.isEmpty)
        #expect(diagnostics(workspace, file: "App/Info.plist").contains { $0.severity == .warning && $0.message.contains("exceeds") })
    }

    @Test("Invalid UTF-8 in a source is a note, and the file is still lexed")
    func invalidUTF8() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, sources: ["Latin1.swift": ""])
        let bytes = Array("import UIKit\n// caf".utf8) + [0xE9] + Array("\nclass Legacy: NSObject {}\n".utf8)
        directory.write("App/Latin1.swift", Data(bytes))
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.sources["App/Latin1.swift"]?.types.map(\.name) == ["Legacy"])
        let problems = diagnostics(workspace, file: "App/Latin1.swift")
        #expect(problems.map(\.severity) == [.note])
        #expect(problems.first?.message == "invalid UTF-8 at byte 19; scanned as bytes")
    }

    @Test("A source named by the project but symlinked to /etc/passwd is never read")
    func symlinkedSource() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, sources: ["AppDelegate.swift": "import UIKit\n", "Secrets.swift": ""])
        let link = directory.url.appendingPathComponent("App/Secrets.swift").path
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/passwd")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.sourceFiles == ["App/AppDelegate.swift"])
        #expect(workspace.sources["App/Secrets.swift"] == nil)
        #expect(workspace.read("App/Secrets.swift") == nil)
        #expect(!workspace.contains("App/Secrets.swift"))
        #expect(diagnostics(workspace, file: "App/Secrets.swift").first?.message.contains("outside the scanned tree") == true)
    }

    @Test("An Info.plist symlinked out of the tree is never read")
    func symlinkedInfoPlist() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, plist: nil)
        let outside = TemporaryDirectory()
        outside.write("Info.plist", TreeFixtures.plist(TreeFixtures.sceneManifest))
        try FileManager.default.createSymbolicLink(
            atPath: directory.path + "/App/Info.plist", withDestinationPath: outside.path + "/Info.plist")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.infoPlists.isEmpty)
        #expect(!app.unreadable.isEmpty)
    }

    @Test("A symlink to ../.. is reported and not walked")
    func symlinkToAncestor() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/App/Up", withDestinationPath: "../..")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.files.allSatisfy { !$0.path.hasPrefix("App/Up/") })
        #expect(workspace.apps.count == 1)
        #expect(diagnostics(workspace, file: "App/Up").count == 1)
    }

    @Test("A project whose groups form a cycle loads without hanging")
    func groupCycle() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "App.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tBUILD_A = {isa = PBXBuildFile; fileRef = FILE_A; };
            \t\tBUILD_B = {isa = PBXBuildFile; fileRef = FILE_B; };
            \t\tFILE_A = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
            \t\tFILE_B = {isa = PBXFileReference; path = Looped.swift; sourceTree = "<group>"; };
            \t\tGROUP_MAIN = {isa = PBXGroup; children = (GROUP_APP, ); sourceTree = "<group>"; };
            \t\tGROUP_APP = {isa = PBXGroup; children = (FILE_A, ); path = App; sourceTree = "<group>"; };
            \t\tGROUP_X = {isa = PBXGroup; children = (GROUP_Y, FILE_B, ); path = X; sourceTree = "<group>"; };
            \t\tGROUP_Y = {isa = PBXGroup; children = (GROUP_X, ); path = Y; sourceTree = "<group>"; };
            \t\tSOURCES = {isa = PBXSourcesBuildPhase; files = (BUILD_A, BUILD_B, ); };
            \t\tTARGET = {isa = PBXNativeTarget; buildConfigurationList = LIST; buildPhases = (SOURCES, ); fileSystemSynchronizedGroups = (GROUP_Y, ); name = App; productType = "com.apple.product-type.application"; };
            \t\tCONFIG = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; }; name = Release; };
            \t\tLIST = {isa = XCConfigurationList; buildConfigurations = (CONFIG, ); };
            \t\tPROJECT = {isa = PBXProject; mainGroup = GROUP_MAIN; targets = (TARGET, ); };
            \t};
            \trootObject = PROJECT;
            }
            """)
        directory.write("App/Info.plist", TreeFixtures.plist())
        directory.write("App/AppDelegate.swift", "import UIKit\n")
        directory.write("X/Looped.swift", "import UIKit\n")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(workspace.apps.count == 1)
        #expect(app.sourceFiles == ["App/AppDelegate.swift"])
        #expect(workspace.projects.first?.targets.first?.synchronizedFolders == [])
    }

    @Test("An Info.plist nested 10,000 arrays deep is refused without a crash")
    func deepInfoPlist() throws {
        let directory = TemporaryDirectory()
        let deep =
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>Deep</key>" + String(repeating: "<array>", count: 10_000)
            + String(repeating: "</array>", count: 10_000) + "</dict></plist>\n"
        TreeFixtures.writeApp(in: directory, plist: deep)
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.infoPlists.isEmpty)
        #expect(app.unreadable.first?.contains("nested") == true)
        #expect(diagnostics(workspace, file: "App/Info.plist").map(\.severity) == [.error])
    }

    @Test("A project nested 10,000 levels deep is refused without a crash")
    func deepProject() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "Deep.xcodeproj/project.pbxproj",
            "{ objects = " + String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000) + "; }")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.projects.isEmpty)
        #expect(diagnostics(workspace, file: "Deep.xcodeproj/project.pbxproj").first?.message.contains("nested") == true)
    }

    @Test("An empty project file and an empty Info.plist are errors")
    func emptyFiles() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, plist: "", folder: "A")
        directory.write("B/B.xcodeproj/project.pbxproj", "")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(diagnostics(workspace, file: "B/B.xcodeproj/project.pbxproj").map(\.severity) == [.error])
        #expect(diagnostics(workspace, file: "A/App/Info.plist").map(\.severity) == [.error])
        #expect(workspace.apps.first?.unreadable.isEmpty == false)
    }

    @Test("Projects inside skipped folders such as Pods are never read")
    func podsProject() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "ios")
        directory.write("ios/Pods/Pods.xcodeproj/project.pbxproj", "this is not a plist")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.projects.map(\.path) == ["ios/App.xcodeproj"])
        #expect(workspace.diagnostics.isEmpty)
    }

    @Test("Diagnostics are sorted and not repeated")
    func diagnosticsSorted() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "b")
        TreeFixtures.writeApp(in: directory, folder: "a")
        directory.write("a/App/Info.plist", "<plist><dict><key>x</key></plist>")
        directory.write("b/App/Info.plist", "<plist><dict><key>x</key></plist>")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.diagnostics == workspace.diagnostics.sorted())
        #expect(Set(workspace.diagnostics).count == workspace.diagnostics.count)
        #expect(workspace.diagnostics.compactMap(\.file) == ["a/App/Info.plist", "b/App/Info.plist"])
    }

    @Test("Workspace.read gives listed files only")
    func readListedOnly() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory)
        directory.write("Pods/Secret.txt", "hidden")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.read("App/Info.plist") == Array(TreeFixtures.plist().utf8))
        #expect(workspace.read("Pods/Secret.txt") == nil)
        #expect(workspace.read("../etc/passwd") == nil)
        #expect(workspace.contains("App/AppDelegate.swift"))
    }

    @Test("Files that mention no anchor are not lexed, unless they name a delegate class")
    func anchorsAndSecondPass() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(
            in: directory,
            sources: [
                "AppDelegate.swift": "import UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n",
                "Extras.swift": "extension AppDelegate {\n  func helper() {}\n}\n",
                "Unrelated.swift": "let answer = 42\n",
            ])
        let anchors = AnchorSearch(["UIApplicationDelegate"])
        let workspace = Workspace.load(from: try DirectorySource(root: directory.path), anchors: anchors)
        #expect(workspace.sources.keys.sorted() == ["App/AppDelegate.swift", "App/Extras.swift"])
        #expect(workspace.sourceFiles(of: workspace.apps[0]).map(\.path) == ["App/AppDelegate.swift", "App/Extras.swift"])
    }
}
