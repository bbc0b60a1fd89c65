import Rules
import ScanCore
import XcodeProject

/// Writes the scene delegate `fix` adds to a native app, in the app delegate's language and indentation.
///
/// The scene delegate moves nothing out of the app delegate: it gives the scene the window the app delegate
/// built (or takes the storyboard's and hands it back to the app delegate's `window`), and calls the app
/// delegate's own methods for each event UIKit now sends to the scene, so the app's code runs as before.
struct SceneDelegateWriter {
    let shape: AppDelegateShape
    let className: String
    let indent: IndentStyle
    /// The deployment target is below iOS 13, where scenes do not exist.
    let needsAvailability: Bool

    private var forwarded: Set<String> { Set(shape.callbacks.map(\.callback.objc)) }

    /// The selectors of the URL callbacks, newest first: UIKit called only the newest one the delegate has.
    private static let urlCallbacks = [
        "application:openURL:options:", "application:openURL:sourceApplication:annotation:", "application:handleOpenURL:",
    ]

    private var urlCallback: String? { Self.urlCallbacks.first { forwarded.contains($0) } }

    private var forwardsActivities: Bool { forwarded.contains("application:continueUserActivity:restorationHandler:") }

    // MARK: Swift

    /// `SceneDelegate.swift`.
    func swift() -> String {
        let i = indent
        var lines: [String] = []
        if case .reactNative(let start) = shape.window { lines += start.imports.map { "import \($0)" } }
        lines.append("import UIKit")
        if forwarded.contains("application:userDidAcceptCloudKitShareWithMetadata:") { lines.append("import CloudKit") }
        lines.append("")
        if case .reactNative(let start) = shape.window {
            lines += start.summary
        } else {
            lines += [
                "/// Connects the app's window to its scene and hands the events UIKit sends to the scene to the app",
                "/// delegate's own methods (written by scenesweep fix).",
            ]
        }
        if needsAvailability { lines.append("@available(iOS 13.0, *)") }
        lines += [
            "class \(className): UIResponder, UIWindowSceneDelegate {",
            "",
            "\(i(1))var window: UIWindow?",
            "",
            "\(i(1))private var appDelegate: \(shape.className)? {",
            "\(i(2))UIApplication.shared.delegate as? \(shape.className)",
            "\(i(1))}",
            "",
            "\(i(1))func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {",
        ]
        let needsWindowScene =
            shape.window != .storyboard || forwarded.contains("application:performActionForShortcutItem:completionHandler:")
            || forwarded.contains("application:userDidAcceptCloudKitShareWithMetadata:")
        if needsWindowScene {
            lines.append("\(i(2))guard let windowScene = scene as? UIWindowScene else { return }")
        }
        switch shape.window {
        case .adopt(let place):
            lines += [
                "\(i(2))// The app delegate builds its window at launch (\(place)), before any scene",
                "\(i(2))// connects; a window shows only once it belongs to a scene.",
                "\(i(2))if let window = appDelegate?.window {",
                "\(i(3))window.windowScene = windowScene",
                "\(i(3))window.frame = windowScene.coordinateSpace.bounds",
                "\(i(3))window.makeKeyAndVisible()",
                "\(i(3))self.window = window",
                "\(i(2))}",
            ]
        case .reactNative(let start):
            lines += start.swiftLines(indent: i, appDelegate: "appDelegate")
        case .storyboard:
            if shape.windowProperty == .settable {
                lines += [
                    "\(i(2))// UIKit has loaded the main storyboard into this scene's window; code that reads the app",
                    "\(i(2))// delegate's window finds it there.",
                    "\(i(2))appDelegate?.window = window",
                ]
            }
        }
        let coldStart = swiftColdStart()
        if !coldStart.isEmpty {
            lines.append("\(i(2))// What launched the app arrives here, no longer in didFinishLaunching's launchOptions.")
            lines += coldStart
        }
        lines.append("\(i(1))}")
        for (callback, reference) in shape.callbacks {
            guard let method = swiftForwarding(callback, parameterTypes: reference) else { continue }
            lines.append("")
            lines += method
        }
        if case .reactNative(let start) = shape.window {
            for method in start.swiftLinking(indent: i, urls: urlCallback == nil, activities: !forwardsActivities) {
                lines.append("")
                lines += method
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func swiftColdStart() -> [String] {
        let i = indent
        var lines: [String] = []
        // React Native reads the launch link from the launch options its start is given (Linking.getInitialURL()).
        let startsReactNative: Bool
        if case .reactNative = shape.window { startsReactNative = true } else { startsReactNative = false }
        if urlCallback != nil, !startsReactNative {
            lines += [
                "\(i(2))if !connectionOptions.urlContexts.isEmpty {",
                "\(i(3))self.scene(scene, openURLContexts: connectionOptions.urlContexts)",
                "\(i(2))}",
            ]
        }
        if forwarded.contains("application:continueUserActivity:restorationHandler:"), !startsReactNative {
            lines += [
                "\(i(2))for userActivity in connectionOptions.userActivities {",
                "\(i(3))self.scene(scene, continue: userActivity)",
                "\(i(2))}",
            ]
        }
        if forwarded.contains("application:performActionForShortcutItem:completionHandler:") {
            lines += [
                "\(i(2))if let shortcutItem = connectionOptions.shortcutItem {",
                "\(i(3))self.windowScene(windowScene, performActionFor: shortcutItem) { _ in }",
                "\(i(2))}",
            ]
        }
        if forwarded.contains("application:userDidAcceptCloudKitShareWithMetadata:") {
            lines += [
                "\(i(2))if let metadata = connectionOptions.cloudKitShareMetadata {",
                "\(i(3))self.windowScene(windowScene, userDidAcceptCloudKitShareWith: metadata)",
                "\(i(2))}",
            ]
        }
        return lines
    }

    /// The scene-side method that calls one app delegate callback.
    private func swiftForwarding(_ callback: AppDelegateCallback, parameterTypes method: FunctionRef) -> [String]? {
        let i = indent
        let app = "UIApplication.shared"
        func simple(_ signature: String, _ call: String) -> [String] {
            ["\(i(1))func \(signature) {", "\(i(2))\(call)", "\(i(1))}"]
        }
        switch callback.objc {
        case "applicationDidBecomeActive:":
            return simple("sceneDidBecomeActive(_ scene: UIScene)", "appDelegate?.applicationDidBecomeActive(\(app))")
        case "applicationWillResignActive:":
            return simple("sceneWillResignActive(_ scene: UIScene)", "appDelegate?.applicationWillResignActive(\(app))")
        case "applicationDidEnterBackground:":
            return simple("sceneDidEnterBackground(_ scene: UIScene)", "appDelegate?.applicationDidEnterBackground(\(app))")
        case "applicationWillEnterForeground:":
            return simple("sceneWillEnterForeground(_ scene: UIScene)", "appDelegate?.applicationWillEnterForeground(\(app))")
        case urlCallback:
            let call: String
            var lines = [
                "\(i(1))func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {",
                "\(i(2))for context in URLContexts {",
            ]
            switch callback.objc {
            case "application:openURL:options:":
                lines += [
                    "\(i(3))var options: [UIApplication.OpenURLOptionsKey: Any] = [.openInPlace: context.options.openInPlace]",
                    "\(i(3))if let sourceApplication = context.options.sourceApplication {",
                    "\(i(4))options[.sourceApplication] = sourceApplication",
                    "\(i(3))}",
                    "\(i(3))if let annotation = context.options.annotation {",
                    "\(i(4))options[.annotation] = annotation",
                    "\(i(3))}",
                ]
                call = "_ = appDelegate?.application(\(app), open: context.url, options: options)"
            case "application:openURL:sourceApplication:annotation:":
                call =
                    "_ = appDelegate?.application(\(app), open: context.url, sourceApplication: context.options.sourceApplication, annotation: context.options.annotation as Any)"
            default:
                call = "_ = appDelegate?.application(\(app), handleOpen: context.url)"
            }
            return lines + ["\(i(3))\(call)", "\(i(2))}", "\(i(1))}"]
        case "application:continueUserActivity:restorationHandler:":
            // UIKit restored the objects the handler was given; older signatures typed them `[Any]?`.
            let restoring = restorationTypeIsTyped(method)
            return [
                "\(i(1))func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {",
                restoring
                    ? "\(i(2))_ = appDelegate?.application(\(app), continue: userActivity, restorationHandler: { restoring in"
                    : "\(i(2))_ = appDelegate?.application(\(app), continue: userActivity, restorationHandler: { _ in })",
            ]
                + (restoring
                    ? [
                        "\(i(3))restoring?.forEach { $0.restoreUserActivityState(userActivity) }",
                        "\(i(2))})",
                    ] : []) + ["\(i(1))}"]
        case "application:willContinueUserActivityWithType:":
            return simple(
                "scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)",
                "_ = appDelegate?.application(\(app), willContinueUserActivityWithType: userActivityType)")
        case "application:didFailToContinueUserActivityWithType:error:":
            return simple(
                "scene(_ scene: UIScene, didFailToContinueUserActivityWithType userActivityType: String, error: Error)",
                "appDelegate?.application(\(app), didFailToContinueUserActivityWithType: userActivityType, error: error)")
        case "application:didUpdateUserActivity:":
            return simple(
                "scene(_ scene: UIScene, didUpdate userActivity: NSUserActivity)",
                "appDelegate?.application(\(app), didUpdate: userActivity)")
        case "application:performActionForShortcutItem:completionHandler:":
            return [
                "\(i(1))func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem, completionHandler: @escaping (Bool) -> Void) {",
                "\(i(2))guard let appDelegate else {",
                "\(i(3))completionHandler(false)",
                "\(i(3))return",
                "\(i(2))}",
                "\(i(2))appDelegate.application(\(app), performActionFor: shortcutItem, completionHandler: completionHandler)",
                "\(i(1))}",
            ]
        case "application:userDidAcceptCloudKitShareWithMetadata:":
            return simple(
                "windowScene(_ windowScene: UIWindowScene, userDidAcceptCloudKitShareWith cloudKitShareMetadata: CKShare.Metadata)",
                "appDelegate?.application(\(app), userDidAcceptCloudKitShareWith: cloudKitShareMetadata)")
        default:
            // An older URL callback the delegate also has: UIKit never called it while a newer one existed.
            return nil
        }
    }

    /// Whether the app's `restorationHandler` takes `[UIUserActivityRestoring]?` (not the old `[Any]?`).
    private func restorationTypeIsTyped(_ method: FunctionRef) -> Bool {
        shape.restorationType.contains("UIUserActivityRestoring")
    }

    // MARK: Objective-C

    /// `SceneDelegate.h`.
    func objectiveCHeader() -> String {
        var lines = [
            "#import <UIKit/UIKit.h>",
            "",
            "NS_ASSUME_NONNULL_BEGIN",
            "",
        ]
        if case .reactNative(let start) = shape.window {
            lines += start.summary
        } else {
            lines += [
                "/// Connects the app's window to its scene and hands the events UIKit sends to the scene to the app",
                "/// delegate's own methods (written by scenesweep fix).",
            ]
        }
        if needsAvailability { lines.append("API_AVAILABLE(ios(13.0))") }
        lines += [
            "@interface \(className) : UIResponder <UIWindowSceneDelegate>",
            "",
            "@property (strong, nonatomic, nullable) UIWindow *window;",
            "",
            "@end",
            "",
            "NS_ASSUME_NONNULL_END",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `SceneDelegate.m`.
    func objectiveCImplementation() -> String {
        let i = indent
        let app = "UIApplication.sharedApplication"
        var lines = ["#import \"\(className).h\""]
        if let header = shape.header { lines.append("#import \"\(Paths.fileName(of: header))\"") }
        if case .reactNative(let start) = shape.window, !start.objectiveCImports.isEmpty { lines += [""] + start.objectiveCImports }
        if case .reactNative(let start) = shape.window, start.linksToLinkingManager, urlCallback == nil || !forwardsActivities {
            lines += ["", "#import <React/RCTLinkingManager.h>"]
        }
        if forwarded.contains("application:userDidAcceptCloudKitShareWithMetadata:") { lines.append("#import <CloudKit/CloudKit.h>") }
        lines += [
            "",
            "@implementation \(className)",
            "",
            "- (nullable \(shape.className) *)appDelegate {",
            "\(i(1))id<UIApplicationDelegate> delegate = \(app).delegate;",
            "\(i(1))return [delegate isKindOfClass:[\(shape.className) class]] ? (\(shape.className) *)delegate : nil;",
            "}",
            "",
            "- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {",
        ]
        let needsWindowScene =
            shape.window != .storyboard || forwarded.contains("application:performActionForShortcutItem:completionHandler:")
            || forwarded.contains("application:userDidAcceptCloudKitShareWithMetadata:")
        if needsWindowScene {
            lines += [
                "\(i(1))if (![scene isKindOfClass:[UIWindowScene class]]) {",
                "\(i(2))return;",
                "\(i(1))}",
                "\(i(1))UIWindowScene *windowScene = (UIWindowScene *)scene;",
            ]
        }
        switch shape.window {
        case .adopt(let place):
            lines += [
                "\(i(1))// The app delegate builds its window at launch (\(place)), before any scene",
                "\(i(1))// connects; a window shows only once it belongs to a scene.",
                "\(i(1))UIWindow *window = self.appDelegate.window;",
                "\(i(1))if (window) {",
                "\(i(2))window.windowScene = windowScene;",
                "\(i(2))window.frame = windowScene.coordinateSpace.bounds;",
                "\(i(2))[window makeKeyAndVisible];",
                "\(i(2))self.window = window;",
                "\(i(1))}",
            ]
        case .reactNative(let start):
            lines += start.objectiveCLines(indent: i, appDelegate: "self.appDelegate", className: shape.className)
        case .storyboard:
            if shape.windowProperty == .settable {
                lines += [
                    "\(i(1))// UIKit has loaded the main storyboard into this scene's window; code that reads the app",
                    "\(i(1))// delegate's window finds it there.",
                    "\(i(1))self.appDelegate.window = self.window;",
                ]
            }
        }
        var coldStart: [String] = []
        // React Native reads the launch link from the launch options its root view is given.
        let startsReactNative: Bool
        if case .reactNative = shape.window { startsReactNative = true } else { startsReactNative = false }
        if urlCallback != nil, !startsReactNative {
            coldStart += [
                "\(i(1))if (connectionOptions.URLContexts.count > 0) {",
                "\(i(2))[self scene:scene openURLContexts:connectionOptions.URLContexts];",
                "\(i(1))}",
            ]
        }
        if forwardsActivities, !startsReactNative {
            coldStart += [
                "\(i(1))for (NSUserActivity *userActivity in connectionOptions.userActivities) {",
                "\(i(2))[self scene:scene continueUserActivity:userActivity];",
                "\(i(1))}",
            ]
        }
        if forwarded.contains("application:performActionForShortcutItem:completionHandler:") {
            coldStart += [
                "\(i(1))if (connectionOptions.shortcutItem) {",
                "\(i(2))[self windowScene:windowScene performActionForShortcutItem:connectionOptions.shortcutItem completionHandler:^(BOOL succeeded) {",
                "\(i(2))}];",
                "\(i(1))}",
            ]
        }
        if forwarded.contains("application:userDidAcceptCloudKitShareWithMetadata:") {
            coldStart += [
                "\(i(1))if (connectionOptions.cloudKitShareMetadata) {",
                "\(i(2))[self windowScene:windowScene userDidAcceptCloudKitShareWithMetadata:connectionOptions.cloudKitShareMetadata];",
                "\(i(1))}",
            ]
        }
        if !coldStart.isEmpty {
            lines.append("\(i(1))// What launched the app arrives here, no longer in didFinishLaunching's launchOptions.")
            lines += coldStart
        }
        lines.append("}")
        for (callback, _) in shape.callbacks {
            guard let method = objectiveCForwarding(callback) else { continue }
            lines.append("")
            lines += method
        }
        if case .reactNative(let start) = shape.window {
            for method in start.objectiveCLinking(indent: i, urls: urlCallback == nil, activities: !forwardsActivities) {
                lines.append("")
                lines += method
            }
        }
        lines += ["", "@end"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func objectiveCForwarding(_ callback: AppDelegateCallback) -> [String]? {
        let i = indent
        let app = "UIApplication.sharedApplication"
        func simple(_ declaration: String, _ call: String) -> [String] {
            ["- (void)\(declaration) {", "\(i(1))\(call)", "}"]
        }
        switch callback.objc {
        case "applicationDidBecomeActive:":
            return simple("sceneDidBecomeActive:(UIScene *)scene", "[self.appDelegate applicationDidBecomeActive:\(app)];")
        case "applicationWillResignActive:":
            return simple("sceneWillResignActive:(UIScene *)scene", "[self.appDelegate applicationWillResignActive:\(app)];")
        case "applicationDidEnterBackground:":
            return simple("sceneDidEnterBackground:(UIScene *)scene", "[self.appDelegate applicationDidEnterBackground:\(app)];")
        case "applicationWillEnterForeground:":
            return simple("sceneWillEnterForeground:(UIScene *)scene", "[self.appDelegate applicationWillEnterForeground:\(app)];")
        case urlCallback:
            var lines = [
                "- (void)scene:(UIScene *)scene openURLContexts:(NSSet<UIOpenURLContext *> *)URLContexts {",
                "\(i(1))for (UIOpenURLContext *context in URLContexts) {",
            ]
            switch callback.objc {
            case "application:openURL:options:":
                lines += [
                    "\(i(2))NSMutableDictionary<UIApplicationOpenURLOptionsKey, id> *options = [NSMutableDictionary dictionary];",
                    "\(i(2))options[UIApplicationOpenURLOptionsOpenInPlaceKey] = @(context.options.openInPlace);",
                    "\(i(2))if (context.options.sourceApplication) {",
                    "\(i(3))options[UIApplicationOpenURLOptionsSourceApplicationKey] = context.options.sourceApplication;",
                    "\(i(2))}",
                    "\(i(2))if (context.options.annotation) {",
                    "\(i(3))options[UIApplicationOpenURLOptionsAnnotationKey] = context.options.annotation;",
                    "\(i(2))}",
                    "\(i(2))[self.appDelegate application:\(app) openURL:context.URL options:options];",
                ]
            case "application:openURL:sourceApplication:annotation:":
                lines.append(
                    "\(i(2))[self.appDelegate application:\(app) openURL:context.URL sourceApplication:context.options.sourceApplication annotation:context.options.annotation];"
                )
            default:
                lines.append("\(i(2))[self.appDelegate application:\(app) handleOpenURL:context.URL];")
            }
            return lines + ["\(i(1))}", "}"]
        case "application:continueUserActivity:restorationHandler:":
            return [
                "- (void)scene:(UIScene *)scene continueUserActivity:(NSUserActivity *)userActivity {",
                "\(i(1))[self.appDelegate application:\(app) continueUserActivity:userActivity restorationHandler:^(NSArray<id<UIUserActivityRestoring>> *restoring) {",
                "\(i(2))for (id<UIUserActivityRestoring> object in restoring) {",
                "\(i(3))[object restoreUserActivityState:userActivity];",
                "\(i(2))}",
                "\(i(1))}];",
                "}",
            ]
        case "application:willContinueUserActivityWithType:":
            return simple(
                "scene:(UIScene *)scene willContinueUserActivityWithType:(NSString *)userActivityType",
                "[self.appDelegate application:\(app) willContinueUserActivityWithType:userActivityType];")
        case "application:didFailToContinueUserActivityWithType:error:":
            return simple(
                "scene:(UIScene *)scene didFailToContinueUserActivityWithType:(NSString *)userActivityType error:(NSError *)error",
                "[self.appDelegate application:\(app) didFailToContinueUserActivityWithType:userActivityType error:error];")
        case "application:didUpdateUserActivity:":
            return simple(
                "scene:(UIScene *)scene didUpdateUserActivity:(NSUserActivity *)userActivity",
                "[self.appDelegate application:\(app) didUpdateUserActivity:userActivity];")
        case "application:performActionForShortcutItem:completionHandler:":
            return [
                "- (void)windowScene:(UIWindowScene *)windowScene performActionForShortcutItem:(UIApplicationShortcutItem *)shortcutItem completionHandler:(void (^)(BOOL))completionHandler {",
                "\(i(1))\(shapeGuardObjC())",
                "\(i(1))[self.appDelegate application:\(app) performActionForShortcutItem:shortcutItem completionHandler:completionHandler];",
                "}",
            ]
        case "application:userDidAcceptCloudKitShareWithMetadata:":
            return simple(
                "windowScene:(UIWindowScene *)windowScene userDidAcceptCloudKitShareWithMetadata:(CKShareMetadata *)cloudKitShareMetadata",
                "[self.appDelegate application:\(app) userDidAcceptCloudKitShareWithMetadata:cloudKitShareMetadata];")
        default:
            return nil
        }
    }

    /// A quick action whose app delegate is gone still gets its completion handler called.
    private func shapeGuardObjC() -> String {
        "if (!self.appDelegate) { completionHandler(NO); return; }"
    }
}
