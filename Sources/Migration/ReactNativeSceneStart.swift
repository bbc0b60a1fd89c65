/// How the scene delegate `fix` writes for a React Native app starts React Native: in a window of its scene,
/// from the factory the app delegate keeps, exactly once (the app delegate's start is removed).
struct ReactNativeSceneStart: Equatable {
    /// The module name as the app delegate wrote it, quotes included.
    let moduleName: String
    /// The app delegate's property holding the `RCTReactNativeFactory`.
    let factoryProperty: String
    /// React Native 0.88+: `startReactNative(withModuleName:in:connectionOptions:)` reads the connection
    /// options itself; before, the launch link is handed over as launch options.
    let connectionOptionsAPI: Bool
    /// The React modules the app delegate imports, which the scene delegate needs too.
    let imports: [String]
    /// `AppDelegate.swift:24`, where the app delegate built the window.
    let place: String

    /// The body of `scene(_:willConnectTo:options:)` after `windowScene` is bound.
    func swiftLines(indent i: IndentStyle, appDelegate: String) -> [String] {
        var lines = [
            "\(i(2))// React Native starts here, in a window of this scene, instead of in didFinishLaunching",
            "\(i(2))// (\(place)), where the window belonged to no scene; the factory stays on the app delegate.",
            "\(i(2))guard let factory = \(appDelegate)?.\(factoryProperty) else { return }",
            "\(i(2))let window = UIWindow(windowScene: windowScene)",
            "\(i(2))self.window = window",
            "\(i(2))\(appDelegate)?.window = window",
        ]
        if connectionOptionsAPI {
            lines += [
                "\(i(2))factory.startReactNative(",
                "\(i(3))withModuleName: \(moduleName),",
                "\(i(3))in: window,",
                "\(i(3))connectionOptions: connectionOptions",
                "\(i(2)))",
            ]
            return lines
        }
        lines += [
            "\(i(2))// Linking.getInitialURL() reads the link that launched the app from the launch options.",
            "\(i(2))var launchOptions: [UIApplication.LaunchOptionsKey: Any] = [:]",
            "\(i(2))if let url = connectionOptions.urlContexts.first?.url {",
            "\(i(3))launchOptions[.url] = url",
            "\(i(2))}",
            "\(i(2))if let userActivity = connectionOptions.userActivities.first {",
            "\(i(3))let activityDictionary: [String: Any] = [",
            "\(i(4))UIApplication.LaunchOptionsKey.userActivityType.rawValue: userActivity.activityType,",
            "\(i(4))\"UIApplicationLaunchOptionsUserActivityKey\": userActivity,",
            "\(i(3))]",
            "\(i(3))launchOptions[.userActivityDictionary] = activityDictionary",
            "\(i(2))}",
            "\(i(2))factory.startReactNative(",
            "\(i(3))withModuleName: \(moduleName),",
            "\(i(3))in: window,",
            "\(i(3))launchOptions: launchOptions",
            "\(i(2)))",
        ]
        return lines
    }
}
