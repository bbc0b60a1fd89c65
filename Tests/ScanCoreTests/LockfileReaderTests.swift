import Foundation
import TestSupport
import Testing

@testable import ScanCore

/// Every lockfile kind, read from the real-shaped files under `Fixtures/lockfiles`.
@Suite("Lockfiles")
struct LockfileReaderTests {
    static func lockfile(_ fixture: String) throws -> Lockfile {
        let url = FixturePaths.fixtures.appendingPathComponent("lockfiles").appendingPathComponent(fixture)
        let data = try #require(FileManager.default.contents(atPath: url.path))
        return try LockfileReader.read(path: fixture, bytes: Array(data))
    }

    /// `name version@line`, sorted by name.
    static func summary(_ lockfile: Lockfile, _ names: [String]) -> [String] {
        names.map { name in lockfile[name].map { "\(name) \($0.version)@\($0.line.map(String.init) ?? "?")" } ?? "\(name) missing" }
    }

    @Test("Podfile.lock: top-level pods with their lines; subspecs count as their pod; requirement lines are not pods")
    func podfileLock() throws {
        let lock = try Self.lockfile("cocoapods/Podfile.lock")
        #expect(lock.ecosystem == .cocoapods)
        #expect(
            Self.summary(lock, ["Branch", "FBSDKCoreKit", "FBSDKShareKit", "GoogleUtilities", "OneSignalXCFramework", "Sentry"]) == [
                "Branch 0.31.3@2", "FBSDKCoreKit 5.8.0@3", "FBSDKShareKit 5.8.0@9", "GoogleUtilities 7.13.3@11",
                "OneSignalXCFramework 3.12.9@13", "Sentry 8.36.0@14",
            ])
        // "FBSDKCoreKit (~> 5.0)" under FBSDKShareKit and the DEPENDENCIES section are requirements.
        #expect(lock.packages.count == 6)
    }

    @Test("Package.resolved v1, v2 and v3: identities from the repository URL, versions, lines; branch pins skipped")
    func packageResolved() throws {
        let v1 = try Self.lockfile("swiftpm-v1/Package.resolved")
        #expect(
            Self.summary(v1, ["ios-branch-deep-linking-attribution", "sentry-cocoa"]) == [
                "ios-branch-deep-linking-attribution 0.32.0@6", "sentry-cocoa 7.5.0@15",
            ])
        let v2 = try Self.lockfile("swiftpm-v2/Package.resolved")
        #expect(
            Self.summary(v2, ["facebook-ios-sdk", "swift-collections"]) == ["facebook-ios-sdk 17.0.2@6", "swift-collections 1.1.4@15"])
        let v3 = try Self.lockfile("swiftpm-v3/Package.resolved")
        #expect(Self.summary(v3, ["sentry-cocoa"]) == ["sentry-cocoa 7.4.2@7"])
        #expect(v3["local-thing"] == nil)
        #expect(v3.ecosystem == .swiftpm)
    }

    @Test("package-lock.json v1 (dependencies) and v3 (packages): the hoisted copy, not a nested one")
    func npmLock() throws {
        let v1 = try Self.lockfile("npm-v1/package-lock.json")
        #expect(v1["react-native-share"]?.version == "12.2.5")
        let v3 = try Self.lockfile("npm-v3/package-lock.json")
        #expect(
            Self.summary(v3, ["react-native-share", "@react-native-firebase/dynamic-links"]) == [
                "react-native-share 12.2.7@23", "@react-native-firebase/dynamic-links 21.6.1@16",
            ])
    }

    @Test("package-lock keys: hoisted copies and workspace copies count; the root, workspace folders and nested copies do not")
    func npmKeys() {
        #expect(LockfileReader.hoistedName("node_modules/react-native-share") == "react-native-share")
        #expect(LockfileReader.hoistedName("node_modules/@react-native-firebase/app") == "@react-native-firebase/app")
        #expect(LockfileReader.hoistedName("apps/shop/node_modules/app-only") == "app-only")
        #expect(LockfileReader.hoistedName("node_modules/a/node_modules/b") == nil)
        #expect(LockfileReader.hoistedName("node_modules/@s/a/node_modules/@t/b") == nil)
        #expect(LockfileReader.hoistedName("") == nil)
        #expect(LockfileReader.hoistedName("apps/shop") == nil)
    }

    @Test("yarn.lock classic and Berry: names from specifiers (scoped too), the highest of several versions, workspaces skipped")
    func yarnLock() throws {
        let classic = try Self.lockfile("yarn-classic/yarn.lock")
        #expect(
            Self.summary(classic, ["react-native-share", "@react-native-firebase/dynamic-links"]) == [
                "react-native-share 12.2.4@10", "@react-native-firebase/dynamic-links 21.6.1@5",
            ])
        let berry = try Self.lockfile("yarn-berry/yarn.lock")
        #expect(Self.summary(berry, ["react-native-share"]) == ["react-native-share 12.2.6@8"])
        #expect(berry["shop"] == nil)
    }

    @Test("pnpm-lock.yaml v6 (/name@version) and v9 (name@version, snapshots), peer suffixes dropped")
    func pnpmLock() throws {
        let v6 = try Self.lockfile("pnpm-v6/pnpm-lock.yaml")
        #expect(
            Self.summary(v6, ["react-native-share", "@react-native-firebase/dynamic-links"]) == [
                "react-native-share 12.2.1@14", "@react-native-firebase/dynamic-links 21.6.1@19",
            ])
        let v9 = try Self.lockfile("pnpm-v9/pnpm-lock.yaml")
        #expect(v9["react-native-share"]?.version == "12.2.6")
        #expect(LockfileReader.pnpmKey("/left-pad/1.3.0") ?? ("", "") == ("left-pad", "1.3.0"))
        #expect(LockfileReader.pnpmKey("/@scope/pkg/2.0.0_react@18.2.0") ?? ("", "") == ("@scope/pkg", "2.0.0"))
    }

    @Test("pubspec.lock: packages with versions and lines")
    func pubspecLock() throws {
        let lock = try Self.lockfile("pub/pubspec.lock")
        #expect(lock.ecosystem == .pub)
        #expect(
            Self.summary(lock, ["app_links", "image_picker_ios", "receive_sharing_intent", "url_launcher_ios"]) == [
                "app_links 6.4.1@4", "image_picker_ios 0.8.13+3@17", "receive_sharing_intent 1.8.1@25", "url_launcher_ios 6.4.1@33",
            ])
    }

    @Test("A lockfile that does not parse is an error with its line where the parser gives one")
    func malformed() {
        #expect(throws: LockfileError.self) { try LockfileReader.read(path: "package-lock.json", bytes: Array("{\"packages\": [".utf8)) }
        do {
            _ = try LockfileReader.read(path: "pubspec.lock", bytes: Array("packages:\n  a: [\n  b: {\n".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.line != nil)
        }
    }

    @Test("A nameless entry is no package (found by scripts/fuzz manifest: a package-lock read as pubspec.lock)")
    func namelessEntry() throws {
        let lock = try LockfileReader.read(
            path: "pubspec.lock", bytes: Array("packages:\n  \"\": {version: 1.0.0}\n  a: {version: 2.0.0}\n".utf8))
        #expect(lock.packages.keys.sorted() == ["a"])
    }

    @Test("Package versions order numerically, pre-releases below releases, pub build numbers above")
    func versionOrder() throws {
        func v(_ text: String) throws -> PackageVersion { try #require(PackageVersion(text)) }
        #expect(try v("0.8.13+3") < v("0.8.13+4"))
        #expect(try v("0.8.13") < v("0.8.13+1"))
        #expect(try v("6.0.0-alpha.2") < v("6.0.0"))
        #expect(try v("6.0.0-alpha.2") < v("6.0.0-alpha.10"))
        #expect(try v("5.1.0") < v("6.0.0-alpha.2"))
        #expect(try v("12.2.10") > v("12.2.9"))
        #expect(try v("7.0") == v("7.0.0"))
        #expect(PackageVersion("github:acme/thing#main") == nil)
    }

    @Test("Each app takes its own lockfiles: native pods and packages, its framework's JavaScript or Dart lockfile")
    func locator() throws {
        let directory = TemporaryDirectory()
        // A native app at the root with CocoaPods and a workspace's Package.resolved.
        TreeFixtures.writeApp(in: directory)
        directory.write("Podfile.lock", "PODS:\n  - Branch (0.31.3)\n")
        directory.write("App.xcworkspace/xcshareddata/swiftpm/Package.resolved", "{\"pins\": [], \"version\": 2}")
        directory.write("web/package-lock.json", "{\"lockfileVersion\": 3, \"packages\": {}}")
        // A React Native app with yarn at its project root, and pods under ios/.
        TreeFixtures.writeApp(in: directory, folder: "apps/shop/ios")
        directory.write("apps/shop/package.json", "{\"dependencies\": {\"react-native\": \"0.88.1\"}}")
        directory.write("apps/shop/yarn.lock", "react-native-share@^12:\n  version \"12.2.4\"\n")
        directory.write("apps/shop/ios/Podfile.lock", "PODS:\n  - React-Core (0.88.1)\n")
        let workspace = try TreeFixtures.workspace(directory)
        let native = try #require(workspace.apps.first { $0.path == "App" })
        #expect(native.lockfiles == ["Podfile.lock", "App.xcworkspace/xcshareddata/swiftpm/Package.resolved"])
        let shop = try #require(workspace.apps.first { $0.path.hasPrefix("apps/shop") })
        #expect(shop.lockfiles == ["apps/shop/ios/Podfile.lock", "apps/shop/yarn.lock"])
        #expect(workspace.lockfiles(of: shop).map(\.ecosystem) == [.cocoapods, .npm])
    }

    @Test("A lockfile further up counts only when its folder is a workspace root (seen in 0niel/university-app)")
    func workspaceRootsOnly() throws {
        let directory = TemporaryDirectory()
        // A Flutter app at the root, and a plugin's example app below it without a lockfile of its own.
        TreeFixtures.writeApp(in: directory, folder: "ios")
        directory.write("pubspec.yaml", "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n")
        directory.write("pubspec.lock", "packages:\n  app_links:\n    version: \"6.4.0\"\n")
        TreeFixtures.writeApp(in: directory, folder: "packages/auth/example/ios")
        directory.write("packages/auth/example/pubspec.yaml", "name: example\ndependencies:\n  flutter:\n    sdk: flutter\n")
        // A yarn workspace: the React Native app takes the root's lockfile.
        TreeFixtures.writeApp(in: directory, folder: "mobile/apps/shop/ios")
        directory.write("mobile/package.json", "{\"private\": true, \"workspaces\": [\"apps/*\"]}")
        directory.write("mobile/yarn.lock", "react-native-share@^12:\n  version \"12.2.4\"\n")
        directory.write("mobile/apps/shop/package.json", "{\"dependencies\": {\"react-native\": \"0.88.1\"}}")
        let workspace = try TreeFixtures.workspace(directory)
        let root = try #require(workspace.apps.first { $0.path.hasPrefix("ios") })
        #expect(root.lockfiles == ["pubspec.lock"])
        let example = try #require(workspace.apps.first { $0.path.hasPrefix("packages/") })
        #expect(example.lockfiles.isEmpty)
        let shop = try #require(workspace.apps.first { $0.path.hasPrefix("mobile/") })
        #expect(shop.lockfiles == ["mobile/yarn.lock"])
        // The same tree without `workspaces`: the app's project is not part of the folder above.
        directory.write("mobile/package.json", "{\"private\": true}")
        let separate = try TreeFixtures.workspace(directory)
        #expect(separate.apps.first { $0.path.hasPrefix("mobile/") }?.lockfiles == [])
    }

    @Test("An unreadable lockfile is a diagnostic and the scan goes on")
    func unreadableLockfileDiagnostic() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory)
        directory.write("Podfile.lock", "PODS:\n  - Branch (0.31.3)\n")
        directory.write("App.xcworkspace/xcshareddata/swiftpm/Package.resolved", "{not json")
        let workspace = try TreeFixtures.workspace(directory)
        let app = try #require(workspace.apps.first)
        #expect(workspace.lockfiles(of: app).map(\.path) == ["Podfile.lock"])
        #expect(workspace.diagnostics.contains { $0.file?.hasSuffix("Package.resolved") == true && $0.message.contains("not valid JSON") })
    }
}
