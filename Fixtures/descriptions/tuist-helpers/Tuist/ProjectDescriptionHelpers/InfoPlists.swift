import ProjectDescription

/// The scene manifest every migrated Lumen app extends Tuist's default Info.plist with.
public let sceneManifest: [String: Plist.Value] = [
    "UILaunchScreen": [:],
    "UIApplicationSceneManifest": [
        "UIApplicationSupportsMultipleScenes": false,
        "UISceneConfigurations": [
            "UIWindowSceneSessionRoleApplication": [
                [
                    "UISceneConfigurationName": "Default Configuration",
                    "UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).SceneDelegate",
                ],
            ],
        ],
    ],
]

/// Kiosk builds pick their plist from the environment at generation time.
public func kioskPlist(locked: Bool) -> InfoPlist {
    var values = sceneManifest
    if locked {
        values["UIRequiresFullScreen"] = true
    }
    return .extendingDefault(with: values)
}
