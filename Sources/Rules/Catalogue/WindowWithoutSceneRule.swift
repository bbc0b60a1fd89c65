import Results
import ScanCore

/// A window created outside the app delegate without a scene: never shown in a scene-based app.
struct WindowWithoutSceneRule: Rule {
    static let description = RuleDescription(
        id: "window-without-scene",
        name: "Window without a scene",
        severity: .warning,
        summary: "Code creates a UIWindow with UIWindow(frame:) or UIWindow() and never gives it a windowScene.",
        rationale: """
            In a scene-based app only windows attached to a UIWindowScene are displayed. Overlay, alert or \
            debug windows made with UIWindow(frame:) or UIWindow() (deprecated in iOS 26) belong to no scene and \
            silently never appear once the app adopts scenes.
            """,
        documentation: [AppleDocs.windowInitFrame, AppleDocs.windowInitScene, AppleDocs.tn3187],
        fix:
            "Create the window with UIWindow(windowScene:) from the scene of the view that presents it, or set its windowScene before showing it.",
        anchors: ["UIWindow", "Window"],
        triggering: [
            Example(
                """
                final class ToastPresenter {
                    private var window: UIWindow?

                    func show(_ message: String) {
                        let window = ↓UIWindow(frame: UIScreen.main.bounds)
                        window.windowLevel = .alert
                        window.rootViewController = ToastViewController(message: message)
                        window.isHidden = false
                        self.window = window
                    }
                }
                let toasts = ToastPresenter()
                """, file: "ToastPresenter.swift"),
            Example(
                """
                final class Launching {
                    private let window: UIWindow = ↓UIWindow(frame: UIScreen.main.bounds)

                    func start() {
                        window.rootViewController = MainViewController()
                        window.makeKeyAndVisible()
                    }
                }
                func launch() { Launching().start() }
                """, file: "Launching.swift", note: "A window made in a stored property's initial value."),
            Example(
                """
                let safeAreaInsets: UIEdgeInsets = {
                    if #available(iOS 12.0, *) {
                        return UIApplication.shared.keyWindow?.safeAreaInsets ?? ↓UIWindow().safeAreaInsets
                    }
                    return UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
                }()
                let navigationBarHeight = safeAreaInsets.top + 44
                """, file: "Constants.swift",
                note: "A window made in a closure that gives a global its value: the message names the global."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var passcodeWindow: UIWindow?

                    func showPasscode() {
                        passcodeWindow = ↓UIWindow(frame: UIScreen.main.bounds)
                        passcodeWindow?.makeKeyAndVisible()
                    }
                }
                """, note: "A secondary window of the app delegate."),
            Example(files: [
                (
                    "DebugOverlay.m",
                    """
                    @implementation DebugOverlay
                    - (void)show {
                        self.window = [[↓UIWindow alloc] initWithFrame:UIScreen.mainScreen.bounds];
                        self.window.hidden = NO;
                    }
                    + (void)showShared { [[DebugOverlay new] show]; }
                    @end
                    """
                )
            ]),
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?

                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        window = UIWindow(windowScene: windowScene)
                        showHome()
                    }

                    func showHome() {
                        if window == nil { window = ↓UIWindow(frame: UIScreen.main.bounds) }
                        window?.rootViewController = HomeViewController()
                        window?.makeKeyAndVisible()
                    }
                }
                """, file: "SceneDelegate.swift", note: "A note: a fallback that willConnectTo has made unreachable."),
            Example(
                """
                final class LegacyHUDWindowController {
                    let window = ↓UIWindow(frame: UIScreen.main.bounds)
                    func show() { window.isHidden = false }
                }
                """, file: "LegacyHUDWindowController.swift", note: "A note: nothing in the app instantiates or names the class."),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "DebugOverlay.m",
                        """
                        @implementation DebugOverlay
                        - (void)showInScene:(UIWindowScene *)scene {
                            self.window = [[UIWindow alloc] initWithWindowScene:scene];
                            self.window.hidden = NO;
                        }
                        @end
                        """
                    )
                ]),
            Example(
                """
                final class ToastPresenter {
                    private var window: UIWindow?

                    func show(_ message: String, from view: UIView) {
                        guard let scene = view.window?.windowScene else { return }
                        let window = UIWindow(windowScene: scene)
                        window.rootViewController = ToastViewController(message: message)
                        window.isHidden = false
                        self.window = window
                    }
                }
                let toasts = ToastPresenter()
                """, file: "ToastPresenter.swift"),
            Example(
                """
                final class ToastPresenter {
                    func show(in scene: UIWindowScene) {
                        let window = UIWindow(frame: scene.coordinateSpace.bounds)
                        window.windowScene = scene
                        window.isHidden = false
                    }
                }
                """, file: "ToastPresenter.swift", note: "Attached to a scene in the same function."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        context.memo.windowSites(context.facts).filter { !$0.isAppDelegateWindow && !$0.isAttached }.map { site in
            var message =
                "\(site.file.text(site.token)) created without a scene (in \(site.place)) is never shown once the app adopts scenes: "
                + "use UIWindow(windowScene:) or set its windowScene"
            // Code that cannot run in practice is hygiene, not a broken screen.
            let unreachable = UnreachableWindowCode.reason(for: site, context)
            if let unreachable { message += " (\(unreachable))" }
            return finding(context, message, in: site.file, token: site.token, severity: unreachable == nil ? nil : .note)
        }
    }
}
