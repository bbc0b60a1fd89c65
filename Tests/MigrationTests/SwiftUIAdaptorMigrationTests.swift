import Foundation
import Migration
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// `fix --all` on SwiftUI apps whose `@UIApplicationDelegateAdaptor` delegate has methods UIKit no longer calls:
/// the App's WindowGroup calls them again, the patch matches its golden, applies with the real git, and the
/// patched tree scanned from disk no longer reports them; shapes fix does not recognise are explained.
struct SwiftUIAdaptorMigrationTests {
    static func migrate(_ root: String, all: Bool = true) throws -> Migrator.Run {
        let source = try DirectorySource(root: root, label: ".")
        return Migrator.run(source: source, request: FixRequest(includeAtRisk: all, swiftParser: FixTestTools.swiftParser()))
    }

    static func copy(_ fixture: String) throws -> (TemporaryDirectory, String) {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: FixturePaths.scan(fixture).path, toPath: folder)
        return (copy, folder)
    }

    static let unreached = "app-delegate-callback-unreached"

    @Test(arguments: [
        ("swiftui-app", ["application(_:open:options:)"], [String]()),
        ("swiftui-adaptor-links", ["application(_:continue:restorationHandler:)"], []),
        (
            "swiftui-adaptor-lifecycle",
            [
                "application(_:open:options:)", "application(_:continue:restorationHandler:)", "applicationDidBecomeActive(_:)",
                "applicationDidEnterBackground(_:)",
            ], ["application(_:performActionFor:completionHandler:)"]
        ),
    ])
    func anAdaptorAppGetsAPatchThatMatchesItsGoldenAndCallsTheDelegateAgain(
        _ fixture: String, resolved: [String], left: [String]
    ) throws {
        let (directory, folder) = try Self.copy(fixture)
        _ = directory
        let run = try Self.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.changes.map(\.path).allSatisfy { $0.hasSuffix("App.swift") }, "only the App's file is edited")
        for signature in resolved {
            #expect(migration.resolves.contains { $0.rule == Self.unreached && $0.message.hasPrefix(signature) }, "\(signature)")
        }
        #expect(
            migration.remaining.filter { $0.rule == Self.unreached }.map { String($0.message.prefix { $0 != " " }) } == left)
        try NativeMigrationTests.expectGolden(migration.patch, fixture)
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(!app.findings.contains { $0.severity == .error })
        let warnings = app.findings.filter { $0.rule == Self.unreached && $0.severity == .warning }
        #expect(warnings.map { String($0.message.prefix { $0 != " " }) } == left)
        for signature in resolved {
            // Reached: neither a warning nor a note calling it dead code.
            #expect(!app.findings.contains { $0.rule == Self.unreached && $0.message.hasPrefix(signature + " ") }, "\(signature)")
        }
    }

    @Test func theLifeCycleMethodsAreCalledFromTheAppWideScenePhaseInTheAppsIndentation() throws {
        let (directory, folder) = try Self.copy("swiftui-adaptor-lifecycle")
        _ = directory
        let migration = try #require(try Self.migrate(folder).migrations.first)
        let text = String(decoding: try #require(migration.changes.first).after, as: UTF8.self)
        #expect(
            text.contains(
                "  @UIApplicationDelegateAdaptor(PantryAppDelegate.self) private var appDelegate\n  @Environment(\\.scenePhase) private var scenePhase\n"
            ))
        #expect(text.contains("    }\n    .onChange(of: scenePhase) { oldPhase, newPhase in\n      if newPhase == .background {\n"))
        #expect(text.contains(".onContinueUserActivity(\"com.example.pantry.viewing-list\") { activity in"))
        // The quick action is explained with its steps, at the method.
        #expect(
            migration.reasons.contains {
                $0.text.contains("no modifier for quick actions") && $0.file?.hasSuffix("PantryAppDelegate.swift") == true && $0.line == 55
            })
    }

    @Test func withoutAllAnAtRiskAdaptorAppIsLeftAlone() throws {
        let (directory, folder) = try Self.copy("swiftui-adaptor-lifecycle")
        _ = directory
        #expect(try Self.migrate(folder, all: false).migrations.isEmpty)
    }

    @Test func anAtRiskAppOfAnotherFrameworkIsStillExplained() throws {
        let (directory, folder) = try Self.copy("code-adopted-rehosting")
        _ = directory
        let migration = try #require(try Self.migrate(folder).migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.reasons.contains { $0.text.hasPrefix("the app is not blocked") })
    }

    /// The Pantry fixture with its App file replaced.
    static func pantry(app: String) throws -> (TemporaryDirectory, String) {
        let (directory, folder) = try copy("swiftui-adaptor-lifecycle")
        try Data(app.utf8).write(to: URL(fileURLWithPath: folder + "/Pantry/PantryApp.swift"))
        return (directory, folder)
    }

    @Test func anAppWithoutAnAdaptorPropertyIsExplainedAtItsDeclaration() throws {
        let (directory, folder) = try Self.pantry(
            app: """
                import SwiftUI

                @main
                struct PantryApp: App {
                  var body: some Scene {
                    WindowGroup {
                      RootView()
                    }
                  }
                }

                """)
        _ = directory
        let migration = try #require(try Self.migrate(folder).migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.patch.isEmpty && migration.changes.isEmpty)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("no @UIApplicationDelegateAdaptor property"))
        #expect(reason.file == "Pantry/PantryApp.swift" && reason.line == 4)
    }

    @Test func aWindowGroupWhoseContentIsNotOneViewExpressionIsExplainedAtItsLine() throws {
        let (directory, folder) = try Self.pantry(
            app: """
                import SwiftUI

                @main
                struct PantryApp: App {
                  @UIApplicationDelegateAdaptor(PantryAppDelegate.self) private var appDelegate
                  @StateObject private var model = PantryModel.shared

                  var body: some Scene {
                    WindowGroup {
                      if model.lists.isEmpty {
                        ProgressView()
                      } else {
                        RootView()
                      }
                    }
                  }
                }

                """)
        _ = directory
        let migration = try #require(try Self.migrate(folder).migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.changes.isEmpty)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("not a single view expression"))
        #expect(reason.file == "Pantry/PantryApp.swift" && reason.line == 10)
    }

    @Test func twoWindowGroupsAreExplainedRatherThanChosenBetween() throws {
        let (directory, folder) = try Self.pantry(
            app: """
                import SwiftUI

                @main
                struct PantryApp: App {
                  @UIApplicationDelegateAdaptor(PantryAppDelegate.self) private var appDelegate

                  var body: some Scene {
                    WindowGroup {
                      RootView()
                    }
                    WindowGroup(id: "list", for: PantryList.ID.self) { $id in
                      RootView()
                    }
                  }
                }

                """)
        _ = directory
        let migration = try #require(try Self.migrate(folder).migrations.first)
        #expect(migration.status == .explained)
        let reason = try #require(migration.reasons.first)
        #expect(reason.text.contains("2 WindowGroups"))
        #expect(reason.line == 11)
    }

    @Test func anActivityMethodWhoseTypesCannotBeKnownIsExplained() throws {
        let (directory, folder) = try Self.copy("swiftui-adaptor-links")
        _ = directory
        // The activity method no longer reads webpageURL: nothing says which activities it receives.
        let path = folder + "/Notes/AppDelegate.swift"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: "userActivity.webpageURL", with: "userActivity.referrerURL").utf8
        ).write(to: URL(fileURLWithPath: path))
        let migration = try #require(try Self.migrate(folder).migrations.first)
        #expect(migration.status == .explained)
        #expect(migration.changes.isEmpty)
        #expect(migration.reasons.first?.text.contains("cannot be known") == true)
    }

    @Test func lifeCycleMethodsBelowIOS17AreExplainedAndTheRestIsPatched() throws {
        let (directory, folder) = try Self.copy("swiftui-adaptor-lifecycle")
        _ = directory
        let project = folder + "/Pantry.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: project, encoding: .utf8)
        try Data(
            text.replacingOccurrences(of: "IPHONEOS_DEPLOYMENT_TARGET = 17.0", with: "IPHONEOS_DEPLOYMENT_TARGET = 16.0").utf8
        ).write(to: URL(fileURLWithPath: project))
        let migration = try #require(try Self.migrate(folder).migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(!migration.patch.contains("scenePhase"))
        #expect(migration.reasons.contains { $0.text.contains("needs iOS 17") && $0.line == 46 })
        #expect(migration.remaining.contains { $0.message.hasPrefix("applicationDidBecomeActive(_:)") })
    }
}
