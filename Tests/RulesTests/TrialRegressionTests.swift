import Foundation
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// Cases found by scanning real open-source apps, each reduced to a small tree.
@Suite("Real-app regressions")
struct TrialRegressionTests {
    static let legacyDelegate = """
        @main
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
        }
        """

    static let sceneDelegate = """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                guard let windowScene = scene as? UIWindowScene else { return }
                window = UIWindow(windowScene: windowScene)
            }
        }
        """

    static let scenePlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
        <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
        <key>UIWindowSceneSessionRoleApplication</key><array><dict>
        <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
        </dict></array></dict></dict></dict></plist>
        """

    static func scan(_ directory: TemporaryDirectory) throws -> ScanReport {
        Scanner.scan(try DirectorySource(root: directory.path))
    }

    static func rules(_ report: ScanReport) -> [String] {
        report.findings.map(\.rule).sorted()
    }

    @Test("$(SRCROOT) in INFOPLIST_FILE resolves inside the project folder")
    func sourceRootInInfoPlistFile() throws {
        for spelling in ["$(SRCROOT)/App/Info.plist", "${SRCROOT}/App/Info.plist", "$(PROJECT_DIR)/App/Info.plist"] {
            let directory = TemporaryDirectory("trial")
            var writer = ProjectWriter()
            writer.sourceFiles = ["AppDelegate.swift", "SceneDelegate.swift"]
            writer.settings = ["INFOPLIST_FILE": "\"\(spelling)\""]
            directory.write("ios/App.xcodeproj/project.pbxproj", writer.write().text)
            directory.write("ios/App/Info.plist", Self.scenePlist)
            directory.write("ios/App/AppDelegate.swift", Self.legacyDelegate)
            directory.write("ios/App/SceneDelegate.swift", Self.sceneDelegate)
            let report = try Self.scan(directory)
            #expect(report.apps.map(\.verdict) == [.ready], "\(spelling): \(report.findings.map(\.message)) \(report.diagnostics)")
            #expect(report.apps.first?.path == "ios/App")
        }
    }

    @Test("An Info.plist named with other capitals than the tree's is reported under the tree's spelling (found by scripts/fuzz scan)")
    func infoPlistSpelledWithOtherCapitals() throws {
        let legacyPlist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>
            """
        let project = TemporaryDirectory("trial")
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        writer.settings = ["INFOPLIST_FILE": "App/INFO.PLIST"]
        project.write("ios/App.xcodeproj/project.pbxproj", writer.write().text)
        project.write("ios/App/Info.plist", legacyPlist)
        project.write("ios/App/AppDelegate.swift", Self.legacyDelegate)
        // A Tuist manifest (read as text, never run) naming the plist the same way.
        let tuist = TemporaryDirectory("trial")
        tuist.write(
            "Apps/Ledger/Project.swift",
            """
            import ProjectDescription

            let project = Project(
                name: "Ledger",
                targets: [
                    .target(name: "Ledger", destinations: .iOS, product: .app, bundleId: "dev.example.ledger",
                            infoPlist: "Info.PList", sources: ["Sources/**"])
                ]
            )
            """)
        tuist.write("Apps/Ledger/Info.plist", legacyPlist)
        tuist.write("Apps/Ledger/Sources/AppDelegate.swift", Self.legacyDelegate)
        // A Bazel rules_apple app whose package folder is spelled with other capitals in the tree.
        let bazel = TemporaryDirectory("trial")
        bazel.write("MODULE.bazel", "bazel_dep(name = \"rules_apple\", version = \"3.16.0\")\n")
        bazel.write(
            "Apps/Atlas/BUILD.bazel",
            """
            load("@build_bazel_rules_apple//apple:ios.bzl", "ios_application")
            load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")

            swift_library(name = "AtlasLib", srcs = glob(["Sources/*.swift"]))

            ios_application(
                name = "Atlas",
                bundle_id = "dev.example.atlas",
                families = ["iphone"],
                infoplists = ["Info.plist"],
                minimum_os_version = "16.0",
                deps = [":AtlasLib"],
            )
            """)
        bazel.write("apps/Atlas/Info.plist", legacyPlist)
        bazel.write("Apps/Atlas/Sources/AppDelegate.swift", Self.legacyDelegate)
        for (directory, plist) in [(project, "ios/App/Info.plist"), (tuist, "Apps/Ledger/Info.plist"), (bazel, "apps/Atlas/Info.plist")] {
            let report = try Self.scan(directory)
            let missing = report.findings.filter { $0.rule == "scene-manifest-missing" }
            #expect(
                missing.map(\.file) == [plist],
                "\(report.apps.map { "\($0.path) \($0.target) \($0.project ?? "-")" }) \(report.diagnostics)")
        }
    }

    /// Xcode on a case-insensitive disk follows `#include "config.h"` to `Config.h`: a problem met inside the
    /// header names the file that exists, as SARIF and annotations need.
    @Test("A preprocessed Info.plist's include and prefix header spelled with other capitals are named as the tree spells them")
    func preprocessorIncludesSpelledWithOtherCapitals() throws {
        let directory = TemporaryDirectory("trial")
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        writer.settings = [
            "INFOPLIST_FILE": "App/Info.plist", "INFOPLIST_PREPROCESS": "YES", "INFOPLIST_PREFIX_HEADER": "App/prefix.h",
        ]
        directory.write("App.xcodeproj/project.pbxproj", writer.write().text)
        directory.write(
            "App/Info.plist",
            """
            #include "config.h"
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleName</key><string>NAME</string></dict></plist>
            """)
        directory.write("App/Config.h", "#include \"Generated/Keys.h\"\n#define NAME Shop\n")
        directory.write("App/Prefix.h", "#include \"Build/Flags.h\"\n")
        directory.write("App/AppDelegate.swift", Self.legacyDelegate)
        let report = try Self.scan(directory)
        let preprocessing = report.diagnostics.filter { $0.message.contains("Info.plist preprocessing") }
        #expect(Set(preprocessing.map(\.file)) == ["App/Config.h", "App/Prefix.h"], "\(preprocessing)")
        #expect(report.findings.filter { $0.rule == "scene-manifest-missing" }.map(\.file) == ["App/Info.plist"])
    }

    @Test("An INFOPLIST_FILE outside the tree leaves the verdict unknown instead of reporting missing keys")
    func infoPlistOutsideTheTree() throws {
        let directory = TemporaryDirectory("trial")
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        writer.settings = ["INFOPLIST_FILE": "../../Elsewhere/Info.plist"]
        directory.write("App.xcodeproj/project.pbxproj", writer.write().text)
        directory.write("App/AppDelegate.swift", Self.legacyDelegate)
        let report = try Self.scan(directory)
        #expect(report.apps.map(\.verdict) == [.unknown])
        #expect(!Self.rules(report).contains("scene-manifest-missing"))
        #expect(!Self.rules(report).contains("launch-screen-missing"))
        #expect(report.diagnostics.contains { $0.message.contains("is outside the scanned tree") })
    }

    @Test("A conditional INFOPLIST_KEY setting counts for the generated Info.plist")
    func conditionalGeneratedKey() throws {
        let directory = TemporaryDirectory("trial")
        var writer = ProjectWriter()
        writer.sourceFiles = ["NotesApp.swift"]
        writer.settings = [
            "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "",
            "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]": "YES",
            "INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES",
        ]
        directory.write("App.xcodeproj/project.pbxproj", writer.write().text)
        directory.write(
            "App/NotesApp.swift", "import SwiftUI\n@main struct NotesApp: App { var body: some Scene { WindowGroup { Text(\"\") } } }\n")
        let report = try Self.scan(directory)
        #expect(report.apps.map(\.verdict) == [.ready], "\(report.findings.map(\.message))")
    }

    @Test("xcconfig includes spelled with other capitals are found, and a missing one names its includer")
    func caseInsensitiveInclude() throws {
        let directory = TemporaryDirectory("trial")
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift", "SceneDelegate.swift"]
        let project = writer.write().text.replacingOccurrences(
            of: "isa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tINFOPLIST_FILE",
            with:
                "isa = XCBuildConfiguration;\n\t\t\tbaseConfigurationReference = 5A1B2C3D4E5F00000000FFFF /* App.xcconfig */;\n\t\t\tbuildSettings = {\n\t\t\t\tINFOPLIST_FILE"
        )
        .replacingOccurrences(
            of: "/* Begin PBXFileReference section */",
            with:
                "/* Begin PBXFileReference section */\n\t\t5A1B2C3D4E5F00000000FFFF /* App.xcconfig */ = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = SOURCE_ROOT; };"
        )
        directory.write("App.xcodeproj/project.pbxproj", project)
        directory.write("Config/App.xcconfig", "#include \"version.xcconfig\"\n#include \"Missing.xcconfig\"\n")
        directory.write("Config/Version.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = 12.0\n")
        directory.write("App/Info.plist", Self.scenePlist)
        directory.write("App/AppDelegate.swift", Self.legacyDelegate)
        directory.write("App/SceneDelegate.swift", Self.sceneDelegate)
        let report = try Self.scan(directory)
        #expect(Self.rules(report) == ["deployment-target-low"])
        #expect(report.findings.first?.file == "Config/Version.xcconfig")
        #expect(
            report.diagnostics.contains {
                $0.message.contains("Config/Missing.xcconfig: xcconfig file not found (#include at Config/App.xcconfig:2)")
            })
    }

    @Test(
        "A target setting that refers to itself takes its value from the xcconfig Xcode 16 anchors in a synchronized folder (bitchat)"
    )
    func selfReferenceThroughAnchoredXCConfig() throws {
        for (xcconfig, expected) in [("16.0", [String]()), ("12.0", ["IPHONEOS_DEPLOYMENT_TARGET is 12.0 (Debug, Release)"]), (nil, [])] {
            let directory = TemporaryDirectory("trial")
            var writer = ProjectWriter()
            writer.sourceFiles = ["AppDelegate.swift", "SceneDelegate.swift"]
            writer.projectSettings = ["SDKROOT": "iphoneos"]
            writer.settings = ["IPHONEOS_DEPLOYMENT_TARGET": "$(IPHONEOS_DEPLOYMENT_TARGET)"]
            if let xcconfig {
                writer.targetBaseConfiguration = ("Configs", "Release.xcconfig")
                directory.write("Configs/Release.xcconfig", "IPHONEOS_DEPLOYMENT_TARGET = \(xcconfig)\n")
            }
            directory.write("App.xcodeproj/project.pbxproj", writer.write().text)
            directory.write("App/Info.plist", Self.scenePlist)
            directory.write("App/AppDelegate.swift", Self.legacyDelegate)
            directory.write("App/SceneDelegate.swift", Self.sceneDelegate)
            let report = try Self.scan(directory)
            // Without the xcconfig the value is Xcode's default: unknown, never reported as `$(…)`.
            let messages = report.findings.filter { $0.rule == "deployment-target-low" }.map { String($0.message.prefix { $0 != ":" }) }
            #expect(messages == expected, "xcconfig \(xcconfig ?? "none"): \(report.findings.map(\.message))")
            #expect(!report.findings.contains { $0.message.contains("$(") })
        }
    }

    @Test("A window made outside any function is placed by the declaration whose initial value makes it (V2ex-Swift)")
    func windowPlaceOutsideFunctions() throws {
        let directory = TemporaryDirectory("trial")
        directory.write("App/Info.plist", Self.scenePlist)
        directory.write("App/AppDelegate.swift", Self.legacyDelegate)
        directory.write("App/SceneDelegate.swift", Self.sceneDelegate)
        directory.write(
            "App/Define.swift",
            """
            import UIKit
            let SCREEN_WIDTH = UIScreen.main.bounds.size.width
            let kSafeAreaInsets: UIEdgeInsets = {
                let fallback = UIEdgeInsets.zero
                if #available(iOS 12.0, *) {
                    return UIApplication.shared.keyWindow?.safeAreaInsets ?? UIWindow().safeAreaInsets
                }
                return fallback
            }()
            """)
        directory.write(
            "App/Overlay.swift",
            """
            final class Overlay {
                static let shared = Overlay()
                static var probe: UIWindow = UIWindow(frame: .zero)
                private lazy var window: UIWindow = {
                    let window = UIWindow(frame: UIScreen.main.bounds)
                    window.windowLevel = .alert
                    return window
                }()
                func show() { window.isHidden = false }
            }
            """)
        directory.write("App/main.swift", "import UIKit\nlet debugWindow = UIWindow()\nUIWindow().isHidden = false\n")
        let report = try Self.scan(directory)
        let places = report.findings.filter { $0.rule == "window-without-scene" }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }.map {
            String($0.message.drop { $0 != "(" }.prefix { $0 != ")" }.dropFirst())
        }
        #expect(
            places == [
                "in the initial value of the global kSafeAreaInsets", "in the initial value of the static property Overlay.probe",
                "in the initial value of the property Overlay.window", "in the initial value of the global debugWindow",
                "in top-level code",
            ], "\(report.findings.map(\.message))")
    }

    @Test("Code under #if for another platform, or in a pre-iOS 13 fallback, is not reported")
    func inactiveCode() throws {
        let directory = TemporaryDirectory("trial")
        directory.write("App/Info.plist", Self.scenePlist)
        directory.write("App/SceneDelegate.swift", Self.sceneDelegate)
        directory.write(
            "App/Layout.swift",
            """
            func layout() {
                #if os(tvOS)
                let a = UIApplication.shared.keyWindow
                #elseif os(iOS)
                let b = UIApplication.shared.windows
                #else
                let c = UIApplication.shared.keyWindow
                #endif
                if #available(iOS 13.0, *) {
                    let d = 1
                } else {
                    let e = UIApplication.shared.statusBarFrame
                }
                guard #available(iOS 13, *) else { let f = UIApplication.shared.keyWindow; return }
                if #available(iOS 17.0, *) { let g = 1 } else { let h = UIApplication.shared.statusBarFrame }
            }
            """)
        directory.write(
            "App/HUD.m",
            """
            void ShowHUD(void) {
            #if TARGET_OS_TV
                UIWindow *a = [UIApplication sharedApplication].keyWindow;
            #endif
                if (@available(iOS 13.0, *)) {
                    NSLog(@"scenes");
                } else {
                    UIWindow *b = [UIApplication sharedApplication].keyWindow;
                }
            }
            """)
        let report = try Self.scan(directory)
        let lines = report.findings.map { "\($0.file):\($0.line)" }.sorted()
        // `windows` under os(iOS) is live; the iOS 17 fallback runs on iOS 13–16, so it stays.
        #expect(lines == ["App/Layout.swift:15", "App/Layout.swift:5"], "\(report.findings.map { "\($0.file):\($0.line) \($0.rule)" })")
    }

    @Test("Sources of local Swift packages the app links are scanned; a delegate class declared there resolves")
    func localPackages() throws {
        let directory = TemporaryDirectory("trial")
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        var text = writer.write().text
        text = text.replacingOccurrences(
            of: "\t\t\tproductType = \"com.apple.product-type.application\";",
            with:
                "\t\t\tpackageProductDependencies = (\n\t\t\t\t5A1B2C3D4E5F0000000000A1 /* DesignSystem */,\n\t\t\t);\n\t\t\tproductType = \"com.apple.product-type.application\";"
        )
        text = text.replacingOccurrences(
            of: "/* Begin PBXFileReference section */",
            with: """
                /* Begin XCLocalSwiftPackageReference section */
                \t\t5A1B2C3D4E5F0000000000A2 /* XCLocalSwiftPackageReference "Packages/DesignSystem" */ = {isa = XCLocalSwiftPackageReference; relativePath = Packages/DesignSystem; };
                /* End XCLocalSwiftPackageReference section */
                /* Begin XCSwiftPackageProductDependency section */
                \t\t5A1B2C3D4E5F0000000000A1 /* DesignSystem */ = {isa = XCSwiftPackageProductDependency; package = 5A1B2C3D4E5F0000000000A2; productName = DesignSystem; };
                /* End XCSwiftPackageProductDependency section */
                /* Begin PBXFileReference section */
                """)
        directory.write("App.xcodeproj/project.pbxproj", text)
        directory.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>
            """)
        directory.write(
            "App/AppDelegate.swift",
            """
            import DesignSystem
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                                 options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                    let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
                    configuration.delegateClass = SceneDelegate.self
                    return configuration
                }
            }
            """)
        directory.write(
            "Packages/DesignSystem/Package.swift",
            "let package = Package(name: \"DesignSystem\", dependencies: [.package(path: \"../Utilities\")])\n")
        directory.write("Packages/DesignSystem/Sources/DesignSystem/SceneDelegate.swift", "public " + Self.sceneDelegate)
        directory.write("Packages/Utilities/Package.swift", "let package = Package(name: \"Utilities\")\n")
        directory.write("Packages/Utilities/Sources/Utilities/Screen.swift", "public let width = UIScreen.main.bounds.width\n")
        directory.write("Packages/Utilities/Tests/UtilitiesTests/T.swift", "let w = UIApplication.shared.keyWindow\n")
        let report = try Self.scan(directory)
        #expect(Self.rules(report) == ["main-screen-use"], "\(report.findings.map { "\($0.file):\($0.line) \($0.rule) \($0.message)" })")
        #expect(report.findings.first?.file == "Packages/Utilities/Sources/Utilities/Screen.swift")
    }

    @Test("A tree without any app target fails the run (exit 2) instead of passing silently")
    func noAppsIsAFailedRun() throws {
        let directory = TemporaryDirectory("trial")
        directory.write("Sources/Server/main.swift", "print(\"hello\")\n")
        let report = try Self.scan(directory)
        #expect(report.apps.isEmpty)
    }

    @Test("An Expo project without ios/ whose app.json manifest names EXExpoAppSceneDelegate before SDK 57.0.23")
    func generatedExpoManifestNamesMissingClass() throws {
        let directory = TemporaryDirectory()
        directory.write("package.json", "{\"dependencies\": {\"expo\": \"56.0.4\"}}")
        let manifest = """
            {"UISceneConfigurations": {"UIWindowSceneSessionRoleApplication": [{"UISceneDelegateClassName": "EXExpoAppSceneDelegate"}]}}
            """
        directory.write(
            "app.json", "{\"expo\": {\"name\": \"Tide\",\n  \"ios\": {\"infoPlist\": {\"UIApplicationSceneManifest\": \(manifest)}}}}")
        let report = try Self.scan(directory)
        let unresolved = report.findings.filter { $0.rule == "scene-delegate-unresolved" }
        #expect(unresolved.map(\.file) == ["app.json"])
        #expect(unresolved.first?.line == 2)
        #expect(unresolved.first?.message.contains("56.0.4") == true)
        // On 57.0.23 the class exists.
        directory.write("package.json", "{\"dependencies\": {\"expo\": \"57.0.23\"}}")
        #expect(try Self.scan(directory).findings.filter { $0.rule == "scene-delegate-unresolved" }.isEmpty)
    }
}
