import Results
import ScanCore

/// A scene delegate that handles links while running but drops the one that launched the app.
struct ColdStartLinkDroppedRule: Rule {
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
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?

                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        var launchOptions: [UIApplication.LaunchOptionsKey: Any] = [:]
                        if let item = connectionOptions.shortcutItem { ↓launchOptions[.shortcutItem] = item }
                        if let response = connectionOptions.notificationResponse {
                            launchOptions[.remoteNotification] = response.notification.request.content.userInfo
                        }
                        window = UIWindow(windowScene: windowScene)
                        AppCoordinator.shared.start(in: window!, launchOptions: launchOptions)
                    }
                }
                """, file: "SceneDelegate.swift", note: "A hand-written conversion for the app's own coordinator that leaves out the links."
            ),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            NSMutableDictionary *launchOptions = [NSMutableDictionary dictionary];
                            if (connectionOptions.notificationResponse) {
                                [↓launchOptions setObject:connectionOptions.notificationResponse.notification.request.content.userInfo
                                                   forKey:UIApplicationLaunchOptionsRemoteNotificationKey];
                            }
                            self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                            [self.reactHost startInWindow:self.window launchOptions:launchOptions];
                        }
                        @end
                        """
                    ), ("SceneDelegate.h", "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"),
                ],
                infoPlist: .objcScenes),
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
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            NSMutableDictionary *launchOptions = [NSMutableDictionary dictionary];
                            NSURL *url = connectionOptions.URLContexts.anyObject.URL;
                            if (url) { launchOptions[UIApplicationLaunchOptionsURLKey] = url; }
                            NSUserActivity *activity = connectionOptions.userActivities.anyObject;
                            if (activity) {
                                launchOptions[UIApplicationLaunchOptionsUserActivityDictionaryKey] = @{@"UIApplicationLaunchOptionsUserActivityKey": activity};
                            }
                            self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                            [self.reactHost startInWindow:self.window launchOptions:launchOptions];
                        }
                        @end
                        """
                    ), ("SceneDelegate.h", "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"),
                ], infoPlist: .objcScenes, note: "The conversion carries the URL and the user activity."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        var findings: [Finding] = []
        for name in facts.sceneDelegateNames.sorted() {
            let methods = facts.methods(of: [name])
            let connect = facts.connectMethod(of: [name])
            // A hand-written conversion that leaves out the links is the finding; the pairs below would repeat it.
            if let connect, let conversion = droppedConversion(in: connect, facts) {
                findings.append(
                    finding(
                        context,
                        "\(name) turns connectionOptions into launch options (\(conversion.keys.joined(separator: ", ")))\(conversion.handedTo) "
                            + "but never converts urlContexts or userActivities: the link or universal link that launches the app is lost; "
                            + "add them (.url from urlContexts, .userActivityDictionary from userActivities) or hand them to the link handler",
                        in: facts.file(connect), token: conversion.token))
                continue
            }
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
            let body = function.body
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

    /// A launch-options dictionary filled from connectionOptions in willConnectTo (`launchOptions[.shortcutItem] = …`,
    /// `[options setObject:… forKey:UIApplicationLaunchOptionsRemoteNotificationKey]`) when nothing in the method
    /// reads the links: the keys it writes, where, and the call it is handed to.
    private func droppedConversion(in connect: FunctionRef, _ facts: AppFacts) -> (keys: [String], token: Int, handedTo: String)? {
        let file = facts.file(connect)
        let function = facts.function(connect)
        let body = function.body
        guard !reads(["urlContexts", "URLContexts", "userActivities", "handoffUserActivityType"], in: function, of: file) else {
            return nil
        }
        var keys: [String] = []
        var first: Int?
        var dictionary: String?
        for index in body {
            guard let key = writtenLaunchOptionKey(at: index, in: file) else { continue }
            if !keys.contains(key.name) { keys.append(key.name) }
            if first == nil {
                first = key.statement
                dictionary = key.dictionary
            }
        }
        guard let first, !keys.isEmpty else { return nil }
        var handedTo = ""
        if let dictionary {
            for index in body where index > first && file.is(index, text: dictionary) {
                if let call = enclosingCall(of: index, in: file, within: body) {
                    handedTo = " for \(call)"
                    break
                }
            }
        }
        return (keys, first, handedTo)
    }

    /// A write of a launch-option key at `index`: `dict[.key] = `, `dict[UIApplication.LaunchOptionsKey.key] = `,
    /// `dict[UIApplicationLaunchOptionsKeyConstant] = `, `[dict setObject:x forKey:Constant]`, `dict.updateValue(x, forKey: .key)`.
    private func writtenLaunchOptionKey(at index: Int, in file: SourceFile) -> (name: String, statement: Int, dictionary: String?)? {
        guard file.isIdentifier(index) else { return nil }
        let text = file.text(index)
        var name: String?
        if let key = LaunchOptionKey.objc(text) {
            name = key.swift
        } else if file.isPunctuation(index - 1, UInt8(ascii: ".")), LaunchOptionKey.swift(text) != nil,
            file.isPunctuation(index - 2, UInt8(ascii: "[")) || file.is(index - 2, "LaunchOptionsKey")
                || (file.isPunctuation(index - 2, UInt8(ascii: ":")) && file.is(index - 3, "forKey"))
        {
            name = text
        }
        guard let name else { return nil }
        // Subscript assignment: `dict[…] = value`.
        var close = index + 1
        if file.isPunctuation(close, UInt8(ascii: "]")), CodeQuery.isAssigned(close, in: file) {
            var open = index - 1
            while open > 0, !file.isPunctuation(open, UInt8(ascii: "[")) { open -= 1 }
            let dictionary = file.isIdentifier(open - 1) ? file.text(open - 1) : nil
            return (name, dictionary.map { _ in open - 1 } ?? index, dictionary)
        }
        // `forKey:` of setObject/setValue/updateValue.
        close = index
        var cursor = index - 1
        while cursor > 0, index - cursor < 40 {
            if file.is(cursor, "setObject") || file.is(cursor, "setValue") || file.is(cursor, "updateValue") {
                let receiver =
                    file.isIdentifier(cursor - 1) ? cursor - 1 : (file.isPunctuation(cursor - 1, UInt8(ascii: ".")) ? cursor - 2 : -1)
                let dictionary = receiver >= 0 && file.isIdentifier(receiver) ? file.text(receiver) : nil
                return (name, receiver >= 0 ? receiver : cursor, dictionary)
            }
            if file.isPunctuation(cursor, UInt8(ascii: ";")) || file.isPunctuation(cursor, UInt8(ascii: "{")) { break }
            cursor -= 1
        }
        return nil
    }

    /// The call a token is an argument of: `startReactNative(withModuleName:in:launchOptions:)`'s name, or an
    /// Objective-C message's first selector part.
    private func enclosingCall(of index: Int, in file: SourceFile, within body: Range<Int>) -> String? {
        var cursor = index - 1
        var depth = 0
        while cursor > body.lowerBound {
            if file.isPunctuation(cursor, UInt8(ascii: ")")) || file.isPunctuation(cursor, UInt8(ascii: "]")) {
                depth += 1
            } else if file.isPunctuation(cursor, UInt8(ascii: "(")) || file.isPunctuation(cursor, UInt8(ascii: "[")) {
                if depth == 0 {
                    if file.isPunctuation(cursor, UInt8(ascii: "(")), file.isIdentifier(cursor - 1) { return file.text(cursor - 1) + "(…)" }
                    if file.isPunctuation(cursor, UInt8(ascii: "[")) {
                        var part = cursor + 1
                        while part < index, !(file.isIdentifier(part) && file.isPunctuation(part + 1, UInt8(ascii: ":"))) {
                            if file.isPunctuation(part, UInt8(ascii: "[")) {
                                part = max(part + 1, Int(file.partners[part]) + 1)
                                continue
                            }
                            part += 1
                        }
                        if part < index { return file.text(part) + ":…" }
                    }
                    return nil
                }
                depth -= 1
            } else if file.isPunctuation(cursor, UInt8(ascii: ";")) || file.isPunctuation(cursor, UInt8(ascii: "{")) {
                return nil
            }
            cursor -= 1
        }
        return nil
    }

    private func reads(_ options: [String], in function: FunctionDeclaration, of file: SourceFile) -> Bool {
        let body = function.body
        return body.contains { index in options.contains { file.is(index, text: $0) } }
    }

    /// Passing the options object on (or calling super) leaves the handling to code we do not follow.
    private func handsOff(_ function: FunctionDeclaration, in file: SourceFile) -> Bool {
        guard let options = function.parameters.first(where: { file.typeText(of: $0).contains("ConnectionOptions") })?.name else {
            return true
        }
        for index in function.body {
            if file.is(index, "super") { return true }
            if file.is(index, text: options), !file.isPunctuation(index + 1, UInt8(ascii: ".")) { return true }
        }
        return false
    }
}
