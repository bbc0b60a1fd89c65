/// Swift files many rule examples share around what each is about (`ExamplePlist` builds their
/// Info.plists): a `@main` app delegate that launches, a scene delegate that makes its window. The text
/// is exactly what the example would write out, so `explain` and the rule pages show the whole file;
/// what the example is about (and its `↓`) stays in the rule's file, passed in unindented.
enum ExampleSource {
    /// `@main class AppDelegate: UIResponder, UIApplicationDelegate` whose didFinishLaunching runs
    /// `launching`, then returns true.
    /// - Parameters:
    ///   - properties: the lines before the method, as they stand (a trailing blank line included).
    ///   - members: the lines after the method inside the class, as they stand.
    static func appDelegate(properties: String = "", launching: String, members: String = "") -> String {
        "@main\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n" + indented(properties, by: 4)
            + "    func application(_ application: UIApplication,\n"
            + "                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {\n"
            + indented(launching, by: 8) + "        return true\n    }\n" + indented(members, by: 4) + "}"
    }

    /// `class SceneDelegate: UIResponder, UIWindowSceneDelegate` whose scene(_:willConnectTo:options:)
    /// sets its window to a `UIWindow(windowScene:)`, then runs `connecting`.
    static func sceneDelegate(connecting: String = "") -> String {
        """
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                guard let windowScene = scene as? UIWindowScene else { return }
                window = UIWindow(windowScene: windowScene)

        """ + indented(connecting, by: 8) + "    }\n}"
    }

    /// Each line of `text` with a line break, indented by `spaces` unless empty; nothing for no text.
    static func indented(_ text: String, by spaces: Int) -> String {
        guard !text.isEmpty else { return "" }
        let indent = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "\n" : indent + $0 + "\n" }.joined()
    }
}
