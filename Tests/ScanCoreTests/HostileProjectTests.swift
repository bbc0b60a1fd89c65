import Foundation
import TestSupport
import Testing

@testable import ScanCore

/// A project.pbxproj is repository content too: its groups and file references may loop or point out
/// of the tree, and the reader must neither hang nor read what they point at.
@Suite("Hostile projects")
struct HostileProjectTests {
    @Test func variantGroupCyclesAndReferencesOutOfTheTreeLoadWithoutReadingOutsideFiles() throws {
        let outer = TemporaryDirectory("hostileproject")
        outer.write("outside/Secret.swift", "import UIKit\nclass Stolen: NSObject {}\n")
        outer.write(
            "root/App.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tBUILD_A = {isa = PBXBuildFile; fileRef = FILE_A; };
            \t\tBUILD_UP = {isa = PBXBuildFile; fileRef = FILE_UP; };
            \t\tBUILD_ROOT = {isa = PBXBuildFile; fileRef = FILE_ROOT; };
            \t\tBUILD_ABSOLUTE = {isa = PBXBuildFile; fileRef = FILE_ABSOLUTE; };
            \t\tBUILD_VARIANT = {isa = PBXBuildFile; fileRef = VARIANT_A; };
            \t\tFILE_A = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
            \t\tFILE_UP = {isa = PBXFileReference; path = Secret.swift; sourceTree = "<group>"; };
            \t\tFILE_ROOT = {isa = PBXFileReference; path = "../outside/Secret.swift"; sourceTree = SOURCE_ROOT; };
            \t\tFILE_ABSOLUTE = {isa = PBXFileReference; path = "\(outer.path)/outside/Secret.swift"; sourceTree = "<absolute>"; };
            \t\tFILE_LOCALIZED = {isa = PBXFileReference; path = en.lproj/Main.swift; sourceTree = "<group>"; };
            \t\tGROUP_MAIN = {isa = PBXGroup; children = (GROUP_APP, GROUP_UP, ); sourceTree = "<group>"; };
            \t\tGROUP_APP = {isa = PBXGroup; children = (FILE_A, VARIANT_A, ); path = App; sourceTree = "<group>"; };
            \t\tGROUP_UP = {isa = PBXGroup; children = (FILE_UP, ); path = "../outside"; sourceTree = "<group>"; };
            \t\tVARIANT_A = {isa = PBXVariantGroup; children = (VARIANT_B, FILE_LOCALIZED, ); name = Main.swift; sourceTree = "<group>"; };
            \t\tVARIANT_B = {isa = PBXVariantGroup; children = (VARIANT_A, ); name = Loop.swift; sourceTree = "<group>"; };
            \t\tSOURCES = {isa = PBXSourcesBuildPhase; files = (BUILD_A, BUILD_UP, BUILD_ROOT, BUILD_ABSOLUTE, BUILD_VARIANT, ); };
            \t\tTARGET = {isa = PBXNativeTarget; buildConfigurationList = LIST; buildPhases = (SOURCES, ); name = App; productType = "com.apple.product-type.application"; };
            \t\tCONFIG = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = App/Info.plist; }; name = Release; };
            \t\tLIST = {isa = XCConfigurationList; buildConfigurations = (CONFIG, ); };
            \t\tPROJECT = {isa = PBXProject; mainGroup = GROUP_MAIN; targets = (TARGET, ); };
            \t};
            \trootObject = PROJECT;
            }
            """)
        outer.write("root/App/Info.plist", TreeFixtures.plist())
        outer.write("root/App/AppDelegate.swift", "import UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n")
        outer.write("root/App/en.lproj/Main.swift", "import UIKit\nclass Localized: NSObject {}\n")

        let workspace = Workspace.load(from: try DirectorySource(root: outer.path + "/root"), anchors: TreeFixtures.anchors)

        let app = try #require(workspace.apps.first)
        #expect(workspace.apps.count == 1)
        // The variant group stands for its one real child; the loop adds nothing; nothing outside is named.
        #expect(app.sourceFiles == ["App/AppDelegate.swift", "App/en.lproj/Main.swift"])
        #expect(workspace.sources.keys.sorted() == ["App/AppDelegate.swift", "App/en.lproj/Main.swift"])
        #expect(!workspace.sources.values.contains { $0.types.map(\.name).contains("Stolen") })
        #expect(workspace.read("../outside/Secret.swift") == nil)
    }
}
