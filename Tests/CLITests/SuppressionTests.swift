import CLI
import Foundation
import TestSupport
import Testing

@Suite("suppressions")
struct SuppressionTests {
    static func app(_ code: String, file: String = "Alerts.swift") -> TemporaryDirectory {
        let directory = TemporaryDirectory("suppress")
        directory.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
            <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneStoryboardFile</key><string>Main</string>
            <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
            </dict></array></dict></dict></dict></plist>
            """)
        directory.write("App/Base.lproj/Main.storyboard", "<document/>")
        directory.write("App/SceneDelegate.swift", "class SceneDelegate: UIResponder, UIWindowSceneDelegate { var window: UIWindow? }")
        directory.write("App/" + file, code)
        return directory
    }

    @Test("A comment on the line or the line above suppresses, and the summary counts it")
    func suppressedAndCounted() {
        let directory = Self.app(
            """
            func present() {
                let a = UIApplication.shared.keyWindow // scenesweep:ignore window-lookup kiosk build has one window
                // scenesweep:ignore window-lookup,main-screen-use legacy overlay, removed in 4.0
                let b = UIApplication.shared.keyWindow
                let c = UIApplication.shared.keyWindow
            }
            """)
        let result = ConsoleCapture.run(["scan", directory.path, "--format", "json"])
        #expect(result.out.contains("\"suppressed\": 2"))
        #expect(result.out.contains("\"reason\": \"kiosk build has one window\""))
        #expect(result.out.contains("\"reason\": \"legacy overlay, removed in 4.0\""))
        #expect(result.out.contains("\"line\": 5"), "the unsuppressed line 5 is still reported")
        let text = ConsoleCapture.run(["scan", directory.path])
        #expect(text.out.contains("2 suppressed by scenesweep:ignore"))
        #expect(text.out.contains("(2 suppressed)"))
    }

    @Test("A suppression for another rule, or in a string, does not suppress")
    func notSuppressed() {
        let directory = Self.app(
            """
            let a = UIApplication.shared.keyWindow // scenesweep:ignore main-screen-use wrong rule
            let b = "scenesweep:ignore window-lookup"; let c = UIApplication.shared.keyWindow
            """)
        let result = ConsoleCapture.run(["scan", directory.path, "--format", "json"])
        #expect(result.out.contains("\"suppressed\": 0"))
        #expect(result.out.components(separatedBy: "\"rule\": \"window-lookup\"").count == 3)
    }

    @Test("Objective-C block comments suppress too")
    func objectiveCComments() {
        let directory = Self.app(
            """
            void Present(void) {
                /* scenesweep:ignore window-lookup HUD attaches to the key window by design */
                UIWindow *w = [UIApplication sharedApplication].keyWindow;
            }
            """, file: "HUD.m")
        let result = ConsoleCapture.run(["scan", directory.path, "--format", "json"])
        #expect(result.out.contains("\"suppressed\": 1"))
    }

    @Test("A suppression naming an unknown rule is a diagnostic")
    func unknownRuleInSuppression() {
        let directory = Self.app("let a = UIApplication.shared.keyWindow // scenesweep:ignore window-lookups typo\n")
        let result = ConsoleCapture.run(["scan", directory.path])
        #expect(result.err.contains("App/Alerts.swift:1: warning: scenesweep:ignore names unknown rule 'window-lookups'"))
        #expect(result.out.contains("[window-lookup]"))
    }

    @Test("An Info.plist comment suppresses a finding about a missing key")
    func plistSuppression() {
        let directory = TemporaryDirectory("suppress")
        directory.write(
            "App/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <!-- scenesweep:ignore launch-screen-missing internal tool, never uploaded -->
            <key>LSRequiresIPhoneOS</key><true/>
            <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
            </dict></array></dict></dict></dict></plist>
            """)
        directory.write(
            "App/SceneDelegate.swift",
            """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window = UIWindow(windowScene: scene as! UIWindowScene)
                }
            }
            """)
        let result = ConsoleCapture.run(["scan", directory.path])
        #expect(result.status == 0)
        #expect(result.out.contains("(1 suppressed)"))
    }
}
