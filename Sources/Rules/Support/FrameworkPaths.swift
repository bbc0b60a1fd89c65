import ScanCore
import XcodeProject

/// When each framework gained scene support, and the way out for a given version.
enum FrameworkPaths {
    /// The first version whose template (or tooling) adopts scenes.
    static func sceneSupport(_ kind: FrameworkKind) -> SemanticVersion? {
        switch kind {
        case .reactNative: return SemanticVersion(0, 88)
        case .expo: return SemanticVersion(58)
        case .capacitor: return SemanticVersion(8, 5)
        case .flutter: return SemanticVersion(3, 38)
        case .cordova: return SemanticVersion(8)
        case .native, .swiftui: return nil
        }
    }

    /// Expo SDK 57 can opt in from this patch on, with `expo-build-properties` `ios.enableSceneSupport`.
    static let expoOptIn = SemanticVersion(57, 0, 23)
    /// Flutter's tool migrates apps by default from here.
    static let flutterAutomaticMigration = SemanticVersion(3, 41)

    /// The concrete path for the app's framework version, as a sentence.
    /// - Parameter prebuild: an Expo project generates its native folder (`ExpoPrebuild`), so config plugins apply.
    static func upgradePath(_ facts: AppFacts, prebuild: Bool = true) -> String? {
        let framework = facts.framework
        let named = framework.version.map { "\(framework.kind.displayName) \($0)" } ?? framework.kind.displayName
        let version = framework.semanticVersion
        switch framework.kind {
        case .reactNative:
            guard let version else {
                return
                    "\(named): React Native 0.88 adopts scenes (SceneDelegate with startReactNative(withModuleName:in:connectionOptions:))"
            }
            if version >= SemanticVersion(0, 88) {
                return
                    "\(named): adopt the 0.88 SceneDelegate template (startReactNative(withModuleName:in:connectionOptions:), RCTLinkingManager.scene forwarding)"
            }
            if version >= SemanticVersion(0, 78) {
                return
                    "\(named): upgrade to 0.88 and add its SceneDelegate, or build the root view from reactNativeFactory.rootViewFactory "
                    + "in a UIWindowSceneDelegate (no UIWindow(frame:) or startReactNative in the app delegate) and pass connectionOptions' links to RCTLinkingManager"
            }
            if version >= SemanticVersion(0, 74) {
                return
                    "\(named): upgrade to 0.88 and add its SceneDelegate, or build the root view from the RCTAppDelegate's rootViewFactory "
                    + "in a UIWindowSceneDelegate (automaticallyLoadReactNativeWindow = false) and pass connectionOptions' links to RCTLinkingManager"
            }
            return
                "\(named): upgrade (0.88 adopts scenes), or create the root view in a scene delegate with RCTRootView(bridge:moduleName:initialProperties:) "
                + "from the bridge the app delegate owns"
        case .expo:
            if !prebuild {
                // A bare project edits its committed ios/ folder: config plugins never run on it.
                guard let version, version >= SemanticVersion(58) else {
                    return
                        "\(named): upgrade to SDK 58 and add its SceneDelegate (ExpoAppSceneDelegate) to the native project, or from SDK 57.0.23 "
                        + "add a scene manifest naming EXExpoAppSceneDelegate to the app's Info.plist by hand (the project is not prebuilt, so expo-build-properties does not apply)"
                }
                return "\(named): add the SDK 58 SceneDelegate (ExpoAppSceneDelegate) and its scene manifest to the native project"
            }
            guard let version, version >= SemanticVersion(58) else {
                if let version, version >= expoOptIn {
                    return
                        "\(named): set expo-build-properties ios.enableSceneSupport to true, or upgrade to SDK 58 (scene-based by default)"
                }
                return
                    "\(named): upgrade to SDK 58 (scene-based by default), or to SDK 57.0.23+ with expo-build-properties ios.enableSceneSupport"
            }
            return "\(named): the SDK 58 template adopts scenes (SceneDelegate: ExpoAppSceneDelegate)"
        case .capacitor:
            if let version, version >= SemanticVersion(8, 5) {
                let started =
                    facts.hasManifest || !facts.configurationMethods.isEmpty
                    || facts.app.sourceFiles.contains { Paths.fileName(of: $0) == "SceneDelegate.swift" }
                if started {
                    return "\(named) supports scenes, but npx cap migrate refuses a partly migrated project: "
                        + "add the missing manifest, SceneDelegate.swift or configurationForConnecting by hand, as in the 8.5 template"
                }
                return "\(named): run npx cap migrate, which adds SceneDelegate.swift, the scene manifest and configurationForConnecting"
            }
            return "\(named): upgrade @capacitor/ios to 8.5 and run npx cap migrate (it skips projects in a partial state)"
        case .flutter:
            var refusals: [String] = []
            if let optOut = framework.settings.flutterMigrationOptOut {
                refusals.append("enable-uiscene-migration is false in \(optOut.file):\(optOut.line)")
            }
            let storyboard = facts.app.infoPlists.first?["UIMainStoryboardFile"]?.string
            if !facts.app.infoPlists.isEmpty, storyboard != "Main" { refusals.append("UIMainStoryboardFile is not Main") }
            if FlutterTemplate.isCustomised(facts) { refusals.append("the AppDelegate is customised") }
            let refusal =
                refusals.isEmpty
                ? "" : "; the tool will not migrate this app because " + refusals.joined(separator: ", ") + ": migrate by hand"
            if let version, version >= flutterAutomaticMigration {
                return "\(named): flutter build migrates the app to FlutterSceneDelegate and FlutterImplicitEngineDelegate" + refusal
            }
            return
                "\(named): upgrade to Flutter 3.41+, whose tool migrates the app automatically (3.38 has FlutterSceneDelegate and FlutterImplicitEngineDelegate)"
                + refusal
        case .cordova:
            return
                "\(named): upgrade to cordova-ios 8 (cordova platform rm ios && cordova platform add ios@8), whose template adopts scenes"
        case .native, .swiftui:
            return nil
        }
    }
}

/// Whether a Flutter app delegate is still the template Flutter's migration recognises.
enum FlutterTemplate {
    /// More than `didFinishLaunching` registering plugins (or the implicit-engine callback): the tool refuses.
    static func isCustomised(_ facts: AppFacts) -> Bool {
        for reference in facts.appDelegateMethods {
            let function = facts.function(reference)
            let allowed = [
                "application(_:didFinishLaunchingWithOptions:)", "application:didFinishLaunchingWithOptions:",
                "didInitializeImplicitFlutterEngine(_:)", "didInitializeImplicitFlutterEngine:",
            ]
            guard allowed.contains(function.signature) else { return true }
            let file = facts.file(reference)
            let calls = CodeQuery.calledNames(in: function, of: file).subtracting([
                "register", "application", "registerWithRegistry", "super",
            ])
            if !calls.isEmpty { return true }
        }
        return false
    }
}
