import Results
import ScanCore

/// For a framework app on a version without scene support, the concrete way out for that version.
struct FrameworkUpgradePathRule: Rule {
    static let description = RuleDescription(
        id: "framework-upgrade-path",
        name: "Framework upgrade path",
        severity: .note,
        summary: "The app's framework version predates its scene-based template; names the concrete path for that version.",
        rationale: """
            React Native adopts scenes from 0.88 (SceneDelegate with startReactNative(withModuleName:in:connectionOptions:)), \
            Expo from SDK 58 (or 57.0.23 with expo-build-properties ios.enableSceneSupport), Capacitor from 8.5 \
            (npx cap migrate), Flutter from 3.38 (FlutterSceneDelegate, FlutterImplicitEngineDelegate; automatic \
            migration from 3.41 unless the AppDelegate is customised, the storyboard is not Main or the project opted \
            out) and cordova-ios from 8. Below those versions the scene code has to be written by hand, and how \
            depends on the version: React Native 0.74–0.87 builds the root view from rootViewFactory, older versions \
            from the bridge with RCTRootView.
            """,
        documentation: [AppleDocs.tn3187],
        fix:
            "Follow the path in the message: upgrade to the framework version whose template adopts scenes, or write the scene delegate the way that version allows.",
        triggering: [
            Example(
                "@main class AppDelegate: RCTAppDelegate {}", infoPlist: .legacy,
                project: [("package.json", "{\n  \"name\": \"shop\",\n  \"dependencies\": {\n    ↓\"react-native\": \"0.77.2\"\n  }\n}\n")]),
            Example(
                "@objc class AppDelegate: FlutterAppDelegate {}", infoPlist: .legacy,
                project: [
                    (
                        "pubspec.yaml",
                        "name: tide\nenvironment:\n  sdk: \">=3.4.0 <4.0.0\"\n  flutter: ↓\">=3.32.0\"\ndependencies:\n  flutter:\n    sdk: flutter\n"
                    )
                ]),
        ],
        nonTriggering: [
            Example(
                "class SceneDelegate: UIResponder, UIWindowSceneDelegate {}", file: "SceneDelegate.swift",
                project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.88.1\"}}\n")]),
            Example("@main class AppDelegate: UIResponder, UIApplicationDelegate {}", note: "A native app has no framework to upgrade."),
            Example(
                files: [
                    ("AppDelegate.swift", "@main class AppDelegate: RCTAppDelegate {}"),
                    (
                        "SceneDelegate.swift",
                        ExampleSource.sceneDelegate()
                    ),
                ], project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.77.2\"}}\n")],
                note: "React Native 0.77 with a hand-written scene delegate and manifest has adopted scenes: no upgrade is needed for them."
            ),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let framework = context.facts.framework
        guard let minimum = FrameworkPaths.sceneSupport(framework.kind) else { return [] }
        // An app that has adopted scenes (by hand on an older version, or through the framework) needs no
        // upgrade for them. One that has not gets the path for its version, or, on a version with scene support
        // (or an unknown one: `nightly`, no manifest), the framework's own migration and why it has not run.
        guard !context.facts.hasAdoptedScenes else { return [] }
        let version = framework.semanticVersion ?? minimum
        // Expo 57.0.23+ that opted in has scene support without the upgrade.
        if framework.kind == .expo, version >= FrameworkPaths.expoOptIn, framework.settings.expoSceneSupport == true { return [] }
        guard let path = FrameworkPaths.upgradePath(context.facts, prebuild: ExpoPrebuild.isUsed(context)) else { return [] }
        return [finding(context, path, at: framework.location ?? context.app.declaration, anchor: "upgrade:" + framework.kind.rawValue)]
    }
}
