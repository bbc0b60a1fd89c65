import XcodeProject

/// Framework apps whose native project is generated at build time (Expo without `ios/`, Cordova
/// without `platforms/ios`).
extension AppDiscovery {
    /// Expo projects without a committed `ios/` folder and Cordova projects without `platforms/ios`:
    /// their native app is generated at build time, so they are apps all the same.
    func generatedApps(besides apps: [App]) -> [App] {
        var result: [App] = []
        let appFolders = apps.map(\.path)
        func hasNativeApp(under folder: String) -> Bool {
            appFolders.contains { Paths.isInside($0, folder) }
        }
        for entry in tree.files where Paths.fileName(of: entry.path) == "package.json" {
            let root = Paths.directory(of: entry.path)
            guard let bytes = tree.read(entry.path), let manifest = PackageManifest(path: entry.path, bytes: bytes),
                manifest.dependencies["expo"] != nil, !hasNativeApp(under: Paths.join(root, "ios"))
            else { continue }
            let staticConfig = ["app.json", "app.config.json"].map { Paths.join(root, $0) }.first { listed.contains($0) }
            let codeConfig = ["app.config.ts", "app.config.js", "app.config.mjs", "app.config.cjs"].map { Paths.join(root, $0) }
                .first { listed.contains($0) }
            guard staticConfig != nil || codeConfig != nil else { continue }
            let expo = staticConfig.flatMap { path in tree.read(path).flatMap { ExpoConfig(path: path, bytes: $0) } }
            if expo?.excludesIOS == true { continue }
            // app.json's expo.name, else a plain string literal `name` in app.config.ts/js (read as text), else package.json's.
            let codeName = expo?.name == nil ? codeConfig.flatMap { tree.read($0) }.flatMap(ExpoCodeConfig.name(in:)) : nil
            let name = expo?.name ?? codeName ?? manifest.name ?? (root.isEmpty ? "App" : Paths.fileName(of: root))
            let config = codeConfig ?? staticConfig!
            result.append(
                generatedApp(
                    root: root, name: name,
                    project: GeneratedProject(
                        kind: .expo, config: config, configIsCode: codeConfig != nil, manifest: expo?.manifestLocation,
                        supportsMultipleScenes: expo?.supportsMultipleScenes ?? false,
                        sceneDelegateClasses: expo?.sceneDelegateClasses ?? [])))
        }
        for entry in tree.files where Paths.fileName(of: entry.path) == "config.xml" {
            let root = Paths.directory(of: entry.path)
            guard !hasNativeApp(under: Paths.join(root, "platforms/ios")), let bytes = tree.read(entry.path) else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("<widget") else { continue }
            let package = tree.read(Paths.join(root, "package.json")).flatMap {
                PackageManifest(path: Paths.join(root, "package.json"), bytes: $0)
            }
            guard package?.dependencies["cordova-ios"] != nil || text.contains("<engine name=\"ios\"") else { continue }
            // Capacitor projects keep a config.xml for Cordova plugins; their app is under ios/.
            if package?.dependencies["@capacitor/core"] != nil || package?.dependencies["@capacitor/ios"] != nil { continue }
            let name = text.firstRange(of: "<name>").map { String(text[$0.upperBound...].prefix { $0 != "<" }) }
            result.append(
                generatedApp(
                    root: root, name: name?.isEmpty == false ? name! : (root.isEmpty ? "App" : Paths.fileName(of: root)),
                    project: GeneratedProject(
                        kind: .cordova, config: entry.path, configIsCode: false, manifest: nil, supportsMultipleScenes: false)))
        }
        return result
    }

    func generatedApp(root: String, name: String, project: GeneratedProject) -> App {
        App(
            path: root, target: name, platforms: [.iOS], project: nil, declaration: Location(file: project.config, line: 1),
            moduleName: BuildSettingsName.module(from: name), sourceFiles: [], resourceFiles: [], infoPlists: [],
            deploymentTargets: [], deviceFamilies: [1, 2], generated: project)
    }

    static func looksLikeAppPlist(_ values: [String: PlistValue]) -> Bool {
        if values["NSExtension"] != nil || values["WKApplication"] != nil || values["WKWatchKitApp"] != nil {
            return false
        }
        if let type = values["CFBundlePackageType"]?.string, type != "APPL", type != "$(PRODUCT_BUNDLE_PACKAGE_TYPE)" {
            return false
        }
        return [
            "LSRequiresIPhoneOS", "UIApplicationSceneManifest", "UILaunchStoryboardName", "UIMainStoryboardFile",
            "UILaunchScreen", "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations",
        ]
        .contains { values[$0] != nil }
    }
}
