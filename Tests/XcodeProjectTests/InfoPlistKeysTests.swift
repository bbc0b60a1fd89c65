import Testing

@testable import XcodeProject

@Suite("Generated Info.plist keys")
struct GeneratedInfoPlistTests {
    private func settings(_ values: [String: String]) -> BuildSettings {
        BuildSettings(
            configuration: "Release",
            values: values.mapValues { SettingValue(raw: $0, origin: nil) },
            builtIns: ["TARGET_NAME": "Trailhead"])
    }

    @Test("INFOPLIST_KEY_ settings become keys, expanded")
    func plainKeys() {
        let values = GeneratedInfoPlist.values(
            from: settings([
                "INFOPLIST_KEY_UILaunchStoryboardName": "LaunchScreen",
                "INFOPLIST_KEY_CFBundleDisplayName": "$(TARGET_NAME) Beta",
                "INFOPLIST_KEY_UIMainStoryboardFile": "Main",
                "OTHER_SETTING": "ignored",
            ]))
        #expect(
            values == [
                "UILaunchStoryboardName": .string("LaunchScreen"),
                "CFBundleDisplayName": .string("Trailhead Beta"),
                "UIMainStoryboardFile": .string("Main"),
            ])
    }

    @Test("Scene manifest generation stands for a manifest without configurations")
    func sceneManifestGeneration() {
        let on = GeneratedInfoPlist.values(from: settings(["INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "YES"]))
        #expect(
            on == [
                "UIApplicationSceneManifest": .dictionary([
                    "UIApplicationSupportsMultipleScenes": .bool(true), "UISceneConfigurations": .dictionary([:]),
                ])
            ])
        let off = GeneratedInfoPlist.values(from: settings(["INFOPLIST_KEY_UIApplicationSceneManifest_Generation": "NO"]))
        #expect(off.isEmpty)
    }

    @Test("Launch screen generation stands for an empty UILaunchScreen dictionary")
    func launchScreenGeneration() {
        let on = GeneratedInfoPlist.values(from: settings(["INFOPLIST_KEY_UILaunchScreen_Generation": "YES"]))
        #expect(on == ["UILaunchScreen": .dictionary([:])])
        #expect(GeneratedInfoPlist.values(from: settings(["INFOPLIST_KEY_UILaunchScreen_Generation": "NO"])).isEmpty)
    }

    @Test("Other _Generation settings are not keys")
    func otherGenerationSettings() {
        let values = GeneratedInfoPlist.values(from: settings(["INFOPLIST_KEY_UIStatusBarStyle_Generation": "YES"]))
        #expect(values.isEmpty)
    }

    @Test("Merged over a file, generated scalars win, arrays are joined and dictionaries merge one level deep")
    func mergingOverAFile() {
        let file: [String: PlistValue] = [
            "CFBundleDisplayName": .string("File"),
            "UIBackgroundModes": .array([.string("audio"), .string("fetch")]),
            "UIApplicationSceneManifest": .dictionary([
                "UIApplicationSupportsMultipleScenes": .bool(false),
                "UIApplicationPreferredDefaultSceneSessionRole": .string("UIWindowSceneSessionRoleApplication"),
                "UISceneConfigurations": .dictionary([
                    "UIWindowSceneSessionRoleApplication": .array([.dictionary(["UISceneDelegateClassName": .string("SceneDelegate")])])
                ]),
            ]),
            "NSCameraUsageDescription": .string("Scans"),
        ]
        let generated: [String: PlistValue] = [
            "CFBundleDisplayName": .string("Generated"),
            "UIBackgroundModes": .array([.string("fetch"), .string("remote-notification")]),
            "UIApplicationSceneManifest": .dictionary([
                "UIApplicationSupportsMultipleScenes": .bool(true), "UISceneConfigurations": .dictionary([:]),
            ]),
            "UILaunchScreen": .dictionary([:]),
        ]
        let merged = GeneratedInfoPlist.merging(generated, into: file)
        #expect(merged["CFBundleDisplayName"] == .string("Generated"))
        #expect(merged["UIBackgroundModes"] == .array([.string("audio"), .string("fetch"), .string("remote-notification")]))
        // One level deep: the file's other manifest entries stay, its configurations are replaced by the empty ones.
        #expect(
            merged["UIApplicationSceneManifest"]
                == .dictionary([
                    "UIApplicationSupportsMultipleScenes": .bool(true),
                    "UIApplicationPreferredDefaultSceneSessionRole": .string("UIWindowSceneSessionRoleApplication"),
                    "UISceneConfigurations": .dictionary([:]),
                ]))
        #expect(merged["NSCameraUsageDescription"] == .string("Scans"))
        #expect(merged["UILaunchScreen"] == .dictionary([:]))
    }

    @Test("A file's manifest is kept whole when no setting generates one")
    func fileManifestWithoutGeneration() {
        let manifest: PlistValue = .dictionary(["UIApplicationSupportsMultipleScenes": .bool(false)])
        let merged = GeneratedInfoPlist.merging(
            ["UILaunchStoryboardName": .string("LaunchScreen")], into: ["UIApplicationSceneManifest": manifest])
        #expect(merged == ["UIApplicationSceneManifest": manifest, "UILaunchStoryboardName": .string("LaunchScreen")])
    }

    @Test("A conditional spelling counts as the key, with the iOS value")
    func conditionalKeys() {
        let values = GeneratedInfoPlist.values(
            from: settings([
                "INFOPLIST_KEY_UISupportedInterfaceOrientations[sdk=iphoneos*]": "UIInterfaceOrientationPortrait",
                "INFOPLIST_KEY_UISupportedInterfaceOrientations[sdk=macosx*]": "UIInterfaceOrientationLandscapeLeft",
                "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]": "YES",
            ]))
        #expect(
            values == [
                "UISupportedInterfaceOrientations": .string("UIInterfaceOrientationPortrait"),
                "UILaunchScreen": .dictionary([:]),
            ])
    }
}

@Suite("Plist key lines")
struct PlistKeyLinesTests {
    private func positions(_ text: String) -> [String: [TextPosition]] {
        PlistKeyLines.positions(in: Array(text.utf8))
    }

    @Test("Each key's line and column, in order, repeated keys included")
    func positionsOfKeys() {
        let text = """
            <plist>
            <dict>
            \t<key>CFBundleName</key>
            \t<string>Shelf</string>
            \t<key>UIApplicationSceneManifest</key>
            \t<dict>
            \t\t<key>UISceneConfigurations</key><dict/>
            \t</dict>
            \t<key>Nested</key><dict><key>CFBundleName</key><string>x</string></dict>
            </dict>
            </plist>
            """
        let found = positions(text)
        #expect(found["CFBundleName"] == [TextPosition(line: 3, column: 2), TextPosition(line: 9, column: 25)])
        #expect(found["UIApplicationSceneManifest"] == [TextPosition(line: 5, column: 2)])
        #expect(found["UISceneConfigurations"] == [TextPosition(line: 7, column: 3)])
        #expect(found["Nested"] == [TextPosition(line: 9, column: 2)])
    }

    @Test("Keys inside XML comments are skipped and comments count their lines")
    func comments() {
        let text = "<dict>\n<!-- <key>Hidden</key>\n more\n -->\n<key>Visible</key>\n</dict>"
        let found = positions(text)
        #expect(found["Hidden"] == nil)
        #expect(found["Visible"] == [TextPosition(line: 5, column: 1)])
    }

    @Test("Columns count Unicode scalars")
    func unicodeColumns() {
        let found = positions("<string>é🙂</string><key>After</key>")
        #expect(found["After"] == [TextPosition(line: 1, column: 20)])
    }

    @Test("An unterminated comment hides the rest without failing")
    func unterminatedComment() {
        let found = positions("<key>Before</key><!-- <key>Never</key>")
        #expect(found.keys.sorted() == ["Before"])
    }

    @Test("Binary or empty input has no key lines")
    func noKeys() {
        #expect(positions("").isEmpty)
        #expect(PlistKeyLines.positions(in: Array("bplist00".utf8) + [0, 1, 2, 0xFF]).isEmpty)
    }
}
