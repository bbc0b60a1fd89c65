import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Tuist manifests read statically with the project's lexer: the common forms, helpers, and a diagnostic
/// for whatever only running the manifest could tell. Nothing is compiled or run.
@Suite("Tuist manifests")
struct TuistReaderTests {
    static func value(_ source: String, _ name: String = "value", helpers: String = "") -> ManifestValue? {
        var files = [SourceFile(path: "Project.swift", bytes: Array(source.utf8), language: .swift)]
        if !helpers.isEmpty { files.append(SourceFile(path: "Helpers.swift", bytes: Array(helpers.utf8), language: .swift)) }
        return ManifestReader(files: files).constant(name)
    }

    @Test("Literals, members, calls with labels, arrays and dictionaries are read with their positions")
    func staticForms() throws {
        let value = try #require(
            Self.value(#"let value = .target(name: "App", product: .app, sources: ["A/**", "B"], flags: ["K": true, "N": 2])"#))
        #expect(value.name == "target")
        #expect(value.argument("name")?.string == "App")
        #expect(value.argument("product")?.name == "app")
        #expect(value.argument("sources")?.items?.compactMap(\.string) == ["A/**", "B"])
        guard case .dictionary(let entries, _)? = value.argument("flags") else {
            Issue.record("not a dictionary")
            return
        }
        #expect(entries.map(\.key) == ["K", "N"])
        #expect(value.argument("name")?.origin == SettingOrigin(file: "Project.swift", line: 1, column: 27))
        #expect(value.firstComputed == nil)
    }

    @Test(
        "What only running Swift decides is computed, with where",
        arguments: [
            #"let value = "App\(suffix)""#, "let value = isCI ? \"A\" : \"B\"", "let value = ProcessInfo.processInfo.environment[\"X\"]",
            "let value = items.map { $0 }", "let value = base + extra",
        ])
    func computed(source: String) throws {
        let value = try #require(Self.value(source))
        #expect(value.firstComputed != nil, "\(value.description)")
    }

    @Test("Names resolve through lets, helper lets, computed properties and single-expression helper functions")
    func helpers() throws {
        let helpers = """
            import ProjectDescription
            public let sharedPlist: [String: Plist.Value] = ["UILaunchScreen": [:]]
            extension Project {
                public static var teamPrefix: String { "com.lumen" }
                public static func app(name: String, plist: [String: Plist.Value] = sharedPlist, product: Product = .app) -> Target {
                    .target(name: name, product: product, infoPlist: .extendingDefault(with: plist))
                }
                public static func statements(name: String) -> Target {
                    let target = Target.target(name: name)
                    return target
                }
            }
            """
        let app = try #require(Self.value("let value = Project.app(name: \"Shop\")", helpers: helpers))
        #expect(app.name == "target")
        #expect(app.argument("name")?.string == "Shop")
        #expect(app.argument("product")?.name == "app")
        let plist = app.argument("infoPlist")?.argument("with")
        guard case .dictionary(let entries, _)? = plist else {
            Issue.record("the default argument was not bound: \(app.description)")
            return
        }
        #expect(entries.map(\.key) == ["UILaunchScreen"])
        #expect(entries.first?.keyOrigin.file == "Helpers.swift")
        #expect(Self.value("let value = Project.teamPrefix", helpers: helpers)?.string == "com.lumen")
        // A helper with statements is not evaluated: the call stays a call nobody can read.
        #expect(Self.value("let value = Project.statements(name: \"X\")", helpers: helpers)?.name == "statements")
    }

    @Test("A unit-test target depending on an app is hosted in it; settings, configurations and xcconfigs are read")
    func projectShape() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "Project.swift",
            """
            import ProjectDescription

            let project = Project(
                name: "Shop",
                settings: .settings(
                    base: ["SWIFT_VERSION": "6.0"],
                    configurations: [
                        .debug(name: "Debug", settings: ["IPHONEOS_DEPLOYMENT_TARGET": "14.0"]),
                        .release(name: "Release", xcconfig: "Configs/Release.xcconfig"),
                    ]
                ),
                targets: [
                    .target(name: "Shop", destinations: [.iPhone], product: .app, bundleId: "com.shop", infoPlist: .file(path: "Shop/Info.plist"), sources: ["Shop/**"]),
                    .target(name: "ShopTests", destinations: .iOS, product: .unitTests, bundleId: "com.shop.tests", sources: ["Tests/**"], dependencies: [.target(name: "Shop")]),
                ]
            )
            """)
        directory.write("Configs/Release.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 16.0\n")
        directory.write("Shop/AppDelegate.swift", "import UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n")
        directory.write("Shop/Info.plist", TreeFixtures.plist(TreeFixtures.sceneManifest))
        directory.write("Tests/ShopTests.swift", "import XCTest\n")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(workspace.apps.count == 1)
        #expect(app.project == "Project.swift")
        #expect(app.path == "Shop")
        #expect(app.deviceFamilies == [1])
        #expect(app.sourceFiles == ["Shop/AppDelegate.swift"])
        #expect(Set(app.deploymentTargets.map(\.value)) == ["14.0", "16.0"])
        #expect(app.hostedTests.map(\.target) == ["ShopTests"])
        #expect(app.infoPlists.first?.manifestState.manifest != nil)
    }

    @Test("buildableFolders give the target every file under them, minus excluded ones: a SwiftUI app is seen as one")
    func buildableFolders() throws {
        // Shaped like a real Tuist 4 multiplatform catalog app: before, its folders were not read, the SwiftUI
        // App went unseen and Tuist's default plist (a scene manifest without configurations) blocked it.
        let directory = TemporaryDirectory()
        directory.write(
            "Project.swift",
            """
            import ProjectDescription

            let project = Project(
                name: "Catalog",
                targets: [
                    .target(
                        name: "Catalog", destinations: [.iPhone, .iPad, .appleVision], product: .app, bundleId: "com.example.catalog",
                        deploymentTargets: .multiplatform(iOS: "26.0", visionOS: "26.0"),
                        infoPlist: .extendingDefault(with: ["UILaunchScreen": .dictionary([:])]),
                        buildableFolders: ["AppSources", .folder("Shared", exceptions: [.exception(excluded: ["Legacy"])])]
                    ),
                ]
            )
            """)
        directory.write(
            "AppSources/App.swift",
            "import SwiftUI\n@main\nstruct CatalogApp: SwiftUI.App {\n    var body: some Scene { WindowGroup { Text(\"hi\") } }\n}\n")
        directory.write("AppSources/Assets.xcassets/Contents.json", "{}\n")
        directory.write("Shared/Row.swift", "import SwiftUI\nstruct Row: View { var body: some View { Text(\"row\") } }\n")
        directory.write("Shared/Legacy/OldDelegate.swift", "import UIKit\nclass OldDelegate: UIResponder, UIApplicationDelegate {}\n")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.sourceFiles == ["AppSources/App.swift", "Shared/Row.swift"])
        #expect(app.resourceFiles.contains("AppSources/Assets.xcassets/Contents.json"))
        #expect(workspace.facts.first?.framework.kind == .swiftui)
    }

    @Test("A manifest built by code is a diagnostic, and the repository is still an unknown app, never 'no apps'")
    func computedManifest() throws {
        let directory = TemporaryDirectory()
        directory.write(
            "Project.swift",
            "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.make(from: Environment.flavour)\n")
        directory.write(
            "Tuist/ProjectDescriptionHelpers/Make.swift",
            "extension Project {\n  public static func make(from flavour: String) -> Project {\n    let name = flavour.capitalized\n    return Project(name: name)\n  }\n}\n"
        )
        directory.write("App/AppDelegate.swift", "import UIKit\n")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.diagnostics.contains { $0.file == "Project.swift" && $0.message.contains("no Project(…) could be read") })
        let app = try #require(workspace.apps.first)
        #expect(app.unidentified)
        #expect(app.unreadable.first?.contains("a Tuist manifest (Project.swift)") == true)
    }

    @Test("A manifest whose generated project is committed is skipped for that project")
    func committedProject() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory)
        directory.write(
            "Project.swift",
            "import ProjectDescription\nlet project = Project(name: \"App\", targets: [.target(name: \"App\", destinations: .iOS, product: .app, bundleId: \"x\", sources: [\"App/**\"])])\n"
        )
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.map(\.project) == ["App.xcodeproj"])
    }
}
