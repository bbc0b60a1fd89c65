import Foundation
import Migration
import Results
import ScanCore
import TestSupport
import Testing

/// `fix` on Cordova apps: a committed cordova-ios 8 project without the template's scene parts gets them; every
/// other shape is explained with the cordova-ios 8 upgrade, anchored where the window or the version comes from.
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

    /// cordova-ios 8.0.1's project with the template's scene parts taken out: no SceneDelegate.swift (file and
    /// project entries), no manifest, an app delegate extension with no configurationForConnecting.
    static func cordova8WithoutScenes(_ folder: String) throws {
        let app = folder + "/platforms/ios/App/"
        try FileManager.default.removeItem(atPath: app + "SceneDelegate.swift")
        let project = folder + "/platforms/ios/App.xcodeproj/project.pbxproj"
        let lines = try String(contentsOfFile: project, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        try FlutterMigrationTests.write(lines.filter { !$0.contains("SceneDelegate.swift") }.joined(separator: "\n"), to: project)
        let plist = app + "App-Info.plist"
        var text = try String(contentsOfFile: plist, encoding: .utf8)
        let start = try #require(text.range(of: "\t<key>UIApplicationSceneManifest</key>"))
        let end = try #require(text.range(of: "\t<key>UIRequiresFullScreen</key>"))
        text.removeSubrange(start.lowerBound..<end.lowerBound)
        try FlutterMigrationTests.write(text, to: plist)
        try FlutterMigrationTests.write(
            """
            import UIKit

            // AppDelegate is declared in Objective-C by Cordova (a CDVAppDelegate subclass); Swift implements it here.
            @main
            #if compiler(>=6.1)
            @objc @implementation
            #else
            @_objcImplementation
            #endif
            extension AppDelegate {
            }

            """, to: app + "AppDelegate.swift")
    }

    @Test func aCommittedCordovaIos8ProjectWithoutItsSceneDelegateGetsTheTemplatesSceneDelegateAndManifest() throws {
        let (directory, folder) = try FlutterMigrationTests.copy("cordova-8", edit: Self.cordova8WithoutScenes)
        _ = directory
        let migration = try FlutterMigrationTests.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(
            migration.changes.map(\.path).sorted() == [
                "platforms/ios/App.xcodeproj/project.pbxproj", "platforms/ios/App/App-Info.plist", "platforms/ios/App/SceneDelegate.swift",
            ])
        let delegate = try #require(migration.changes.first { $0.path.hasSuffix("SceneDelegate.swift") })
        #expect(String(decoding: delegate.after, as: UTF8.self).contains("class SceneDelegate: CDVSceneDelegate {"))
        let golden = FixturePaths.fixtures.appendingPathComponent("goldens/fix/cordova-8-without-scenes.patch")
        if NativeMigrationTests.recording { try Data(migration.patch.utf8).write(to: golden) }
        #expect(migration.patch == (try String(contentsOf: golden, encoding: .utf8)), "patch differs from \(golden.path)")
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict == .ready, "\(app.findings.map(\.message))")
    }
}
