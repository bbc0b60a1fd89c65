import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

@Suite("App discovery: targets")
struct AppDiscoveryTargetTests {
    @Test("An application target is an app with its folder, files, plist and settings")
    func applicationTarget() throws {
        let directory = TemporaryDirectory()
        let project = TreeFixtures.writeApp(
            in: directory,
            sources: ["AppDelegate.swift": "import UIKit\n", "Scenes/SceneDelegate.swift": "import UIKit\n", "Bridge.h": ""],
            resources: ["Base.lproj/LaunchScreen.storyboard"])
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.count == 1)
        let app = try #require(workspace.apps.first)
        #expect(app.path == "App")
        #expect(app.target == "App")
        #expect(app.project == "App.xcodeproj")
        #expect(app.platforms == [.iOS])
        #expect(app.platform == "iOS")
        #expect(app.moduleName == "App")
        #expect(app.declaration == Location(file: "App.xcodeproj/project.pbxproj", line: project.targetLine))
        #expect(app.sourceFiles == ["App/AppDelegate.swift", "App/Bridge.h", "App/Scenes/SceneDelegate.swift"])
        #expect(app.resourceFiles == ["App/Base.lproj/LaunchScreen.storyboard"])
        #expect(app.deviceFamilies == [1, 2])
        #expect(app.unreadable.isEmpty)
        let plist = try #require(app.infoPlists.first)
        #expect(app.infoPlists.count == 1)
        #expect(plist.file == "App/Info.plist")
        #expect(plist.configurations == ["Release", "Debug"])
        #expect(plist["LSRequiresIPhoneOS"] == .bool(true))
        #expect(plist.keyPositions["LSRequiresIPhoneOS"] == [TextPosition(line: 7, column: 2)])
        #expect(plist.location(of: "LSRequiresIPhoneOS") == Location(file: "App/Info.plist", line: 7, column: 2))
        #expect(plist.location(of: "UIApplicationSceneManifest") == Location(file: "App/Info.plist", line: 1))
        #expect(app.deploymentTargets.map(\.value) == ["17.0"])
        #expect(app.deploymentTargets.first?.configurations == ["Release", "Debug"])
        #expect(workspace.diagnostics.isEmpty)
    }

    @Test("A project in a subfolder gives root-relative paths")
    func projectInSubfolder() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "mobile/ios")
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.path == "mobile/ios/App")
        #expect(app.project == "mobile/ios/App.xcodeproj")
        #expect(app.sourceFiles == ["mobile/ios/App/AppDelegate.swift"])
        #expect(app.infoPlists.first?.file == "mobile/ios/App/Info.plist")
    }

    @Test("Applications and App Clips are apps", arguments: [ProductType.application, ProductType.appClip])
    func appProductTypes(productType: String) throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, productType: productType)
        #expect(try TreeFixtures.workspace(directory).apps.map(\.target) == ["App"])
    }

    @Test(
        "Extensions, frameworks, libraries, tests and watch apps are not apps",
        arguments: [
            "com.apple.product-type.app-extension", "com.apple.product-type.framework", "com.apple.product-type.library.static",
            "com.apple.product-type.bundle.unit-test", "com.apple.product-type.bundle.ui-testing",
            "com.apple.product-type.application.watchapp", ProductType.watchApp2,
            "com.apple.product-type.application.watchapp2-container", "com.apple.product-type.application.messages",
            "com.apple.product-type.extensionkit-extension",
        ])
    func nonAppProductTypes(productType: String) throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, productType: productType)
        let workspace = try TreeFixtures.workspace(directory)
        // Its Info.plist is inside the project's folder, so it does not come back as a fallback app either.
        #expect(workspace.apps.isEmpty)
        #expect(workspace.projects.count == 1)
    }

    @Test("watchOS application targets are not apps")
    func watchOS() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: ["SDKROOT": "watchos", "WATCHOS_DEPLOYMENT_TARGET": "10.0"])
        #expect(try TreeFixtures.workspace(directory).apps.isEmpty)
    }

    @Test("A watchOS SDK wins even when iOS is among the supported platforms")
    func watchOSWithSupportedPlatforms() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(
            in: directory, settings: ["SDKROOT": "watchos", "SUPPORTED_PLATFORMS": "\"watchos watchsimulator iphoneos\""])
        #expect(try TreeFixtures.workspace(directory).apps.isEmpty)
    }

    @Test("macOS-only application targets are not apps")
    func macOSOnly() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: ["SDKROOT": "macosx"])
        #expect(try TreeFixtures.workspace(directory).apps.isEmpty)
    }

    @Test("A macOS SDK with iOS among the supported platforms is an iOS app")
    func macOSWithIOS() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: ["SDKROOT": "macosx", "SUPPORTED_PLATFORMS": "\"macosx iphoneos iphonesimulator\""])
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.platforms == [.iOS])
    }

    @Test("SUPPORTS_MACCATALYST adds Mac Catalyst to an iOS app")
    func macCatalyst() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: ["SUPPORTS_MACCATALYST": "YES"])
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.platforms == [.iOS, .macCatalyst])
        #expect(app.platform == "iOS, Mac Catalyst")
    }

    @Test(
        "tvOS and visionOS apps, and an iPad-only app",
        arguments: [
            (["SDKROOT": "appletvos"], "tvOS"),
            (["SDKROOT": "xros"], "visionOS"),
            (["TARGETED_DEVICE_FAMILY": "2"], "iPadOS"),
            (["SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "\"iphoneos iphonesimulator xros xrsimulator\""], "iOS, visionOS"),
        ])
    func otherPlatforms(settings: [String: String], platform: String) throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: settings)
        #expect(try TreeFixtures.workspace(directory).apps.map(\.platform) == [platform])
    }

    @Test("A project with no SDK at all is taken for iOS")
    func noSDK() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, projectSettings: [:])
        #expect(try TreeFixtures.workspace(directory).apps.map(\.platforms) == [[.iOS]])
    }

    @Test("The module name follows PRODUCT_NAME and PRODUCT_MODULE_NAME")
    func moduleName() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: ["PRODUCT_NAME": "\"Shop Beta\""])
        #expect(try TreeFixtures.workspace(directory).apps.first?.moduleName == "Shop_Beta")
        let explicit = TemporaryDirectory()
        TreeFixtures.writeApp(in: explicit, settings: ["PRODUCT_MODULE_NAME": "ShopCore"])
        #expect(try TreeFixtures.workspace(explicit).apps.first?.moduleName == "ShopCore")
    }

    @Test("Deployment targets per configuration point at the setting's line")
    func deploymentTargets() throws {
        let directory = TemporaryDirectory()
        let project = TreeFixtures.writeApp(in: directory, settings: ["IPHONEOS_DEPLOYMENT_TARGET": "12.0"])
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.deploymentTargets.count == 1)
        #expect(app.deploymentTargets.first?.value == "12.0")
        #expect(
            app.deploymentTargets.first?.location
                == Location(file: "App.xcodeproj/project.pbxproj", line: project.settingLines["IPHONEOS_DEPLOYMENT_TARGET"]!))
    }
}

@Suite("App discovery: Info.plists")
struct AppDiscoveryInfoPlistTests {
    @Test("A generated Info.plist comes from INFOPLIST_KEY_ settings, located at their lines")
    func generatedInfoPlist() throws {
        let directory = TemporaryDirectory()
        let project = TreeFixtures.writeApp(
            in: directory,
            settings: [
                "INFOPLIST_FILE": "",
                "GENERATE_INFOPLIST_FILE": "YES",
                "INFOPLIST_KEY_UILaunchStoryboardName": "LaunchScreen",
                "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
                "INFOPLIST_KEY_CFBundleDisplayName": "\"$(TARGET_NAME) Beta\"",
            ], plist: nil)
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.path == "App")
        let plist = try #require(app.infoPlists.first)
        #expect(app.infoPlists.count == 1)
        #expect(plist.file == nil)
        #expect(plist["UILaunchStoryboardName"] == .string("LaunchScreen"))
        #expect(plist["CFBundleDisplayName"] == .string("App Beta"))
        #expect(plist.manifestState == .generated)
        #expect(plist.hasLaunchScreen)
        let pbxproj = "App.xcodeproj/project.pbxproj"
        #expect(
            plist.location(of: "UILaunchStoryboardName")
                == Location(file: pbxproj, line: project.settingLines["INFOPLIST_KEY_UILaunchStoryboardName"]!))
        #expect(
            plist.location(of: "UIApplicationSceneManifest")
                == Location(file: pbxproj, line: project.settingLines["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"]!))
        #expect(plist.location == Location(file: pbxproj, line: project.targetLine))
    }

    @Test("Generated keys override the file's keys")
    func generatedOverridesFile() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(
            in: directory,
            settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_UILaunchStoryboardName": "Generated"],
            plist: TreeFixtures.plist(
                "\t<key>UILaunchStoryboardName</key>\n\t<string>FromFile</string>\n\t<key>Other</key>\n\t<string>kept</string>"))
        let plist = try #require(try TreeFixtures.workspace(directory).apps.first?.infoPlists.first)
        #expect(plist.file == "App/Info.plist")
        #expect(plist["UILaunchStoryboardName"] == .string("Generated"))
        #expect(plist["Other"] == .string("kept"))
        #expect(plist.generatedKeys.keys.sorted() == ["UILaunchStoryboardName"])
    }

    @Test("Without GENERATE_INFOPLIST_FILE the INFOPLIST_KEY_ settings are ignored")
    func keysWithoutGeneration() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: ["INFOPLIST_KEY_UILaunchStoryboardName": "LaunchScreen"])
        let plist = try #require(try TreeFixtures.workspace(directory).apps.first?.infoPlists.first)
        #expect(plist["UILaunchStoryboardName"] == nil)
        #expect(!plist.hasLaunchScreen)
    }

    @Test("Per-configuration Info.plists become variants: the flavour fixture has three")
    func flavourVariants() throws {
        let workspace = try TreeFixtures.workspace(fixture: "flavour-infoplists")
        let app = try #require(workspace.apps.first)
        #expect(workspace.apps.count == 1)
        #expect(app.path == "Shelf")
        let variants = app.infoPlists.map { ($0.file ?? "-", $0.configurations) }
        #expect(variants.count == 3)
        #expect(Set(app.infoPlists.compactMap(\.file)) == ["Shelf/Info.plist", "Shelf/Info-Debug.plist", "Shelf/Info-Staging.plist"])
        #expect(app.infoPlists.first { $0.file == "Shelf/Info-Staging.plist" }?.configurations == ["Staging"])
        #expect(app.infoPlists.first { $0.file == "Shelf/Info-Debug.plist" }?.configurations == ["Debug"])
        #expect(app.infoPlists.first { $0.file == "Shelf/Info.plist" }?.configurations == ["Release"])
        #expect(app.infoPlists.first?.file == "Shelf/Info.plist")
        #expect(app.infoPlists.first { $0.file == "Shelf/Info-Staging.plist" }?.manifestState == .absent)
        #expect(app.infoPlists.first { $0.file == "Shelf/Info.plist" }?.manifestState.manifest != nil)
        #expect(app.deploymentTargets.map(\.value) == ["16.0"])
        #expect(Set(app.deploymentTargets.first?.configurations ?? []) == ["Debug", "Staging", "Release"])
    }

    @Test("A missing Info.plist is an error diagnostic and makes the app's plist unreadable")
    func missingInfoPlist() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, plist: nil)
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.infoPlists.isEmpty)
        #expect(app.unreadable.count == 1)
        #expect(app.unreadable.first?.contains("missing") == true)
        #expect(workspace.diagnostics.map(\.file) == ["App/Info.plist"])
        #expect(workspace.diagnostics.first?.severity == .error)
    }

    @Test(
        "An INFOPLIST_FILE outside the tree is a warning and leaves the app's plist unreadable",
        arguments: ["../../Info.plist", "/Users/ci/App/Info.plist"])
    func infoPlistOutsideTree(value: String) throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: ["INFOPLIST_FILE": "\"\(value)\""])
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.infoPlists.isEmpty)
        #expect(!app.unreadable.isEmpty)
        #expect(workspace.diagnostics.contains { $0.severity == .warning && $0.message.contains("outside the scanned tree") })
    }

    @Test("INFOPLIST_FILE written with $(SRCROOT) finds the plist", arguments: ["", "ios"])
    func infoPlistWithSRCROOT(folder: String) throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, settings: ["INFOPLIST_FILE": "\"$(SRCROOT)/App/Info.plist\""], folder: folder)
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        let expected = folder.isEmpty ? "App/Info.plist" : "ios/App/Info.plist"
        #expect(app.infoPlists.map(\.file) == [expected])
        #expect(app.unreadable.isEmpty)
        #expect(workspace.diagnostics.isEmpty)
    }
}

@Suite("App discovery: sources")
struct AppDiscoverySourceTests {
    @Test("Sources: own files, headers beside .m files, framework dependencies; not extensions, C files or unlisted files")
    func shopSources() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeShop(in: directory)
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first { $0.target == "Shop" })
        #expect(workspace.apps.map(\.target) == ["Shop"])
        #expect(app.path == "Shop")
        #expect(
            Set(app.sourceFiles).isSuperset(of: [
                "Shop/AppDelegate.swift", "Shop/Legacy/TLYRouter.m", "Shop/Legacy/TLYRouter.h", "ShopKit/Kit.swift",
                "Features/Cart/CartView.swift",
            ]))
        #expect(!app.sourceFiles.contains("ShopWidget/Widget.swift"))
        #expect(!app.sourceFiles.contains("Shop/Legacy/crc32.c"))
        #expect(!app.sourceFiles.contains("Shop/Generated.swift"))
        #expect(!app.sourceFiles.contains("Shop/Unreferenced.swift"))
        #expect(app.resourceFiles.contains("Shop/Base.lproj/LaunchScreen.storyboard"))
        #expect(app.resourceFiles.contains("Features/Cart/Cart.storyboard"))
        #expect(!app.resourceFiles.contains("Features/Info.plist"))
        #expect(Set(app.sourceFiles).count == app.sourceFiles.count)
    }

    // Regression test (fixed): membership exceptions are matched against whole file paths only, but Xcode also writes
    // excluded folders there (`membershipExceptions = (Debug, );`): their files stay in the target.
    @Test("A folder excluded from a synchronized folder takes its files with it")
    func excludedSubfolder() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeShop(in: directory)
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(!app.sourceFiles.contains("Features/Debug/DebugMenu.swift"))
        #expect(!app.sourceFiles.contains("Features/Debug/Nested/Inspector.swift"))
    }

    @Test("The SwiftUI fixture's synchronized folder yields its Swift files")
    func swiftUIFixture() throws {
        let workspace = try TreeFixtures.workspace(fixture: "swiftui-app")
        let app = try #require(workspace.apps.first)
        #expect(workspace.apps.count == 1)
        #expect(app.target == "Notes")
        #expect(app.path == "Notes")
        #expect(
            app.sourceFiles == [
                "Notes/AppDelegate.swift", "Notes/ContentView.swift", "Notes/NoteEditorView.swift", "Notes/NoteStore.swift",
                "Notes/NotesApp.swift",
            ])
        #expect(app.resourceFiles.contains("Notes/Assets.xcassets/Contents.json"))
        #expect(app.infoPlists.count == 1)
        #expect(app.infoPlists.first?.file == nil)
        #expect(app.infoPlists.first?.manifestState == .generated)
        #expect(app.infoPlists.first?.hasLaunchScreen == true)
    }

    @Test("The two-project workspace fixture has exactly Pantry, PantryClip and PantryAdmin")
    func workspaceFixture() throws {
        let workspace = try TreeFixtures.workspace(fixture: "workspace-two-apps-with-extensions")
        #expect(workspace.apps.map(\.target) == ["Pantry", "PantryAdmin", "PantryClip"])
        #expect(workspace.apps.map(\.path) == ["Pantry", "PantryAdmin/PantryAdmin", "PantryClip"])
        #expect(workspace.projects.map(\.path).sorted() == ["Pantry.xcodeproj", "PantryAdmin/PantryAdmin.xcodeproj"])
        let pantry = try #require(workspace.apps.first { $0.target == "Pantry" })
        #expect(pantry.sourceFiles == ["Pantry/AppDelegate.swift", "Pantry/ShoppingListViewController.swift", "Shared/PantryStore.swift"])
        #expect(pantry.project == "Pantry.xcodeproj")
        #expect(pantry.infoPlists.map(\.file) == ["Pantry/Info.plist"])
        let clip = try #require(workspace.apps.first { $0.target == "PantryClip" })
        #expect(
            Set(clip.sourceFiles) == [
                "PantryClip/AppDelegate.swift", "PantryClip/SceneDelegate.swift", "PantryClip/QuickAddViewController.swift",
                "Shared/PantryStore.swift",
            ])
        #expect(clip.deploymentTargets.map(\.value) == ["16.0"])
        let admin = try #require(workspace.apps.first { $0.target == "PantryAdmin" })
        #expect(
            admin.sourceFiles == [
                "PantryAdmin/PantryAdmin/AppDelegate.swift", "PantryAdmin/PantryAdmin/SceneDelegate.swift",
                "PantryAdmin/PantryAdmin/StockDashboardViewController.swift",
            ])
        #expect(!admin.resourceFiles.contains("PantryAdmin/PantryAdmin/Info.plist"))
        #expect(admin.infoPlists.map(\.file) == ["PantryAdmin/PantryAdmin/Info.plist"])
        #expect(
            admin.infoPlists.first?.manifestState.manifest?.applicationConfigurations.first?.delegateClass
                == "$(PRODUCT_MODULE_NAME).SceneDelegate")
        #expect(workspace.apps.allSatisfy { $0.platforms == [.iOS] })
    }
}

@Suite("App discovery: apps without a project")
struct FallbackAppTests {
    @Test("An app Info.plist with no project around it is an app of its folder")
    func fallbackApp() throws {
        let directory = TemporaryDirectory()
        directory.write("Legacy/Info.plist", TreeFixtures.plist())
        directory.write("Legacy/AppDelegate.swift", "import UIKit\n")
        directory.write("Legacy/Sub/View.m", "@implementation View\n@end\n")
        directory.write("Legacy/Base.lproj/Main.storyboard", "<document/>")
        directory.write("Legacy/notes.txt", "")
        directory.write("Other/Loose.swift", "import UIKit\n")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(workspace.apps.count == 1)
        #expect(app.path == "Legacy")
        #expect(app.target == "Legacy")
        #expect(app.project == nil)
        #expect(app.moduleName == "Legacy")
        #expect(app.sourceFiles == ["Legacy/AppDelegate.swift", "Legacy/Sub/View.m"])
        #expect(app.resourceFiles == ["Legacy/Base.lproj/Main.storyboard"])
        #expect(app.infoPlists.map(\.file) == ["Legacy/Info.plist"])
        #expect(app.declaration == Location(file: "Legacy/Info.plist", line: 1))
        #expect(app.deviceFamilies == [1])
        #expect(app.platforms == [.iOS])
    }

    @Test("Name-Info.plist names the target")
    func namedInfoPlist() throws {
        let directory = TemporaryDirectory()
        directory.write("ios/My App-Info.plist", TreeFixtures.plist())
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.target == "My App")
        #expect(app.moduleName == "My_App")
        #expect(app.path == "ios")
    }

    @Test("An Info.plist at the root makes an app named App")
    func rootInfoPlist() throws {
        let directory = TemporaryDirectory()
        directory.write("Info.plist", TreeFixtures.plist())
        #expect(try TreeFixtures.workspace(directory).apps.map { [$0.path, $0.target] } == [["", "App"]])
    }

    @Test("UIDeviceFamily 3 makes a tvOS app")
    func tvOSFallback() throws {
        let directory = TemporaryDirectory()
        directory.write("TV/Info.plist", TreeFixtures.plist("\t<key>UIDeviceFamily</key>\n\t<array><integer>3</integer></array>"))
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.platforms == [.tvOS])
        #expect(app.deviceFamilies == [3])
    }

    @Test(
        "Extension, watch, framework and non-app plists are not apps",
        arguments: [
            "\t<key>NSExtension</key>\n\t<dict/>",
            "\t<key>WKApplication</key>\n\t<true/>",
            "\t<key>WKWatchKitApp</key>\n\t<true/>",
            "\t<key>CFBundlePackageType</key>\n\t<string>FMWK</string>",
        ])
    func notAppPlists(entries: String) throws {
        let directory = TemporaryDirectory()
        directory.write("Thing/Info.plist", TreeFixtures.plist(entries))
        #expect(try TreeFixtures.workspace(directory).apps.isEmpty)
    }

    @Test("A plist with none of the app keys is not an app")
    func plainPlist() throws {
        let directory = TemporaryDirectory()
        directory.write("Thing/Info.plist", "<plist><dict><key>CFBundleName</key><string>x</string></dict></plist>")
        #expect(try TreeFixtures.workspace(directory).apps.isEmpty)
    }

    @Test("A plist inside a project's folder is not a second app")
    func coveredByProject() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "ios")
        directory.write("ios/Extra/Info.plist", TreeFixtures.plist())
        directory.write("android-shell/Info.plist", TreeFixtures.plist())
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.map(\.path) == ["android-shell", "ios/App"])
    }

    // Regression test (fixed): candidates are taken in path order, so a nested app-like Info.plist whose folder sorts before
    // "Info.plist" ("App/Config/Info.plist") is claimed first and the outer app becomes a second app,
    // while the same tree with the folder named "Resources" gives one app.
    @Test("A nested app-like Info.plist inside a fallback app is not a second app", arguments: ["Config", "Resources"])
    func nestedFallbackPlists(nestedFolder: String) throws {
        let directory = TemporaryDirectory()
        directory.write("App/Info.plist", TreeFixtures.plist())
        directory.write("App/AppDelegate.swift", "import UIKit\n")
        directory.write("App/\(nestedFolder)/Info.plist", TreeFixtures.plist())
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.map(\.path) == ["App"])
    }
}
