import Foundation
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// The dependency readiness table, the rules that read it and the Xcode pin, beyond their examples:
/// the table's own promises, the exact messages, and how the verdict engine treats a verdict rule.
@Suite("Dependency readiness and Xcode pins")
struct ReadinessRuleTests {
    // MARK: The table

    @Test("The table holds at least 25 dependencies, each with a public source and a version that parses")
    func tableIsSourced() {
        let entries = DependencyReadiness.entries
        #expect(Set(entries.map(\.name)).count >= 25)
        for entry in entries {
            #expect(entry.source.hasPrefix("https://"), "\(entry.name) has no public source")
            #expect(!entry.breaks.isEmpty, "\(entry.name) says nothing about what breaks")
            #expect(!entry.packages.isEmpty)
            if let version = entry.sceneAware {
                #expect(PackageVersion(version) != nil, "\(entry.name): \(version) is not a version")
            } else {
                #expect(entry.instead != nil, "\(entry.name) has no scene-aware release and no advice")
            }
        }
        var seen: Set<String> = []
        for entry in entries {
            for package in entry.packages {
                #expect(seen.insert(entry.ecosystem.rawValue + "/" + package.lowercased()).inserted, "\(package) is listed twice")
            }
        }
        // Every ecosystem the scan reads has entries.
        #expect(Set(entries.map(\.ecosystem)) == Set(Ecosystem.allCases))
    }

    static func lockfile(_ fixture: String) throws -> Lockfile {
        let url = FixturePaths.fixtures.appendingPathComponent("lockfiles").appendingPathComponent(fixture)
        let data = try #require(FileManager.default.contents(atPath: url.path))
        return try LockfileReader.read(path: fixture, bytes: Array(data))
    }

    static func states(_ fixture: String) throws -> [String] {
        try DependencyReadiness.statuses(in: lockfile(fixture)).map { "\($0.package) \($0.state.rawValue)" }.sorted()
    }

    @Test("Each lockfile kind: table dependencies below their release lag, at or past it are ready, none is never ready")
    func statesPerLockfile() throws {
        #expect(
            try Self.states("cocoapods/Podfile.lock") == [
                "Branch lagging", "FBSDKShareKit lagging", "OneSignalXCFramework ready", "Sentry ready",
            ])
        #expect(try Self.states("swiftpm-v1/Package.resolved") == ["ios-branch-deep-linking-attribution lagging", "sentry-cocoa lagging"])
        #expect(try Self.states("swiftpm-v2/Package.resolved") == ["facebook-ios-sdk ready"])
        #expect(try Self.states("swiftpm-v3/Package.resolved") == ["sentry-cocoa lagging"])
        #expect(try Self.states("npm-v1/package-lock.json") == ["react-native-share lagging"])
        #expect(
            try Self.states("npm-v3/package-lock.json") == [
                "@react-native-firebase/dynamic-links no-scene-aware-release", "react-native-share ready",
            ])
        #expect(
            try Self.states("yarn-classic/yarn.lock") == [
                "@react-native-firebase/dynamic-links no-scene-aware-release", "react-native-share lagging",
            ])
        #expect(try Self.states("yarn-berry/yarn.lock") == ["react-native-share ready"])
        #expect(
            try Self.states("pnpm-v6/pnpm-lock.yaml") == [
                "@react-native-firebase/dynamic-links no-scene-aware-release", "react-native-share lagging",
            ])
        #expect(try Self.states("pnpm-v9/pnpm-lock.yaml") == ["react-native-share ready"])
        #expect(
            try Self.states("pub/pubspec.lock") == [
                "app_links lagging", "image_picker_ios lagging", "receive_sharing_intent no-scene-aware-release", "url_launcher_ios ready",
            ])
    }

    // MARK: Scans

    static func scan(_ example: Example, rules: RuleSelection = RuleSelection()) throws -> ScanReport {
        let directory = TemporaryDirectory("readiness")
        _ = ExampleApp.materialize(example, in: directory)
        return Scanner.scan(try DirectorySource(root: directory.path), rules: rules)
    }

    static let legacyAppDelegate = "@main class AppDelegate: UIResponder, UIApplicationDelegate { var window: UIWindow? }"

    @Test("A Flutter app's inventory and findings name the version to move to, with the lockfile line")
    func flutterMessages() throws {
        let lock = try String(contentsOf: FixturePaths.fixtures.appendingPathComponent("lockfiles/pub/pubspec.lock"), encoding: .utf8)
        let report = try Self.scan(
            Example(
                "class SceneDelegate: FlutterSceneDelegate {}", file: "SceneDelegate.swift",
                project: [("pubspec.yaml", "name: tide\ndependencies:\n  flutter:\n    sdk: flutter\n"), ("pubspec.lock", lock)]))
        let app = try #require(report.apps.first)
        #expect(app.dependencies.map(\.package) == ["app_links", "image_picker_ios", "receive_sharing_intent", "url_launcher_ios"])
        let findings = app.findings.filter { $0.rule == "dependency-not-scene-aware" }
        #expect(findings.map(\.line) == [4, 17, 25])
        #expect(findings.map(\.severity) == [.warning, .note, .warning])
        #expect(findings[0].message.hasPrefix("app_links 6.4.1 predates its first scene-aware release"))
        #expect(findings[0].message.contains("upgrade to 7.0.0 or later (https://github.com/llfbandit/app_links/"))
        #expect(findings[1].message.contains("upgrade to 0.8.13+4 or later"))
        #expect(findings[2].message.contains("receive_sharing_intent 1.8.1 has no scene-aware release"))
        #expect(findings[2].message.contains("flutter_sharing_intent"))
        #expect(app.verdict == .atRisk)
    }

    @Test("Entries whose effect is cosmetic stay notes; a configured level leaves them so, a forced level wins")
    func noteEntries() throws {
        let example = Example(
            files: [
                ("SceneDelegate.swift", "class SceneDelegate: UIResponder, UIWindowSceneDelegate {}"),
                ("../Podfile.lock", "PODS:\n  - Sentry (7.4.0)\n"),
            ])
        let note = try #require(try Self.scan(example).findings.first { $0.rule == "dependency-not-scene-aware" })
        #expect(note.severity == .note)
        // A configured level replaces the rule's default level only (issue 13): the entry graded a note keeps it.
        let configured = try Self.scan(example, rules: RuleSelection(severities: ["dependency-not-scene-aware": .error]))
        #expect(configured.findings.first { $0.rule == "dependency-not-scene-aware" }?.severity == .note)
        let raised = try Self.scan(example, rules: RuleSelection(forcedSeverities: ["dependency-not-scene-aware": .error]))
        #expect(raised.findings.first { $0.rule == "dependency-not-scene-aware" }?.severity == .error)
        #expect(raised.apps.first?.verdict == .blocked)
    }

    @Test("third-party-sdk-hook adds the upgrade when the lockfile lags the SDK's scene entry point, and only then")
    func sdkHookNamesTheUpgrade() throws {
        func message(branch: String) throws -> String? {
            let report = try Self.scan(
                Example(
                    files: [
                        (
                            "AppDelegate.m",
                            "@implementation AppDelegate\n- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {\n"
                                + "    return [[Branch getInstance] application:app openURL:url options:options];\n}\n@end\n"
                        ),
                        ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
                        ("../Podfile.lock", "PODS:\n  - Branch (\(branch))\n"),
                    ]))
            return report.findings.first { $0.rule == "third-party-sdk-hook" }?.message
        }
        let lagging = try #require(try message(branch: "0.31.3"))
        #expect(lagging.hasSuffix("; and upgrade Branch 0.31.3 to 0.33.0 or later (Podfile.lock)"))
        let current = try #require(try message(branch: "3.4.1"))
        #expect(!current.contains("upgrade Branch"))
    }

    @Test("xcode-pin: the note for a blocked app names the pin, its line, and the App Store date")
    func xcodePinMessages() throws {
        let report = try Self.scan(
            Example(
                Self.legacyAppDelegate, infoPlist: .legacy,
                project: [(".github/workflows/ios.yml", "jobs:\n  build:\n    runs-on: macos-15\n    steps:\n      - run: make\n")]))
        let app = try #require(report.apps.first)
        #expect(app.verdict == .blocked)
        #expect(app.toolchain.status == .deferred)
        let note = try #require(app.findings.first { $0.rule == "xcode-pin" })
        #expect(note.file == ".github/workflows/ios.yml")
        #expect(note.line == 3)
        #expect(note.severity == .note)
        #expect(
            note.message.hasPrefix(
                "builds with Xcode 16.4 from GitHub Actions runner image macos-15 (default Xcode of the macos-15 image, https://github.com/actions/runner-images"
            ))
        #expect(note.message.hasSuffix("the app is not scene-ready but safe until the pin moves; must move before 2027-04-01"))
    }

    @Test("xcode-pin stays quiet for ready apps, Xcode 27 builds and apps without pins, and when disabled")
    func xcodePinQuiet() throws {
        let pinned27 = try Self.scan(
            Example(
                Self.legacyAppDelegate, infoPlist: .legacy,
                project: [(".xcode-version", "27.0\n")]))
        #expect(pinned27.apps.first?.toolchain.status == .current)
        #expect(!pinned27.findings.contains { $0.rule == "xcode-pin" })
        let disabled = try Self.scan(
            Example(Self.legacyAppDelegate, infoPlist: .legacy, project: [(".xcode-version", "16.4\n")]),
            rules: RuleSelection(disabled: ["xcode-pin"]))
        #expect(disabled.apps.first?.verdict == .blocked)
        #expect(!disabled.findings.contains { $0.rule == "xcode-pin" })
        #expect(disabled.apps.first?.toolchain.xcode == "16.4")
    }

    @Test("A verdict rule raised to warning by configuration still cannot make a blocked app better")
    func verdictRuleSeverityOverride() throws {
        let report = try Self.scan(
            Example(Self.legacyAppDelegate, infoPlist: .legacy, project: [(".xcode-version", "16.4\n")]),
            rules: RuleSelection(severities: ["xcode-pin": .warning]))
        #expect(report.apps.first?.verdict == .blocked)
        #expect(report.findings.first { $0.rule == "xcode-pin" }?.severity == .warning)
    }
}
