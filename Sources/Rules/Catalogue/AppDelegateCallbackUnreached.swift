import ScanCore

/// App delegate methods UIKit stops calling once the app adopts scenes.
struct AppDelegateCallbackUnreached: Rule {
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
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        // A scene delegate that calls the app delegate's method keeps it alive (a forwarding bridge).
        var forwarded: Set<String> = []
        for reference in facts.sceneDelegateMethods {
            forwarded.formUnion(CodeQuery.calledSignatures(in: WindowCreation.body(facts.function(reference)), of: facts.file(reference)))
        }
        var findings: [Finding] = []
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            let function = facts.function(reference)
            guard function.kind == .function || function.kind == .objcMethod,
                let callback = AppDelegateCallback.matching(function.signature),
                !forwarded.contains(function.signature)
            else { continue }
            let forwarding = FrameworkForwarding.handlers(of: function, in: file)
            let quiet =
                CodeQuery.isTrivial(function, in: file)
                || forwarding.map { FrameworkForwarding.isSceneAware($0, of: function, facts) } == true
            let name = file.language == .swift ? callback.displayName : callback.objc
            var message = "\(name) is not called once the app adopts scenes: use \(callback.replacement)"
            if quiet { message += " (the method does nothing of its own here)" }
            findings.append(finding(context, message, in: file, token: function.nameToken, severity: quiet ? .note : nil))
        }
        return findings
    }
}
