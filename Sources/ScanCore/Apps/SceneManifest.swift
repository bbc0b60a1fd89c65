import XcodeProject

/// What an Info.plist says about scenes.
package enum ManifestState: Sendable, Hashable {
    /// No `UIApplicationSceneManifest` at all.
    case absent
    /// Only Xcode's disabled spelling (`_UIApplicationSceneManifest`) is present.
    case disabled
    /// Only device-suffixed keys (`UIApplicationSceneManifest~ipad`); the set holds the suffixes.
    case deviceSpecific(Set<String>, SceneManifest)
    /// Written by Xcode from `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES`: no configurations.
    case generated
    /// A real manifest, possibly with no configurations.
    case present(SceneManifest)

    /// The manifest that applies to all devices, if any.
    package var manifest: SceneManifest? {
        if case .present(let manifest) = self { return manifest }
        return nil
    }
}

/// A parsed `UIApplicationSceneManifest`.
package struct SceneManifest: Sendable, Hashable {
    package let supportsMultipleScenes: Bool
    /// Configurations of every role, in plist order; the first of each role is its default.
    package let configurations: [SceneConfiguration]

    /// Configurations for the main (application) role.
    package var applicationConfigurations: [SceneConfiguration] {
        configurations.filter { $0.role == SceneConfiguration.applicationRole }
    }
}

/// One entry of `UISceneConfigurations`.
package struct SceneConfiguration: Sendable, Hashable {
    package static let applicationRole = "UIWindowSceneSessionRoleApplication"

    package let role: String
    package let name: String?
    /// `UISceneDelegateClassName` as written (`$(PRODUCT_MODULE_NAME).SceneDelegate`).
    package let delegateClass: String?
    package let storyboard: String?
    package let sceneClass: String?
}

extension InfoPlist {
    /// The scene manifest state of this plist.
    package var manifestState: ManifestState {
        if let value = values["UIApplicationSceneManifest"] {
            if generatedKeys["UIApplicationSceneManifest"] != nil { return .generated }
            return .present(SceneManifest(value))
        }
        let suffixed = values.keys.filter { $0.hasPrefix("UIApplicationSceneManifest~") }
        if let first = suffixed.sorted().first, let value = values[first] {
            let devices = Set(suffixed.map { String($0.dropFirst("UIApplicationSceneManifest~".count)) })
            return .deviceSpecific(devices, SceneManifest(value))
        }
        if values["_UIApplicationSceneManifest"] != nil { return .disabled }
        return .absent
    }

    /// Whether the plist declares a launch screen in any of the forms the iOS 27 SDK accepts.
    package var hasLaunchScreen: Bool {
        let keys = ["UILaunchStoryboardName", "UILaunchStoryboards", "UILaunchScreen", "UILaunchScreens"]
        return values.keys.contains { key in
            keys.contains { key == $0 || key.hasPrefix($0 + "~") }
        }
    }
}

extension SceneManifest {
    init(_ value: PlistValue) {
        supportsMultipleScenes = value["UIApplicationSupportsMultipleScenes"]?.isTrue ?? false
        var configurations: [SceneConfiguration] = []
        for (role, entries) in (value["UISceneConfigurations"]?.dictionary ?? [:]).sorted(by: { $0.key < $1.key }) {
            for entry in entries.array ?? [] {
                guard let entry = entry.dictionary else { continue }
                configurations.append(
                    SceneConfiguration(
                        role: role,
                        name: entry["UISceneConfigurationName"]?.string,
                        delegateClass: entry["UISceneDelegateClassName"]?.string,
                        storyboard: entry["UISceneStoryboardFile"]?.string,
                        sceneClass: entry["UISceneClassName"]?.string))
            }
        }
        // The application role first: it is the one every check cares about.
        self.configurations =
            configurations.filter { $0.role == SceneConfiguration.applicationRole }
            + configurations.filter { $0.role != SceneConfiguration.applicationRole }
    }
}
