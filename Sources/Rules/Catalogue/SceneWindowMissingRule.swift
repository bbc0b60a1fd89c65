import Results
import ScanCore

/// A scene whose delegate never provides a window: the black screen of a half-done migration.
struct SceneWindowMissingRule: Rule {
    static let description = RuleDescription(
        id: "scene-window-missing",
        name: "Scene window missing",
        severity: .error,
        summary: "Nothing gives the scene a window: no UIWindow(windowScene:), no storyboard, no framework superclass that builds one.",
        rationale: """
            Under scenes UIKit asks the scene delegate for the window. A storyboard named by UISceneStoryboardFile \
            gets a window from UIKit; otherwise the scene delegate must create one with UIWindow(windowScene:) in \
            scene(_:willConnectTo:options:) and keep it in its window property. A window made elsewhere, or with \
            UIWindow(frame:), belongs to no scene and is never shown: the app launches to a black screen. UIKit also \
            needs a scene delegate class to hold a storyboard's window.
            """,
        documentation: [AppleDocs.tn3187, AppleDocs.windowSceneDelegateWindow, AppleDocs.windowInitScene],
        fix: """
            In scene(_:willConnectTo:options:), guard the scene as a UIWindowScene, create UIWindow(windowScene:), \
            set its rootViewController, assign it to self.window and call makeKeyAndVisible(); or name a storyboard \
            in the configuration.
            """,
        anchors: ["SceneDelegate", "windowScene", "WindowScene"],
        triggering: [
            Example(
                """
                import UIKit

                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?

                    func ↓scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        guard scene is UIWindowScene else { return }
                    }
                }
                """, file: "SceneDelegate.swift"),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
                        @property (strong, nonatomic) UIWindow *window;
                        @end

                        @implementation SceneDelegate
                        - (void)↓scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                        }
                        @end
                        """
                    )
                ], infoPlist: .objcScenes, note: "initWithFrame: makes a window no scene owns."),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            """
                            \t\t\t\t\t<key>UISceneConfigurationName</key>
                            \t\t\t\t\t<string>Default Configuration</string>
                            """, marked: true)
                    ),
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                ], note: "A configuration with neither a delegate class nor a storyboard."),
        ],
        nonTriggering: [
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?

                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        let window = UIWindow(windowScene: windowScene)
                        window.rootViewController = UINavigationController(rootViewController: HomeViewController())
                        self.window = window
                        window.makeKeyAndVisible()
                    }
                }
                """, file: "SceneDelegate.swift"),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            if (![scene isKindOfClass:[UIWindowScene class]]) { return; }
                            self.window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                            [self.window makeKeyAndVisible];
                        }
                        @end
                        """
                    ), ("SceneDelegate.h", "@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end"),
                ],
                infoPlist: .objcScenes),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            """
                            \t\t\t\t\t<key>UISceneDelegateClassName</key>
                            \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                            \t\t\t\t\t<key>UISceneStoryboardFile</key>
                            \t\t\t\t\t<string>Main</string>
                            """)
                    ),
                    ("SceneDelegate.swift", "class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n}"),
                ], note: "The storyboard provides the window."),
            Example("class SceneDelegate: FlutterSceneDelegate {}", file: "SceneDelegate.swift", note: "The framework builds it."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        let configuration = UISceneConfiguration(name: "Default", sessionRole: session.role)
                        if session.role == .carTemplateApplication {
                            configuration.delegateClass = CarSceneDelegate.self
                        } else {
                            configuration.delegateClass = SceneDelegate.self
                        }
                        return configuration
                    }
                }
                """,
                also: [
                    (
                        "CarSceneDelegate.swift",
                        """
                        import CarPlay

                        class CarSceneDelegate: UIResponder, CPTemplateApplicationSceneDelegate {
                            func templateApplicationScene(_ scene: CPTemplateApplicationScene, didConnect controller: CPInterfaceController) {}
                        }
                        """
                    ),
                    (
                        "SceneDelegate.swift",
                        ExampleSource.sceneDelegate()
                    ),
                ], note: "A CarPlay template scene's delegate gets an interface controller, not a window."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        guard !facts.isSwiftUIApp else { return [] }
        var findings: [Finding] = []
        var checked: Set<String> = []
        for plist in context.app.infoPlists {
            guard let configuration = AppFacts.configurations(of: plist).first(where: { $0.role == SceneConfiguration.applicationRole })
            else {
                continue
            }
            let storyboard = configuration.storyboard.map { !$0.isEmpty } ?? false
            guard let written = configuration.delegateClass, !written.isEmpty else {
                if facts.adoptsInCode { continue }
                let message =
                    storyboard
                    ? "the default scene configuration names a storyboard but no UISceneDelegateClassName: UIKit needs a scene delegate to hold the storyboard's window"
                    : "the default scene configuration names neither a scene delegate nor a storyboard: nothing creates the scene's window"
                findings.append(
                    finding(
                        context, message, at: plist.location(of: "UIApplicationSceneManifest"), anchor: "window:" + plist.configurationList)
                )
                continue
            }
            guard !storyboard else { continue }
            let name = AppFacts.className(fromManifest: written)
            if checked.insert(name).inserted, let problem = windowProblem(of: name, context) {
                findings.append(problem)
            }
        }
        for assignment in facts.codeDelegateClasses where checked.insert(assignment.name).inserted {
            if let problem = windowProblem(of: assignment.name, context) { findings.append(problem) }
        }
        return findings
    }

    /// A finding when the class exists in the app but nothing in it (or its app superclasses) makes a scene window.
    private func windowProblem(of name: String, _ context: RuleContext) -> Finding? {
        let facts = context.facts
        guard let declarations = facts.declarations[name], !declarations.isEmpty else { return nil }
        if !facts.ancestors(of: name).isDisjoint(with: AppFacts.windowBuildingSceneBases) { return nil }
        // A CarPlay template scene's delegate gets an interface controller, never a window.
        if !facts.ancestors(of: name).isDisjoint(with: AppFacts.carPlaySceneDelegateBases) { return nil }
        var classes: Set<String> = [name]
        classes.formUnion(facts.ancestors(of: name).filter { facts.declarations[$0] != nil })
        for reference in facts.methods(of: classes) {
            let file = facts.file(reference)
            let function = facts.function(reference)
            if createsSceneWindow(function, in: file) { return nil }
        }
        if let connect = facts.connectMethod(of: classes) {
            return finding(
                context,
                "\(name) never creates a window for its scene (no UIWindow(windowScene:) and no storyboard): the app launches to a black screen",
                in: facts.file(connect), token: facts.function(connect).nameToken)
        }
        let declaration =
            declarations.first { facts.type($0).kind == .classType || facts.type($0).kind == .objcInterface } ?? declarations[0]
        return finding(
            context,
            "\(name) has no scene(_:willConnectTo:options:) creating UIWindow(windowScene:), and no storyboard is configured: the app launches to a black screen",
            in: facts.files[declaration.file], token: facts.type(declaration).nameToken)
    }

    /// `UIWindow(windowScene:)`, `MyWindow(windowScene:)`, `initWithWindowScene:` or `window.windowScene = …`.
    private func createsSceneWindow(_ function: FunctionDeclaration, in file: SourceFile) -> Bool {
        guard function.hasBody else { return false }
        for index in function.body {
            if file.is(index, "windowScene"), file.isPunctuation(index + 1, UInt8(ascii: ":")),
                file.isPunctuation(index - 1, UInt8(ascii: "(")) || file.isPunctuation(index - 1, UInt8(ascii: ","))
            {
                return true
            }
            if file.is(index, "initWithWindowScene") { return true }
            if file.is(index, "windowScene"), file.isPunctuation(index - 1, UInt8(ascii: ".")), CodeQuery.isAssigned(index, in: file) {
                return true
            }
        }
        return false
    }
}
