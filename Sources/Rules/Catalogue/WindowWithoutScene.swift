import ScanCore

/// A window created outside the app delegate without a scene: never shown in a scene-based app.
struct WindowWithoutScene: Rule {
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
                """, file: "Launching.swift", note: "A window made in a stored property's initial value."),
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
                    @end
                    """
                )
            ]),
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
        WindowCreation.sites(context.facts).filter { !$0.isAppDelegateWindow && !$0.isAttached }.map { site in
            finding(
                context,
                "\(site.file.text(site.token)) created without a scene (in \(site.place)) is never shown once the app adopts scenes: "
                    + "use UIWindow(windowScene:) or set its windowScene",
                in: site.file, token: site.token)
        }
    }
}
