import Results
import ScanCore

/// App delegate methods UIKit stops calling once the app adopts scenes.
struct AppDelegateCallbackUnreachedRule: Rule {
    static let description = RuleDescription(
        id: "app-delegate-callback-unreached",
        name: "App delegate callback not called under scenes",
        severity: .warning,
        summary: "An app delegate method that UIKit no longer calls once scenes are adopted: its code silently stops running.",
        rationale: """
            With scenes, UIKit sends foreground/background transitions, URLs, user activities, quick actions and \
            CloudKit share acceptances to the scene delegate, not the app delegate. Deep links, universal links, \
            Handoff, quick actions and life-cycle work left in these methods stop without any compiler warning. \
            The UIApplication life-cycle notifications still fire app-wide. An empty method, or one that only \
            forwards to a framework that still gets the event from the scene side (Capacitor 8.5's \
            ApplicationDelegateProxy, RCTLinkingManager or super under a framework scene delegate), is a note.
            """,
        documentation: [AppleDocs.appDelegate, AppleDocs.transitioning, AppleDocs.tn3187],
        fix: "Move the code to the scene delegate method named in the message, and handle the cold-start case from connectionOptions.",
        anchors: ["pplication"],
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
                        ExampleSource.sceneDelegate(
                            connecting: """
                                for context in connectionOptions.urlContexts {
                                    RCTLinkingManager.application(UIApplication.shared, open: context.url, options: [:])
                                }
                                """)
                    )
                ], project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.82.1\"}}\n")],
                note:
                    "The scene delegate hands cold-start links to RCTLinkingManager, not to the app delegate: links while running are lost."
            ),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func ↓application(_ app: UIApplication, open url: URL,
                                     options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        return DeepLinkRouter.shared.open(url)
                    }

                    func ↓applicationDidBecomeActive(_ application: UIApplication) {
                        BadgeCounter.shared.refresh()
                    }
                }
                """),
            Example(files: [
                (
                    "AppDelegate.m",
                    """
                    @implementation AppDelegate
                    - (BOOL)↓application:(UIApplication *)application
                    continueUserActivity:(NSUserActivity *)userActivity
                      restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> *))restorationHandler {
                        return [[Router shared] continueActivity:userActivity];
                    }
                    @end
                    """
                ), ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
            ]),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {}

                extension AppDelegate {
                    func ↓application(_ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem) async -> Bool {
                        await QuickActions.perform(shortcutItem)
                    }
                }
                """, note: "The async form of the quick-action method, in an extension."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func ↓application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        handleDeepLink(url)
                    }
                    func handleDeepLink(_ url: URL) -> Bool { DeepLinkRouter.shared.route(url) }
                }
                """,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                                guard let url = URLContexts.first?.url else { return }
                                _ = (UIApplication.shared.delegate as? AppDelegate)?.handleDeepLink(url)
                            }
                        }
                        """
                    )
                ], note: "A note: the scene delegate does the same work through the same helper, so the method is only dead code."),
            Example(
                files: [
                    (
                        "ReaderApp.swift",
                        """
                        import SwiftUI
                        @main
                        struct ReaderApp: App {
                            @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
                            var body: some Scene {
                                WindowGroup {
                                    ContentView()
                                        .onOpenURL { url in Router.shared.open(url) }
                                }
                            }
                        }
                        """
                    ),
                    (
                        "AppDelegate.swift",
                        """
                        final class AppDelegate: NSObject, UIApplicationDelegate {
                            func ↓application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                                Router.shared.open(url)
                            }
                            func ↓application(_ application: UIApplication, continue userActivity: NSUserActivity,
                                             restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                                Router.shared.continue(userActivity)
                            }
                        }
                        """
                    ),
                ],
                note: "SwiftUI adaptor: .onOpenURL covers the URL method (a note); nothing covers the activity method (a warning)."),
            Example(
                files: [
                    (
                        "ReaderApp.swift",
                        """
                        import SwiftUI
                        @main
                        struct ReaderApp: App {
                            @Environment(\\.scenePhase) private var scenePhase
                            @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
                            var body: some Scene {
                                WindowGroup { ContentView() }
                            }
                        }
                        """
                    ),
                    (
                        "LifeCycleApp.swift",
                        """
                        import SwiftUI
                        struct LifeCycleApp: App {
                            @Environment(\\.scenePhase) private var scenePhase
                            var body: some Scene {
                                WindowGroup { ContentView() }
                                    .onChange(of: scenePhase) { phase in print(phase) }
                            }
                        }
                        """
                    ),
                    (
                        "AppDelegate.swift",
                        """
                        final class AppDelegate: NSObject, UIApplicationDelegate {
                            func ↓applicationDidBecomeActive(_ application: UIApplication) { Sync.shared.start() }
                            func ↓applicationDidEnterBackground(_ application: UIApplication) { Store.shared.save() }
                        }
                        """
                    ),
                ],
                note: """
                    SwiftUI adaptor: the App declares the scene phase but never observes it, and the App that does is not \
                    the entry point, so nothing runs the life-cycle work (warnings).
                    """),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "AppDelegate.m",
                        """
                        @implementation AppDelegate
                        - (void)applicationDidBecomeActive:(UIApplication *)application { [self.player resume]; }
                        @end
                        """
                    ),
                    ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)sceneDidBecomeActive:(UIScene *)scene {
                            AppDelegate *appDelegate = (AppDelegate *)UIApplication.sharedApplication.delegate;
                            [appDelegate applicationDidBecomeActive:UIApplication.sharedApplication];
                        }
                        @end
                        """
                    ),
                    ("SceneDelegate.h", "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"),
                ], infoPlist: .objcScenes, note: "The scene delegate forwards to it, so it still runs."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        true
                    }
                    func applicationWillTerminate(_ application: UIApplication) { Store.shared.flush() }
                }
                """),
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func sceneDidBecomeActive(_ scene: UIScene) { BadgeCounter.shared.refresh() }
                    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
                }
                final class Router {
                    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { true }
                }
                """, file: "SceneDelegate.swift", note: "Only the app delegate's methods go dead."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                                     restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                        Handoff.shared.resume(userActivity)
                    }
                }
                """,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                                ActivityForwarder.forward(userActivity)
                            }
                        }
                        enum ActivityForwarder {
                            static func forward(_ activity: NSUserActivity) {
                                let delegate = UIApplication.shared.delegate as? AppDelegate
                                _ = delegate?.application(UIApplication.shared, continue: activity, restorationHandler: { _ in })
                            }
                        }
                        """
                    )
                ], note: "The scene delegate reaches the app delegate's method through a helper of its own."),
            Example(
                files: [
                    (
                        "ReaderApp.swift",
                        """
                        import SwiftUI
                        @main
                        struct ReaderApp: App {
                            @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
                            var body: some Scene {
                                WindowGroup {
                                    ContentView()
                                        .onContinueUserActivity("com.example.reader.article") { activity in
                                            _ = appDelegate.application(UIApplication.shared, continue: activity, restorationHandler: { _ in })
                                        }
                                }
                            }
                        }
                        """
                    ),
                    (
                        "AppDelegate.swift",
                        """
                        final class AppDelegate: NSObject, UIApplicationDelegate {
                            func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                                             restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                                Router.shared.continue(userActivity)
                            }
                        }
                        """
                    ),
                ], note: "SwiftUI adaptor: the App's .onContinueUserActivity calls the app delegate's method, so its code still runs."),
            Example(
                files: [
                    (
                        "ReaderApp.swift",
                        """
                        import SwiftUI
                        @main
                        struct ReaderApp: App {
                            @Environment(\\.scenePhase) private var phase
                            @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
                            var body: some Scene {
                                WindowGroup { ContentView() }
                                    .onChange(of: phase) { _, newPhase in
                                        if newPhase == .active { appDelegate.applicationDidBecomeActive(UIApplication.shared) }
                                    }
                            }
                        }
                        """
                    ),
                    (
                        "AppDelegate.swift",
                        """
                        final class AppDelegate: NSObject, UIApplicationDelegate {
                            func applicationDidBecomeActive(_ application: UIApplication) { Sync.shared.start() }
                        }
                        """
                    ),
                ], note: "SwiftUI adaptor: the App observes the scene phase and calls the app delegate's method itself."),
        ])

    /// Classes whose methods share the app delegate's names without being it.
    static let frameworkReceivers: Set<String> = [
        "RCTLinkingManager", "ApplicationDelegateProxy", "SceneDelegateProxy", "RNBranch", "Branch", "GIDSignIn", "ApplicationDelegate",
        "FBSDKApplicationDelegate", "AppsFlyerLib", "AppsFlyerAttribution", "super",
    ]

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        // A scene delegate that calls the app delegate's method, directly or through the app's helpers, keeps it
        // alive (a forwarding bridge). Calls into a framework handler of the same name
        // (RCTLinkingManager.application(_:open:options:)) are not that.
        let sceneSide = SceneSideCalls(facts, skipping: Self.frameworkReceivers)
        let swiftUI = facts.isSwiftUIApp ? SwiftUIEventModifiers(facts) : nil
        var findings: [Finding] = []
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            let function = facts.function(reference)
            guard function.kind == .function || function.kind == .objcMethod,
                let callback = AppDelegateCallback.matching(function.signature),
                sceneSide.reached[function.signature] == nil,
                // The SwiftUI App calls it through its adaptor (`.onOpenURL { appDelegate.application(…) }`).
                swiftUI?.adaptorCalls[function.signature] == nil
            else { continue }
            let trivial = CodeQuery.isTrivial(function, in: file)
            let forwarding = FrameworkForwarding.handlers(of: function, in: file)
            let sceneAware = forwarding.map { FrameworkForwarding.isSceneAware($0, of: function, facts) } == true
            // The scene side does the same work through the same helpers, or SwiftUI delivers the event.
            let shared = trivial ? nil : sceneSide.sharedWork(of: function, in: file, skipping: Self.frameworkReceivers)
            let modifier = swiftUI?.covering(callback)
            let quiet = trivial || sceneAware || shared != nil || modifier != nil
            let name = file.language == .swift ? callback.displayName : callback.objc
            let replacement = (swiftUI != nil ? SwiftUIEventModifiers.replacement(for: callback) : nil) ?? callback.replacement
            var message = "\(name) is not called once the app adopts scenes: use \(replacement)"
            if trivial {
                message += " (the method does nothing of its own here)"
            } else if sceneAware, let forwarding {
                message +=
                    " (it only forwards to \(forwarding.sorted().joined(separator: " and ")), which gets the event from the scene side)"
            } else if let shared {
                message += " (the scene side already does its work: \(shared.call.from) calls \(shared.helper) at \(shared.call.place))"
            } else if let modifier {
                message += " (\(modifier) already receives it: the method is dead code)"
            }
            findings.append(finding(context, message, in: file, token: function.nameToken, severity: quiet ? .note : nil))
        }
        return findings
    }
}
