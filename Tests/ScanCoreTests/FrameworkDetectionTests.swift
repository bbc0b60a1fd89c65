import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Framework detection through the whole discovery path: a real tree, an Xcode project under `ios/`
/// (or `platforms/ios/`), and the manifests and lockfiles beside it.
@Suite("Framework detection")
struct FrameworkDetectionTests {
    /// The app of a tree with a project at `folder`, with `files` written beside it.
    private func app(folder: String = "ios", files: [String: String]) throws -> (App, Workspace) {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: folder)
        for (path, text) in files { directory.write(path, text) }
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first { $0.generated == nil })
        return (app, workspace)
    }

    @Test("React Native: the requirement from package.json, with the line of the dependency")
    func reactNativeRequirement() throws {
        let (app, _) = try app(files: [
            "package.json":
                "{\n  \"name\": \"shop\",\n  \"dependencies\": {\n    \"react\": \"18.2.0\",\n    \"react-native\": \"^0.72.4\"\n  }\n}\n"
        ])
        #expect(app.framework.kind == .reactNative)
        #expect(app.framework.version == "^0.72.4")
        #expect(app.framework.semanticVersion == SemanticVersion(0, 72, 4))
        #expect(app.framework.location == Location(file: "package.json", line: 5, column: 5))
    }

    @Test("React Native: Podfile.lock's React-Core is the installed version and wins over the requirement")
    func reactNativePodfileLock() throws {
        let (app, _) = try app(files: [
            "package.json": "{\"dependencies\": {\"react-native\": \"^0.72.4\"}}",
            "ios/Podfile.lock": "PODS:\n  - boost (1.76.0)\n  - React-Core (0.72.6):\n    - glog\n  - React-Core/Default (0.72.6)\n",
        ])
        #expect(app.framework.version == "0.72.6")
        #expect(app.framework.declared == "^0.72.4")
    }

    @Test(
        "Lockfiles resolve a range to the installed version",
        arguments: [
            ("package-lock.json", "{\"lockfileVersion\": 3, \"packages\": {\"node_modules/react-native\": {\"version\": \"0.77.2\"}}}"),
            (
                "yarn.lock",
                "# yarn lockfile v1\n\n\"react-native@^0.77.0\":\n  version \"0.77.2\"\n  resolved \"https://registry.example/rn.tgz\"\n"
            ),
            (
                "pnpm-lock.yaml",
                "lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      react-native:\n        specifier: ^0.77.0\n        version: 0.77.2(@babel/core@7.26.0)\n"
            ),
        ])
    func lockfiles(lockfile: String, text: String) throws {
        let (app, _) = try app(files: ["package.json": "{\"dependencies\": {\"react-native\": \"^0.77.0\"}}", lockfile: text])
        #expect(app.framework.version == "0.77.2")
        #expect(app.framework.declared == "^0.77.0")
    }

    @Test("A workspace lockfile at the monorepo root resolves a package's range")
    func workspaceLockfile() throws {
        let (app, _) = try app(
            folder: "apps/shop/ios",
            files: [
                "package.json": "{\"private\": true, \"workspaces\": [\"apps/*\"]}",
                "apps/shop/package.json": "{\"name\": \"shop\", \"dependencies\": {\"react-native\": \"~0.83.0\"}}",
                "yarn.lock": "\"react-native@~0.83.0\":\n  version \"0.83.4\"\n",
            ])
        #expect(app.framework.kind == .reactNative)
        #expect(app.framework.version == "0.83.4")
        #expect(app.framework.location?.file == "apps/shop/package.json")
    }

    @Test("Expo wins over the react-native it depends on, and reads expo-build-properties from app.json")
    func expo() throws {
        let appJSON = """
            {
              "expo": {
                "name": "Tide",
                "plugins": [
                  ["expo-build-properties", {"ios": {"enableSceneSupport": true}}]
                ]
              }
            }
            """
        let (app, _) = try app(files: [
            "package.json": "{\"dependencies\": {\"expo\": \"~57.0.23\", \"react-native\": \"0.83.2\"}}", "app.json": appJSON,
        ])
        #expect(app.framework.kind == .expo)
        #expect(app.framework.version == "~57.0.23")
        #expect(app.framework.settings.expoSceneSupport == true)
        #expect(app.framework.settings.expoSceneSupportLocation == Location(file: "app.json", line: 5, column: 42))
    }

    @Test("Capacitor: the app in ios/App/App belongs to the project holding ios/")
    func capacitor() throws {
        let (app, _) = try app(
            folder: "ios/App",
            files: [
                "package.json": "{\"dependencies\": {\"@capacitor/core\": \"8.4.0\", \"@capacitor/ios\": \"8.4.0\"}}",
                "ios/App/Podfile.lock": "PODS:\n  - Capacitor (8.4.1):\n    - CapacitorCordova\n",
            ])
        #expect(app.path == "ios/App/App")
        #expect(app.framework.kind == .capacitor)
        #expect(app.framework.version == "8.4.1")
    }

    @Test("Flutter: .fvmrc pins the SDK; the opt-out is found with its line")
    func flutterPinned() throws {
        let pubspec = """
            name: tide
            environment:
              sdk: ">=3.4.0 <4.0.0"
              flutter: ">=3.32.0"
            dependencies:
              flutter:
                sdk: flutter
            flutter:
              config:
                enable-uiscene-migration: false

            """
        let (app, _) = try app(files: ["pubspec.yaml": pubspec, ".fvmrc": "{\n  \"flutter\": \"3.41.2\"\n}\n"])
        #expect(app.framework.kind == .flutter)
        #expect(app.framework.version == "3.41.2")
        #expect(app.framework.location == Location(file: ".fvmrc", line: 2, column: 15))
        #expect(app.framework.settings.flutterMigrationOptOut?.file == "pubspec.yaml")
        #expect(app.framework.settings.flutterMigrationOptOut?.line == 10)
    }

    @Test("Flutter: pubspec.lock's sdks constraint, then pubspec.yaml's environment")
    func flutterConstraints() throws {
        let pubspec = "name: tide\nenvironment:\n  flutter: \">=3.10.0\"\ndependencies:\n  flutter:\n    sdk: flutter\n"
        let (locked, _) = try app(files: [
            "pubspec.yaml": pubspec, "pubspec.lock": "packages: {}\nsdks:\n  dart: \">=3.5.0 <4.0.0\"\n  flutter: \">=3.38.0\"\n",
        ])
        #expect(locked.framework.version == ">=3.38.0")
        // The lockfile gives the version; the location is pubspec.yaml's constraint, which is what people edit.
        #expect(locked.framework.location == Location(file: "pubspec.yaml", line: 3, column: 12))
        let (unlocked, _) = try app(files: ["pubspec.yaml": pubspec])
        #expect(unlocked.framework.version == ">=3.10.0")
        #expect(unlocked.framework.semanticVersion == SemanticVersion(3, 10))
    }

    @Test("Flutter: without any version, .metadata's revision is where the SDK is named, and the version stays unknown")
    func flutterMetadata() throws {
        let (app, _) = try app(files: [
            "pubspec.yaml": "name: tide\ndependencies:\n  flutter:\n    sdk: flutter\n",
            ".metadata":
                "# This file tracks properties of this Flutter project.\nversion:\n  revision: \"19074d12f7eaf6a8180cd4036a430c1d76de904e\"\n  channel: \"stable\"\n\nproject_type: app\n",
        ])
        #expect(app.framework.kind == .flutter)
        #expect(app.framework.version == nil)
        #expect(app.framework.location == Location(file: ".metadata", line: 3, column: 3))
    }

    @Test("Cordova: a Podfile.lock Cordova pod when platforms.json is missing")
    func cordovaPod() throws {
        let (app, _) = try app(
            folder: "platforms/ios",
            files: [
                "package.json": "{\"devDependencies\": {\"cordova-ios\": \"^7.0.0\"}}",
                "platforms/ios/Podfile.lock": "PODS:\n  - Cordova (7.0.1)\n",
            ])
        #expect(app.framework.version == "7.0.1")
    }

    @Test("Cordova: platforms/platforms.json is the installed cordova-ios")
    func cordova() throws {
        let (app, _) = try app(
            folder: "platforms/ios",
            files: [
                "package.json": "{\"devDependencies\": {\"cordova-ios\": \"^7.1.0\"}}",
                "platforms/platforms.json": "{\"ios\": \"7.1.1\"}",
                "config.xml":
                    "<?xml version='1.0'?>\n<widget id=\"com.example.tide\">\n  <engine name=\"ios\" spec=\"^7.1.0\" />\n</widget>\n",
            ])
        #expect(app.framework.kind == .cordova)
        #expect(app.framework.version == "7.1.1")
    }

    @Test("A native app inside a JavaScript monorepo stays native")
    func nativeInMonorepo() throws {
        let (app, _) = try app(
            folder: "native/Shop",
            files: ["package.json": "{\"dependencies\": {\"react-native\": \"0.85.0\"}}", "native/package.json": "{\"name\": \"tools\"}"])
        #expect(app.framework.kind == .native)
    }

    @Test("A package.json beside ios/ without a framework dependency leaves the app native")
    func plainPackage() throws {
        let (app, _) = try app(files: ["package.json": "{\"devDependencies\": {\"prettier\": \"3.3.0\"}}"])
        #expect(app.framework.kind == .native)
    }

    @Test("A broken package.json is a warning with its line; the app is still scanned")
    func brokenPackageJSON() throws {
        let (app, workspace) = try app(files: ["package.json": "{\n  \"dependencies\": {\n    \"react-native\" \"0.72.4\"\n  }\n}\n"])
        #expect(app.framework.kind == .native)
        let diagnostic = try #require(workspace.diagnostics.first { $0.file == "package.json" })
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.line == 3)
        #expect(diagnostic.message.hasPrefix("not valid JSON (invalid value)"))
        #expect(diagnostic.message.contains("framework version is unknown"))
    }

    @Test("A broken pubspec.yaml is a warning at the parser's line")
    func brokenPubspec() throws {
        let (app, workspace) = try app(files: ["pubspec.yaml": "name: tide\ndependencies:\n  flutter:\n    sdk: [flutter\n"])
        #expect(app.framework.kind == .native)
        let diagnostic = try #require(workspace.diagnostics.first { $0.file == "pubspec.yaml" })
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.line != nil)
        #expect(diagnostic.message.hasPrefix("not valid YAML"))
    }

    @Test(
        "Requirements become comparable lower bounds",
        arguments: [
            ("^0.72.4", SemanticVersion(0, 72, 4)), ("~57.0.23", SemanticVersion(57, 0, 23)), (">=3.38.0 <4.0.0", SemanticVersion(3, 38)),
            ("8.5.0-beta.1", SemanticVersion(8, 5)), ("v3.41.2", SemanticVersion(3, 41, 2)), ("0.88", SemanticVersion(0, 88)),
        ])
    func lowerBounds(requirement: String, expected: SemanticVersion) {
        #expect(SemanticVersion.lowerBound(of: requirement) == expected)
    }

    @Test(
        "Requirements without a version have no lower bound", arguments: ["latest", "*", "workspace:*", "github:facebook/react-native", ""])
    func noLowerBound(requirement: String) {
        #expect(SemanticVersion.lowerBound(of: requirement) == nil)
    }
}

/// Projects whose native folder is generated at build time.
@Suite("Generated native projects")
struct GeneratedProjectTests {
    @Test("An Expo project without ios/ is an app decided from app.json")
    func expoWithoutIOS() throws {
        let directory = TemporaryDirectory()
        directory.write("package.json", "{\"name\": \"tide\", \"dependencies\": {\"expo\": \"~54.0.0\"}}")
        directory.write("app.json", "{\"expo\": {\"name\": \"Tide\", \"ios\": {\"bundleIdentifier\": \"com.example.tide\"}}}")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(workspace.apps.count == 1)
        #expect(app.target == "Tide")
        #expect(app.path == "")
        #expect(app.generated?.kind == .expo)
        #expect(app.generated?.configIsCode == false)
        #expect(app.framework.kind == .expo)
        #expect(app.framework.version == "~54.0.0")
    }

    @Test("An Expo project whose app.json leaves iOS out is not an iOS app")
    func expoAndroidOnly() throws {
        let directory = TemporaryDirectory()
        directory.write("package.json", "{\"dependencies\": {\"expo\": \"~58.0.0\"}}")
        directory.write("app.json", "{\"expo\": {\"name\": \"Tide\", \"platforms\": [\"android\"]}}")
        #expect(try TreeFixtures.workspace(directory).apps.isEmpty)
    }

    @Test("app.config.ts is never run: between 57.0.23 and 58 the answer is unknown, with a note")
    func expoCodeConfig() throws {
        let directory = TemporaryDirectory()
        directory.write("package.json", "{\"dependencies\": {\"expo\": \"57.0.25\"}}")
        directory.write("app.config.ts", "export default { name: 'Tide' };\n")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(app.generated?.configIsCode == true)
        #expect(app.unreadable.count == 1)
        #expect(workspace.diagnostics.contains { $0.file == "app.config.ts" && $0.severity == .note })
    }

    @Test("An Expo project with a committed ios/ folder is the Xcode app, not a generated one")
    func expoWithIOS() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "ios")
        directory.write("package.json", "{\"dependencies\": {\"expo\": \"~58.0.0\"}}")
        directory.write("app.json", "{\"expo\": {\"name\": \"Tide\"}}")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.count == 1)
        #expect(workspace.apps.first?.generated == nil)
        #expect(workspace.apps.first?.framework.kind == .expo)
    }

    @Test("A Cordova project without platforms/ios is an app; a Capacitor project's config.xml is not")
    func cordovaWithoutPlatforms() throws {
        let directory = TemporaryDirectory()
        let config =
            "<?xml version='1.0'?>\n<widget id=\"com.example.tide\">\n  <name>Tide</name>\n  <engine name=\"ios\" spec=\"^8.0.0\" />\n</widget>\n"
        directory.write("cordova/config.xml", config)
        directory.write("cordova/package.json", "{\"devDependencies\": {\"cordova-ios\": \"^8.0.0\"}}")
        directory.write("capacitor/config.xml", config)
        directory.write("capacitor/package.json", "{\"dependencies\": {\"@capacitor/core\": \"8.5.0\", \"cordova-ios\": \"^8.0.0\"}}")
        let workspace = try TreeFixtures.workspace(directory)
        #expect(workspace.apps.map(\.path) == ["cordova"])
        #expect(workspace.apps.first?.target == "Tide")
        #expect(workspace.apps.first?.generated?.kind == .cordova)
        #expect(workspace.apps.first?.framework.kind == .cordova)
    }
}

/// `scan --path SUBDIR` in a JavaScript monorepo.
@Suite("Monorepo path limits")
struct MonorepoPathTests {
    @Test("Manifests in a limit's ancestor folders are listed; other files there are not")
    func contextFiles() {
        let filter = PathFilter(onlyFolders: ["apps/shop/ios"])
        #expect(filter.keeps(file: "apps/shop/package.json"))
        #expect(filter.keeps(file: "yarn.lock"))
        #expect(filter.keeps(file: "apps/shop/ios/Podfile.lock"))
        #expect(filter.keeps(file: "apps/shop/ios/Shop/AppDelegate.swift"))
        #expect(!filter.keeps(file: "apps/shop/App.tsx"))
        #expect(!filter.keeps(file: "apps/admin/package.json"))
        #expect(!filter.keeps(file: "apps/admin/ios/Admin/Info.plist"))
        #expect(PathFilter().keeps(file: "apps/admin/App.tsx"))
    }

    @Test("A limit on one app's ios/ folder still gives its framework and resolved version, and no other app")
    func limitedScan() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "apps/shop/ios")
        TreeFixtures.writeApp(in: directory, folder: "apps/admin/ios")
        directory.write("package.json", "{\"private\": true, \"workspaces\": [\"apps/*\", \"packages/*\"]}")
        directory.write("yarn.lock", "\"react-native@^0.83.0\":\n  version \"0.83.4\"\n")
        directory.write("apps/shop/package.json", "{\"name\": \"shop\", \"dependencies\": {\"react-native\": \"^0.83.0\"}}")
        directory.write("apps/admin/package.json", "{\"name\": \"admin\", \"dependencies\": {\"@capacitor/ios\": \"8.5.0\"}}")
        directory.write("apps/web/package.json", "{\"name\": \"web\", \"dependencies\": {\"expo\": \"~58.0.0\"}}")
        directory.write("apps/web/app.json", "{\"expo\": {\"name\": \"Web\"}}")
        let all = try TreeFixtures.workspace(directory)
        #expect(all.apps.map(\.path) == ["apps/admin/ios/App", "apps/shop/ios/App", "apps/web"])
        #expect(all.apps.map(\.framework.kind) == [.capacitor, .reactNative, .expo])
        let limited = try TreeFixtures.workspace(directory, filter: PathFilter(onlyFolders: ["apps/shop/ios"]))
        #expect(limited.apps.map(\.path) == ["apps/shop/ios/App"])
        #expect(limited.apps.first?.framework.kind == .reactNative)
        #expect(limited.apps.first?.framework.version == "0.83.4")
        let twoLimits = try TreeFixtures.workspace(directory, filter: PathFilter(onlyFolders: ["apps/shop", "apps/web"]))
        #expect(twoLimits.apps.map(\.path) == ["apps/shop/ios/App", "apps/web"])
    }
}

@Suite("Workspace folder slices")
struct WorkspaceFolderSliceTests {
    @Test("files(inside:) is exactly the files under the folder, not its siblings with the same prefix")
    func slices() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "apps/shop/ios")
        for path in [
            "apps/shop/ios/App/Extra.swift", "apps/shop/ios-old/App/Old.swift", "apps/shop/iosx.txt", "apps/shop-web/index.ts", "zed.txt",
        ] {
            directory.write(path, "x\n")
        }
        let workspace = try TreeFixtures.workspace(directory)
        let inside = workspace.files(inside: "apps/shop/ios").map(\.path)
        #expect(inside == workspace.files.map(\.path).filter { $0.hasPrefix("apps/shop/ios/") })
        #expect(inside.contains("apps/shop/ios/App/Extra.swift"))
        #expect(!inside.contains("apps/shop/ios-old/App/Old.swift"))
        #expect(workspace.files(inside: "apps/none").isEmpty)
        #expect(workspace.files(inside: "").count == workspace.files.count)
        #expect(workspace.compiledSources.contains("apps/shop/ios/App/AppDelegate.swift"))
        #expect(!workspace.compiledSources.contains("apps/shop/ios/App/Extra.swift"))
    }
}
