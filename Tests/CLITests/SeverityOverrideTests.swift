import CLI
import Foundation
import TestSupport
import Testing

/// A configured level replaces a rule's default level; findings the rule grades above its default (a
/// force-unwrapped window that crashes under scenes) keep their grade unless asked explicitly with
/// `--force-severity` / `rules.force_severity` (issue 13, item 5).
@Suite("configured severities never hide a crash")
struct SeverityOverrideTests {
    /// A migrated app whose app delegate force-unwraps its window at launch (window-lookup's own error)
    /// and whose alerts use keyWindow (window-lookup at its default level, warning).
    static func crashingApp() -> TemporaryDirectory {
        SuppressionTests.app(
            """
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    let navigation = window?.rootViewController as! UINavigationController
                    navigation.navigationBar.prefersLargeTitles = true
                    return true
                }
            }

            enum Alerts {
                static func present(_ alert: UIAlertController) {
                    UIApplication.shared.keyWindow?.rootViewController?.present(alert, animated: true)
                }
            }
            """, file: "AppDelegate.swift")
    }

    static func windowLookups(_ json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let apps = object?["apps"] as? [[String: Any]] ?? []
        return apps.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
            .filter { $0["rule"] as? String == "window-lookup" }
            .map { "\($0["line"] as? Int ?? 0) \($0["severity"] as? String ?? "")" }
    }

    static func verdict(_ json: String) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (object?["apps"] as? [[String: Any]])?.first?["verdict"] as? String
    }

    @Test func withoutAConfiguredLevelTheCrashIsAnErrorAndTheLookupAWarning() throws {
        let app = Self.crashingApp()
        let result = ConsoleCapture.run(["scan", app.path, "--format", "json"])
        #expect(try Self.windowLookups(result.out) == ["8 error", "16 warning"])
        #expect(try Self.verdict(result.out) == "blocked")
    }

    @Test func aLowerConfiguredLevelChangesTheDefaultLevelFindingsButNotTheCrash() throws {
        let app = Self.crashingApp()
        for level in ["warning", "note"] {
            let result = ConsoleCapture.run(["scan", app.path, "--format", "json", "--severity", "window-lookup=\(level)"])
            #expect(try Self.windowLookups(result.out) == ["8 error", "16 \(level)"])
            #expect(try Self.verdict(result.out) == "blocked")
        }
    }

    @Test func aHigherConfiguredLevelRaisesTheDefaultLevelFindings() throws {
        let app = Self.crashingApp()
        let result = ConsoleCapture.run(["scan", app.path, "--format", "json", "--severity", "window-lookup=error"])
        #expect(try Self.windowLookups(result.out) == ["8 error", "16 error"])
    }

    @Test func forceSeveritySetsEveryFindingOfTheRuleWhenAskedExplicitly() throws {
        let app = Self.crashingApp()
        let result = ConsoleCapture.run(["scan", app.path, "--format", "json", "--force-severity", "window-lookup=warning"])
        #expect(try Self.windowLookups(result.out) == ["8 warning", "16 warning"])
        #expect(try Self.verdict(result.out) == "at-risk")
        #expect(ConsoleCapture.run(["scan", "--help"]).out.contains("--force-severity RULE=LEVEL"))
    }

    @Test func theFleetConfigSaysTheSameWithSeverityAndForceSeverity() throws {
        let bench = GitWorkbench("severity")
        try bench.write(
            [
                "fleet.yaml": """
                version: 1
                rules:
                  severity: { window-lookup: warning }
                  force_severity: { window-lookup: note, scene-manifest-mising: warning }
                repos:
                  - url: shop

                """
            ], in: bench.root)

        let result = FleetCommandTests.run(["validate", "--config", "fleet.yaml"], in: bench.root)

        #expect(result.status == 2)
        #expect(
            result.err.contains(
                "fleet.yaml:4:21: error: rules.force_severity: window-lookup is also in rules.severity; give a rule one of the two"))
        #expect(
            result.err.contains(
                "fleet.yaml:4:42: error: rules.force_severity: unknown rule 'scene-manifest-mising' (did you mean 'scene-manifest-missing'?)"
            ))
    }
}
