import Results
import ScanCore

/// SDK calls that live only in app delegate callbacks UIKit stops calling under scenes.
struct ThirdPartySDKHookRule: Rule {
    struct SDK {
        let name: String
        /// The identifier that marks a call, and optionally the identifier that must follow it (`.` skipped).
        let marks: [(String, String?)]
        let sceneEntry: String
        /// The SDK's rows in the dependency readiness table (its pod, Swift package, plugin or npm module):
        /// when the app resolves one below its scene-aware release, the message says to upgrade as well.
        var readiness: [String] = []
    }

    static let sdks = [
        SDK(
            name: "Facebook SDK", marks: [("ApplicationDelegate", "shared"), ("FBSDKApplicationDelegate", nil)],
            sceneEntry: "call ApplicationDelegate.shared.application(_:open:sourceApplication:annotation:) from scene(_:openURLContexts:)",
            readiness: ["FBSDKShareKit", "facebook-ios-sdk"]),
        SDK(
            name: "Google Sign-In", marks: [("GIDSignIn", nil)],
            sceneEntry: "call GIDSignIn.sharedInstance.handle(_:) from scene(_:openURLContexts:)", readiness: ["google_sign_in_ios"]),
        SDK(
            // react-native-branch wraps the SDK as RNBranch.
            name: "Branch", marks: [("Branch", "getInstance"), ("RNBranch", nil)],
            sceneEntry: "use BranchScene.shared() from the scene delegate's willConnectTo, openURLContexts and continue methods",
            readiness: ["Branch", "flutter_branch_sdk"]),
        SDK(
            // react-native-appsflyer forwards through AppsFlyerAttribution.
            name: "AppsFlyer", marks: [("AppsFlyerLib", nil), ("AppsFlyerAttribution", nil)],
            sceneEntry: "start AppsFlyer on UIApplication.didBecomeActiveNotification and pass URLs and activities from the scene delegate",
            readiness: ["appsflyer_sdk"]),
        SDK(
            name: "Adjust", marks: [("Adjust", nil)],
            sceneEntry: "process deep links from scene(_:openURLContexts:), scene(_:continue:) and connectionOptions"),
        SDK(
            name: "Airbridge", marks: [("Airbridge", nil), ("AirBridge", nil)],
            sceneEntry: "track deep links from scene(_:openURLContexts:), scene(_:continue:) and connectionOptions"),
        SDK(
            name: "Firebase Dynamic Links", marks: [("DynamicLinks", nil), ("FIRDynamicLinks", nil)],
            sceneEntry: "handle universal links from scene(_:continue:) and connectionOptions.userActivities",
            readiness: ["FirebaseDynamicLinks", "firebase_dynamic_links", "@react-native-firebase/dynamic-links"]),
    ]

    static let description = RuleDescription(
        id: "third-party-sdk-hook",
        name: "SDK hooked into an app delegate callback",
        severity: .warning,
        summary:
            "A third-party SDK (Facebook, Google Sign-In, Branch, AppsFlyer, Adjust, Airbridge, Firebase Dynamic Links) is called only from app delegate callbacks that stop under scenes.",
        rationale: """
            Login callbacks, attribution and deep-link SDKs are often wired into application(_:open:options:), \
            application(_:continue:restorationHandler:) or applicationDidBecomeActive. Under scenes UIKit no longer \
            calls those methods, so sign-in redirects, install attribution and deferred deep links stop working \
            with no error. Each SDK documents a scene-delegate entry point.
            """,
        documentation: [AppleDocs.transitioning, AppleDocs.tn3187],
        fix:
            "Call the SDK's scene-aware entry point from the scene delegate (named in the message), and handle cold starts from connectionOptions.",
        anchors: ["ApplicationDelegate", "GIDSignIn", "Branch", "AppsFlyer", "Adjust", "Airbridge", "AirBridge", "DynamicLinks"],
        triggering: [
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ app: UIApplication, open url: URL,
                                     options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        if ↓GIDSignIn.sharedInstance.handle(url) { return true }
                        return ↓ApplicationDelegate.shared.application(app, open: url,
                            sourceApplication: options[.sourceApplication] as? String, annotation: options[.annotation])
                    }
                }
                """),
            Example(files: [
                (
                    "AppDelegate.m",
                    """
                    @implementation AppDelegate
                    - (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity
                     restorationHandler:(void (^)(NSArray *))restorationHandler {
                        return [[↓Branch getInstance] continueUserActivity:userActivity];
                    }
                    @end
                    """
                ), ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
            ]),
            Example(
                files: [
                    (
                        "AppDelegate.m",
                        """
                        @implementation AppDelegate
                        - (BOOL)application:(UIApplication *)app openURL:(NSURL *)url options:(NSDictionary *)options {
                            return [[↓Branch getInstance] application:app openURL:url options:options];
                        }
                        @end
                        """
                    ), ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
                    ("../Podfile.lock", "PODS:\n  - Branch (0.31.3)\n\nCOCOAPODS: 1.15.2\n"),
                ], note: "With Podfile.lock resolving Branch below 0.33.0, the message also says to upgrade it."),
            Example(
                """
                @main
                class AppDelegate: ExpoAppDelegate {
                    override func application(_ app: UIApplication, open url: URL,
                                              options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        ↓RNBranch.application(app, open: url, options: options)
                        return super.application(app, open: url, options: options)
                    }
                    override func application(_ application: UIApplication, continue userActivity: NSUserActivity,
                                              restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
                        ↓RNBranch.continue(userActivity)
                        return super.application(application, continue: userActivity, restorationHandler: restorationHandler)
                    }
                }
                """, note: "React Native apps reach Branch through react-native-branch's RNBranch."),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "AppDelegate.m",
                        """
                        @implementation AppDelegate
                        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                            [[Branch getInstance] initSessionWithLaunchOptions:launchOptions];
                            return YES;
                        }
                        @end
                        """
                    ), ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
                ], note: "Only callbacks UIKit stops calling count."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ app: UIApplication, open url: URL,
                                     options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                        GIDSignIn.sharedInstance.handle(url)
                    }
                }
                """,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
                                URLContexts.forEach { _ = GIDSignIn.sharedInstance.handle($0.url) }
                            }
                        }
                        """
                    )
                ], note: "The scene delegate calls the SDK too."),
            Example(
                ExampleSource.appDelegate(
                    launching: """
                        ApplicationDelegate.shared.application(application, didFinishLaunchingWithOptions: launchOptions)
                        """), note: "didFinishLaunching still runs under scenes."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        let callbacks = facts.appDelegateMethods.filter { AppDelegateCallback.matching(facts.function($0).signature) != nil }
        guard !callbacks.isEmpty else { return [] }
        var findings: [Finding] = []
        let lagging = DependencyReadiness.statuses(of: context.app, in: context.workspace).filter(\.isBlocking)
        for sdk in Self.sdks {
            if callsSDKOutsideAppDelegate(sdk, facts) { continue }
            for reference in callbacks {
                let file = facts.file(reference)
                let function = facts.function(reference)
                guard let callback = AppDelegateCallback.matching(function.signature),
                    let call = firstCall(of: sdk, in: function.body, of: file)
                else { continue }
                let method = file.language == .swift ? callback.displayName : callback.objc
                findings.append(
                    finding(
                        context,
                        "\(sdk.name) is called from \(method), which UIKit stops calling under scenes: \(sdk.sceneEntry)"
                            + Self.upgradeNote(sdk, lagging: lagging),
                        in: file, token: call))
            }
        }
        return findings
    }

    /// "; and upgrade Branch 0.31.3 to 0.33.0 or later (it has no scene entry point before)" when the
    /// lockfile lags behind the entry point the message names.
    static func upgradeNote(_ sdk: SDK, lagging: [DependencyStatus]) -> String {
        guard let status = lagging.first(where: { sdk.readiness.contains($0.name) }) else { return "" }
        if let first = status.sceneAware {
            return "; and upgrade \(status.package) \(status.resolved) to \(first) or later (\(status.file))"
        }
        return "; \(status.package) has no scene-aware release (\(status.file))"
    }

    private func firstCall(of sdk: SDK, in range: Range<Int>, of file: SourceFile) -> Int? {
        range.first { index in
            sdk.marks.contains { mark in
                guard file.is(index, text: mark.0) else { return false }
                guard let next = mark.1 else { return true }
                let following = file.isPunctuation(index + 1, UInt8(ascii: ".")) ? index + 2 : index + 1
                return file.is(following, text: next)
            }
        }
    }

    /// The SDK is already reached from a scene delegate or a SwiftUI URL handler.
    private func callsSDKOutsideAppDelegate(_ sdk: SDK, _ facts: AppFacts) -> Bool {
        for reference in facts.sceneDelegateMethods {
            if firstCall(of: sdk, in: facts.function(reference).body, of: facts.file(reference)) != nil { return true }
        }
        for file in facts.files where file.mentions("onOpenURL") || file.mentions("onContinueUserActivity") {
            if firstCall(of: sdk, in: file.tokens.indices, of: file) != nil { return true }
        }
        return false
    }
}
