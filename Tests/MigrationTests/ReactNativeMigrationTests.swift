import Foundation
import Migration
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// `fix` on React Native apps of each template era: the 0.79–0.87 Swift factory template is patched (its golden,
/// applied with the real git, scanned from disk: not blocked, React Native started once); a 0.88 app that
/// starts twice loses the app delegate's start; every other era gets an explanation naming its path.
struct ReactNativeMigrationTests {
    static func framework(_ name: String) -> URL {
        FixturePaths.fixtures.appendingPathComponent("frameworks").appendingPathComponent(name)
    }

    static func migrateCopy(of fixture: String) throws -> (run: Migrator.Run, folder: String, copy: TemporaryDirectory) {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: framework(fixture).path, toPath: folder)
        return (try NativeMigrationTests.migrate(folder), folder, copy)
    }

    @Test(arguments: ["rn-0.85-factory-swift", "rn-0.88-double-start"])
    func aFactoryTemplateAppGetsAPatchThatMatchesItsGoldenAndStartsReactNativeOnce(_ fixture: String) throws {
        let (run, folder, copy) = try Self.migrateCopy(of: fixture)
        defer { _ = copy }
        let migration = try #require(run.migrations.first)
        #expect(run.migrations.count == 1)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(!migration.remaining.contains { $0.severity == .error })
        let golden = FixturePaths.fixtures.appendingPathComponent("goldens/fix/\(fixture).patch")
        if NativeMigrationTests.recording { try Data(migration.patch.utf8).write(to: golden) }
        #expect(migration.patch == (try String(contentsOf: golden, encoding: .utf8)), "patch differs from \(golden.path)")
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "react-native-double-start" || $0.rule == "app-delegate-window" })
        #expect(!app.findings.contains { $0.rule == "cold-start-link-dropped" || $0.rule == "links-not-forwarded" })
    }

    @Test func theFactoryTemplatesStartMovesIntoTheSceneDelegateWithTheLaunchLinkAsLaunchOptions() throws {
        let (run, _, copy) = try Self.migrateCopy(of: "rn-0.85-factory-swift")
        defer { _ = copy }
        let patch = try #require(run.migrations.first).patch
        #expect(patch.contains("+    let window = UIWindow(windowScene: windowScene)"))
        #expect(patch.contains("+      launchOptions[.url] = url"))
        #expect(patch.contains("+      launchOptions: launchOptions"))
        #expect(patch.contains("-    window = UIWindow(frame: UIScreen.main.bounds)"))
        #expect(patch.contains("+      _ = appDelegate?.application(UIApplication.shared, open: context.url, options: options)"))
    }

    @Test func onReactNative088TheSceneDelegateStartsWithTheConnectionOptions() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.85-factory-swift").path, toPath: folder)
        for path in ["package.json", "package-lock.json", "ios/Podfile.lock"] {
            let url = URL(fileURLWithPath: folder + "/" + path)
            let text = try String(contentsOf: url, encoding: .utf8)
                .replacingOccurrences(of: "0.85.2", with: "0.88.0").replacingOccurrences(of: "~0.85.0", with: "^0.88.0")
            try Data(text.utf8).write(to: url)
        }
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.patch.contains("+      connectionOptions: connectionOptions"))
        #expect(!migration.patch.contains("launchOptions[.url]"))
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "react-native-double-start" || $0.rule == "framework-upgrade-path" })
    }

    @Test(arguments: [
        ("rn-0.64-bridge", "RCTRootView(bridge:"),
        ("rn-0.70-appdelegate-mm", "RCTRootView(bridge:"),
        ("rn-0.72-rctappdelegate-objc", "no rootViewFactory"),
        ("rn-0.77-rctappdelegate-swift", "automaticallyLoadReactNativeWindow = false"),
        ("rn-0.83-factory-objc", "Objective-C"),
    ])
    func anOlderOrObjectiveCEraIsExplainedWithItsPathAndNotPatched(_ fixture: String, _ words: String) throws {
        let (run, _, copy) = try Self.migrateCopy(of: fixture)
        defer { _ = copy }
        let migration = try #require(run.migrations.first)
        #expect(migration.status != .patched)
        #expect(migration.patch.isEmpty)
        #expect(migration.reasons.contains { $0.described.contains(words) }, "\(migration.reasons.map(\.described))")
        #expect(migration.reasons.contains { $0.described.contains("0.88") })
    }

    @Test func aFactoryTemplateWhoseWindowIsUsedAgainIsExplainedAtThatLine() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.85-factory-swift").path, toPath: folder)
        let path = folder + "/ios/Quayside/AppDelegate.swift"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "    return true\n  }\n\n  // quayside", with: "    window?.tintColor = .systemTeal\n    return true\n  }\n\n  // quayside")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let again = try NativeMigrationTests.migrate(folder)
        let migration = try #require(again.migrations.first)
        #expect(migration.status != .patched)
        #expect(
            migration.reasons.contains { $0.described.contains("AppDelegate.swift:32") && $0.described.contains("uses the window again") },
            "\(migration.reasons.map(\.described))")
    }
}
