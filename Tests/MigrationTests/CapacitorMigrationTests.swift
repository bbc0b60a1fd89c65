import Foundation
import Migration
import Results
import ScanCore
import TestSupport
import Testing

/// `fix` on Capacitor projects: the 8.5 template written into a project that has 8.5 installed but still the
/// 8.4 native files, and every other state (older versions, partial migrations, the temporary window, the
/// template already there) explained with its places and no patch.
struct CapacitorMigrationTests {
    static func copy(_ fixture: String, into directory: TemporaryDirectory) throws -> String {
        let folder = directory.path + "/tree"
        try FileManager.default.copyItem(atPath: FixturePaths.fixtures.appendingPathComponent("frameworks/\(fixture)").path, toPath: folder)
        return folder
    }

    static func edit(_ path: String, _ replace: String, with replacement: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(replace), "\(path) lacks \(replace)")
        try text.replacingOccurrences(of: replace, with: replacement).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func anInstalledButUnmigratedProjectGetsThe85TemplateThatMatchesItsGoldenAndUnblocksTheApp() throws {
        let directory = TemporaryDirectory("fix")
        let folder = try Self.copy("capacitor-8.5-unmigrated", into: directory)
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(run.migrations.count == 1)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.resolves.contains { $0.rule == "scene-manifest-missing" })
        #expect(!migration.remaining.contains { $0.severity == .error })
        let golden = FixturePaths.fixtures.appendingPathComponent("goldens/fix/capacitor-8.5-unmigrated.patch")
        if NativeMigrationTests.recording { try Data(migration.patch.utf8).write(to: golden) }
        #expect(migration.patch == (try String(contentsOf: golden, encoding: .utf8)), "patch differs from \(golden.path)")
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict == .ready, "\(app.findings.map { "\($0.rule) \($0.file):\($0.line) \($0.message)" })")
        // The patched sources are the 8.5 template's, byte for byte: the migrated fixture is that project after cap migrate.
        let migrated = FixturePaths.fixtures.appendingPathComponent("frameworks/capacitor-8.5").path
        for file in ["ios/App/App/SceneDelegate.swift", "ios/App/App/AppDelegate.swift"] {
            let written = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(
                written == (try String(contentsOfFile: migrated + "/" + file, encoding: .utf8)), "\(file) differs from the 8.5 template")
        }
        // The manifest is appended at the end of the plist, as cap migrate's plist writer does: equal as values.
        func plist(_ root: String) throws -> NSDictionary {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/ios/App/App/Info.plist"))
            return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? NSDictionary)
        }
        #expect(try plist(folder) == plist(migrated))
    }

    @Test func aCustomOpenURLBodyAndAnApplicationStateReadAreListedButDoNotStopThePatch() throws {
        let directory = TemporaryDirectory("fix")
        let folder = try Self.copy("capacitor-8.5-unmigrated", into: directory)
        try Self.edit(
            folder + "/ios/App/App/AppDelegate.swift",
            "        return ApplicationDelegateProxy.shared.application(app, open: url, options: options)",
            with:
                "        Analytics.record(url)\n        return ApplicationDelegateProxy.shared.application(app, open: url, options: options)"
        )
        try Self.edit(
            folder + "/ios/App/App/AppDelegate.swift", "        // Restart anything paused while the app was inactive.\n",
            with: "        // Restart anything paused while the app was inactive.\n        _ = UIApplication.shared.applicationState\n")
        let migration = try #require(try NativeMigrationTests.migrate(folder).migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        let note = try #require(migration.reasons.first { $0.text.contains("application(_:open:options:)") })
        #expect(note.file == "ios/App/App/AppDelegate.swift")
        #expect(note.line == 36)
        #expect(note.text.contains("scene(_:openURLContexts:)"))
        #expect(!migration.reasons.contains { $0.text.contains("continue:") })
        let state = try #require(migration.reasons.first { $0.text.contains("applicationState") })
        #expect(state.line == 29)
    }

    @Test func anAppDelegateIndentedWithTabsGetsTheMethodWithTabs() throws {
        let directory = TemporaryDirectory("fix")
        let folder = try Self.copy("capacitor-8.5-unmigrated", into: directory)
        let path = folder + "/ios/App/App/AppDelegate.swift"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines: [String] = text.components(separatedBy: "\n").map { (line: String) -> String in
            let spaces = line.prefix { $0 == " " }.count
            return String(repeating: "\t", count: spaces / 4) + String(line.dropFirst(spaces / 4 * 4))
        }
        let tabbed = lines.joined(separator: "\n")
        try tabbed.write(toFile: path, atomically: true, encoding: .utf8)
        let migration = try #require(try NativeMigrationTests.migrate(folder).migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.patch.contains("+\tfunc application(_ application: UIApplication,\n"))
        #expect(migration.patch.contains("+\t\tconfig.delegateClass = SceneDelegate.self\n"))
        #expect(migration.patch.contains("+\t\tSceneDelegateProxy.shared.scene(scene, continue: userActivity)\n"))
    }

    @Test func aStoryboardWithABridgeSubclassGetsThatSubclassInTheSceneWindow() throws {
        let directory = TemporaryDirectory("fix")
        let folder = try Self.copy("capacitor-8.5-unmigrated", into: directory)
        try Self.edit(
            folder + "/ios/App/App/Base.lproj/Main.storyboard", "customClass=\"CAPBridgeViewController\" customModule=\"Capacitor\"",
            with: "customClass=\"TransitViewController\" customModule=\"App\"")
        // The subclass lives in the app delegate's file, so the target already compiles it.
        try Self.edit(
            folder + "/ios/App/App/AppDelegate.swift", "import Capacitor\n",
            with: "import Capacitor\n\nclass TransitViewController: CAPBridgeViewController {}\n")
        let migration = try #require(try NativeMigrationTests.migrate(folder).migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.patch.contains("+        window.rootViewController = TransitViewController()\n"))
        #expect(migration.reasons.contains { $0.text.contains("TransitViewController") })
    }

    @Test func theTemporaryWindowIn85IsListedWithItsPlacesInsteadOfAPatch() throws {
        let directory = TemporaryDirectory("fix")
        let folder = try Self.copy("capacitor-8.5-unmigrated", into: directory)
        try Self.edit(
            folder + "/ios/App/App/AppDelegate.swift", "        // App-wide setup goes here.\n",
            with: "        // App-wide setup goes here.\n        _ = CAPBridge.tmpWindow\n")
        let migration = try #require(try NativeMigrationTests.migrate(folder).migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.patch.isEmpty)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("ios/App/App/AppDelegate.swift:11 (tmpWindow)"))
        #expect(reason.file == "ios/App/App/AppDelegate.swift")
        #expect(reason.line == 11)
    }

    @Test func anAppDelegateWithAWindowOfItsOwnIsExplainedAtThatWindow() throws {
        let directory = TemporaryDirectory("fix")
        let folder = try Self.copy("capacitor-8.5-unmigrated", into: directory)
        try Self.edit(
            folder + "/ios/App/App/AppDelegate.swift", "    var window: UIWindow?\n",
            with: "    lazy var window: UIWindow? = UIWindow(frame: UIScreen.main.bounds)\n")
        let migration = try #require(try NativeMigrationTests.migrate(folder).migrations.first)
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("window of its own"), "\(reason.text)")
        #expect(reason.file == "ios/App/App/AppDelegate.swift")
        #expect(reason.line == 7)
    }

    @Test func aClosingBraceSharingItsLineWithCodeIsExplainedNotEdited() throws {
        let directory = TemporaryDirectory("fix")
        let folder = try Self.copy("capacitor-8.5-unmigrated", into: directory)
        try Self.edit(folder + "/ios/App/App/AppDelegate.swift", "    }\n\n}\n", with: "    } }\n")
        let migration = try #require(try NativeMigrationTests.migrate(folder).migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.reasons.first?.text.contains("closing brace shares its line") == true)
        #expect(migration.reasons.first?.line == 43)
    }

    @Test func theMigratedTemplateIsLeftAlone() throws {
        let run = try NativeMigrationTests.migrate(FixturePaths.fixtures.appendingPathComponent("frameworks/capacitor-8.5").path)
        #expect(run.migrations.isEmpty)
    }

    @Test(arguments: [("capacitor-6", "6.2.0"), ("capacitor-8.4", "8.4.1")])
    func aProjectBelow85IsExplainedWithTheUpgradePath(_ fixture: String, _ version: String) throws {
        let run = try NativeMigrationTests.migrate(FixturePaths.fixtures.appendingPathComponent("frameworks/\(fixture)").path)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("@capacitor/ios is \(version)"))
        #expect(reason.text.contains("SceneDelegateProxy"))
        #expect(reason.text.contains("npx cap migrate"))
        #expect(reason.file == "package.json")
        if fixture == "capacitor-8.4" {
            // The temporary window and the custom open body are in the steps, with their places.
            #expect(migration.steps.contains { $0.hasPrefix("ios/App/App/Plugins/WalletPassPlugin.swift:22:") })
            #expect(migration.steps.contains { $0.hasPrefix("ios/App/App/AppDelegate.swift:37:") })
        }
    }

    @Test(arguments: [
        ("capacitor-partial-manifest", "missing: SceneDelegate.swift, configurationForConnecting"),
        ("capacitor-partial-scenedelegate", "present: SceneDelegate.swift at ios/App/App/SceneDelegate.swift:"),
        ("capacitor-partial-manifest-configuration", "missing: SceneDelegate.swift)"),
        (
            "capacitor-partial-configuration",
            "present: configurationForConnecting (UISceneConfiguration(name:) in AppDelegate.swift) at ios/App/App/AppDelegate.swift:"
        ),
    ])
    func aPartialMigrationIsExplainedWithWhatIsPresentAndMissing(_ fixture: String, _ listed: String) throws {
        let run = try NativeMigrationTests.migrate(FixturePaths.fixtures.appendingPathComponent("frameworks/\(fixture)").path)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("partial"), "\(reason.text)")
        #expect(reason.text.contains(listed), "\(reason.text)")
        #expect(reason.file?.hasPrefix("ios/App/App/") == true)
    }

    @Test func theMigratedTemplateWithTheTemporaryWindowIsExplainedAsAlreadyMigrated() throws {
        let run = try NativeMigrationTests.migrate(FixturePaths.fixtures.appendingPathComponent("frameworks/capacitor-8.5-tmpwindow").path)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.reasons.first?.text.contains("already has Capacitor's scene template") == true)
        #expect(migration.steps.contains { $0.contains("SignaturePlugin.swift:17") })
    }
}
