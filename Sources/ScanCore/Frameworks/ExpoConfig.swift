import Foundation
import XcodeProject

/// A static Expo `app.json` (or `app.config.json`): what decides a generated native project.
struct ExpoConfig {
    let path: String
    let name: String?
    /// `expo.platforms` leaves iOS out.
    let excludesIOS: Bool
    /// `expo-build-properties` `ios.enableSceneSupport`.
    let sceneSupport: Bool?
    let sceneSupportLocation: Location?
    /// `expo.ios.infoPlist.UIApplicationSceneManifest`, written by hand.
    let manifestLocation: Location?
    let supportsMultipleScenes: Bool
    /// `UISceneDelegateClassName` of every configuration of that manifest.
    let sceneDelegateClasses: [String]

    init?(path: String, bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        let expo = object["expo"] as? [String: Any] ?? object
        self.path = path
        name = expo["name"] as? String ?? expo["slug"] as? String
        if let platforms = expo["platforms"] as? [String] { excludesIOS = !platforms.contains("ios") } else { excludesIOS = false }
        var support: Bool?
        for plugin in expo["plugins"] as? [Any] ?? [] {
            guard let entry = plugin as? [Any], entry.first as? String == "expo-build-properties",
                let options = entry.dropFirst().first as? [String: Any], let ios = options["ios"] as? [String: Any]
            else { continue }
            support = ios["enableSceneSupport"] as? Bool
        }
        sceneSupport = support
        sceneSupportLocation = support == nil ? nil : TextSearch.location(of: "\"enableSceneSupport\"", in: bytes, file: path)
        let infoPlist = (expo["ios"] as? [String: Any])?["infoPlist"] as? [String: Any]
        let manifest = infoPlist?["UIApplicationSceneManifest"] as? [String: Any]
        manifestLocation = manifest == nil ? nil : TextSearch.location(of: "\"UIApplicationSceneManifest\"", in: bytes, file: path)
        supportsMultipleScenes = (manifest?["UIApplicationSupportsMultipleScenes"] as? Bool) ?? false
        let roles = manifest?["UISceneConfigurations"] as? [String: Any] ?? [:]
        sceneDelegateClasses = roles.keys.sorted().flatMap { role in
            (roles[role] as? [[String: Any]] ?? []).compactMap { $0["UISceneDelegateClassName"] as? String }
        }
    }
}
