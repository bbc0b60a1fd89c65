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

    /// Xcode's UIKit app template with its manifest deleted: tabs, keys in ascending order.
    static let xcodeTemplate =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>$(DEVELOPMENT_LANGUAGE)</string>
        \t<key>CFBundleExecutable</key>
        \t<string>$(EXECUTABLE_NAME)</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleInfoDictionaryVersion</key>
        \t<string>6.0</string>
        \t<key>CFBundleName</key>
        \t<string>$(PRODUCT_NAME)</string>
        \t<key>CFBundlePackageType</key>
        \t<string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
        \t<key>CFBundleShortVersionString</key>
        \t<string>1.0</string>
        \t<key>CFBundleVersion</key>
        \t<string>1</string>
        \t<key>LSRequiresIPhoneOS</key>
        \t<true/>
        \t<key>UIApplicationSupportsIndirectInputEvents</key>
        \t<true/>
        \t<key>UILaunchStoryboardName</key>
        \t<string>LaunchScreen</string>
        \t<key>UIMainStoryboardFile</key>
        \t<string>Main</string>
        \t<key>UIRequiredDeviceCapabilities</key>
        \t<array>
        \t\t<string>armv7</string>
        \t</array>
        \t<key>UISupportedInterfaceOrientations</key>
        \t<array>
        \t\t<string>UIInterfaceOrientationPortrait</string>
        \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
        \t\t<string>UIInterfaceOrientationLandscapeRight</string>
        \t</array>
        \t<key>UISupportedInterfaceOrientations~ipad</key>
        \t<array>
        \t\t<string>UIInterfaceOrientationPortrait</string>
        \t\t<string>UIInterfaceOrientationPortraitUpsideDown</string>
        \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
        \t\t<string>UIInterfaceOrientationLandscapeRight</string>
        \t</array>
        </dict>
        </plist>
        """ + "\n"

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

    /// Flutter's `ios/Runner/Info.plist` before 3.38: tabs, the last two keys out of order.
    static let flutterRunner =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>$(DEVELOPMENT_LANGUAGE)</string>
        \t<key>CFBundleDisplayName</key>
        \t<string>Example</string>
        \t<key>CFBundleExecutable</key>
        \t<string>$(EXECUTABLE_NAME)</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleInfoDictionaryVersion</key>
        \t<string>6.0</string>
        \t<key>CFBundleName</key>
        \t<string>example</string>
        \t<key>CFBundlePackageType</key>
        \t<string>APPL</string>
        \t<key>CFBundleShortVersionString</key>
        \t<string>$(FLUTTER_BUILD_NAME)</string>
        \t<key>CFBundleSignature</key>
        \t<string>????</string>
        \t<key>CFBundleVersion</key>
        \t<string>$(FLUTTER_BUILD_NUMBER)</string>
        \t<key>LSRequiresIPhoneOS</key>
        \t<true/>
        \t<key>UILaunchStoryboardName</key>
        \t<string>LaunchScreen</string>
        \t<key>UIMainStoryboardFile</key>
        \t<string>Main</string>
        \t<key>UISupportedInterfaceOrientations</key>
        \t<array>
        \t\t<string>UIInterfaceOrientationPortrait</string>
        \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
        \t\t<string>UIInterfaceOrientationLandscapeRight</string>
        \t</array>
        \t<key>UISupportedInterfaceOrientations~ipad</key>
        \t<array>
        \t\t<string>UIInterfaceOrientationPortrait</string>
        \t\t<string>UIInterfaceOrientationPortraitUpsideDown</string>
        \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
        \t\t<string>UIInterfaceOrientationLandscapeRight</string>
        \t</array>
        \t<key>CADisableMinimumFrameDurationOnPhone</key>
        \t<true/>
        \t<key>UIApplicationSupportsIndirectInputEvents</key>
        \t<true/>
        </dict>
        </plist>
        """ + "\n"

    /// Capacitor's `ios/App/App/Info.plist` before 8.5, with the template's one space-indented value.
    static let capacitorApp =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CAPACITOR_DEBUG</key>
        \t<string>$(CAPACITOR_DEBUG)</string>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>en</string>
        \t<key>CFBundleDisplayName</key>
                <string>My App</string>
        \t<key>CFBundleExecutable</key>
        \t<string>$(EXECUTABLE_NAME)</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleInfoDictionaryVersion</key>
        \t<string>6.0</string>
        \t<key>CFBundleName</key>
        \t<string>$(PRODUCT_NAME)</string>
        \t<key>CFBundlePackageType</key>
        \t<string>APPL</string>
        \t<key>CFBundleShortVersionString</key>
        \t<string>$(MARKETING_VERSION)</string>
        \t<key>CFBundleVersion</key>
        \t<string>$(CURRENT_PROJECT_VERSION)</string>
        \t<key>LSRequiresIPhoneOS</key>
        \t<true/>
        \t<key>UILaunchStoryboardName</key>
        \t<string>LaunchScreen</string>
        \t<key>UIMainStoryboardFile</key>
        \t<string>Main</string>
        \t<key>UIRequiredDeviceCapabilities</key>
        \t<array>
        \t\t<string>armv7</string>
        \t</array>
        \t<key>UISupportedInterfaceOrientations</key>
        \t<array>
        \t\t<string>UIInterfaceOrientationPortrait</string>
        \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
        \t\t<string>UIInterfaceOrientationLandscapeRight</string>
        \t</array>
        \t<key>UIViewControllerBasedStatusBarAppearance</key>
        \t<true/>
        </dict>
        </plist>
        """ + "\n"

    /// React Native's template `ios/<App>/Info.plist` (0.76): sorted, a nested dictionary before the manifest's place.
    static let reactNative =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDevelopmentRegion</key>
        \t<string>en</string>
        \t<key>CFBundleDisplayName</key>
        \t<string>AwesomeProject</string>
        \t<key>CFBundleExecutable</key>
        \t<string>$(EXECUTABLE_NAME)</string>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleInfoDictionaryVersion</key>
        \t<string>6.0</string>
        \t<key>CFBundleName</key>
        \t<string>$(PRODUCT_NAME)</string>
        \t<key>CFBundlePackageType</key>
        \t<string>APPL</string>
        \t<key>CFBundleShortVersionString</key>
        \t<string>$(MARKETING_VERSION)</string>
        \t<key>CFBundleSignature</key>
        \t<string>????</string>
        \t<key>CFBundleVersion</key>
        \t<string>$(CURRENT_PROJECT_VERSION)</string>
        \t<key>LSRequiresIPhoneOS</key>
        \t<true/>
        \t<key>NSAppTransportSecurity</key>
        \t<dict>
        \t\t<key>NSAllowsArbitraryLoads</key>
        \t\t<false/>
        \t\t<key>NSAllowsLocalNetworking</key>
        \t\t<true/>
        \t</dict>
        \t<key>NSLocationWhenInUseUsageDescription</key>
        \t<string></string>
        \t<key>RCTNewArchEnabled</key>
        \t<true/>
        \t<key>UILaunchStoryboardName</key>
        \t<string>LaunchScreen</string>
        \t<key>UIRequiredDeviceCapabilities</key>
        \t<array>
        \t\t<string>arm64</string>
        \t</array>
        \t<key>UISupportedInterfaceOrientations</key>
        \t<array>
        \t\t<string>UIInterfaceOrientationPortrait</string>
        \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
        \t\t<string>UIInterfaceOrientationLandscapeRight</string>
        \t</array>
        \t<key>UIViewControllerBasedStatusBarAppearance</key>
        \t<false/>
        </dict>
        </plist>
        """ + "\n"

    /// Hand-written with two spaces, `<dict>` indented inside `<plist>`, keys in no order.
    static let twoSpaces =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
          <dict>
            <key>CFBundleName</key>
            <string>Shop</string>
            <key>UISupportedInterfaceOrientations</key>
            <array>
              <string>UIInterfaceOrientationPortrait</string>
            </array>
            <key>CFBundleVersion</key>
            <string>42</string>
          </dict>
        </plist>
        """ + "\n"

    /// Hand-written with four spaces, sorted, dictionaries nested three deep before the manifest's place.
    static let fourSpaces =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.shop</string>
            <key>NSAppTransportSecurity</key>
            <dict>
                <key>NSExceptionDomains</key>
                <dict>
                    <key>example.com</key>
                    <dict>
                        <key>NSIncludesSubdomains</key>
                        <true/>
                    </dict>
                </dict>
            </dict>
            <key>UIBackgroundModes</key>
            <array>
                <string>remote-notification</string>
            </array>
        </dict>
        </plist>
        """ + "\n"

    /// No indentation at all, as some generators write.
    static let flat =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        <key>CFBundleName</key>
        <string>Shop</string>
        <key>UIRequiredDeviceCapabilities</key>
        <array>
        <string>arm64</string>
        </array>
        </dict>
        </plist>
        """ + "\n"

    /// Comments holding `</dict>` and a commented-out manifest, one comment right above the manifest's place.
    static let comments =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <!-- Shop's Info.plist. Keep </dict> balanced! -->
        <plist version="1.0">
        <dict>
        \t<key>CFBundleName</key>
        \t<string>Shop</string>
        \t<!-- Launch screen: required by the iOS 27 SDK -->
        \t<key>UILaunchStoryboardName</key>
        \t<string>LaunchScreen</string>
        \t<key>UIMainStoryboardFile</key> <!-- </dict> -->
        \t<string>Main</string>
        \t<!--
        \t<key>UIApplicationSceneManifest</key>
        \t<dict>
        \t\t<key>UIApplicationSupportsMultipleScenes</key>
        \t\t<true/>
        \t</dict>
        \t-->
        </dict>
        </plist>
        """ + "\n"

    /// The comments sample with the manifest in its place: above the comment that goes with the next key.
    static let commentsWithManifest =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <!-- Shop's Info.plist. Keep </dict> balanced! -->
        <plist version="1.0">
        <dict>
        \t<key>CFBundleName</key>
        \t<string>Shop</string>

        """ + xcodeManifestLines
            + """
            \t<!-- Launch screen: required by the iOS 27 SDK -->
            \t<key>UILaunchStoryboardName</key>
            \t<string>LaunchScreen</string>
            \t<key>UIMainStoryboardFile</key> <!-- </dict> -->
            \t<string>Main</string>
            \t<!--
            \t<key>UIApplicationSceneManifest</key>
            \t<dict>
            \t\t<key>UIApplicationSupportsMultipleScenes</key>
            \t\t<true/>
            \t</dict>
            \t-->
            </dict>
            </plist>
            """ + "\n"

    /// A CDATA string that holds markup, before the manifest's place.
    static let cdata =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>Notes</key>
        \t<string><![CDATA[</dict><key>UIApplicationSceneManifest</key><dict>]]></string>
        \t<key>UIMainStoryboardFile</key>
        \t<string>Main</string>
        </dict>
        </plist>
        """ + "\n"

    /// The old SYSTEM DOCTYPE, a processing instruction, and a comment with markup before `<plist>`.
    static let doctype =
        """
        <?xml version="1.0" encoding="utf-8" standalone="no"?>
        <!DOCTYPE plist SYSTEM "file://localhost/System/Library/DTDs/PropertyList.dtd">
        <?editor keep-formatting?>
        <!-- <plist><dict><key>UIApplicationSceneManifest</key><dict/></dict></plist> -->
        <plist version="0.9">
        <dict>
        \t<key>CFBundleName</key>
        \t<string>Shop</string>
        </dict>
        </plist>
        """ + "\n"

    /// The Xcode template's lines with one element per line, `<dict/>` as the whole dictionary.
    static let emptyPlistHead =
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """
}
