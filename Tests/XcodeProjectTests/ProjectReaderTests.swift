import Foundation
import TestSupport
import Testing

@testable import XcodeProject

@Suite("Project reader")
struct ProjectReaderTests {
    private func read(_ text: String, at path: String = "Shop.xcodeproj") throws(ProjectError) -> Project {
        try ProjectReader.read(Array(text.utf8), xcodeprojPath: path)
    }

    private func target(_ project: Project, _ name: String) -> Target? {
        project.targets.first { $0.name == name }
    }

    @Test("A written project has its one app target, files and configurations")
    func projectWriterRoundTrip() throws {
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift", "Scenes/SceneDelegate.swift"]
        writer.resourceFiles = ["Base.lproj/Main.storyboard"]
        writer.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "16.0"]
        let written = writer.write()
        let project = try read(written.text, at: "ios/App.xcodeproj")
        #expect(project.name == "App")
        #expect(project.path == "ios/App.xcodeproj")
        #expect(project.pbxprojPath == "ios/App.xcodeproj/project.pbxproj")
        #expect(project.sourceRoot == "ios")
        #expect(project.objectVersion == 56)
        #expect(project.buildConfigurations.map(\.name) == ["Debug", "Release"])
        #expect(project.buildConfigurations.first?.settings["SDKROOT"] == "iphoneos")
        let target = try #require(project.targets.first)
        #expect(project.targets.count == 1)
        #expect(target.name == "App")
        #expect(target.productName == "App")
        #expect(target.productType == ProductType.application)
        #expect(target.sourceFiles == ["ios/App/AppDelegate.swift", "ios/App/Scenes/SceneDelegate.swift"])
        #expect(target.resourceFiles == ["ios/App/Base.lproj/Main.storyboard"])
        #expect(target.defaultConfiguration == "Release")
        #expect(target.line == written.targetLine)
        let release = try #require(target.buildConfigurations.first { $0.name == "Release" })
        #expect(release.settings["IPHONEOS_DEPLOYMENT_TARGET"] == "16.0")
        #expect(release.settings["PRODUCT_NAME"] == "$(TARGET_NAME)")
        #expect(release.settings["TARGETED_DEVICE_FAMILY"] == "1,2")
        for (key, line) in written.settingLines {
            #expect(release.settingLines[key] == line, "line of \(key)")
        }
        #expect(project.target(id: target.id) == target)
    }

    @Test("Xcode 16's base configuration by anchor and relative path resolves inside a synchronized folder or group")
    func baseConfigurationAnchor() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tobjectVersion = 77;
            \tobjects = {
            \t\tMAIN = {isa = PBXGroup; children = (CONFIGS, SETTINGS, ); sourceTree = "<group>"; };
            \t\tCONFIGS = {isa = PBXFileSystemSynchronizedRootGroup; path = Configs; sourceTree = "<group>"; };
            \t\tSETTINGS = {isa = PBXGroup; children = (); path = Support/Settings; sourceTree = "<group>"; };
            \t\tDEBUG = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = CONFIGS; baseConfigurationReferenceRelativePath = Debug.xcconfig; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = "$(IPHONEOS_DEPLOYMENT_TARGET)"; }; name = Debug; };
            \t\tRELEASE = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = SETTINGS; baseConfigurationReferenceRelativePath = Shared/Release.xcconfig; buildSettings = {}; name = Release; };
            \t\tLIST = {isa = XCConfigurationList; buildConfigurations = (DEBUG, RELEASE, ); defaultConfigurationName = Release; };
            \t\tPLIST = {isa = XCConfigurationList; buildConfigurations = (); };
            \t\tAPP = {isa = PBXNativeTarget; buildConfigurationList = LIST; buildPhases = (); name = Chat; productType = "com.apple.product-type.application"; };
            \t\tPROJECT = {isa = PBXProject; buildConfigurationList = PLIST; mainGroup = MAIN; targets = (APP, ); };
            \t};
            \trootObject = PROJECT;
            }
            """
        let project = try read(text, at: "chat/Chat.xcodeproj")
        let app = try #require(target(project, "Chat"))
        let bases = Dictionary(uniqueKeysWithValues: app.buildConfigurations.map { ($0.name, $0.baseConfigurationPath) })
        #expect(bases["Debug"] == "chat/Configs/Debug.xcconfig")
        #expect(bases["Release"] == "chat/Support/Settings/Shared/Release.xcconfig")
        var problems: [String] = []
        let files = ["chat/Configs/Debug.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 16.0\n"]
        let debug = BuildSettings.resolve(
            project: project, target: app, configuration: "Debug", load: { path in files[path].map { (path, Array($0.utf8)) } },
            problems: &problems)
        #expect(debug["IPHONEOS_DEPLOYMENT_TARGET"] == "16.0")
        #expect(problems.isEmpty)
    }

    @Test("Build phases resolve through groups; duplicates, dangling ids and files outside the tree are dropped")
    func buildPhases() throws {
        let project = try read(SampleProjects.shop)
        let shop = try #require(target(project, "Shop"))
        #expect(shop.sourceFiles == ["Shop/AppDelegate.swift", "Shop/Routing/Router.swift"])
        #expect(target(project, "ShopKit")?.sourceFiles == ["ShopKit/Kit.swift"])
        #expect(target(project, "ShopWidget")?.sourceFiles == ["Extensions/ShopWidget/Widget.swift"])
    }

    @Test("A variant group stands for each of its localised files")
    func variantGroup() throws {
        let project = try read(SampleProjects.shop)
        #expect(target(project, "Shop")?.resourceFiles == ["Shop/Base.lproj/Main.storyboard", "Shop/fr.lproj/Main.strings"])
    }

    @Test("A file two groups both list takes its path from the group with the smaller id, every time")
    func fileInTwoGroups() throws {
        // Groups named so that neither text order nor hash order agrees with id order.
        let text = """
            {
            	objects = {
            		ZZ_GROUP = {isa = PBXGroup; children = (SHARED_FILE); path = Later; sourceTree = "<group>"; };
            		MAIN = {isa = PBXGroup; children = (ZZ_GROUP, AA_GROUP); sourceTree = "<group>"; };
            		AA_GROUP = {isa = PBXGroup; children = (SHARED_FILE); path = Earlier; sourceTree = "<group>"; };
            		SHARED_FILE = {isa = PBXFileReference; path = Shared.swift; sourceTree = "<group>"; };
            		BUILD_SHARED = {isa = PBXBuildFile; fileRef = SHARED_FILE; };
            		PHASE = {isa = PBXSourcesBuildPhase; files = (BUILD_SHARED); };
            		TARGET = {isa = PBXNativeTarget; name = App; buildPhases = (PHASE); productType = "com.apple.product-type.application"; };
            		PROJECT = {isa = PBXProject; mainGroup = MAIN; targets = (TARGET); };
            	};
            	rootObject = PROJECT;
            }
            """
        for _ in 0..<20 {
            let project = try read(text, at: "App.xcodeproj")
            #expect(project.targets.first?.sourceFiles == ["Earlier/Shared.swift"])
        }
    }

    @Test("Only native targets are read; aggregate targets and dangling ids are skipped")
    func nativeTargetsOnly() throws {
        let project = try read(SampleProjects.shop)
        #expect(project.targets.map(\.name) == ["Shop", "ShopKit", "ShopWidget", "ShopTests"])
        #expect(
            project.targets.map(\.productType) == [
                ProductType.application, "com.apple.product-type.framework",
                "com.apple.product-type.app-extension", "com.apple.product-type.bundle.unit-test",
            ])
    }

    @Test("Synchronized folders carry the exceptions of their own target only")
    func synchronizedFolders() throws {
        let project = try read(SampleProjects.shop, at: "apps/Shop.xcodeproj")
        #expect(
            target(project, "Shop")?.synchronizedFolders == [
                SynchronizedFolder(path: "apps/Features", excludedPaths: ["apps/Features/Debug/Secret.swift", "apps/Features/README.md"])
            ])
        #expect(
            target(project, "ShopWidget")?.synchronizedFolders == [
                SynchronizedFolder(path: "apps/Features", excludedPaths: ["apps/Features/Other.swift"])
            ])
        #expect(target(project, "ShopKit")?.synchronizedFolders == [])
    }

    @Test("Dependencies are target ids")
    func dependencies() throws {
        let project = try read(SampleProjects.shop)
        #expect(target(project, "Shop")?.dependencies == ["TARGET_KIT", "TARGET_WIDGET"])
        #expect(project.target(id: "TARGET_KIT")?.name == "ShopKit")
    }

    @Test("Configurations: names, default, array values joined, conditional keys kept, xcconfig reference")
    func configurations() throws {
        let project = try read(SampleProjects.shop)
        let shop = try #require(target(project, "Shop"))
        #expect(shop.defaultConfiguration == "Debug")
        #expect(shop.buildConfigurations.map(\.name) == ["Debug", "Release"])
        let release = try #require(shop.buildConfigurations.last)
        #expect(release.id == "CONFIG_APP_RELEASE")
        #expect(release.settings["OTHER_LDFLAGS"] == "$(inherited) -ObjC")
        #expect(release.settings["OTHER_SWIFT_FLAGS[sdk=iphoneos*]"] == "-DDEVICE")
        #expect(release.settings["INFOPLIST_FILE"] == "Shop/Info.plist")
        #expect(shop.buildConfigurations.first?.settings["INFOPLIST_FILE"] == "Shop/Info-Debug.plist")
        #expect(release.baseConfigurationPath == nil)
        #expect(project.buildConfigurations.first?.baseConfigurationPath == "Config/Shared.xcconfig")
        #expect(target(project, "ShopKit")?.defaultConfiguration == nil)
        #expect(target(project, "ShopWidget")?.buildConfigurations == [])
    }

    @Test("Targets and settings know their lines in the file")
    func lines() throws {
        let text = SampleProjects.shop
        let project = try read(text)
        let shop = try #require(target(project, "Shop"))
        #expect(shop.line == SampleProjects.line(of: "\t\tTARGET_APP /* Shop */ = {", in: text))
        #expect(target(project, "ShopTests")?.line == SampleProjects.line(of: "\t\tTARGET_TESTS /* ShopTests */ = {", in: text))
        let release = try #require(shop.buildConfigurations.last)
        #expect(release.settingLines["INFOPLIST_FILE"] == SampleProjects.line(of: "INFOPLIST_FILE = Shop/Info.plist;", in: text))
        #expect(release.settingLines["OTHER_LDFLAGS"] == SampleProjects.line(of: "OTHER_LDFLAGS = (", in: text))
        #expect(release.settingLines["OTHER_SWIFT_FLAGS[sdk=iphoneos*]"] == SampleProjects.line(of: "OTHER_SWIFT_FLAGS[sdk", in: text))
        #expect(release.settingLines["SWIFT_VERSION"] == SampleProjects.line(of: "SWIFT_VERSION = 5.0;", in: text))
        // The Debug configuration's own line for the same key, not Release's.
        let debug = try #require(shop.buildConfigurations.first)
        #expect(debug.settingLines["INFOPLIST_FILE"] == SampleProjects.line(of: "INFOPLIST_FILE = \"Shop/Info-Debug.plist\";", in: text))
        #expect(debug.settingLines["SWIFT_VERSION"] == nil)
    }

    @Test("A project checked out with CRLF line endings reads the same, lines included")
    func crlfProject() throws {
        let text = SampleProjects.shop
        let project = try read(text.replacingOccurrences(of: "\n", with: "\r\n"))
        let shop = try #require(target(project, "Shop"))
        #expect(shop.sourceFiles == ["Shop/AppDelegate.swift", "Shop/Routing/Router.swift"])
        #expect(shop.line == SampleProjects.line(of: "\t\tTARGET_APP /* Shop */ = {", in: text))
        #expect(shop.buildConfigurations.last?.settingLines["SWIFT_VERSION"] == SampleProjects.line(of: "SWIFT_VERSION = 5.0;", in: text))
        #expect(shop.buildConfigurations.last?.settings["SWIFT_VERSION"] == "5.0")
    }

    @Test("projectDirPath moves the source root")
    func projectDirPath() throws {
        let text = SampleProjects.shop.replacingOccurrences(of: "projectDirPath = \"\";", with: "projectDirPath = ../src;")
        let project = try read(text, at: "ios/xcode/Shop.xcodeproj")
        #expect(project.sourceRoot == "ios/src")
        #expect(target(project, "Shop")?.sourceFiles.first == "ios/src/Shop/AppDelegate.swift")
    }

    @Test("A projectDirPath leaving the tree is ignored")
    func projectDirPathOutsideTree() throws {
        let text = SampleProjects.shop.replacingOccurrences(of: "projectDirPath = \"\";", with: "projectDirPath = ../../..;")
        let project = try read(text, at: "ios/Shop.xcodeproj")
        #expect(project.sourceRoot == "ios")
    }

    @Test("Text that is not a property list is refused with a line")
    func notAPlist() throws {
        let text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tA = {isa = PBXGroup\n\t};\n}\n"
        do {
            _ = try read(text)
            Issue.record("expected a ProjectError")
        } catch {
            #expect(error.message.hasPrefix("project.pbxproj is not a property list"))
            #expect(error.line == 6)
        }
    }

    @Test("A merge-conflicted project is refused")
    func mergeConflict() throws {
        var lines = ProjectWriter().write().text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("<<<<<<< HEAD", at: 10)
        lines.insert("=======", at: 12)
        lines.insert(">>>>>>> feature", at: 14)
        #expect(throws: ProjectError.self) { try read(lines.joined(separator: "\n")) }
    }

    @Test("A plist without a PBXProject root is refused")
    func noRootObject() throws {
        for text in ["{ objects = { }; }", "{ objects = { P = { isa = PBXGroup; }; }; rootObject = P; }", "( a, b )"] {
            do {
                _ = try read(text)
                Issue.record("expected a ProjectError for \(text)")
            } catch {
                #expect(error.message == "project.pbxproj has no PBXProject root object")
            }
        }
    }

    @Test("Unknown object kinds are kept out of the way, not fatal")
    func unknownObjects() throws {
        let project = try read(SampleProjects.shop)
        #expect(project.targets.count == 4)
    }

    @Test("Groups that are their own ancestors resolve to nothing instead of hanging")
    func groupCycles() throws {
        let project = try read(SampleProjects.groupCycle)
        let loop = try #require(project.targets.first)
        #expect(loop.sourceFiles == ["App/Z.swift"])
        #expect(loop.synchronizedFolders.isEmpty)
        #expect(loop.line == SampleProjects.line(of: "\t\tTARGET = {", in: SampleProjects.groupCycle))
    }

    @Test("The real Pantry project: eight targets with their kinds")
    func pantryFixture() throws {
        let url = FixturePaths.scan("workspace-two-apps-with-extensions").appendingPathComponent("Pantry.xcodeproj/project.pbxproj")
        let project = try ProjectReader.read(Array(try Data(contentsOf: url)), xcodeprojPath: "Pantry.xcodeproj")
        #expect(project.objectVersion == 56)
        #expect(
            Set(project.targets.map(\.name)) == [
                "Pantry", "PantryClip", "PantryWidgetsExtension", "PantryShare", "PantryWatch Watch App",
                "PantryMac", "PantryTests", "PantryUITests",
            ])
        let pantry = try #require(target(project, "Pantry"))
        #expect(pantry.sourceFiles == ["Pantry/AppDelegate.swift", "Pantry/ShoppingListViewController.swift", "Shared/PantryStore.swift"])
        #expect(pantry.resourceFiles.contains("Pantry/Base.lproj/LaunchScreen.storyboard"))
        #expect(target(project, "PantryClip")?.productType == ProductType.appClip)
        let watch = try #require(target(project, "PantryWatch Watch App"))
        let watchRelease = try #require(watch.buildConfigurations.first { $0.name == "Release" })
        #expect(watchRelease.settings["SDKROOT"] == "watchos")
        #expect(watchRelease.settingLines["SDKROOT"] == 860)
        #expect(target(project, "PantryShare")?.resourceFiles == ["PantryShare/Base.lproj/MainInterface.storyboard"])
    }

    @Test("The real PantryAdmin project: a synchronized folder without its Info.plist")
    func pantryAdminFixture() throws {
        let url = FixturePaths.scan("workspace-two-apps-with-extensions").appendingPathComponent(
            "PantryAdmin/PantryAdmin.xcodeproj/project.pbxproj")
        let project = try ProjectReader.read(Array(try Data(contentsOf: url)), xcodeprojPath: "PantryAdmin/PantryAdmin.xcodeproj")
        #expect(project.objectVersion == 77)
        #expect(project.sourceRoot == "PantryAdmin")
        let admin = try #require(target(project, "PantryAdmin"))
        #expect(admin.sourceFiles.isEmpty)
        #expect(
            admin.synchronizedFolders == [
                SynchronizedFolder(path: "PantryAdmin/PantryAdmin", excludedPaths: ["PantryAdmin/PantryAdmin/Info.plist"])
            ])
        let release = try #require(admin.buildConfigurations.first { $0.name == "Release" })
        #expect(release.settingLines["INFOPLIST_KEY_UILaunchStoryboardName"] == 235)
    }
}
