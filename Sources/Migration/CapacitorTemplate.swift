/// The code Capacitor 8.5's iOS template adds for scenes, as `npx cap migrate` copies it: `SceneDelegate.swift`
/// (a window made in code whose root is the bridge view controller, with connection, URLs and activities handed
/// to `SceneDelegateProxy`) and the app delegate's `configurationForConnecting`, in the app's indentation.
struct CapacitorTemplate {
    let indent: IndentStyle
    /// The line ending of the app delegate (`\n` or `\r\n`).
    let newline: String
    /// The bridge view controller the window shows: `CAPBridgeViewController`, or the storyboard's subclass.
    let bridgeClass: String

    /// The whole `SceneDelegate.swift`.
    func sceneDelegate() -> String {
        let one = indent(1)
        let two = indent(2)
        let lines = [
            "import UIKit",
            "import Capacitor",
            "",
            "class SceneDelegate: UIResponder, UIWindowSceneDelegate {",
            "",
            one + "var window: UIWindow?",
            "",
            one
                + "func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {",
            two + "guard let windowScene = scene as? UIWindowScene else { return }",
            "",
            two + "let window = UIWindow(windowScene: windowScene)",
            two + "window.rootViewController = \(bridgeClass)()",
            two + "window.makeKeyAndVisible()",
            two + "self.window = window",
            "",
            two + "// Hands the cold-start URL or activity to Capacitor once the web view is ready.",
            two + "SceneDelegateProxy.shared.scene(scene, willConnectTo: session, options: connectionOptions)",
            one + "}",
            "",
            one + "func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {",
            two + "SceneDelegateProxy.shared.scene(scene, openURLContexts: URLContexts)",
            one + "}",
            "",
            one + "func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {",
            two + "SceneDelegateProxy.shared.scene(scene, continue: userActivity)",
            one + "}",
            "}",
        ]
        return lines.joined(separator: newline) + newline
    }

    /// `configurationForConnecting`, one level in, ending with a line break; its continuation lines line up
    /// under the first parameter as the template's do.
    func configurationMethod() -> String {
        let one = indent(1)
        let two = indent(2)
        let aligned = one + String(repeating: " ", count: "func application(".count)
        let lines = [
            one + "func application(_ application: UIApplication,",
            aligned + "configurationForConnecting connectingSceneSession: UISceneSession,",
            aligned + "options: UIScene.ConnectionOptions) -> UISceneConfiguration {",
            two + "let config = UISceneConfiguration(name: \"Default Configuration\", sessionRole: connectingSceneSession.role)",
            two + "config.delegateClass = SceneDelegate.self",
            two + "return config",
            one + "}",
        ]
        return lines.joined(separator: newline) + newline
    }
}
