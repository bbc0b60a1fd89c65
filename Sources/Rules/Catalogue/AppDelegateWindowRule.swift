import Results
import ScanCore

/// The app delegate builds the UI window at launch, which under scenes belongs to no scene.
struct AppDelegateWindowRule: Rule {
    static let description = RuleDescription(
        id: "app-delegate-window",
        name: "Window built in the app delegate",
        severity: .error,
        summary: "The app delegate creates the UI window (UIWindow(frame:), initWithFrame:, makeKeyAndVisible), which no scene owns.",
        rationale: """
            Before scenes the app delegate owned the one window. Once the app adopts scenes UIKit shows only windows \
            attached to a scene; a window made with UIWindow(frame:) or UIWindow() in didFinishLaunching is never shown \
            and the app launches to a black screen (both initialisers are deprecated in iOS 26 in favour of \
            UIWindow(windowScene:)). The UI set-up must move to the scene delegate.
            """,
        documentation: [AppleDocs.tn3187, AppleDocs.windowInitFrame, AppleDocs.appDelegateWindow, AppleDocs.swiftUIMigration],
        fix: """
            Move the window code into the scene delegate's scene(_:willConnectTo:options:): create \
            UIWindow(windowScene:), set the root view controller, store it in the scene delegate's window property \
            and call makeKeyAndVisible(). Keep only process-wide set-up in didFinishLaunching.
            """,
        anchors: ["UIWindow", "makeKeyAndVisible"],
        triggering: [
            Example(
                ExampleSource.appDelegate(
                    properties: """
                        var window: UIWindow?

                        """,
                    launching: """
                        let window = ↓UIWindow(frame: UIScreen.main.bounds)
                        window.rootViewController = UINavigationController(rootViewController: LibraryViewController())
                        window.makeKeyAndVisible()
                        self.window = window
                        """)),
            // The window made by a superclass the app declares is the app delegate's own (`self.window`), even
            // when only the subclass says it is a UIApplicationDelegate (a base class from a shared pod).
            Example(files: [
                ("AppDelegate.h", "@interface AppDelegate : LDGBaseAppDelegate <UIApplicationDelegate>\n@end"),
                ("AppDelegate.m", "@implementation AppDelegate\n@end"),
                (
                    "LDGBaseAppDelegate.m",
                    """
                    @implementation LDGBaseAppDelegate
                    - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                        self.window = [[↓UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
                        [self.window makeKeyAndVisible];
                        return YES;
                    }
                    @end
                    """
                ),
            ]),
            Example(files: [
                (
                    "AppDelegate.m",
                    """
                    @implementation AppDelegate
                    - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                        self.window = [[↓UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
                        self.window.rootViewController = [[HomeViewController alloc] initWithNibName:@"HomeViewController" bundle:nil];
                        [self.window makeKeyAndVisible];
                        return YES;
                    }
                    @end
                    """
                ), ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
            ]),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?

                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        setUpInterface()
                        return true
                    }
                }

                extension AppDelegate {
                    func setUpInterface() {
                        window = ↓UIWindow()
                        window?.rootViewController = RootViewController()
                        window?.makeKeyAndVisible()
                    }
                }
                """, note: "Extensions of the app delegate count too."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow? = ↓UIWindow(frame: UIScreen.main.bounds)
                }
                """, note: "A stored property's initial value runs at launch too."),
            Example(
                ExampleSource.appDelegate(
                    properties: """
                        var window: UIWindow?

                        """,
                    launching: """
                        window = ↓UIWindow(frame: UIScreen.main.bounds)
                        window?.rootViewController = RootTabBarController()
                        window?.makeKeyAndVisible()
                        """,
                    members: """

                        func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                                         options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                            let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
                            configuration.delegateClass = SceneDelegate.self
                            return configuration
                        }
                        """),
                infoPlist: .legacy,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            var window: UIWindow?
                            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                                guard let windowScene = scene as? UIWindowScene,
                                      let appDelegate = UIApplication.shared.delegate as? AppDelegate else { return }
                                let window = UIWindow(windowScene: windowScene)
                                window.rootViewController = appDelegate.window?.rootViewController
                                window.makeKeyAndVisible()
                                self.window = window
                            }
                        }
                        """
                    )
                ],
                note: "Adopted in code, the root view controller re-hosted in the scene's window: a warning, not a black screen."),
            Example(
                ExampleSource.appDelegate(
                    properties: """
                        var window: UIWindow?

                        """,
                    launching: """
                        window = ↓UIWindow(frame: UIScreen.main.bounds)
                        window?.rootViewController = RootTabBarController()
                        window?.makeKeyAndVisible()
                        """),
                infoPlist: .scenes,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            var window: UIWindow?
                            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                                guard let windowScene = scene as? UIWindowScene else { return }
                                if let window = (UIApplication.shared.delegate as? AppDelegate)?.window {
                                    window.windowScene = windowScene
                                    window.makeKeyAndVisible()
                                    self.window = window
                                }
                            }
                        }
                        """
                    )
                ],
                note:
                    "The scene delegate gives the app delegate's window its scene: the window shows, a note for the deprecated initialiser."
            ),
        ],
        nonTriggering: [
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func attachReactNative(to window: UIWindow) {
                        window.rootViewController = UIViewController()
                        window.makeKeyAndVisible()
                    }
                }
                """,
                also: [
                    (
                        "SceneDelegate.swift",
                        """
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            var window: UIWindow?
                            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                                guard let windowScene = scene as? UIWindowScene else { return }
                                let window = UIWindow(windowScene: windowScene)
                                (UIApplication.shared.delegate as? AppDelegate)?.attachReactNative(to: window)
                                self.window = window
                            }
                        }
                        """
                    )
                ], note: "A helper on the app delegate showing the scene's window, handed in as a parameter."),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                            [self.window makeKeyAndVisible];
                        }
                        @end
                        """
                    ),
                    (
                        "AppDelegate.m",
                        """
                        @implementation AppDelegate
                        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                            // self.window = [[UIWindow alloc] initWithFrame:UIScreen.mainScreen.bounds];
                            return YES;
                        }
                        @end
                        """
                    ),
                    ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
                ], infoPlist: .objcScenes),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    var pinLockWindow: UIWindow?

                    func showPinLock() {
                        pinLockWindow = UIWindow(frame: UIScreen.main.bounds)
                        pinLockWindow?.makeKeyAndVisible()
                    }
                }
                """, note: "A secondary window is window-without-scene's business, not the app's main window."),
            Example(
                ExampleSource.appDelegate(
                    properties: """
                        var window: UIWindow?

                        """,
                    launching: """
                        Analytics.start()
                        // Before scenes this was: window = UIWindow(frame: UIScreen.main.bounds)
                        """)),
            Example(
                ExampleSource.sceneDelegate(
                    connecting: """
                        window?.makeKeyAndVisible()
                        """), file: "SceneDelegate.swift"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        var findings: [Finding] = frameworkWindows(context)
        var methodsWithCreation: Set<String> = []
        // An app that adopted scenes and moves the root view controller into its scene window shows it: the
        // frame window is built but never seen, which is a warning, not a black screen.
        let rehosting = facts.hasAdoptedScenes ? RootViewRehosting.find(facts) : nil
        let rehosted = rehosting.map {
            "; the scene delegate moves its root view controller into a UIWindow(windowScene:) (\($0.place)), so the app shows, "
                + "but the frame window is built for nothing and code that uses it sees an off-screen window: build the root view controller without it"
        }
        // A scene delegate that gives the app delegate's window its scene shows it: what is left is the
        // initialiser iOS 26 deprecates, a note.
        let adoption = facts.hasAdoptedScenes ? WindowAdoption.find(facts) : nil
        for site in context.memo.windowSites(facts) where site.isAppDelegateWindow && !site.isAttached {
            let how = site.file.language == .swift ? "\(site.file.text(site.token))(frame:)" : "initWithFrame:"
            methodsWithCreation.insert(site.file.path + "#" + site.place)
            if let adoption {
                findings.append(
                    finding(
                        context,
                        "the app delegate creates its window with \(how) (in \(site.place)); the scene delegate gives it its scene "
                            + "(\(adoption.place)), so it shows, but \(how) is deprecated in iOS 26: create the window in "
                            + "scene(_:willConnectTo:options:) with UIWindow(windowScene:) when convenient",
                        in: site.file, token: site.token, severity: .note))
                continue
            }
            findings.append(
                finding(
                    context,
                    "the app delegate creates its window with \(how) (in \(site.place))"
                        + (rehosted
                            ?? "; a window no scene owns is never shown once the app adopts scenes: create it in scene(_:willConnectTo:options:) with UIWindow(windowScene:)"),
                    in: site.file, token: site.token, severity: rehosted == nil ? nil : .warning))
        }
        // A storyboard window set up and shown from the app delegate: nil under scenes, nothing appears (unless a
        // scene delegate gives the app delegate's window its scene).
        for reference in facts.appDelegateMethods where adoption == nil {
            let file = facts.file(reference)
            let function = facts.function(reference)
            let body = function.body
            guard !body.isEmpty, !methodsWithCreation.contains(file.path + "#" + describe(function)),
                !WindowCreation.attachesScene(in: file, range: body),
                WindowCreation.scenelessCreations(in: file, range: body, classes: ["UIWindow"]).isEmpty,
                let show = body.first(where: { file.is($0, "makeKeyAndVisible") && showsOwnWindow($0, in: file, function: function) }),
                body.contains(where: { file.is($0, "rootViewController") && CodeQuery.isAssigned($0, in: file) })
            else { continue }
            findings.append(
                finding(
                    context,
                    "the app delegate sets up and shows its window (in \(describe(function)))"
                        + (rehosted
                            ?? "; under scenes its window is nil and nothing appears: build the window in scene(_:willConnectTo:options:)"),
                    in: file, token: show, severity: rehosted == nil ? nil : .warning))
        }
        return findings
    }

    /// `window.makeKeyAndVisible()`, `self.window?.makeKeyAndVisible()`, `[self.window makeKeyAndVisible]` on the
    /// delegate's own window: not a window handed in as a parameter or held in a local (a scene's window that a
    /// helper on the app delegate sets up).
    private func showsOwnWindow(_ index: Int, in file: SourceFile, function: FunctionDeclaration) -> Bool {
        guard let receiver = CodeQuery.receiver(of: index, in: file) ?? CodeQuery.messageReceiver(of: index, in: file) else { return false }
        let text = CodeQuery.normalized(receiver, in: file)
        guard ["window", "self.window", "_window", "[self window]"].contains(text) else { return false }
        if text == "window" || text == "_window" {
            if function.parameters.contains(where: { $0.name == "window" }) { return false }
            let body = function.body
            if body.contains(where: { file.is($0, "window") && (file.is($0 - 1, "let") || file.is($0 - 1, "var")) }) { return false }
        }
        return true
    }

    /// Windows built by a framework's app delegate base class, by Flutter view controllers made in the
    /// app delegate, and by a generated Expo project given a manifest by hand.
    private func frameworkWindows(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        let framework = facts.framework
        if let generated = context.app.generated, let manifest = generated.manifest, GeneratedSupport.adopts(facts, generated) == false {
            return [
                finding(
                    context,
                    "the scene manifest in the app configuration meets the \(framework.kind.displayName) template, whose app delegate builds the window "
                        + "with UIWindow(frame:): the app launches to a black screen; use the framework's scene support instead",
                    at: manifest, anchor: "generated-window")
            ]
        }
        var findings: [Finding] = []
        var bases: [(String, String)] = []
        if !ReactNativeDoubleStartRule.disablesAutomaticWindow(facts) {
            bases.append(
                (
                    "RCTAppDelegate",
                    "builds React Native's window with UIWindow(frame:) in didFinishLaunching unless automaticallyLoadReactNativeWindow is false"
                ))
            bases.append(("EXAppDelegateWrapper", "builds React Native's window with UIWindow(frame:) in didFinishLaunching"))
        }
        // cordova-ios 8 moved the window to CDVSceneDelegate; without a version, a subclass of it is the proof.
        let cordova8 =
            framework.kind == .cordova
            && (framework.isAtLeast(SemanticVersion(8))
                ?? facts.sceneDelegateNames.contains { facts.inherits($0, "CDVSceneDelegate") })
        if !cordova8 {
            bases.append(("CDVAppDelegate", "builds the window and its main view controller in didFinishLaunching (before cordova-ios 8)"))
        }
        for name in facts.appDelegateNames.sorted() {
            for reference in facts.declarations[name] ?? [] {
                let type = facts.type(reference)
                let file = facts.files[reference.file]
                for (base, what) in bases where type.inherits(base) {
                    guard let token = (type.nameToken..<max(type.nameToken, type.bodyStart)).first(where: { file.is($0, text: base) })
                    else { continue }
                    findings.append(
                        finding(
                            context,
                            "\(name) subclasses \(base), which \(what): a window no scene owns is never shown once the app adopts scenes",
                            in: file, token: token))
                }
            }
        }
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            for index in facts.function(reference).body
            where file.is(index, "FlutterViewController") && file.isPunctuation(index + 1, UInt8(ascii: "(")) {
                findings.append(
                    finding(
                        context,
                        "the app delegate builds a FlutterViewController window: under scenes it is never shown; let FlutterSceneDelegate create the view",
                        in: file, token: index))
            }
        }
        return findings
    }

    private func describe(_ function: FunctionDeclaration) -> String {
        function.kind == .objcMethod ? "-" + function.signature : function.signature
    }
}
