import Foundation
import XcodeProject

/// Decides each app's framework and version from the manifests around its native folder.
///
/// A framework's native project lives in `<project>/ios/…` (React Native, Expo, Capacitor, Flutter) or
/// `<project>/platforms/ios/…` (Cordova); its manifest (`package.json`, `pubspec.yaml`) is in
/// `<project>`. Only that folder counts, so a native app inside a JavaScript monorepo stays native
/// even when the workspace root lists react-native.
struct FrameworkDetector {
    let files: ProjectFiles
    let problems: ManifestProblems

    func detect(appFolder: String, projectFolder: String?) -> FrameworkInfo {
        for root in candidateRoots(appFolder: appFolder, projectFolder: projectFolder) {
            if let info = javascript(root: root) { return info }
            if let flutter = FlutterProject(folder: root, files: files, problems: problems) {
                var settings = FrameworkSettings()
                settings.flutterMigrationOptOut = flutter.optOut
                return FrameworkInfo(
                    kind: .flutter, version: flutter.version, location: flutter.versionLocation, settings: settings, root: root)
            }
        }
        return .native
    }

    /// Folders that hold `ios/` or `platforms/ios/` on the way to the app.
    private func candidateRoots(appFolder: String, projectFolder: String?) -> [String] {
        var roots: [String] = []
        for folder in ProjectFiles.lineage(of: projectFolder ?? appFolder) + ProjectFiles.lineage(of: appFolder) {
            let name = Paths.fileName(of: folder)
            guard name == "ios" else { continue }
            let parent = Paths.directory(of: folder)
            let root = Paths.fileName(of: parent) == "platforms" ? Paths.directory(of: parent) : parent
            if !roots.contains(root) { roots.append(root) }
        }
        return roots
    }

    /// React Native, Expo, Capacitor or Cordova from `root/package.json`.
    func javascript(root: String) -> FrameworkInfo? {
        let path = Paths.join(root, "package.json")
        guard let bytes = files.read(path) else { return cordovaWithoutPackage(root: root) }
        guard let manifest = PackageManifest(path: path, bytes: bytes) else {
            problems.json(path, bytes)
            return cordovaWithoutPackage(root: root)
        }
        let dependencies = manifest.dependencies
        let kind: FrameworkKind
        let package: String
        if dependencies["expo"] != nil {
            (kind, package) = (.expo, "expo")
        } else if dependencies["@capacitor/ios"] != nil || dependencies["@capacitor/core"] != nil {
            (kind, package) = (.capacitor, dependencies["@capacitor/ios"] != nil ? "@capacitor/ios" : "@capacitor/core")
        } else if dependencies["react-native"] != nil {
            (kind, package) = (.reactNative, "react-native")
        } else if dependencies["cordova-ios"] != nil {
            (kind, package) = (.cordova, "cordova-ios")
        } else {
            return cordovaWithoutPackage(root: root)
        }
        let requirement = dependencies[package] ?? ""
        var settings = FrameworkSettings()
        settings.dependencies = dependencies
        settings.hasSceneBridgePackage = dependencies["react-native-uiscene-bridge"] != nil
        if kind == .expo { readExpoConfig(root: root, into: &settings) }
        let resolved =
            installedVersion(kind: kind, root: root)
            ?? Lockfiles.resolve(package, requirement: requirement, packageFolder: root, files: files)
        return FrameworkInfo(
            kind: kind, version: resolved ?? requirement, declared: resolved == nil ? nil : requirement,
            location: manifest.location(of: package), settings: settings, root: root)
    }

    /// What the native build actually links: `ios/Podfile.lock` pods, Cordova's CordovaLib.
    private func installedVersion(kind: FrameworkKind, root: String) -> String? {
        switch kind {
        case .reactNative:
            return podLock(root: root).flatMap { Lockfiles.podVersion($0, pod: "React-Core") }
        case .capacitor:
            return podLock(root: root).flatMap { Lockfiles.podVersion($0, pod: "Capacitor") }
        case .cordova:
            return cordovaInstalled(root: root)
        default:
            return nil
        }
    }

    /// The cordova-ios the native project was made with: `platforms/ios/CordovaLib/VERSION` (the library itself,
    /// what the build compiles), else `platforms/platforms.json`, else the Cordova pod of `platforms/ios/Podfile.lock`.
    private func cordovaInstalled(root: String) -> String? {
        if let bytes = files.read(Paths.join(root, "platforms/ios/CordovaLib/VERSION")) {
            let version = String(decoding: bytes.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if FrameworkInfo.isExact(version) { return version }
        }
        if let bytes = files.read(Paths.join(root, "platforms/platforms.json")), let version = JSONText.string(in: bytes, key: "ios") {
            return version
        }
        return files.read(Paths.join(root, "platforms/ios/Podfile.lock")).flatMap { Lockfiles.podVersion($0, pod: "Cordova") }
    }

    private func podLock(root: String) -> [UInt8]? {
        for candidate in ["ios/Podfile.lock", "ios/App/Podfile.lock"] {
            if let bytes = files.read(Paths.join(root, candidate)) { return bytes }
        }
        return nil
    }

    /// A Cordova project without package.json: `config.xml` naming the iOS engine.
    private func cordovaWithoutPackage(root: String) -> FrameworkInfo? {
        let path = Paths.join(root, "config.xml")
        guard let bytes = files.read(path) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let engine = text.firstRange(of: "<engine name=\"ios\"") else { return nil }
        let rest = text[engine.upperBound...]
        var version: String?
        if let spec = rest.firstRange(of: "spec=\"") {
            version = String(rest[spec.upperBound...].prefix { $0 != "\"" })
        }
        let installed = cordovaInstalled(root: root)
        return FrameworkInfo(
            kind: .cordova, version: installed ?? version, declared: installed == nil ? nil : version,
            location: TextSearch.location(of: "<engine name=\"ios\"", in: bytes, file: path), root: root)
    }

    /// `expo-build-properties` `ios.enableSceneSupport` from a static app.json.
    private func readExpoConfig(root: String, into settings: inout FrameworkSettings) {
        let path = Paths.join(root, "app.json")
        guard let bytes = files.read(path) else { return }
        guard let config = ExpoConfig(path: path, bytes: bytes) else { return problems.json(path, bytes) }
        settings.expoSceneSupport = config.sceneSupport
        settings.expoSceneSupportLocation = config.sceneSupportLocation
    }
}

/// Reading one string value out of a small JSON document.
enum JSONText {
    static func string(in bytes: [UInt8], key: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        return object[key] as? String
    }
}
