import Foundation
import Migration
import Results
import ScanCore
import TestSupport
import Testing

/// `fix` on Flutter runners: a template runner on 3.38+ gets Flutter's own migration (implicit-engine app
/// delegate, FlutterSceneDelegate manifest) as a verified patch; older or unknown Flutter, a customised app
/// delegate and a storyboard other than Main are explained.
struct FlutterMigrationTests {
    /// A copy of a framework fixture under a temporary folder, changed by `edit` before it is migrated.
    static func copy(_ fixture: String, edit: (String) throws -> Void = { _ in }) throws -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory("fix")
        let folder = directory.path + "/tree"
        try FileManager.default.copyItem(
            atPath: FixturePaths.fixtures.appendingPathComponent("frameworks/\(fixture)").path, toPath: folder)
        try edit(folder)
        return (directory, folder)
    }

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func pin(_ version: String) -> (String) throws -> Void {
        { folder in try write("{\n  \"flutter\": \"\(version)\"\n}\n", to: folder + "/.fvmrc") }
    }

    /// The patch matches its golden, applies with git and leaves the app unblocked when scanned from disk.
    static func checkPatched(_ migration: AppMigration, golden name: String, folder: String) throws -> AppReport {
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.resolves.contains { $0.rule == "scene-manifest-missing" })
        let golden = FixturePaths.fixtures.appendingPathComponent("goldens/fix/\(name).patch")
        if NativeMigrationTests.recording { try Data(migration.patch.utf8).write(to: golden) }
        #expect(migration.patch == (try String(contentsOf: golden, encoding: .utf8)), "patch differs from \(golden.path)")
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "partial-migration" || $0.rule == "scene-delegate-unresolved" })
        return app
    }

    /// The fixture's runner turned into `flutter create --ios-language objc`'s, on Flutter 3.38.5.
    static func objectiveCRunner(_ folder: String, implementation: String) throws {
        try pin("3.38.5")(folder)
        let runner = folder + "/ios/Runner/"
        try FileManager.default.removeItem(atPath: runner + "AppDelegate.swift")
        try FileManager.default.removeItem(atPath: runner + "Runner-Bridging-Header.h")
        try write(FlutterTemplateTexts.legacyHeader, to: runner + "AppDelegate.h")
        try write(implementation, to: runner + "AppDelegate.m")
        try write(FlutterTemplateTexts.main, to: runner + "main.m")
        let project = folder + "/ios/Runner.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: project, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "lastKnownFileType = sourcecode.swift; path = AppDelegate.swift",
            with: "lastKnownFileType = sourcecode.c.objc; path = AppDelegate.m")
        text = text.replacingOccurrences(of: "AppDelegate.swift", with: "AppDelegate.m")
        try write(text, to: project)
    }

    static func only(_ run: Migrator.Run) throws -> AppMigration {
        #expect(run.migrations.count == 1)
        return try #require(run.migrations.first)
    }

    @Test func theSwiftTemplateOnFlutter341BecomesTheImplicitEngineTemplateWithFlutterSceneDelegate() throws {
        let (directory, folder) = try Self.copy("flutter-old-template", edit: Self.pin("3.41.2"))
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.changes.map(\.path).sorted() == ["ios/Runner/AppDelegate.swift", "ios/Runner/Info.plist"])
        let delegate = String(decoding: try #require(migration.changes.first { $0.path.hasSuffix(".swift") }).after, as: UTF8.self)
        #expect(delegate.contains("FlutterAppDelegate, FlutterImplicitEngineDelegate"))
        #expect(delegate.contains("GeneratedPluginRegistrant.register(with: engineBridge.pluginRegistry)"))
        #expect(!delegate.contains("register(with: self)"))
        let plist = String(decoding: try #require(migration.changes.first { $0.path.hasSuffix(".plist") }).after, as: UTF8.self)
        #expect(plist.contains("<string>FlutterSceneDelegate</string>"))
        #expect(plist.contains("<string>flutter</string>"))
        #expect(plist.contains("<key>UISceneStoryboardFile</key>"))
        let app = try Self.checkPatched(migration, golden: "flutter-old-template-on-3.41", folder: folder)
        #expect(!app.findings.contains { $0.rule == "framework-upgrade-path" })
    }

    @Test func theShortLivedPluginRegistrantTemplateIsMigratedLikeTheOriginal() throws {
        let (directory, folder) = try Self.copy("flutter-old-template") { folder in
            try Self.pin("3.38.1")(folder)
            try Self.write(
                """
                import Flutter
                import UIKit

                @main
                @objc class AppDelegate: FlutterAppDelegate, FlutterPluginRegistrant {
                  override func application(
                    _ application: UIApplication,
                    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
                  ) -> Bool {
                    pluginRegistrant = self
                    return super.application(application, didFinishLaunchingWithOptions: launchOptions)
                  }

                  func register(with registry: any FlutterPluginRegistry) {
                    GeneratedPluginRegistrant.register(with: registry)
                  }
                }

                """, to: folder + "/ios/Runner/AppDelegate.swift")
        }
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        let delegate = try #require(migration.changes.first { $0.path.hasSuffix(".swift") })
        #expect(!String(decoding: delegate.after, as: UTF8.self).contains("pluginRegistrant"))
    }

    @Test func aConstraintWhoseLowestVersionIs338CountsAsSceneSupport() throws {
        let (directory, folder) = try Self.copy("flutter-old-template") { folder in
            for file in ["pubspec.yaml", "pubspec.lock"] {
                let path = folder + "/" + file
                let text = try String(contentsOfFile: path, encoding: .utf8)
                try Self.write(text.replacingOccurrences(of: ">=3.32.0", with: ">=3.38.0"), to: path)
            }
        }
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
    }

    @Test func theObjectiveCTemplatePairIsReplacedByTheImplicitEnginePair() throws {
        let (directory, folder) = try Self.copy("flutter-old-template") { folder in
            try Self.objectiveCRunner(folder, implementation: FlutterTemplateTexts.legacyImplementation)
        }
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(
            migration.changes.map(\.path).sorted() == ["ios/Runner/AppDelegate.h", "ios/Runner/AppDelegate.m", "ios/Runner/Info.plist"],
            "\(migration.reasons.map(\.described))")
        let header = String(decoding: try #require(migration.changes.first { $0.path.hasSuffix(".h") }).after, as: UTF8.self)
        #expect(header.contains("@interface AppDelegate : FlutterAppDelegate <FlutterImplicitEngineDelegate>"))
        _ = try Self.checkPatched(migration, golden: "flutter-objc-template-on-3.38", folder: folder)
    }

    @Test func aRunnerWhoseAppDelegateWasMigratedButNotItsPlistGetsOnlyTheManifest() throws {
        let (directory, folder) = try Self.copy("flutter-implicit-engine-no-manifest")
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.changes.map(\.path) == ["ios/Runner/Info.plist"])
        #expect(migration.reasons.contains { $0.text.contains("only the manifest") && $0.file == "ios/Runner/AppDelegate.swift" })
        let app = try Self.checkPatched(migration, golden: "flutter-implicit-engine-no-manifest", folder: folder)
        #expect(!app.findings.contains { $0.rule == "scene-manifest-missing" })
    }

    @Test func flutterBelow338IsExplainedWithTheUpgradePathAtThePubspecConstraint() throws {
        let run = try NativeMigrationTests.migrate(FixturePaths.fixtures.appendingPathComponent("frameworks/flutter-old-template").path)
        let migration = try Self.only(run)
        #expect(migration.status == .explained)
        #expect(migration.patch.isEmpty)
        let reason = try #require(migration.reasons.first)
        #expect(reason.file == "pubspec.yaml")
        #expect(reason.line == 8)
        #expect(reason.text.contains("Flutter requiring >=3.32.0 has no scene support"))
        #expect(reason.text.contains("arrived in 3.38"))
        #expect(reason.text.contains("flutter build ios"))
        #expect(reason.text.contains("flutter config --enable-uiscene-migration"))
    }

    @Test func anUnknownFlutterVersionIsExplainedNotGuessed() throws {
        let (directory, folder) = try Self.copy("flutter-old-template") { folder in
            for file in ["pubspec.yaml", "pubspec.lock"] {
                let path = folder + "/" + file
                let text = try String(contentsOfFile: path, encoding: .utf8)
                let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
                    !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("flutter: \">=")
                }
                try Self.write(kept.joined(separator: "\n"), to: path)
            }
        }
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .explained)
        #expect(migration.reasons.first?.text.contains("the Flutter version is unknown") == true)
    }

    @Test func aCustomisedAppDelegateIsExplainedWithTheLinesThatAreTheAppsOwn() throws {
        let run = try NativeMigrationTests.migrate(FixturePaths.fixtures.appendingPathComponent("frameworks/flutter-opted-out").path)
        let migration = try Self.only(run)
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.file == "ios/Runner/AppDelegate.swift")
        #expect(reason.line == 6)
        #expect(reason.text.contains("has code of its own: AppDelegate.swift:6 `private let meter = MeterSessionStore()`"))
        #expect(reason.text.contains("enable-uiscene-migration: false, line 27"))
        #expect(reason.text.contains("FlutterViewController"))
        #expect(reason.text.contains("didInitializeImplicitFlutterEngine(_:)"))
        #expect(reason.text.contains("UISceneDelegateClassName FlutterSceneDelegate"))
        #expect(!migration.steps.isEmpty)
    }

    @Test func aStoryboardOtherThanMainIsExplained() throws {
        let (directory, folder) = try Self.copy("flutter-old-template") { folder in
            try Self.pin("3.41.2")(folder)
            let path = folder + "/ios/Runner/Info.plist"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try Self.write(text.replacingOccurrences(of: "<string>Main</string>", with: "<string>Launcher</string>"), to: path)
        }
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("UIMainStoryboardFile is Launcher"))
        #expect(reason.file == "ios/Runner/Info.plist")
    }

    @Test func aManifestSwitchedOffWithAnUnderscoreIsLeftToTheDeveloper() throws {
        let (directory, folder) = try Self.copy("flutter-old-template") { folder in
            try Self.pin("3.41.2")(folder)
            let path = folder + "/ios/Runner/Info.plist"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try Self.write(
                text.replacingOccurrences(
                    of: "</dict>\n</plist>",
                    with: "\t<key>_UIApplicationSceneManifest</key>\n\t<dict/>\n</dict>\n</plist>"),
                to: path)
        }
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("switched off as _UIApplicationSceneManifest"), "\(reason.described)")
        #expect(reason.file == "ios/Runner/Info.plist")
        #expect(reason.line == 50)
    }

    @Test func theIncludeSpellingOfOlderObjectiveCTemplatesIsATemplateToo() throws {
        let (directory, folder) = try Self.copy("flutter-old-template") { folder in
            try Self.objectiveCRunner(
                folder,
                implementation: FlutterTemplateTexts.legacyImplementation.replacingOccurrences(of: "#import \"", with: "#include \""))
        }
        _ = directory
        let migration = try Self.only(try NativeMigrationTests.migrate(folder))
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        let implementation = try #require(migration.changes.first { $0.path.hasSuffix(".m") })
        #expect(String(decoding: implementation.after, as: UTF8.self).contains("didInitializeImplicitFlutterEngine:"))
    }

    @Test func ownLinesAreTheOnesTheTemplateLacks() {
        let text = "import UIKit\nimport Flutter\n\n@main\nclass A {\n  let x = 1\n}\n"
        let lines = FlutterAppDelegate.ownLines(text, against: "import Flutter\nimport UIKit\n@main\nclass A {\n}\n")
        #expect(lines.map(\.line) == [1, 6] || lines.map(\.line) == [2, 6])
        #expect(lines.contains { $0.text == "let x = 1" })
    }
}

/// Flutter's Objective-C runner files as `flutter create --ios-language objc` writes them before 3.38.
enum FlutterTemplateTexts {
    static let legacyHeader = """
        #import <Flutter/Flutter.h>
        #import <UIKit/UIKit.h>

        @interface AppDelegate : FlutterAppDelegate

        @end

        """

    static let legacyImplementation = """
        #import "AppDelegate.h"
        #import "GeneratedPluginRegistrant.h"

        @implementation AppDelegate

        - (BOOL)application:(UIApplication *)application
            didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
          [GeneratedPluginRegistrant registerWithRegistry:self];
          // Override point for customization after application launch.
          return [super application:application didFinishLaunchingWithOptions:launchOptions];
        }

        @end

        """

    static let main = """
        #import <Flutter/Flutter.h>
        #import <UIKit/UIKit.h>
        #import "AppDelegate.h"

        int main(int argc, char* argv[]) {
          @autoreleasepool {
            return UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class]));
          }
        }

        """
}
