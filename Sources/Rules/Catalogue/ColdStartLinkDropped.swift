import ScanCore

/// A scene delegate that handles links while running but drops the one that launched the app.
struct ColdStartLinkDropped: Rule {
    /// A running-app handler and the connection option that carries the same event at cold start.
    struct Pair {
        let handlers: [String]
        let option: [String]
        let handlerName: String
        let optionName: String
    }

    static let pairs = [
        Pair(
            handlers: ["scene(_:openURLContexts:)", "scene:openURLContexts:"], option: ["urlContexts", "URLContexts"],
            handlerName: "scene(_:openURLContexts:)", optionName: "connectionOptions.urlContexts"),
        Pair(
            handlers: ["scene(_:continue:)", "scene:continueUserActivity:"], option: ["userActivities", "handoffUserActivityType"],
            handlerName: "scene(_:continue:)", optionName: "connectionOptions.userActivities"),
        Pair(
            handlers: [
                "windowScene(_:performActionFor:completionHandler:)", "windowScene(_:performActionFor:)",
                "windowScene:performActionForShortcutItem:completionHandler:",
            ],
            option: ["shortcutItem"],
            handlerName: "windowScene(_:performActionFor:completionHandler:)", optionName: "connectionOptions.shortcutItem"),
    ]

    static let description = RuleDescription(
        id: "cold-start-link-dropped",
        name: "Cold-start link dropped",
        severity: .warning,
        summary:
            "The scene delegate handles URLs, activities or quick actions while running but ignores them in connectionOptions at launch.",
        rationale: """
            When a link, user activity or quick action launches the app, UIKit does not call \
            scene(_:openURLContexts:), scene(_:continue:) or windowScene(_:performActionFor:completionHandler:); it \
            passes the event in the connectionOptions of scene(_:willConnectTo:options:). A scene delegate that \
            handles only the running case silently loses the link that opened the app. The same holds for a \
            hand-written React Native scene delegate (before 0.88): the launch options it gives the root view no \
            longer carry the URL, so Linking.getInitialURL() resolves to null unless the link is copied over from \
            connectionOptions.
            """,
        documentation: [AppleDocs.connectionOptions, AppleDocs.tn3187, AppleDocs.respondingToLaunch],
        fix:
            "In scene(_:willConnectTo:options:), route connectionOptions.urlContexts, userActivities and shortcutItem the way the running-app handlers do.",
        anchors: ["SceneDelegate"],
        triggering: [
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?

                    func ↓scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        window = UIWindow(windowScene: windowScene)
                        window?.makeKeyAndVisible()
                    }

                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                        URLContexts.forEach { DeepLinkRouter.shared.open($0.url) }
                    }
                }
                """, file: "SceneDelegate.swift"),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)↓scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                        }
                        - (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity {
                            [[Router shared] continueActivity:userActivity];
                        }
                        @end
                        """
                    ), ("SceneDelegate.h", "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"),
                ],
                infoPlist: .objcScenes),
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?

                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        let delegate = UIApplication.shared.delegate as! AppDelegate
                        let rootView = delegate.reactNativeFactory.rootViewFactory.↓view(
                            withModuleName: "Shop", initialProperties: nil, launchOptions: nil)
                        window = UIWindow(windowScene: windowScene)
                        window?.rootViewController = UIViewController()
                        window?.rootViewController?.view = rootView
                        window?.makeKeyAndVisible()
                    }
                }
                """, file: "SceneDelegate.swift", project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.80.1\"}}\n")]),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            NSURL *url = connectionOptions.URLContexts.anyObject.URL;
                            if (url) { [[Router shared] openURL:url]; }
                        }
                        - (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts {
                            [[Router shared] openURL:URLContexts.anyObject.URL];
                        }
                        @end
                        """
                    ), ("SceneDelegate.h", "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"),
                ], infoPlist: .objcScenes),
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        if let url = connectionOptions.urlContexts.first?.url { DeepLinkRouter.shared.open(url) }
                    }
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                        URLContexts.forEach { DeepLinkRouter.shared.open($0.url) }
                    }
                }
                """, file: "SceneDelegate.swift"),
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        LaunchRouter.shared.handle(connectionOptions)
                    }
                    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                        LaunchRouter.shared.handle(userActivity)
                    }
                }
                """, file: "SceneDelegate.swift", note: "The options are handed to code that may read them."),
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?

                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        var launchOptions: [UIApplication.LaunchOptionsKey: Any] = [:]
                        if let url = connectionOptions.urlContexts.first?.url { launchOptions[.url] = url }
                        let delegate = UIApplication.shared.delegate as! AppDelegate
                        let rootView = delegate.reactNativeFactory.rootViewFactory.view(
                            withModuleName: "Shop", initialProperties: nil, launchOptions: launchOptions)
                        window = UIWindow(windowScene: windowScene)
                        window?.rootViewController = UIViewController()
                        window?.rootViewController?.view = rootView
                        window?.makeKeyAndVisible()
                    }
                }
                """, file: "SceneDelegate.swift", project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.80.1\"}}\n")],
                note: "The launch link is copied from connectionOptions into the root view's launch options."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        var findings: [Finding] = []
        for name in facts.sceneDelegateNames.sorted() {
            let methods = facts.methods(of: [name])
            let connect = facts.connectMethod(of: [name])
            for pair in Self.pairs {
                guard let handler = methods.first(where: { pair.handlers.contains(facts.function($0).signature) }) else { continue }
                guard let connect else {
                    // Without its own willConnectTo, a framework superclass may do the work.
                    if !facts.ancestors(of: name).isDisjoint(with: AppFacts.windowBuildingSceneBases) { continue }
                    let file = facts.file(handler)
                    findings.append(
                        finding(
                            context,
                            "\(name) handles \(pair.handlerName) but has no scene(_:willConnectTo:options:) reading \(pair.optionName): a launch through it is lost",
                            in: file, token: facts.function(handler).nameToken))
                    continue
                }
                let file = facts.file(connect)
                let function = facts.function(connect)
                if reads(pair.option, in: function, of: file) || handsOff(function, in: file) { continue }
                findings.append(
                    finding(
                        context,
                        "\(name) handles \(pair.handlerName) but scene(_:willConnectTo:options:) ignores \(pair.optionName): "
                            + "the event that launches the app is lost",
                        in: file, token: function.nameToken))
            }
        }
        // One finding per scene delegate: the React Native case adds nothing when the pair check spoke.
        let reported = Set(findings.map(\.file))
        findings += reactNativeRootViews(context).filter { !reported.contains($0.file) }
        return findings
    }

    /// Calls that build a React Native root view; the launch options they get become Linking.getInitialURL().
    static let rootViewCalls: Set<String> = [
        "RCTRootView", "createRootViewWithBridge", "RCTAppSetupDefaultRootView", "initWithBridge", "startReactNative",
        "startReactNativeWithModuleName", "viewWithModuleName",
    ]

    /// A hand-written React Native scene delegate (before 0.88's connectionOptions API) that builds the root
    /// view without the link that launched the app: under scenes, launch options never carry it.
    private func reactNativeRootViews(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        guard facts.framework.kind == .reactNative || facts.framework.kind == .expo else { return [] }
        var findings: [Finding] = []
        for name in facts.sceneDelegateNames.sorted() {
            guard let connect = facts.connectMethod(of: [name]) else { continue }
            let file = facts.file(connect)
            let function = facts.function(connect)
            let body = WindowCreation.body(function)
            let viewCall = body.first { index in
                guard file.isIdentifier(index) else { return false }
                let text = file.text(index)
                // `rootViewFactory.view(withModuleName:...)` spells the call `view`.
                if text == "view", file.isPunctuation(index + 1, UInt8(ascii: "(")), file.is(index + 2, "withModuleName") { return true }
                return Self.rootViewCalls.contains(text)
            }
            guard let viewCall else { continue }
            if reads(["urlContexts", "URLContexts", "userActivities"], in: function, of: file) || handsOff(function, in: file) { continue }
            findings.append(
                finding(
                    context,
                    "\(name) builds the React Native root view without connectionOptions.urlContexts or userActivities: "
                        + "under scenes launch options carry no link, so Linking.getInitialURL() is null when a link opens the app",
                    in: file, token: viewCall))
        }
        return findings
    }

    private func reads(_ options: [String], in function: FunctionDeclaration, of file: SourceFile) -> Bool {
        let body = WindowCreation.body(function)
        return body.contains { index in options.contains { file.is(index, text: $0) } }
    }

    /// Passing the options object on (or calling super) leaves the handling to code we do not follow.
    private func handsOff(_ function: FunctionDeclaration, in file: SourceFile) -> Bool {
        guard let options = function.parameters.first(where: { file.typeText(of: $0).contains("ConnectionOptions") })?.name else {
            return true
        }
        for index in WindowCreation.body(function) {
            if file.is(index, "super") { return true }
            if file.is(index, text: options), !file.isPunctuation(index + 1, UInt8(ascii: ".")) { return true }
        }
        return false
    }
}
