import ScanCore

extension AppFacts {
    /// The app delegate implements `application(_:configurationForConnecting:options:)`.
    var adoptsInCode: Bool { !configurationMethods.isEmpty }

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
