import Foundation
import Migration
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// `fix` on native apps of each shape: a patch that matches its golden, applies with the real git, and leaves
/// the app unblocked when the patched tree is scanned from disk; refused shapes get an explanation and no patch.
struct NativeMigrationTests {
    static let recording = ProcessInfo.processInfo.environment["SCENESWEEP_RECORD_GOLDENS"] == "1"

    static func migrate(_ root: String, apps: [String] = []) throws -> Migrator.Run {
        let source = try DirectorySource(root: root, label: ".")
        return Migrator.run(
            source: source, request: FixRequest(apps: apps, swiftParser: FixTestTools.swiftParser()))
    }

    /// Applies `patch` to `folder` with `git apply`, and scans the result from disk.
    static func applyAndScan(_ patch: String, to folder: String) throws -> ScanReport {
        // A folder of its own: beside `folder` was /tmp itself for tests that patch a temporary directory,
        // where tests running at once overwrote each other's patch.
        let holder = TemporaryDirectory("fix-patch")
        let patchFile = holder.path + "/fix.patch"
        try withExtendedLifetime(holder) {
            try Data(patch.utf8).write(to: URL(fileURLWithPath: patchFile))
            let check = try FixTestTools.run("/usr/bin/git", ["apply", "--check", patchFile], in: folder)
            #expect(check.status == 0, "git apply --check: \(check.errors)")
            let apply = try FixTestTools.run("/usr/bin/git", ["apply", patchFile], in: folder)
            #expect(apply.status == 0, "git apply: \(apply.errors)")
        }
        return Scanner.scan(try DirectorySource(root: folder, label: "."))
    }

    @Test(arguments: ["legacy-swift-uikit", "legacy-objc-xib"])
    func aLegacyFixtureGetsAPatchThatMatchesItsGoldenAppliesAndUnblocksTheApp(_ fixture: String) throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: FixturePaths.scan(fixture).path, toPath: folder)
        let run = try Self.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(run.migrations.count == 1)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.resolves.contains { $0.rule == "scene-manifest-missing" })
        #expect(migration.resolves.contains { $0.rule == "app-delegate-window" && $0.severity == .error })
        #expect(!migration.remaining.contains { $0.severity == .error })
        let golden = FixturePaths.fixtures.appendingPathComponent("goldens/fix/\(fixture).patch")
        if Self.recording { try Data(migration.patch.utf8).write(to: golden) }
        #expect(migration.patch == (try String(contentsOf: golden, encoding: .utf8)), "patch differs from \(golden.path)")
        let patched = try Self.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        // The callbacks with work of their own are reached from the scene side now: none is reported as dead.
        #expect(!app.findings.contains { $0.rule == "app-delegate-callback-unreached" && $0.severity != .note })
        // And the code fix wrote is not itself reported.
        #expect(!app.findings.contains { $0.file.hasSuffix("SceneDelegate.swift") || $0.file.hasSuffix("SceneDelegate.m") })
    }

    @Test func aStoryboardAppGetsTheStoryboardInItsSceneConfigurationAndItsWindowHandedBack() throws {
        let directory = TemporaryDirectory("fix")
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        writer.resourceFiles = ["Base.lproj/Main.storyboard", "Base.lproj/LaunchScreen.storyboard"]
        writer.settings = ProjectWriter.defaultTargetSettings
        directory.write("App.xcodeproj/project.pbxproj", writer.write().text)
        directory.write("App/Base.lproj/Main.storyboard", "<document/>")
        directory.write("App/Base.lproj/LaunchScreen.storyboard", "<document/>")
        directory.write(
            "App/AppDelegate.swift",
            """
            import UIKit

            @UIApplicationMain
            class AppDelegate: UIResponder, UIApplicationDelegate {

              var window: UIWindow?

              func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                return true
              }

              func applicationWillResignActive(_ application: UIApplication) {
                // Sent when the application is about to move from active to inactive state.
              }

              func applicationDidEnterBackground(_ application: UIApplication) {
                Analytics.flush()
              }
            }

            """)
        directory.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleExecutable</key>
            \t<string>$(EXECUTABLE_NAME)</string>
            \t<key>UILaunchStoryboardName</key>
            \t<string>LaunchScreen</string>
            \t<key>UIMainStoryboardFile</key>
            \t<string>Main</string>
            </dict>
            </plist>

            """)
        let run = try Self.migrate(directory.path)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        let sceneDelegate = try #require(migration.changes.first { $0.path == "App/SceneDelegate.swift" })
        let text = String(decoding: sceneDelegate.after, as: UTF8.self)
        // Two-space indentation, as the app delegate's.
        #expect(text.contains("\n  var window: UIWindow?\n"))
        #expect(text.contains("appDelegate?.window = window"))
        #expect(
            text.contains(
                "func sceneDidEnterBackground(_ scene: UIScene) {\n    appDelegate?.applicationDidEnterBackground(UIApplication.shared)"))
        // A callback that only holds the template's comment does nothing: it is not forwarded.
        #expect(!text.contains("sceneWillResignActive"))
        let plist = try #require(migration.changes.first { $0.path == "App/Info.plist" })
        #expect(String(decoding: plist.after, as: UTF8.self).contains("<key>UISceneStoryboardFile</key>\n\t\t\t\t\t<string>Main</string>"))
        try Self.expectGolden(migration.patch, "storyboard-swift")
        let patched = try Self.applyAndScan(migration.patch, to: directory.path)
        #expect(patched.apps.first?.verdict != .blocked)
    }

    @Test func anObjectiveCStoryboardAppGetsAHeaderAndImplementationThatHandTheStoryboardsWindowBack() throws {
        let directory = TemporaryDirectory("fix")
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.h", "AppDelegate.m", "main.m"]
        writer.resourceFiles = ["Base.lproj/Main.storyboard", "Base.lproj/LaunchScreen.storyboard"]
        writer.settings = ProjectWriter.defaultTargetSettings
        directory.write("App.xcodeproj/project.pbxproj", writer.write().text)
        directory.write("App/Base.lproj/Main.storyboard", "<document/>")
        directory.write("App/Base.lproj/LaunchScreen.storyboard", "<document/>")
        directory.write(
            "App/AppDelegate.h",
            """
            #import <UIKit/UIKit.h>

            @interface AppDelegate : UIResponder <UIApplicationDelegate>

            @property (strong, nonatomic) UIWindow *window;

            @end

            """)
        directory.write(
            "App/AppDelegate.m",
            """
            #import "AppDelegate.h"
            #import "Journal.h"

            @implementation AppDelegate

            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            \t[[Journal shared] open];
            \treturn YES;
            }

            - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary<UIApplicationOpenURLOptionsKey, id> *)options {
            \treturn [[Journal shared] openEntryAtURL:url];
            }

            - (void)applicationWillResignActive:(UIApplication *)application {
            \t[[Journal shared] save];
            }

            @end

            """)
        directory.write(
            "App/main.m",
            """
            #import <UIKit/UIKit.h>
            #import "AppDelegate.h"

            int main(int argc, char * argv[]) {
            \t@autoreleasepool {
            \t\treturn UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class]));
            \t}
            }

            """)
        directory.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleExecutable</key>
            \t<string>$(EXECUTABLE_NAME)</string>
            \t<key>UILaunchStoryboardName</key>
            \t<string>LaunchScreen</string>
            \t<key>UIMainStoryboardFile</key>
            \t<string>Main</string>
            </dict>
            </plist>

            """)
        let run = try Self.migrate(directory.path)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(
            migration.changes.map(\.path).sorted() == [
                "App.xcodeproj/project.pbxproj", "App/Info.plist", "App/SceneDelegate.h", "App/SceneDelegate.m",
            ])
        let implementation = String(
            decoding: try #require(migration.changes.first { $0.path == "App/SceneDelegate.m" }).after, as: UTF8.self)
        // Tabs, as the app delegate; the storyboard's window handed back; the URL callback reached, at cold start too.
        #expect(implementation.contains("\n\tself.appDelegate.window = self.window;\n"))
        #expect(implementation.contains("[self scene:scene openURLContexts:connectionOptions.URLContexts];"))
        #expect(implementation.contains("[self.appDelegate applicationWillResignActive:UIApplication.sharedApplication];"))
        try Self.expectGolden(migration.patch, "storyboard-objc")
        let patched = try Self.applyAndScan(migration.patch, to: directory.path)
        #expect(
            patched.apps.first?.verdict != .blocked, "\(patched.apps.first?.findings.filter { $0.severity == .error }.map(\.message) ?? [])"
        )
    }

    /// Compares a patch with its golden under Fixtures/goldens/fix (recorded with SCENESWEEP_RECORD_GOLDENS=1).
    static func expectGolden(_ patch: String, _ name: String) throws {
        let golden = FixturePaths.fixtures.appendingPathComponent("goldens/fix/\(name).patch")
        if recording { try Data(patch.utf8).write(to: golden) }
        #expect(patch == (try String(contentsOf: golden, encoding: .utf8)), "patch differs from \(golden.path)")
    }

    /// A white-label second app target that compiles the same app delegate and takes the same Info.plist:
    /// a patch for one target would leave the other with the delegate's scene code and no scene of its own.
    @Test func appsThatShareTheirAppDelegateAndInfoPlistAreExplainedNotPatchedOneByOne() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: FixturePaths.scan("legacy-swift-uikit").path, toPath: folder)
        let projectFile = folder + "/Shelf.xcodeproj/project.pbxproj"
        var project = try String(contentsOfFile: projectFile, encoding: .utf8)
        let edits = [
            (
                "/* End PBXBuildFile section */",
                "\t\tA1B2C3D4E5F6A7B8C9D0E101 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = E9B604FCB4019C76FB209641 /* AppDelegate.swift */; };\n"
            ),
            (
                "/* End PBXNativeTarget section */",
                "\t\tA1B2C3D4E5F6A7B8C9D0E103 /* ShelfLite */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = 85B816E2569ACD72A45624A2 /* Build configuration list for PBXNativeTarget \"Shelf\" */;\n\t\t\tbuildPhases = (\n\t\t\t\tA1B2C3D4E5F6A7B8C9D0E102 /* Sources */,\n\t\t\t);\n\t\t\tbuildRules = (\n\t\t\t);\n\t\t\tdependencies = (\n\t\t\t);\n\t\t\tname = ShelfLite;\n\t\t\tproductName = ShelfLite;\n\t\t\tproductType = \"com.apple.product-type.application\";\n\t\t};\n"
            ),
            (
                "/* End PBXSourcesBuildPhase section */",
                "\t\tA1B2C3D4E5F6A7B8C9D0E102 /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n\t\t\t\tA1B2C3D4E5F6A7B8C9D0E101 /* AppDelegate.swift in Sources */,\n\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n"
            ),
            ("\t\t\t\t4EBC37AD1ADEB8E60FE566E2 /* Shelf */,\n", "\t\t\t\tA1B2C3D4E5F6A7B8C9D0E103 /* ShelfLite */,\n"),
        ]
        for (marker, lines) in edits {
            let range = try #require(project.range(of: marker), "\(marker) not in the fixture's project")
            // Before the section's end marker; after the list entry.
            let place = marker.hasPrefix("/*") ? range.lowerBound : range.upperBound
            project.insert(contentsOf: lines, at: place)
        }
        try project.write(toFile: projectFile, atomically: true, encoding: .utf8)
        let plist = try Data(contentsOf: URL(fileURLWithPath: folder + "/Shelf/Info.plist"))
        let run = try Self.migrate(folder)
        #expect(run.report.apps.map(\.target).sorted() == ["Shelf", "ShelfLite"])
        #expect(run.migrations.count == 2)
        for migration in run.migrations {
            #expect(migration.status == .explained, "\(migration.target)")
            #expect(migration.patch.isEmpty)
            let other = migration.target == "Shelf" ? "ShelfLite" : "Shelf"
            #expect(
                migration.reasons.contains { $0.text.contains("is used by \(other) as well") && $0.file != nil && $0.line == 1 },
                "\(migration.reasons)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/Shelf/Info.plist")) == plist)
    }

    /// A Swift app delegate whose window (and `@synthesize window`) comes from an Objective-C base class in a
    /// shared pod: Swift sees the base only through its header, so a scene delegate is not written for it.
    @Test func aSwiftDelegateOverAnObjectiveCBaseThatMakesTheWindowIsExplained() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.createDirectory(atPath: folder + "/Ledger", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: FixturePaths.scan("objc-shared-base-delegate").path + "/Shared", toPath: folder + "/Shared")
        try FileManager.default.copyItem(
            atPath: FixturePaths.scan("legacy-swift-uikit").path + "/Shelf/Info.plist", toPath: folder + "/Ledger/Info.plist")
        try "import UIKit\n\n@main\nclass AppDelegate: LDGBaseAppDelegate {}\n".write(
            toFile: folder + "/Ledger/AppDelegate.swift", atomically: true, encoding: .utf8)
        let run = try Self.migrate(folder)
        // The base class's window is the app delegate's own: an error, not a window no one uses.
        let app = try #require(run.report.apps.first)
        #expect(app.findings.contains { $0.rule == "app-delegate-window" && $0.file == "Shared/LDGBaseAppDelegate.m" && $0.line == 13 })
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("AppDelegate inherits its window and UIKit callbacks from LDGBaseAppDelegate"), "\(reason.text)")
        #expect(reason.file == "Shared/LDGBaseAppDelegate.m")
        #expect(reason.line == 13)
    }

    @Test func aWindowMadeInAClosureIsExplainedWithItsPlaceAndNoPatch() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: FixturePaths.scan("legacy-swift-uikit").path, toPath: folder)
        let delegate = folder + "/Shelf/AppDelegate.swift"
        var text = try String(contentsOfFile: delegate, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "        let window = UIWindow(frame: UIScreen.main.bounds)",
            with: "        DispatchQueue.main.async {\n        let window = UIWindow(frame: UIScreen.main.bounds)")
        text = text.replacingOccurrences(of: "        self.window = window\n", with: "        self.window = window\n        }\n")
        try text.write(toFile: delegate, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/Shelf/Info.plist"))
        let run = try Self.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.changes.isEmpty)
        #expect(migration.patch.isEmpty)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("closure"))
        #expect(reason.file == "Shelf/AppDelegate.swift")
        #expect(reason.line == 27)
        #expect(!migration.steps.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/Shelf/Info.plist")) == before)
    }

    @Test func aTuistAppWhoseSourcesAreAFolderNeedsNoProjectEditAndItsPatchIsVerified() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(
            atPath: FixturePaths.fixtures.appendingPathComponent("descriptions/tuist-helpers").path, toPath: folder)
        let run = try Self.migrate(folder, apps: ["Ledger"])
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.changes.map(\.path).sorted() == ["Apps/Ledger/Info.plist", "Apps/Ledger/Sources/SceneDelegate.swift"])
        let patched = try Self.applyAndScan(migration.patch, to: folder)
        #expect(patched.apps.first { $0.target == "Ledger" }?.verdict != .blocked)
    }

    @Test func anInfoPlistXcodeGenWritesAtGenerationIsExplainedWithWhereTheManifestGoes() throws {
        let run = try Self.migrate(FixturePaths.fixtures.appendingPathComponent("descriptions/xcodegen-monorepo").path, apps: ["Dock"])
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("is written when the project is generated (from project.yml)"))
        #expect(reason.file == "project.yml")
    }

    @Test func aFrameworkAppIsExplainedNotPatched() throws {
        let run = try Self.migrate(FixturePaths.fixtures.appendingPathComponent("frameworks/rn-0.72-rctappdelegate-objc").path)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.reasons.first?.text.contains("React Native") == true)
    }

    @Test func aReadyAppIsLeftAlone() throws {
        let run = try Self.migrate(FixturePaths.scan("migrated-swift-uikit").path)
        #expect(run.migrations.isEmpty)
    }
}

enum FixTestTools {
    static func swiftParser() -> SwiftParser {
        swiftCompiler().map(SwiftParser.compiler) ?? .none(reason: "no swiftc on PATH")
    }

    static func swiftCompiler() -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func run(_ executable: String, _ arguments: [String], in folder: String) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
