import Foundation
import Migration
import Results
import ScanCore
import TestSupport
import Testing

/// `fix` on Cordova apps: every shape is explained with the cordova-ios 8 upgrade, anchored where the window
/// or the version comes from, and no file is written.
struct CordovaMigrationTests {
    @Test func aCommittedCordovaIos7ProjectIsExplainedAtTheWindowBuildingAppDelegate() throws {
        let run = try NativeMigrationTests.migrate(FixturePaths.fixtures.appendingPathComponent("frameworks/cordova-7").path)
        let migration = try FlutterMigrationTests.only(run)
        #expect(migration.status == .explained)
        #expect(migration.changes.isEmpty)
        let reason = try #require(migration.reasons.first)
        #expect(reason.file == "platforms/ios/Tidepool/Classes/AppDelegate.h")
        #expect(reason.line == 3)
        #expect(reason.text.contains("platforms/ios is cordova-ios 7.1.1's project"))
        #expect(reason.text.contains("no hand patch is safe"))
        #expect(reason.text.contains("cordova platform rm ios && cordova platform add ios@8"))
        #expect(!migration.steps.isEmpty)
    }

    @Test func anUncommittedPlatformIsExplainedWithTheUpgradeAtThePackageJsonLine() throws {
        let (directory, folder) = try FlutterMigrationTests.copy("cordova-7") { folder in
            try FileManager.default.removeItem(atPath: folder + "/platforms")
        }
        _ = directory
        let migration = try FlutterMigrationTests.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.file == "package.json")
        #expect(reason.line == 12)
        #expect(reason.text.contains("platforms/ios is not committed"))
        #expect(reason.text.contains("CDVSceneDelegate arrived in cordova-ios 8"))
        #expect(reason.text.contains("cordova-ios to ^8.0.0"))
        #expect(!reason.text.contains("keep a copy"))
    }

    @Test func aCordovaIos8ProjectMissingItsManifestIsExplainedAsARegeneration() throws {
        let (directory, folder) = try FlutterMigrationTests.copy("cordova-8") { folder in
            let path = folder + "/platforms/ios/App/App-Info.plist"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try FlutterMigrationTests.write(
                text.replacingOccurrences(of: "UIApplicationSceneManifest", with: "_UIApplicationSceneManifest"), to: path)
            let delegate = folder + "/platforms/ios/App/AppDelegate.swift"
            try FlutterMigrationTests.write(
                "import Cordova\n\n@main\n@objc @implementation extension AppDelegate {\n}\n", to: delegate)
        }
        _ = directory
        let migration = try FlutterMigrationTests.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .explained)
        #expect(migration.reasons.first?.text.contains("regenerate the platform") == true, "\(migration.reasons.map(\.described))")
    }
}
