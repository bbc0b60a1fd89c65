import Results
import ScanCore

/// Link handling the app relied on, left on app delegate methods UIKit no longer calls.
struct LinksNotForwardedRule: Rule {
    /// Calls in app-delegate URL/activity methods that hand links to a framework or plugin.
    static let appDelegateHandlers: Set<String> = [
        "RCTLinkingManager", "ApplicationDelegateProxy", "CDVPluginHandleOpenURLNotification", "CDVPluginHandleOpenURL",
    ]
    /// The same on the scene side.
    static let sceneHandlers: Set<String> = [
        "RCTLinkingManager", "SceneDelegateProxy", "CDVPluginHandleOpenURLNotification", "CDVPluginHandleOpenURL",
    ]
    /// Framework scene delegates that forward links themselves.
    static let forwardingSceneBases: Set<String> = [
        "FlutterSceneDelegate", "ExpoAppSceneDelegate", "EXExpoAppSceneDelegate", "CDVSceneDelegate", "RCTSceneDelegate",
    ]
    static let linkCallbacks: Set<String> = [
        "application(_:open:options:)", "application:openURL:options:", "application(_:continue:restorationHandler:)",
        "application:continueUserActivity:restorationHandler:", "application(_:handleOpen:)", "application:handleOpenURL:",
        "application(_:open:sourceApplication:annotation:)", "application:openURL:sourceApplication:annotation:",
    ]

    static let description = RuleDescription(
        id: "links-not-forwarded",
        name: "Links not forwarded to the scene",
        severity: .warning,
        summary:
            "The app adopted scenes, but hands URLs and user activities to its framework (RCTLinkingManager, Capacitor's proxy) only from app delegate methods UIKit no longer calls.",
        rationale: """
            After adopting scenes, deep links and universal links arrive in scene(_:openURLContexts:) and \
            scene(_:continue:), or in connectionOptions at launch. React Native's RCTLinkingManager, Capacitor's \
            ApplicationDelegateProxy and Cordova's open-URL notification were fed from the app delegate's \
            application(_:open:options:) and application(_:continue:restorationHandler:); left there, the JavaScript \
            side never hears of a link. The framework's scene delegates (RCTSceneDelegate, FlutterSceneDelegate, \
            ExpoAppSceneDelegate, CDVSceneDelegate) and SceneDelegateProxy forward them. Flutter plugins hear of \
            scene events only through FlutterSceneDelegate or a FlutterSceneLifeCycleProvider, so a hand-written \
            Flutter scene delegate cuts them off.
            """,
        documentation: [AppleDocs.tn3187, AppleDocs.connectionOptions],
        fix:
            "Forward from the scene delegate: RCTLinkingManager.scene(_:openURLContexts:) / scene(_:continue:), SceneDelegateProxy.shared, or subclass the framework's scene delegate.",
        anchors: ["RCTLinkingManager", "ApplicationDelegateProxy", "CDVPluginHandleOpenURL"],
        triggering: [
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func ↓application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        RCTLinkingManager.application(app, open: url, options: options)
                    }
                }
                """,
                also: [
                    (
                        "SceneDelegate.swift",
                        ExampleSource.sceneDelegate()
                    )
                ],
                project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.85.0\"}}\n")]),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            "\t\t\t\t\t<key>UISceneDelegateClassName</key>\n\t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>"
                        )
                    ),
                    ("AppDelegate.swift", "@main @objc class AppDelegate: FlutterAppDelegate, FlutterImplicitEngineDelegate {}"),
                    (
                        "SceneDelegate.swift",
                        """
                        class ↓SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            var window: UIWindow?
                            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                                guard let windowScene = scene as? UIWindowScene else { return }
                                window = UIWindow(windowScene: windowScene)
                                window?.rootViewController = FlutterViewController(project: nil, nibName: nil, bundle: nil)
                                window?.makeKeyAndVisible()
                            }
                        }
                        """
                    ),
                ],
                project: [
                    ("pubspec.yaml", "name: tide\nenvironment:\n  flutter: \">=3.38.0\"\ndependencies:\n  flutter:\n    sdk: flutter\n")
                ]),
        ],
        nonTriggering: [
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        RCTLinkingManager.application(app, open: url, options: options)
                    }
                }
                """,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                                RCTLinkingManager.scene(scene, openURLContexts: URLContexts)
                            }
                        }
                        """
                    )
                ],
                project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.88.0\"}}\n")]),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            "\t\t\t\t\t<key>UISceneDelegateClassName</key>\n\t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>"
                        )
                    ),
                    ("AppDelegate.swift", "@main @objc class AppDelegate: FlutterAppDelegate, FlutterImplicitEngineDelegate {}"),
                    ("SceneDelegate.swift", "class SceneDelegate: FlutterSceneDelegate {}"),
                ],
                project: [
                    ("pubspec.yaml", "name: tide\nenvironment:\n  flutter: \">=3.38.0\"\ndependencies:\n  flutter:\n    sdk: flutter\n")
                ],
                note: "The Flutter 3.38 template's scene delegate forwards to plugins."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                                     restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                        ApplicationDelegateProxy.shared.application(application, continue: userActivity, restorationHandler: restorationHandler)
                    }
                }
                """,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) { forward(userActivity) }
                            private func forward(_ activity: NSUserActivity) {
                                let appDelegate = UIApplication.shared.delegate as? AppDelegate
                                _ = appDelegate?.application(UIApplication.shared, continue: activity, restorationHandler: { _ in })
                            }
                        }
                        """
                    )
                ], project: [("package.json", "{\"dependencies\": {\"@capacitor/ios\": \"8.3.1\"}}\n")],
                note: "The scene delegate hands activities back to the app delegate's method through a helper."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        flutterSceneDelegates(context)
            + Self.unforwarded(context.facts).map { reference in
                let function = context.facts.function(reference)
                return finding(
                    context,
                    "\(function.signature) hands links to the framework, but UIKit stops calling it once scenes are adopted and the scene delegate does not forward them: "
                        + "deep links never reach the app; forward them from scene(_:openURLContexts:) and scene(_:continue:)",
                    in: context.facts.file(reference), token: function.nameToken)
            }
    }

    /// Flutter hands scene events (links, activities, quick actions) to plugins through FlutterSceneDelegate,
    /// or a class adopting FlutterSceneLifeCycleProvider; any other scene delegate leaves plugins deaf.
    private func flutterSceneDelegates(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        guard facts.framework.kind == .flutter, facts.hasAdoptedScenes else { return [] }
        var findings: [Finding] = []
        for name in facts.sceneDelegateNames.sorted() {
            let ancestors = facts.ancestors(of: name)
            if ancestors.contains("FlutterSceneDelegate") || ancestors.contains("FlutterSceneLifeCycleProvider") { continue }
            guard let reference = facts.declarations[name]?.first else { continue }
            let file = facts.files[reference.file]
            findings.append(
                finding(
                    context,
                    "\(name) neither subclasses FlutterSceneDelegate nor adopts FlutterSceneLifeCycleProvider: Flutter plugins "
                        + "(deep links, notifications, sign-in) never receive scene events; subclass FlutterSceneDelegate",
                    in: file, token: facts.type(reference).nameToken))
        }
        return findings
    }

    /// What an app-delegate link callback receives, and the scene methods that receive it instead.
    enum LinkKind {
        case url, activity

        init(signature: String) {
            self = signature.contains("continue") ? .activity : .url
        }

        var sceneMethods: Set<String> {
            switch self {
            case .url: return ["scene(_:openURLContexts:)", "scene:openURLContexts:"]
            case .activity: return ["scene(_:continue:)", "scene:continueUserActivity:"]
            }
        }
    }

    /// Whether links of a kind reach the framework from the scene side: the framework's own scene delegate
    /// (named in the manifest or a base class of the app's), or the scene method for that kind calling a
    /// framework handler.
    static func sceneSideForwards(_ kind: LinkKind, _ facts: AppFacts) -> Bool {
        let manifestClasses = facts.app.infoPlists.flatMap { AppFacts.configurations(of: $0).compactMap(\.delegateClass) }
            .map(AppFacts.className(fromManifest:))
        if manifestClasses.contains(where: forwardingSceneBases.contains) { return true }
        for name in facts.sceneDelegateNames where !facts.ancestors(of: name).isDisjoint(with: forwardingSceneBases) { return true }
        for reference in facts.sceneDelegateMethods where kind.sceneMethods.contains(facts.function(reference).signature) {
            let file = facts.file(reference)
            let body = facts.function(reference).body
            if body.contains(where: { file.isIdentifier($0) && sceneHandlers.contains(file.text($0)) }) { return true }
        }
        return false
    }

    /// App-delegate link methods feeding a framework handler, when nothing on the scene side does.
    static func unforwarded(_ facts: AppFacts) -> [FunctionRef] {
        guard facts.hasAdoptedScenes, !facts.isSwiftUIApp else { return [] }
        // The scene delegate calling the app delegate's method (directly or through its helpers) keeps it fed.
        let sceneSide = SceneSideCalls(facts, skipping: AppDelegateCallbackUnreachedRule.frameworkReceivers)
        return facts.appDelegateMethods.filter { reference in
            let function = facts.function(reference)
            guard linkCallbacks.contains(function.signature), !sceneSideForwards(LinkKind(signature: function.signature), facts),
                sceneSide.reached[function.signature] == nil
            else {
                return false
            }
            let file = facts.file(reference)
            return function.body.contains { file.isIdentifier($0) && appDelegateHandlers.contains(file.text($0)) }
        }
    }
}
