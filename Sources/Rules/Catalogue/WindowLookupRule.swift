import Results
import ScanCore

/// Global window lookups that ignore scenes.
struct WindowLookupRule: Rule {
    static let description = RuleDescription(
        id: "window-lookup",
        name: "Window looked up globally",
        severity: .warning,
        summary: "Code finds the window through UIApplication.shared.keyWindow, .windows or the app delegate's window.",
        rationale: """
            keyWindow (deprecated in iOS 13) returns a key window across all connected scenes, windows (deprecated \
            in iOS 15) mixes every scene's windows, and the app delegate's window is nil or stale once the scene \
            delegate owns the window. Code that presents alerts, measures safe areas or finds the root view \
            controller this way breaks or picks the wrong scene under the scene life cycle.
            """,
        documentation: [AppleDocs.keyWindow, AppleDocs.windows, AppleDocs.sceneKeyWindow, AppleDocs.appDelegateWindow],
        fix: "Use view.window, the key window of the view's UIWindowScene, or the scene delegate's window.",
        anchors: ["keyWindow", "windows", "window"],
        triggering: [
            Example(
                """
                enum Alerts {
                    static func present(_ alert: UIAlertController) {
                        UIApplication.shared.↓keyWindow?.rootViewController?.present(alert, animated: true)
                        let top = UIApplication.shared.↓windows.first { $0.isKeyWindow }
                        let delegateWindow = UIApplication.shared.delegate?.↓window
                        let appWindow = (UIApplication.shared.delegate as? AppDelegate)?.↓window
                    }
                }
                """, file: "Alerts.swift"),
            Example(
                files: [
                    (
                        "Player.m",
                        """
                        @implementation Player
                        - (UIView *)hostView {
                            UIWindow *a = [[[UIApplication sharedApplication] delegate] ↓window];
                            return [[(TLYAppDelegate *)[[UIApplication sharedApplication] delegate] ↓window] rootViewController].view;
                        }
                        @end
                        """
                    )
                ], note: "All-bracket messages and casts to the app's delegate class."),
            Example(
                """
                extension UIApplication {
                    var mainWindow: UIWindow? { delegate?.↓window ?? nil }
                }
                """, file: "UIApplication+Window.swift"),
            Example(files: [
                (
                    "HUD.m",
                    """
                    @implementation HUD
                    + (UIView *)hostView {
                        UIWindow *window = [UIApplication sharedApplication].↓keyWindow;
                        UIWindow *first = [[[UIApplication sharedApplication] ↓windows] firstObject];
                        return [[UIApplication sharedApplication].delegate ↓window];
                    }
                    @end
                    """
                )
            ]),
            Example(
                """
                import Flutter
                import UIKit

                @main
                @objc class AppDelegate: FlutterAppDelegate {
                    override func application(_ application: UIApplication,
                                              didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        let controller = ↓window?.rootViewController as! FlutterViewController
                        let channel = FlutterMethodChannel(name: "tide/battery", binaryMessenger: controller.binaryMessenger)
                        channel.setMethodCallHandler { _, result in result(nil) }
                        GeneratedPluginRegistrant.register(with: self)
                        return super.application(application, didFinishLaunchingWithOptions: launchOptions)
                    }
                }
                """, note: "Flutter's method-channel template: under scenes the force cast crashes at launch."),
            Example(
                files: [
                    (
                        "TLYAppDelegate.m",
                        """
                        @implementation TLYAppDelegate
                        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                            UITabBarController *tabs = (UITabBarController *)self.↓window.rootViewController;
                            tabs.selectedIndex = 1;
                            return YES;
                        }
                        @end
                        """
                    ),
                    (
                        "TLYAppDelegate.h",
                        "@interface TLYAppDelegate : UIResponder <UIApplicationDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end"
                    ),
                ], note: "A storyboard app configuring its root view controller from the app delegate."),
            Example(
                """
                extension UIApplication {
                    var topViewController: UIViewController? {
                        var top = ↓keyWindow?.rootViewController
                        while let presented = top?.presentedViewController { top = presented }
                        return top
                    }
                    var hostWindow: UIWindow? { self.↓windows.first { $0.isKeyWindow } }
                }
                """, file: "UIApplication+Top.swift", note: "Implicit and explicit self inside an extension of UIApplication."),
            Example(
                files: [
                    (
                        "UIApplication+Top.m",
                        """
                        @implementation UIApplication (Top)
                        - (UIViewController *)tly_topViewController {
                            UIViewController *top = self.↓keyWindow.rootViewController;
                            return top ?: [[self ↓windows] firstObject].rootViewController;
                        }
                        @end
                        """
                    )
                ], note: "A category on UIApplication."),
            Example(
                """
                final class AlertPresenter {
                    private let application = UIApplication.shared
                    private let injected: UIApplication

                    init(application: UIApplication) { injected = application }

                    func present(_ alert: UIAlertController) {
                        application.↓keyWindow?.rootViewController?.present(alert, animated: true)
                        let app = UIApplication.shared
                        _ = app.↓windows.count
                        _ = injected.↓keyWindow
                        let delegate = UIApplication.shared.delegate as! AppDelegate
                        _ = delegate.↓window
                    }
                }
                """, file: "AlertPresenter.swift", note: "Locals and properties holding the shared application or its delegate."),
            Example(files: [
                (
                    "Overlay.m",
                    """
                    @implementation Overlay
                    - (UIWindow *)host {
                        UIApplication *app = [UIApplication sharedApplication];
                        UIWindow *key = app.↓keyWindow;
                        return key ?: [[app ↓windows] firstObject];
                    }
                    @end
                    """
                )
            ]),
            Example(
                files: [
                    (
                        "ShareSheet.m",
                        """
                        @implementation ShareSheet
                        - (void)present:(UIViewController *)sheet {
                            UIViewController *root = RCTSharedApplication().delegate.↓window.rootViewController;
                            UIWindow *key = RCTSharedApplication().↓keyWindow;
                            [↓RCTPresentedViewController() presentViewController:sheet animated:YES completion:nil];
                            [↓RCTKeyWindow().rootViewController presentViewController:sheet animated:YES completion:nil];
                        }
                        @end
                        """
                    )
                ], project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.72.6\"}}\n")],
                note: "React Native's aliases; before 0.74 RCTKeyWindow() is UIApplication.keyWindow."),
        ],
        nonTriggering: [
            Example(
                ExampleSource.appDelegate(
                    properties: """
                        var window: UIWindow?
                        """,
                    launching: """
                        window = UIWindow(frame: UIScreen.main.bounds)
                        window?.rootViewController = UINavigationController()
                        window?.makeKeyAndVisible()
                        """), note: "The app delegate builds its own window: app-delegate-window reports that."),
            Example(
                ExampleSource.appDelegate(
                    properties: """
                        var window: UIWindow?

                        """,
                    launching: """
                        window = UIWindow(frame: UIScreen.main.bounds)
                        window?.rootViewController = UINavigationController()
                        """),
                infoPlist: .scenes,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            var window: UIWindow?
                            private var appDelegate: AppDelegate? { UIApplication.shared.delegate as? AppDelegate }
                            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                                guard let windowScene = scene as? UIWindowScene else { return }
                                if let window = appDelegate?.window {
                                    window.windowScene = windowScene
                                    window.makeKeyAndVisible()
                                    self.window = window
                                }
                            }
                        }
                        """
                    )
                ],
                note: "A scene delegate that gives the app delegate's window its scene reads that window, which stays the one shown."),
            Example(
                files: [
                    (
                        "HUD.m",
                        """
                        @implementation HUD
                        + (UIWindow *)hostWindowForView:(UIView *)view {
                            return view.window.windowScene.keyWindow ?: view.window;
                        }
                        @end
                        """
                    )
                ]),
            Example(
                """
                final class Banner {
                    func show() { let window = (UIApplication.shared.delegate as? AppDelegate)?.window }
                }
                """, file: "Banner.swift",
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            var window: UIWindow?
                            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                                guard let windowScene = scene as? UIWindowScene else { return }
                                let window = UIWindow(windowScene: windowScene)
                                self.window = window
                                (UIApplication.shared.delegate as? AppDelegate)?.window = window
                            }
                        }
                        """
                    )
                ], note: "The scene delegate keeps the app delegate's window set."),
            Example(
                """
                extension UIView {
                    var hostWindow: UIWindow? { window ?? windowScene?.keyWindow }
                }
                enum Alerts {
                    static func present(_ alert: UIAlertController, from view: UIView) {
                        let scene = view.window?.windowScene
                        scene?.keyWindow?.rootViewController?.present(alert, animated: true)
                        let windows = scene?.windows ?? []
                        let first = UIApplication.shared.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first
                        // UIApplication.shared.keyWindow is deprecated
                        print("UIApplication.shared.windows", windows, first as Any)
                    }
                }
                """, file: "Alerts.swift"),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        UISceneConfiguration(name: "Default Configuration", sessionRole: session.role)
                    }
                }
                """, note: "Declaring the window property is not a lookup."),
            Example(
                files: [
                    (
                        "AppDelegate.m",
                        """
                        @implementation AppDelegate
                        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                            if (self.window != nil) {
                                // iOS 12 and earlier, where the app delegate owns the window.
                                [Theme applyToWindow:nil];
                            }
                            return YES;
                        }
                        @end
                        """
                    ),
                    (
                        "AppDelegate.h",
                        "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@property (strong, nonatomic) UIWindow *window;\n@end"
                    ),
                ], note: "A nil check reads nothing through the window (found in iSH)."),
            Example(
                """
                extension UIApplication {
                    var foregroundWindows: [UIWindow] {
                        let windows = connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\\.windows)
                        return windows.filter { !$0.isHidden }
                    }
                    func keyWindow(in windows: [UIWindow]) -> UIWindow? { windows.first { $0.isKeyWindow } }
                }
                final class Session {
                    let client = APIClient.shared
                    func refresh() { _ = client.windows }
                }
                """, file: "UIApplication+Scenes.swift",
                note: "Scene windows, a local and a parameter of the same name, and another class's shared instance."),
            Example(
                files: [
                    (
                        "ShareSheet.m",
                        """
                        @implementation ShareSheet
                        - (void)present:(UIViewController *)sheet {
                            [RCTPresentedViewController() presentViewController:sheet animated:YES completion:nil];
                        }
                        @end
                        """
                    )
                ], project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.76.3\"}}\n")],
                note: "From React Native 0.74 RCTPresentedViewController() finds the foreground scene's key window."),
        ])

    /// React Native helpers that returned `UIApplication.keyWindow` until 0.74 made them scene-aware
    /// (react-native#42036); Expo SDK 51 is the first on React Native 0.74.
    static let reactNativeKeyWindowHelpers: Set<String> = ["RCTKeyWindow", "RCTPresentedViewController"]

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = ownWindowReads(context) + reactNativeKeyWindows(context)
        let facts = context.facts
        let ownKeyWindow = declaresSceneAwareKeyWindow(facts)
        let bridged = bridgesWindow(facts)
        for file in context.facts.files where file.mentions("indow") {
            for index in file.identifierIndices(["keyWindow", "windows", "window"]) {
                let length = file.tokens[index].length
                let isKey = length == 9
                let isWindows = length == 7
                if CodeQuery.isAssigned(index, in: file) { continue }
                if isKey || isWindows {
                    // Through a receiver, or implicit `self` in an extension of UIApplication.
                    guard CodeQuery.readsApplicationMember(index, in: file) else { continue }
                    if isKey, ownKeyWindow { continue }
                    let message =
                        isKey
                        ? "UIApplication.keyWindow is deprecated and returns a key window of any scene: use view.window or the key window of the view's UIWindowScene"
                        : "UIApplication.windows mixes the windows of every scene: use the windows of the relevant UIWindowScene"
                    findings.append(finding(context, message, in: file, token: index))
                } else if !bridged,
                    let receiver = CodeQuery.receiver(of: index, in: file) ?? CodeQuery.messageReceiver(of: index, in: file),
                    isAppDelegate(receiver, in: file, at: index, delegateClasses: facts.appDelegateNames)
                {
                    findings.append(
                        finding(
                            context,
                            "the app delegate's window is nil once the scene delegate owns the window: use view.window or the scene delegate's window",
                            in: file, token: index))
                }
            }
        }
        return findings
    }

    /// The app delegate reading its own `window` (a storyboard's, or FlutterAppDelegate's): nil under
    /// scenes. Methods that create or show the window themselves are app-delegate-window's to report.
    private func ownWindowReads(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        // An app delegate that builds and shows its own window reads it consistently until that moves to the
        // scene delegate; app-delegate-window is the finding that says so.
        if context.memo.windowSites(facts).contains(where: \.isAppDelegateWindow) { return [] }
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            if facts.function(reference).body.contains(where: { file.is($0, "makeKeyAndVisible") }) { return [] }
        }
        let bridged = bridgesWindow(facts)
        var findings: [Finding] = []
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            let function = facts.function(reference)
            let body = function.body
            let place = function.kind == .objcMethod ? "-" + function.signature : function.signature
            let launching = function.signature.contains("didFinishLaunching") || function.signature.contains("willFinishLaunching")
            // A scene delegate that hands its window back helps only after the scene connects, not at launch.
            if bridged, !launching { continue }
            let shadowed = body.contains { file.is($0, "window") && (file.is($0 - 1, "let") || file.is($0 - 1, "var")) }
            guard
                let read = body.first(where: { index in
                    guard file.is(index, "window"), !CodeQuery.isAssigned(index, in: file) else { return false }
                    let next = index + 1
                    // `window != nil` compares; it reads nothing through the window.
                    guard
                        file.isPunctuation(next, UInt8(ascii: ".")) || file.isPunctuation(next, UInt8(ascii: "?"))
                            || (file.isPunctuation(next, UInt8(ascii: "!")) && !file.isPunctuation(next + 1, UInt8(ascii: "=")))
                    else { return false }
                    if CodeQuery.isMember(file, index) {
                        return file.is(index - 2, "self") && !CodeQuery.isMember(file, index - 2)
                    }
                    return !shadowed && file.language == .swift
                })
            else { continue }
            let crashes = forceCasts(after: read, in: file, limit: body.upperBound)
            let message =
                crashes
                ? "the app delegate force-unwraps its window (in \(place)); under scenes the window is nil and the app crashes\(launching ? " at launch" : ""): "
                    + (facts.framework.kind == .flutter
                        ? "create channels in didInitializeImplicitFlutterEngine(_:) from the engine bridge instead"
                        : "do this in the scene delegate, from its window")
                : "the app delegate reads its own window (in \(place)); under scenes it is nil: use the scene delegate's window"
            findings.append(finding(context, message, in: file, token: read, severity: crashes ? .error : nil))
        }
        return findings
    }

    /// `RCTKeyWindow()` and `RCTPresentedViewController()` called by app code on React Native before 0.74,
    /// where they read the global key window.
    private func reactNativeKeyWindows(_ context: RuleContext) -> [Finding] {
        let framework = context.facts.framework
        let global: Bool?
        switch framework.kind {
        case .reactNative: global = framework.isAtLeast(SemanticVersion(0, 74)).map { !$0 }
        case .expo: global = framework.isAtLeast(SemanticVersion(51)).map { !$0 }
        default: global = nil
        }
        guard global == true else { return [] }
        let named = framework.version.map { "\(framework.kind.displayName) \($0)" } ?? framework.kind.displayName
        var findings: [Finding] = []
        for file in context.facts.files where file.mentions("RCT") {
            for index in file.identifierIndices(Array(Self.reactNativeKeyWindowHelpers))
            where file.isPunctuation(index + 1, UInt8(ascii: "(")) {
                guard file.tokens[index].length >= 12, Self.reactNativeKeyWindowHelpers.contains(file.text(index)),
                    !CodeQuery.isMember(file, index), CodeQuery.enclosingFunction(index, in: file) != nil
                else { continue }
                findings.append(
                    finding(
                        context,
                        "\(file.text(index))() reads UIApplication.keyWindow on \(named) (React Native before 0.74): "
                            + "it returns a key window of any scene, or none; use the view's window",
                        in: file, token: index))
            }
        }
        return findings
    }

    /// `as!` (or a `!` unwrap) in the statement that reads the window.
    private func forceCasts(after index: Int, in file: SourceFile, limit: Int) -> Bool {
        var cursor = index + 1
        while cursor < min(limit, index + 12) {
            if file.is(cursor, "as"), file.isPunctuation(cursor + 1, UInt8(ascii: "!")) { return true }
            if file.line(ofToken: cursor) != file.line(ofToken: index) { break }
            cursor += 1
        }
        return file.isPunctuation(index + 1, UInt8(ascii: "!")) && !file.isPunctuation(index + 2, UInt8(ascii: "="))
    }

    private func isAppDelegate(_ receiver: Range<Int>, in file: SourceFile, at index: Int, delegateClasses: Set<String>) -> Bool {
        AppDelegateReferences.isAppDelegate(receiver, in: file, at: index, delegateClasses: delegateClasses)
    }

    /// A scene delegate that stores its window in the app delegate (`appDelegate.window = window`)
    /// keeps old `delegate.window` lookups working.
    private func bridgesWindow(_ facts: AppFacts) -> Bool {
        // A scene delegate that moves the app delegate's root view controller into its window leaves that window set.
        if RootViewRehosting.find(facts) != nil { return true }
        // One that gives the app delegate's own window its scene keeps that window the shown one.
        if WindowAdoption.find(facts) != nil { return true }
        for reference in facts.sceneDelegateMethods {
            let file = facts.file(reference)
            for index in facts.function(reference).body
            where file.is(index, "window") && CodeQuery.isAssigned(index, in: file) {
                if let receiver = CodeQuery.receiver(of: index, in: file),
                    isAppDelegate(receiver, in: file, at: index, delegateClasses: facts.appDelegateNames)
                {
                    return true
                }
            }
            for index in facts.function(reference).body where file.is(index, "setWindow") {
                if let open = (index - 8..<index).last(where: { file.isPunctuation($0, UInt8(ascii: "[")) }),
                    isAppDelegate((open + 1)..<index, in: file, at: index, delegateClasses: facts.appDelegateNames)
                {
                    return true
                }
            }
        }
        return false
    }

    /// An `extension UIApplication` that redefines keyWindow through connected scenes.
    private func declaresSceneAwareKeyWindow(_ facts: AppFacts) -> Bool {
        for file in facts.files where file.mentions("connectedScenes") {
            for function in file.functions where function.name == "keyWindow" && function.container >= 0 {
                let owner = file.types[function.container]
                guard owner.simpleName == "UIApplication" else { continue }
                if function.body.contains(where: { file.is($0, "connectedScenes") }) { return true }
            }
        }
        return false
    }
}
