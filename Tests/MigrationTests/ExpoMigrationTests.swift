import Foundation
import Migration
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// `fix` on Expo apps by SDK: a committed SDK 57.0.23+ `ios/` in the standard template shape is changed the way
/// Expo's own `ios.enableSceneSupport` changes it (its golden, applied with git, scanned from disk: not blocked);
/// older SDKs, generated projects and other shapes are explained with the upgrade or config path.
struct ExpoMigrationTests {
    /// The expo-55 fixture with its SDK raised to 57.0.24 (package.json, yarn.lock, Podfile.lock): the SDK 54–57
    /// AppDelegate is the same template.
    static func sdk57Copy(resolved: String = "57.0.24", requested: String = "57.0.23") throws -> (
        folder: String, copy: TemporaryDirectory
    ) {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: ReactNativeMigrationTests.framework("expo-55").path, toPath: folder)
        for path in ["package.json", "yarn.lock", "ios/Podfile.lock"] {
            let url = URL(fileURLWithPath: folder + "/" + path)
            let text = try String(contentsOf: url, encoding: .utf8)
                .replacingOccurrences(of: "55.0.11", with: resolved).replacingOccurrences(of: "55.0.8", with: requested)
            try Data(text.utf8).write(to: url)
        }
        return (folder, copy)
    }

    @Test func aCommittedSDK57TemplateGetsTheFactoryProviderAndExposSceneDelegateLikeEnableSceneSupport() throws {
        let (folder, copy) = try Self.sdk57Copy()
        defer { _ = copy }
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        let golden = FixturePaths.fixtures.appendingPathComponent("goldens/fix/expo-57-committed-ios.patch")
        if NativeMigrationTests.recording { try Data(migration.patch.utf8).write(to: golden) }
        #expect(migration.patch == (try String(contentsOf: golden, encoding: .utf8)), "patch differs from \(golden.path)")
        #expect(migration.patch.contains("+public class AppDelegate: ExpoAppDelegate, ExpoReactNativeFactoryProvider {"))
        #expect(migration.patch.contains("+\t\t\t\t\t<string>EXExpoAppSceneDelegate</string>"))
        // The flag goes into app.json too, so the next prebuild keeps the scene set-up (Expo's own plugin state).
        #expect(migration.changes.map(\.path).contains("app.json"))
        #expect(migration.patch.contains(#"+      ["expo-build-properties", {"ios": {"enableSceneSupport": true}}]"#))
        #expect(migration.reasons.contains { $0.text.contains("npx expo install expo-build-properties") })
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "app-delegate-window" || $0.rule == "react-native-double-start" })
        // The patched app delegate is the one Expo's flag produces, as the expo-57-scene-flag fixture holds it.
        let expected = try String(
            contentsOf: ReactNativeMigrationTests.framework("expo-57-scene-flag").appendingPathComponent("ios/Tidy/AppDelegate.swift"),
            encoding: .utf8)
        #expect(try String(contentsOfFile: folder + "/ios/Tandem/AppDelegate.swift", encoding: .utf8) == expected)
    }

    @Test(arguments: [
        ("expo-50", "upgrade to SDK 58"),
        ("expo-55", "57.0.23"),
        ("expo-54-no-ios", "enableSceneSupport: true to app.json"),
    ])
    func anOlderSDKOrAGeneratedProjectIsExplainedWithItsPath(_ fixture: String, _ words: String) throws {
        let (run, _, copy) = try ReactNativeMigrationTests.migrateCopy(of: fixture)
        defer { _ = copy }
        let migration = try #require(run.migrations.first)
        #expect(migration.status != .patched)
        #expect(migration.patch.isEmpty)
        #expect(migration.reasons.contains { $0.described.contains(words) }, "\(migration.reasons.map(\.described))")
    }

    @Test func aCommittedSDK58AppDelegateOfTheOldShapeGetsTheSDK58TemplatesSceneDelegate() throws {
        let (folder, copy) = try Self.sdk57Copy(resolved: "58.0.6", requested: "58.0.4")
        defer { _ = copy }
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.patch.contains("+class SceneDelegate: ExpoAppSceneDelegate {"))
        #expect(migration.patch.contains("+\t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>"))
        #expect(migration.patch.contains("+public class AppDelegate: ExpoAppDelegate, ExpoReactNativeFactoryProvider {"))
        #expect(!migration.patch.contains("enableSceneSupport"))
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "app-delegate-window" || $0.rule == "scene-delegate-unresolved" })
    }

    @Test func aGeneratedSDK57ProjectGetsTheFlagInItsAppJSONAndIsNoLongerBlocked() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: ReactNativeMigrationTests.framework("expo-54-no-ios").path, toPath: folder)
        for path in ["package.json", "package-lock.json"] {
            let url = URL(fileURLWithPath: folder + "/" + path)
            let text = try String(contentsOf: url, encoding: .utf8)
                .replacingOccurrences(of: "54.0.20", with: "57.0.24").replacingOccurrences(of: "54.0.12", with: "57.0.23")
            try Data(text.utf8).write(to: url)
        }
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.changes.map(\.path) == ["app.json"])
        #expect(migration.patch.contains(#"+      ["expo-build-properties", {"ios": {"enableSceneSupport": true}}]"#))
        #expect(migration.reasons.contains { $0.text.contains("npx expo install expo-build-properties") })
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
    }

    @Test func anSDK57AppDelegateWithADifferentHeaderIsExplainedNotPatched() throws {
        let (folder, copy) = try Self.sdk57Copy()
        defer { _ = copy }
        let url = URL(fileURLWithPath: folder + "/ios/Tandem/AppDelegate.swift")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "public class AppDelegate: ExpoAppDelegate {", with: "public class AppDelegate: ExpoAppDelegate, PushRegistryDelegate {")
        try Data(text.utf8).write(to: url)
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status != .patched)
        #expect(migration.reasons.contains { $0.described.contains("AppDelegate.swift:6") }, "\(migration.reasons.map(\.described))")
    }
}
