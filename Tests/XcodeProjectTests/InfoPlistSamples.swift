@testable import XcodeProject

/// Info.plists as real projects hold them, for `InfoPlistEditorTests`: each ends with a newline, as
/// files on disk do, unless its name says otherwise.
enum InfoPlistSamples {
    /// The manifest Xcode's UIKit template held, which `fix` adds.
    static let manifest = PlistFragment.dictionary([
        ("UIApplicationSupportsMultipleScenes", .bool(false)),
        (
            "UISceneConfigurations",
            .dictionary([
                (
                    "UIWindowSceneSessionRoleApplication",
                    .array([
                        .dictionary([
                            ("UISceneConfigurationName", .string("Default Configuration")),
                            ("UISceneDelegateClassName", .string("$(PRODUCT_MODULE_NAME).SceneDelegate")),
                            ("UISceneStoryboardFile", .string("Main")),
                        ])
                    ])
                )
            ])
        ),
    ])

    /// The manifest as Xcode writes it among top-level keys.
    static let xcodeManifestLines =
        """
        \t<key>UIApplicationSceneManifest</key>
        \t<dict>
        \t\t<key>UIApplicationSupportsMultipleScenes</key>
        \t\t<false/>
        \t\t<key>UISceneConfigurations</key>
        \t\t<dict>
        \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>UISceneConfigurationName</key>
        \t\t\t\t\t<string>Default Configuration</string>
        \t\t\t\t\t<key>UISceneDelegateClassName</key>
        \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
        \t\t\t\t\t<key>UISceneStoryboardFile</key>
        \t\t\t\t\t<string>Main</string>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t</dict>
        \t</dict>
        """ + "\n"
}
