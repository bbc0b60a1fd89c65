import ScanCore

extension AppFacts {
    /// The app delegate implements `application(_:configurationForConnecting:options:)`.
    package var adoptsInCode: Bool { !configurationMethods.isEmpty }

    /// Scene-based without needing a manifest configuration: SwiftUI entry or code adoption.
    var isSceneBasedWithoutManifest: Bool { adoptsInCode || isSwiftUIApp }

    /// The framework class names a manifest may legitimately name without the app declaring them.
    static let frameworkSceneDelegates: Set<String> = ["FlutterSceneDelegate", "EXExpoAppSceneDelegate"]

    /// Framework superclasses that build the scene's window themselves.
    static let windowBuildingSceneBases: Set<String> = [
        "FlutterSceneDelegate", "ExpoAppSceneDelegate", "EXExpoAppSceneDelegate", "CDVSceneDelegate", "RCTSceneDelegate",
    ]

    /// Whether any plist of the app has a real manifest (all devices).
    var hasManifest: Bool {
        app.infoPlists.contains { $0.manifestState.manifest != nil }
    }
}

extension AppFacts {
    /// The app has adopted scenes in one of the ways UIKit accepts (for every configuration, a manifest
    /// with an application configuration; or configurationForConnecting; or a SwiftUI entry point).
    var hasAdoptedScenes: Bool {
        if isSceneBasedWithoutManifest { return true }
        if let generated = app.generated { return GeneratedSupport.adopts(self, generated) == true }
        return !app.infoPlists.isEmpty
            && app.infoPlists.allSatisfy { $0.manifestState.manifest?.applicationConfigurations.isEmpty == false }
    }
}

/// What a generated native project (Expo without ios/, Cordova without platforms/ios) will be.
enum GeneratedSupport {
    /// Whether the generated app adopts scenes; nil when that depends on configuration code never run.
    static func adopts(_ facts: AppFacts, _ generated: GeneratedProject) -> Bool? {
        let framework = facts.framework
        guard let version = framework.semanticVersion else { return nil }
        switch generated.kind {
        case .expo:
            if version >= SemanticVersion(58) { return true }
            if version < FrameworkPaths.expoOptIn { return false }
            if framework.settings.expoSceneSupport == true { return true }
            return generated.configIsCode ? nil : false
        case .cordova:
            return version >= SemanticVersion(8)
        }
    }
}
