import ScanCore

/// Global window lookups that ignore scenes.
struct WindowLookup: Rule {
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
        ],
        nonTriggering: [
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
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        let facts = context.facts
        let ownKeyWindow = declaresSceneAwareKeyWindow(facts)
        let bridged = bridgesWindow(facts)
        for file in context.facts.files where file.mentions("indow") {
            for index in file.tokens.indices where file.tokens[index].kind == .identifier {
                let isKey = file.is(index, "keyWindow")
                let isWindows = !isKey && file.is(index, "windows")
                let isWindow = !isKey && !isWindows && file.is(index, "window")
                guard isKey || isWindows || isWindow else { continue }
                guard let receiver = CodeQuery.receiver(of: index, in: file) ?? CodeQuery.messageReceiver(of: index, in: file) else {
                    continue
                }
                if CodeQuery.isAssigned(index, in: file) { continue }
                if isKey || isWindows {
                    guard CodeQuery.isApplication(receiver, in: file, at: index) else { continue }
                    if isKey, ownKeyWindow { continue }
                    let message =
                        isKey
                        ? "UIApplication.keyWindow is deprecated and returns a key window of any scene: use view.window or the key window of the view's UIWindowScene"
                        : "UIApplication.windows mixes the windows of every scene: use the windows of the relevant UIWindowScene"
                    findings.append(finding(context, message, in: file, token: index))
                } else if !bridged, isAppDelegate(receiver, in: file, at: index, delegateClasses: facts.appDelegateNames) {
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

    /// `UIApplication.shared.delegate` in any spelling (casts included), `delegate` inside an extension
    /// of UIApplication, and values named like the app delegate or typed as its class.
    private func isAppDelegate(_ receiver: Range<Int>, in file: SourceFile, at index: Int, delegateClasses: Set<String>) -> Bool {
        let text = CodeQuery.normalized(receiver, in: file)
        for form in CodeQuery.sharedApplicationForms {
            if text.contains(form + ".delegate") || text.contains("[" + form + " delegate]") { return true }
        }
        if text == "delegate" || text == "self.delegate",
            let type = file.type(containing: index), file.types[type].simpleName == "UIApplication"
        {
            return true
        }
        // `application.delegate?.window` inside a method whose parameter is the application.
        if let delegate = receiver.last(where: { file.is($0, "delegate") }), delegate > receiver.lowerBound + 1,
            file.isPunctuation(delegate - 1, UInt8(ascii: ".")),
            CodeQuery.isApplication(receiver.lowerBound..<(delegate - 1), in: file, at: index)
        {
            return true
        }
        // `appDelegate.window`, `AppDelegate.shared.window`, `SPAppDelegate.shared().window`.
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
        return words.contains { $0.lowercased().hasSuffix("appdelegate") || delegateClasses.contains(String($0)) }
    }

    /// A scene delegate that stores its window in the app delegate (`appDelegate.window = window`)
    /// keeps old `delegate.window` lookups working.
    private func bridgesWindow(_ facts: AppFacts) -> Bool {
        for reference in facts.sceneDelegateMethods {
            let file = facts.file(reference)
            for index in WindowCreation.body(facts.function(reference))
            where file.is(index, "window") && CodeQuery.isAssigned(index, in: file) {
                if let receiver = CodeQuery.receiver(of: index, in: file),
                    isAppDelegate(receiver, in: file, at: index, delegateClasses: facts.appDelegateNames)
                {
                    return true
                }
            }
            for index in WindowCreation.body(facts.function(reference)) where file.is(index, "setWindow") {
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
                if WindowCreation.body(function).contains(where: { file.is($0, "connectedScenes") }) { return true }
            }
        }
        return false
    }
}
