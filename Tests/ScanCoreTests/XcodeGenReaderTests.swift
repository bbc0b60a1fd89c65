import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// XcodeGen specs read into the same projects and apps `xcodegen generate` would produce (ProjectSpec.md).
@Suite("XcodeGen specs")
struct XcodeGenReaderTests {
    static let appDelegate = "import UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n"

    static func project(_ workspace: Workspace, _ path: String = "project.yml") throws -> Project {
        try #require(workspace.projects.first { $0.path == path })
    }

    static func settings(_ project: Project, target name: String, configuration: String) throws -> BuildSettings {
        let target = try #require(project.targets.first { $0.name == name })
        var problems: [String] = []
        return BuildSettings.resolve(
            project: project, target: target, configuration: configuration, load: { _ in nil }, problems: &problems)
    }

    @Test("Includes merge additively: maps key by key, lists appended, :REPLACE replaces; the including spec wins")
    func includesMerge() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "base.yml",
            """
            targets:
              Shop:
                type: application
                platform: iOS
                sources: [Shared]
                settings:
                  base:
                    SWIFT_VERSION: "5.0"
                    TARGETED_DEVICE_FAMILY: "1"
              Kit:
                type: framework
                platform: iOS
                sources: [OldKit]
            """)
        directory.write(
            "project.yml",
            """
            name: Shop
            include: [base.yml]
            targets:
              Shop:
                sources: [Shop]
                settings:
                  base:
                    TARGETED_DEVICE_FAMILY: "1,2"
              Kit:
                sources:REPLACE: [Kit]
            """)
        for file in ["Shared/Money.swift", "Shop/AppDelegate.swift", "OldKit/Old.swift", "Kit/New.swift"] {
            directory.write(file, Self.appDelegate)
        }
        let workspace = try TreeFixtures.workspace(directory)
        let project = try Self.project(workspace)
        let shop = try #require(project.targets.first { $0.name == "Shop" })
        #expect(shop.sourceFiles == ["Shared/Money.swift", "Shop/AppDelegate.swift"])
        #expect(project.targets.first { $0.name == "Kit" }?.sourceFiles == ["Kit/New.swift"])
        let release = try Self.settings(project, target: "Shop", configuration: "Release")
        #expect(release["TARGETED_DEVICE_FAMILY"] == "1,2")
        #expect(release["SWIFT_VERSION"] == "5.0")
        #expect(release.setting("TARGETED_DEVICE_FAMILY")?.origin == SettingOrigin(file: "project.yml", line: 8, column: 33))
        #expect(release.setting("SWIFT_VERSION")?.origin?.file == "base.yml")
        #expect(workspace.apps.map(\.target) == ["Shop"])
        #expect(workspace.apps.first?.project == "project.yml")
        #expect(workspace.apps.first?.deviceFamilies == [1, 2])
    }

    @Test("A configs key applies to every configuration containing it, except when it is exactly another's name")
    func configurationMatching() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "project.yml",
            """
            name: Shop
            configs:
              Debug: debug
              Release: release
              Staging Debug: debug
              Staging Release: release
            targets:
              Shop:
                type: application
                platform: iOS
                sources: [Shop]
                settings:
                  configs:
                    staging:
                      API: staging
                    Release:
                      IPHONEOS_DEPLOYMENT_TARGET: "16.0"
                    debug:
                      IPHONEOS_DEPLOYMENT_TARGET: "13.0"
            """)
        directory.write("Shop/AppDelegate.swift", Self.appDelegate)
        let project = try Self.project(try TreeFixtures.workspace(directory))
        #expect(try Self.settings(project, target: "Shop", configuration: "Staging Debug")["API"] == "staging")
        #expect(try Self.settings(project, target: "Shop", configuration: "Staging Release")["API"] == "staging")
        #expect(try Self.settings(project, target: "Shop", configuration: "Release")["API"] == nil)
        #expect(try Self.settings(project, target: "Shop", configuration: "Release")["IPHONEOS_DEPLOYMENT_TARGET"] == "16.0")
        // `Release` is a configuration's exact name: it does not reach `Staging Release`.
        #expect(try Self.settings(project, target: "Shop", configuration: "Staging Release")["IPHONEOS_DEPLOYMENT_TARGET"] == nil)
        #expect(try Self.settings(project, target: "Shop", configuration: "Staging Debug")["IPHONEOS_DEPLOYMENT_TARGET"] == "13.0")
        // Sorted by name; the first is the default for command-line builds.
        #expect(project.targets.first?.buildConfigurations.map(\.name) == ["Debug", "Release", "Staging Debug", "Staging Release"])
        #expect(project.targets.first?.defaultConfiguration == "Debug")
    }

    @Test("A template's ${target_name} and attributes are substituted; multi-platform targets become one per platform")
    func templatesAndPlatforms() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "project.yml",
            """
            name: Media
            targetTemplates:
              Base:
                type: application
                sources:
                  - Apps/${target_name}
              Player:
                templates: [Base]
                settings:
                  PRODUCT_BUNDLE_IDENTIFIER: com.media.${flavour}
            targets:
              Cinema:
                templates: [Player]
                templateAttributes:
                  flavour: cinema
                platform: [iOS, tvOS]
                settings:
                  INFOPLIST_FILE: Apps/Cinema/${platform}/Info.plist
            """)
        directory.write("Apps/Cinema/AppDelegate.swift", Self.appDelegate)
        directory.write("Apps/Cinema/iOS/Info.plist", TreeFixtures.plist())
        directory.write("Apps/Cinema/tvOS/Info.plist", TreeFixtures.plist())
        let workspace = try TreeFixtures.workspace(directory)
        let project = try Self.project(workspace)
        #expect(project.targets.map(\.name) == ["Cinema_iOS", "Cinema_tvOS"])
        let tv = try Self.settings(project, target: "Cinema_tvOS", configuration: "Release")
        #expect(tv["SDKROOT"] == "appletvos")
        #expect(tv["PRODUCT_BUNDLE_IDENTIFIER"] == "com.media.cinema")
        #expect(tv["INFOPLIST_FILE"] == "Apps/Cinema/tvOS/Info.plist")
        #expect(workspace.apps.map(\.path) == ["Apps/Cinema/iOS", "Apps/Cinema/tvOS"])
        #expect(workspace.apps.map(\.platforms) == [[.iOS], [.tvOS]])
        #expect(workspace.apps.allSatisfy { $0.sourceFiles == ["Apps/Cinema/AppDelegate.swift"] })
    }

    @Test("Paths of an included spec are relative to it, unless it is included with relativePaths: false")
    func includedPaths() throws {
        let directory = TemporaryDirectory()
        directory.write("project.yml", "name: Two\ninclude:\n  - apps/one/one.yml\n  - path: apps/two/two.yml\n    relativePaths: false\n")
        directory.write("apps/one/one.yml", "targets:\n  One:\n    type: application\n    platform: iOS\n    sources: [Sources]\n")
        directory.write("apps/two/two.yml", "targets:\n  Two:\n    type: application\n    platform: iOS\n    sources: [apps/two/Sources]\n")
        directory.write("apps/one/Sources/AppDelegate.swift", Self.appDelegate)
        directory.write("apps/two/Sources/AppDelegate.swift", Self.appDelegate)
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.projects.map(\.path) == ["project.yml"])
        let project = try Self.project(workspace)
        #expect(project.targets.first { $0.name == "One" }?.sourceFiles == ["apps/one/Sources/AppDelegate.swift"])
        #expect(project.targets.first { $0.name == "Two" }?.sourceFiles == ["apps/two/Sources/AppDelegate.swift"])
        // Each target is declared in the file that writes it.
        #expect(workspace.apps.map(\.declaration.file) == ["apps/one/one.yml", "apps/two/two.yml"])
    }

    @Test(
        "An include spelled with other capitals than the tree's is that file: read once, not a second project, its targets declared there")
    func includeSpelledWithOtherCapitals() throws {
        let directory = TemporaryDirectory()
        directory.write("project.yml", "name: Shop\ninclude:\n  - path: Apps/SHOP.yml\n    relativePaths: false\n")
        // A spec of its own shape (name, targets, type, platform), so it is a candidate root spec too.
        directory.write(
            "apps/shop.yml", "name: Shop\ntargets:\n  Shop:\n    type: application\n    platform: iOS\n    sources: [apps/Sources]\n")
        directory.write("apps/Sources/AppDelegate.swift", Self.appDelegate)
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.projects.map(\.path) == ["project.yml"])
        #expect(workspace.apps.map(\.declaration.file) == ["apps/shop.yml"])
        // relativePaths: false is kept for the file as the tree spells it.
        #expect(workspace.apps.first?.sourceFiles == ["apps/Sources/AppDelegate.swift"])
    }

    @Test("Without INFOPLIST_FILE or info:, the first Info.plist of the sources is the app's, as XcodeGen picks it")
    func infoPlistFromSources() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "ios/project.yml", "name: Notes\ntargets:\n  Notes:\n    type: application\n    platform: iOS\n    sources: [Notes]\n")
        directory.write("ios/Notes/AppDelegate.swift", Self.appDelegate)
        directory.write("ios/Notes/Support/Info.plist", TreeFixtures.plist(TreeFixtures.sceneManifest))
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.path == "ios/Notes/Support")
        #expect(app.infoPlists.first?.file == "ios/Notes/Support/Info.plist")
        #expect(app.infoPlists.first?.manifestState.manifest != nil)
        #expect(app.project == "ios/project.yml")
    }

    @Test("info: properties are the plist, with each key's line in the spec; the stale committed plist is not read")
    func describedInfoPlist() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "project.yml",
            """
            name: Notes
            targets:
              Notes:
                type: application
                platform: iOS
                sources: [Notes]
                info:
                  path: Notes/Info.plist
                  properties:
                    UILaunchScreen: {}
                    UIApplicationSceneManifest:
                      UISceneConfigurations:
                        UIWindowSceneSessionRoleApplication:
                          - UISceneDelegateClassName: $(PRODUCT_MODULE_NAME).SceneDelegate
            """)
        directory.write("Notes/AppDelegate.swift", Self.appDelegate)
        directory.write("Notes/Info.plist", TreeFixtures.plist())
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        let plist = try #require(app.infoPlists.first)
        #expect(plist.file == "Notes/Info.plist")
        #expect(plist["CFBundlePackageType"] == .string("APPL"))
        #expect(plist["LSRequiresIPhoneOS"] == nil)
        #expect(plist.manifestState.manifest?.applicationConfigurations.first?.delegateClass == "$(PRODUCT_MODULE_NAME).SceneDelegate")
        #expect(plist.location(of: "UISceneDelegateClassName") == Location(file: "project.yml", line: 14, column: 17))
        #expect(plist.location == Location(file: "project.yml", line: 7, column: 5))
    }

    @Test("A spec whose generated project is committed beside it is not read twice; the project is")
    func committedProjectWins() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory)
        directory.write("project.yml", "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.map(\.project) == ["App.xcodeproj"])
        #expect(workspace.diagnostics.contains { $0.file == "project.yml" && $0.message.contains("App.xcodeproj, is committed") })
    }

    @Test("A unit-test target depending on an app gets XcodeGen's TEST_HOST and BUNDLE_LOADER")
    func testHost() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "project.yml",
            """
            name: Shop
            targets:
              Shop:
                type: application
                platform: iOS
                productName: ShopApp
                sources: [Shop]
              ShopTests:
                type: bundle.unit-test
                platform: iOS
                sources: [Tests]
                dependencies:
                  - target: Shop
            """)
        directory.write("Shop/AppDelegate.swift", Self.appDelegate)
        directory.write("Tests/ShopTests.swift", "import XCTest\n")
        let project = try Self.project(try TreeFixtures.workspace(directory))
        let settings = try Self.settings(project, target: "ShopTests", configuration: "Debug")
        #expect(settings["TEST_HOST"] == "/ShopApp.app/ShopApp")
        #expect(settings.setting("TEST_HOST")?.raw == "$(BUILT_PRODUCTS_DIR)/ShopApp.app/ShopApp")
        #expect(settings.setting("BUNDLE_LOADER")?.raw == "$(TEST_HOST)")
        #expect(settings.setting("TEST_HOST")?.origin?.line == 13)
    }

    @Test("A broken spec is a file:line error and the rest of the tree is still scanned; include cycles end")
    func badSpecs() throws {
        let directory = TemporaryDirectory()
        directory.write("broken/project.yml", "name: Broken\ntargets:\n  App:\n    type: [application\n")
        directory.write(
            "cycle/project.yml",
            "name: Cycle\ninclude: [a.yml]\ntargets:\n  C:\n    type: application\n    platform: iOS\n    sources: [C]\n")
        directory.write("cycle/a.yml", "include: [project.yml]\n")
        directory.write("cycle/C/AppDelegate.swift", Self.appDelegate)
        TreeFixtures.writeApp(in: directory, folder: "fine")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.map(\.target) == ["C", "App"])
        let parse = try #require(workspace.diagnostics.first { $0.file == "broken/project.yml" })
        #expect(parse.message.hasPrefix("cannot parse XcodeGen spec"))
        #expect(parse.line == 5)
        #expect(workspace.diagnostics.contains { $0.message.contains("circular") })
    }

    @Test("project.json and a YAML spec of another name are read; a YAML file of another shape is not")
    func otherSpellings() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "json/project.json",
            #"{"name": "J", "targets": {"J": {"type": "application", "platform": "iOS", "sources": ["J"]}}}"#)
        directory.write("json/J/AppDelegate.swift", Self.appDelegate)
        directory.write(
            "named/Mobile.yml", "name: Mobile\ntargets:\n  Mobile:\n    type: application\n    platform: iOS\n    sources: [M]\n")
        directory.write("named/M/AppDelegate.swift", Self.appDelegate)
        directory.write(".github/workflows/ci.yml", "name: CI\non: push\njobs:\n  build:\n    runs-on: macos-15\n")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.projects.map(\.path).sorted() == ["json/project.json", "named/Mobile.yml"])
        #expect(workspace.apps.map(\.target).sorted() == ["J", "Mobile"])
    }
}
