import Results
import ScanCore

/// Multiple scenes declared for a framework that assumes one window.
struct MultipleScenesUnsupportedRule: Rule {
    static let frameworks: Set<FrameworkKind> = [.reactNative, .expo, .flutter, .capacitor, .cordova]

    static let description = RuleDescription(
        id: "multiple-scenes-unsupported",
        name: "Multiple scenes with a single-window framework",
        severity: .warning,
        summary: "UIApplicationSupportsMultipleScenes is true in a React Native, Expo, Flutter, Capacitor or Cordova app.",
        rationale: """
            With UIApplicationSupportsMultipleScenes true, iPadOS and Mac Catalyst let people open the app in several \
            windows at once, each a scene. React Native, Expo, Capacitor and Cordova run one JavaScript or web view \
            instance tied to one window, and Flutter documents multiple scenes as not fully supported: a second \
            window shows a blank or duplicated interface.
            """,
        documentation: [AppleDocs.sceneManifest, AppleDocs.tn3187],
        fix: "Set UIApplicationSupportsMultipleScenes to false unless the framework version supports several windows.",
        triggering: [
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.withLaunchScreen(
                            """
                            \t<key>UIApplicationSceneManifest</key>
                            \t<dict>
                            \t\t↓<key>UIApplicationSupportsMultipleScenes</key>
                            \t\t<true/>
                            \t\t<key>UISceneConfigurations</key>
                            \t\t<dict>
                            \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
                            \t\t\t<array><dict><key>UISceneDelegateClassName</key><string>FlutterSceneDelegate</string></dict></array>
                            \t\t</dict>
                            \t</dict>
                            """)
                    ),
                    ("AppDelegate.swift", "@main @objc class AppDelegate: FlutterAppDelegate, FlutterImplicitEngineDelegate {}"),
                ],
                project: [
                    ("pubspec.yaml", "name: tide\nenvironment:\n  flutter: \">=3.41.0\"\ndependencies:\n  flutter:\n    sdk: flutter\n")
                ])
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            "\t\t\t\t\t<key>UISceneDelegateClassName</key>\n\t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>",
                            multipleScenes: true)
                    ),
                    ("SceneDelegate.swift", "class SceneDelegate: UIResponder, UIWindowSceneDelegate {}"),
                ], note: "A native app may support several windows.")
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let framework = context.facts.framework
        guard Self.frameworks.contains(framework.kind) else { return [] }
        let message =
            "\(framework.kind.displayName) runs one instance tied to one window, but UIApplicationSupportsMultipleScenes is true: "
            + "a second window shows a blank or duplicated interface; set it to false"
        if let generated = context.app.generated, generated.supportsMultipleScenes, let location = generated.manifest {
            return [finding(context, message, at: location, anchor: "multiple-scenes")]
        }
        var findings: [Finding] = []
        for plist in context.app.infoPlists {
            switch plist.manifestState {
            case .present(let manifest) where manifest.supportsMultipleScenes:
                // A CarPlay scene is a second scene the app must allow; then only extra phone windows are at stake.
                let carPlay = manifest.configurations.contains { $0.role.hasPrefix("CP") }
                let text =
                    carPlay
                    ? "\(framework.kind.displayName) runs one instance tied to one window; UIApplicationSupportsMultipleScenes is true for the CarPlay scene, "
                        + "so make sure a second phone or iPad window cannot open (or shows the same instance)"
                    : message
                findings.append(
                    finding(
                        context, text, at: plist.location(of: "UIApplicationSupportsMultipleScenes"), anchor: "multiple-scenes",
                        severity: carPlay ? .note : nil))
            default:
                continue
            }
        }
        return findings
    }
}
