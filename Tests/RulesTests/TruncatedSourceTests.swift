import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// Sources cut off in the middle of a declaration (a file saved half-written, a merge gone wrong, a fuzzer's
/// input): the scan still judges the app from what is there.
@Suite("Truncated sources")
struct TruncatedSourceTests {
    @Test("Delegates cut off right after a method's opening brace still give the app's findings (found by scripts/fuzz scan)")
    func methodsCutOffAfterTheirBrace() throws {
        let directory = TemporaryDirectory("truncated")
        directory.write("App/Info.plist", TrialRegressionTests.scenePlist)
        directory.write(
            "App/AppDelegate.swift",
            """
            import UIKit

            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?

                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    return Router.shared.handle(url)
                }

                func applicationDidBecomeActive(_ application: UIApplication) {
            """)
        // The scene delegate's connect method is the last thing in its file, and its brace the last token.
        directory.write(
            "App/SceneDelegate.swift",
            """
            import UIKit

            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?

                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            """)
        let report = try TrialRegressionTests.scan(directory)
        let found = report.findings.map { "\($0.file):\($0.line) \($0.rule)" }.sorted()
        // The URL open and the life-cycle method are left behind by the scene life cycle; the connect method,
        // empty as far as the file goes, makes no window.
        #expect(
            found == [
                "App/AppDelegate.swift:11 app-delegate-callback-unreached", "App/AppDelegate.swift:7 app-delegate-callback-unreached",
                "App/SceneDelegate.swift:6 scene-window-missing",
            ], "\(report.findings.map { "\($0.file):\($0.line) \($0.rule) \($0.message)" })")
    }
}
