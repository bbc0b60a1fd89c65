/// How the scene delegate `fix` writes for a React Native app starts React Native: in a window of its scene,
/// exactly once (the app delegate's own start is removed or switched off).
struct ReactNativeSceneStart: Equatable {
    /// Where the root view comes from.
    enum Source: Equatable {
        /// The 0.79+ factory template: `startReactNative` on the factory the app delegate keeps in `factoryProperty`,
        /// with the module name as the app delegate wrote it (quotes included).
        case factory(moduleName: String, factoryProperty: String)
        /// An `RCTAppDelegate` subclass (0.76–0.87) with `automaticallyLoadReactNativeWindow` off: what its
        /// `loadReactNativeWindow:` did, from the app delegate's `rootViewFactory`, `moduleName` and `initialProps`.
        /// Swift sees `rootViewFactory` as a property before 0.78 and as a method from 0.78 on.
        case rootViewFactory(getterIsMethod: Bool)
    }

    let source: Source
    /// React Native 0.88+: `startReactNative(withModuleName:in:connectionOptions:)` reads the connection
    /// options itself; before, the launch link is handed over as launch options.
    let connectionOptionsAPI: Bool
    /// The React modules the app delegate imports, which the scene delegate needs too (Swift).
    let imports: [String]
    /// The `#import` lines the scene delegate needs beyond the app delegate's header (Objective-C): the app
    /// delegate's own import of `RCTReactNativeFactory.h` when it starts React Native from the factory.
    var objectiveCImports: [String] = []
    /// `AppDelegate.swift:24`, where the app delegate built the window.
    let place: String
    /// Links reach `RCTLinkingManager` directly when the app delegate has no callback of its own for them, as
    /// React Native 0.88's template scene delegate does.
    var linksToLinkingManager = false

    /// The scene delegate's documentation comment.
    var summary: [String] {
        switch source {
        case .factory:
            return [
                "/// Starts React Native in a window of its scene and hands the events UIKit sends to the scene to the",
                "/// app delegate's own methods (written by scenesweep fix).",
            ]
        case .rootViewFactory:
            return [
                "/// Builds React Native's root view from the app delegate's rootViewFactory in a window of its scene,",
                "/// and hands the events UIKit sends to the scene to the app delegate's own methods, or links to",
                "/// RCTLinkingManager where it has none (written by scenesweep fix).",
            ]
        }
    }

    /// The body of `scene(_:willConnectTo:options:)` after `windowScene` is bound.
    func swiftLines(indent i: IndentStyle, appDelegate: String) -> [String] {
        var lines: [String] = []
        switch source {
        case .factory(_, let factoryProperty):
            lines += [
                "\(i(2))// React Native starts here, in a window of this scene, instead of in didFinishLaunching",
                "\(i(2))// (\(place)), where the window belonged to no scene; the factory stays on the app delegate.",
                "\(i(2))guard let factory = \(appDelegate)?.\(factoryProperty) else { return }",
            ]
        case .rootViewFactory:
            lines += [
                "\(i(2))// RCTAppDelegate built this window in didFinishLaunching (\(place)), where it belonged to no",
                "\(i(2))// scene; automaticallyLoadReactNativeWindow = false leaves it to this scene.",
                "\(i(2))guard let \(appDelegate), let moduleName = \(appDelegate).moduleName else { return }",
            ]
        }
        lines += [
            "\(i(2))let window = UIWindow(windowScene: windowScene)",
            "\(i(2))self.window = window",
        ]
        switch source {
        case .factory: lines.append("\(i(2))\(appDelegate)?.window = window")
        case .rootViewFactory: lines.append("\(i(2))appDelegate.window = window")
        }
        if !connectionOptionsAPI { lines += swiftLaunchOptions(indent: i) }
        switch source {
        case .factory(let moduleName, _):
            lines += [
                "\(i(2))factory.startReactNative(",
                "\(i(3))withModuleName: \(moduleName),",
                "\(i(3))in: window,",
                connectionOptionsAPI ? "\(i(3))connectionOptions: connectionOptions" : "\(i(3))launchOptions: launchOptions",
                "\(i(2)))",
            ]
        case .rootViewFactory(let getterIsMethod):
            lines += [
                "\(i(2))let rootView = appDelegate.rootViewFactory\(getterIsMethod ? "()" : "").view(",
                "\(i(3))withModuleName: moduleName,",
                "\(i(3))initialProperties: appDelegate.initialProps,",
                "\(i(3))launchOptions: launchOptions",
                "\(i(2)))",
                "\(i(2))let rootViewController = UIViewController()",
                "\(i(2))rootViewController.view = rootView",
                "\(i(2))window.rootViewController = rootViewController",
                "\(i(2))window.makeKeyAndVisible()",
            ]
        }
        return lines
    }

    private func swiftLaunchOptions(indent i: IndentStyle) -> [String] {
        [
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
        ]
    }

    /// The body of `scene:willConnectToSession:options:` after `windowScene` is bound (Objective-C).
    func objectiveCLines(indent i: IndentStyle, appDelegate: String, className: String) -> [String] {
        var lines: [String]
        switch source {
        case .factory(_, let factoryProperty):
            lines = [
                "\(i(1))// React Native starts here, in a window of this scene, instead of in didFinishLaunching",
                "\(i(1))// (\(place)), where the window belonged to no scene; the factory stays on the app delegate.",
                "\(i(1))\(className) *appDelegate = \(appDelegate);",
                "\(i(1))RCTReactNativeFactory *factory = appDelegate.\(factoryProperty);",
                "\(i(1))if (!factory) {",
                "\(i(2))return;",
                "\(i(1))}",
            ]
        case .rootViewFactory:
            lines = [
                "\(i(1))// RCTAppDelegate built this window in didFinishLaunching (\(place)), where it belonged to no",
                "\(i(1))// scene; automaticallyLoadReactNativeWindow = NO leaves it to this scene.",
                "\(i(1))\(className) *appDelegate = \(appDelegate);",
                "\(i(1))if (!appDelegate || !appDelegate.moduleName) {",
                "\(i(2))return;",
                "\(i(1))}",
            ]
        }
        lines += [
            "\(i(1))UIWindow *window = [[UIWindow alloc] initWithWindowScene:windowScene];",
            "\(i(1))self.window = window;",
            "\(i(1))appDelegate.window = window;",
        ]
        if !connectionOptionsAPI { lines += objectiveCLaunchOptions(indent: i) }
        switch source {
        case .factory(let moduleName, _):
            let options = connectionOptionsAPI ? "connectionOptions:connectionOptions" : "launchOptions:launchOptions"
            lines.append("\(i(1))[factory startReactNativeWithModuleName:\(moduleName) inWindow:window \(options)];")
        case .rootViewFactory:
            lines += [
                "\(i(1))UIView *rootView = [appDelegate.rootViewFactory viewWithModuleName:appDelegate.moduleName",
                "\(i(1))                                                initialProperties:appDelegate.initialProps",
                "\(i(1))                                                    launchOptions:launchOptions];",
                "\(i(1))UIViewController *rootViewController = [UIViewController new];",
                "\(i(1))rootViewController.view = rootView;",
                "\(i(1))window.rootViewController = rootViewController;",
                "\(i(1))[window makeKeyAndVisible];",
            ]
        }
        return lines
    }

    private func objectiveCLaunchOptions(indent i: IndentStyle) -> [String] {
        [
            "\(i(1))// Linking.getInitialURL() reads the link that launched the app from the launch options.",
            "\(i(1))NSMutableDictionary *launchOptions = [NSMutableDictionary dictionary];",
            "\(i(1))NSURL *url = connectionOptions.URLContexts.anyObject.URL;",
            "\(i(1))if (url) {",
            "\(i(2))launchOptions[UIApplicationLaunchOptionsURLKey] = url;",
            "\(i(1))}",
            "\(i(1))NSUserActivity *userActivity = connectionOptions.userActivities.anyObject;",
            "\(i(1))if (userActivity) {",
            "\(i(2))launchOptions[UIApplicationLaunchOptionsUserActivityDictionaryKey] = @{",
            "\(i(3))UIApplicationLaunchOptionsUserActivityTypeKey : userActivity.activityType,",
            "\(i(3))@\"UIApplicationLaunchOptionsUserActivityKey\" : userActivity,",
            "\(i(2))};",
            "\(i(1))}",
        ]
    }

    /// `scene(_:openURLContexts:)` and `scene(_:continue:)` handing links to `RCTLinkingManager`'s app delegate
    /// methods (the scene ones arrived in 0.88), for those the app delegate does not handle itself.
    func swiftLinking(indent i: IndentStyle, urls: Bool, activities: Bool) -> [[String]] {
        guard linksToLinkingManager else { return [] }
        var methods: [[String]] = []
        if urls {
            methods.append([
                "\(i(1))func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {",
                "\(i(2))for context in URLContexts {",
                "\(i(3))_ = RCTLinkingManager.application(UIApplication.shared, open: context.url, options: [:])",
                "\(i(2))}",
                "\(i(1))}",
            ])
        }
        if activities {
            methods.append([
                "\(i(1))func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {",
                "\(i(2))_ = RCTLinkingManager.application(UIApplication.shared, continue: userActivity, restorationHandler: { _ in })",
                "\(i(1))}",
            ])
        }
        return methods
    }

    func objectiveCLinking(indent i: IndentStyle, urls: Bool, activities: Bool) -> [[String]] {
        guard linksToLinkingManager else { return [] }
        var methods: [[String]] = []
        if urls {
            methods.append([
                "- (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts {",
                "\(i(1))for (UIOpenURLContext *context in URLContexts) {",
                "\(i(2))[RCTLinkingManager application:UIApplication.sharedApplication openURL:context.URL options:@{}];",
                "\(i(1))}",
                "}",
            ])
        }
        if activities {
            methods.append([
                "- (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity {",
                "\(i(1))[RCTLinkingManager application:UIApplication.sharedApplication continueUserActivity:userActivity restorationHandler:^(NSArray<id<UIUserActivityRestoring>> *restoring) {",
                "\(i(1))}];",
                "}",
            ])
        }
        return methods
    }
}
