import Foundation
import Migration
import Results
import Rules
import ScanCore
import TestSupport
import Testing
import XcodeProject

/// `fix` on apps whose Info.plist Xcode generates from build settings (issue 19): a new Info.plist holding
/// only the manifest, named by INFOPLIST_FILE in each configuration (Xcode merges it with the generated
/// keys); the shapes where that would not hold are explained with their place and no patch.
struct GeneratedInfoPlistMigrationTests {
    static let fixture = "generated-infoplist-no-manifest"

    static func copy(_ fixture: String = fixture) throws -> (TemporaryDirectory, String) {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: FixturePaths.scan(fixture).path, toPath: folder)
        return (copy, folder)
    }

    @Test func aGeneratedInfoPlistGetsAManifestFileNamedInEveryConfigurationAndTheRescanSeesIt() throws {
        let (copy, folder) = try Self.copy()
        _ = copy
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(
            migration.changes.map(\.path).sorted() == [
                "Switchback.xcodeproj/project.pbxproj", "Switchback/Info.plist", "Switchback/SceneDelegate.swift",
            ])
        #expect(migration.resolves.contains { $0.rule == "scene-manifest-missing" })
        // Only the manifest: every other key still comes from the INFOPLIST_KEY_ settings.
        let plist = try #require(migration.changes.first { $0.path == "Switchback/Info.plist" })
        let values = try #require(try PropertyListReader.read(plist.after).value.dictionary)
        #expect(values.keys.sorted() == ["UIApplicationSceneManifest"])
        #expect(
            values["UIApplicationSceneManifest"]?["UISceneConfigurations"]?["UIWindowSceneSessionRoleApplication"]?.array?.first?[
                "UISceneStoryboardFile"] == .string("Main"))
        try NativeMigrationTests.expectGolden(migration.patch, Self.fixture)

        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "scene-manifest-missing" || $0.rule == "scene-configuration-missing" })

        // The project as git applied it: Foundation reads it, ProjectReader finds INFOPLIST_FILE in both of the
        // target's configurations, and the plist is referenced but not copied as a resource.
        let pbxproj = try Data(contentsOf: URL(fileURLWithPath: folder + "/Switchback.xcodeproj/project.pbxproj"))
        _ = try PropertyListSerialization.propertyList(from: pbxproj, options: [], format: nil)
        let project = try ProjectReader.read(Array(pbxproj), xcodeprojPath: "Switchback.xcodeproj")
        let target = try #require(project.targets.first)
        #expect(target.buildConfigurations.map { $0.settings["INFOPLIST_FILE"] } == ["Switchback/Info.plist", "Switchback/Info.plist"])
        #expect(target.buildConfigurations.allSatisfy { $0.settings["GENERATE_INFOPLIST_FILE"] == "YES" })
        #expect(!target.resourceFiles.contains("Switchback/Info.plist"))
        #expect(
            String(decoding: pbxproj, as: UTF8.self).contains(
                "/* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml;"))
        // The scan merges the file with the generated keys: the manifest and the settings' keys side by side.
        let workspace = Workspace.load(from: try DirectorySource(root: folder, label: "."), anchors: Migrator.anchors(RuleSelection()))
        let merged = try #require(workspace.apps.first?.infoPlists.first)
        #expect(merged.file == "Switchback/Info.plist")
        #expect(merged.manifestState.manifest?.applicationConfigurations.first?.storyboard == "Main")
        #expect(merged["UILaunchStoryboardName"] == .string("LaunchScreen"))
    }

    @Test func aGeneratedManifestIsExplainedAtItsSettingWithNoPatch() throws {
        let (copy, folder) = try Self.copy()
        _ = copy
        let pbxproj = folder + "/Switchback.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: pbxproj, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "\t\t\t\tINFOPLIST_KEY_UIApplicationSupportsIndirectInputEvents = YES;\n",
            with:
                "\t\t\t\tINFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;\n\t\t\t\tINFOPLIST_KEY_UIApplicationSupportsIndirectInputEvents = YES;\n"
        )
        try text.write(toFile: pbxproj, atomically: true, encoding: .utf8)
        // A window built in the app delegate blocks the app, so fix looks at it.
        let delegate = folder + "/Switchback/AppDelegate.swift"
        var code = try String(contentsOfFile: delegate, encoding: .utf8)
        code = code.replacingOccurrences(
            of: "        HikeLog.shared.load()\n",
            with:
                "        HikeLog.shared.load()\n        window = UIWindow(frame: UIScreen.main.bounds)\n        window?.makeKeyAndVisible()\n"
        )
        try code.write(toFile: delegate, atomically: true, encoding: .utf8)
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.changes.isEmpty)
        #expect(migration.patch.isEmpty)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES"))
        #expect(reason.file == "Switchback.xcodeproj/project.pbxproj")
        // The Release configuration's line (the target's default configuration).
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let settingLines = lines.indices.filter { lines[$0].contains("UIApplicationSceneManifest_Generation") }.map { $0 + 1 }
        #expect(settingLines.count == 2)
        #expect(reason.line == settingLines.first)
    }

    @Test func anInfoPlistFileSetEmptyIsExplainedNotOverwritten() throws {
        let (copy, folder) = try Self.copy()
        _ = copy
        let pbxproj = folder + "/Switchback.xcodeproj/project.pbxproj"
        var text = try String(contentsOfFile: pbxproj, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "\t\t\t\tGENERATE_INFOPLIST_FILE = YES;\n", with: "\t\t\t\tGENERATE_INFOPLIST_FILE = YES;\n\t\t\t\tINFOPLIST_FILE = \"\";\n"
        )
        try text.write(toFile: pbxproj, atomically: true, encoding: .utf8)
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.patch.isEmpty)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("INFOPLIST_FILE is already set"))
        #expect(reason.file == "Switchback.xcodeproj/project.pbxproj")
    }

    @Test func eachConfigurationsOwnInfoPlistGetsTheManifest() throws {
        let directory = TemporaryDirectory("fix")
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        writer.resourceFiles = ["Base.lproj/Main.storyboard", "Base.lproj/LaunchScreen.storyboard"]
        // Debug (the target's first configuration) names its own plist; Release keeps App/Info.plist.
        var project = writer.write().text
        let debug = try #require(project.range(of: "INFOPLIST_FILE = App/Info.plist;"))
        project.replaceSubrange(debug, with: "INFOPLIST_FILE = \"App/Info-Debug.plist\";")
        directory.write("App.xcodeproj/project.pbxproj", project)
        directory.write("App/Base.lproj/Main.storyboard", "<document/>")
        directory.write("App/Base.lproj/LaunchScreen.storyboard", "<document/>")
        directory.write(
            "App/AppDelegate.swift",
            """
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    return true
                }
            }

            """)
        for (name, label) in [("Info.plist", "Release"), ("Info-Debug.plist", "Debug")] {
            directory.write(
                "App/\(name)",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>CFBundleDisplayName</key>
                \t<string>App \(label)</string>
                \t<key>UILaunchStoryboardName</key>
                \t<string>LaunchScreen</string>
                \t<key>UIMainStoryboardFile</key>
                \t<string>Main</string>
                </dict>
                </plist>

                """)
        }
        let before = Workspace.load(from: try DirectorySource(root: directory.path, label: "."), anchors: Migrator.anchors(RuleSelection()))
        #expect(Set(try #require(before.apps.first).infoPlists.compactMap(\.file)) == ["App/Info.plist", "App/Info-Debug.plist"])
        let run = try NativeMigrationTests.migrate(directory.path)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        for path in ["App/Info.plist", "App/Info-Debug.plist"] {
            let change = try #require(migration.changes.first { $0.path == path }, "\(path) has no manifest")
            #expect(String(decoding: change.after, as: UTF8.self).contains("<key>UIApplicationSceneManifest</key>"))
        }
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: directory.path)
        #expect(patched.apps.first?.verdict != .blocked)
    }
}
