import ScanCore
import Testing
import XcodeProject

@Suite("Scene manifest state")
struct SceneManifestTests {
    private func plist(_ values: [String: PlistValue], generated: [String] = []) -> InfoPlist {
        let location = Location(file: "App/Info.plist", line: 1)
        return InfoPlist(
            file: "App/Info.plist", configurations: ["Release"], values: values,
            generatedKeys: Dictionary(uniqueKeysWithValues: generated.map { ($0, location) }),
            keyPositions: [:], location: location)
    }

    private func configuration(_ name: String, delegate: String? = nil, storyboard: String? = nil, sceneClass: String? = nil) -> PlistValue
    {
        var entry: [String: PlistValue] = ["UISceneConfigurationName": .string(name)]
        if let delegate { entry["UISceneDelegateClassName"] = .string(delegate) }
        if let storyboard { entry["UISceneStoryboardFile"] = .string(storyboard) }
        if let sceneClass { entry["UISceneClassName"] = .string(sceneClass) }
        return .dictionary(entry)
    }

    @Test("No manifest at all is absent")
    func absent() {
        #expect(plist(["CFBundleName": .string("Shelf")]).manifestState == .absent)
        #expect(plist([:]).manifestState.manifest == nil)
    }

    @Test("Only the underscored spelling is disabled")
    func disabled() {
        #expect(plist(["_UIApplicationSceneManifest": .dictionary([:])]).manifestState == .disabled)
    }

    @Test("Only device-suffixed manifests are device-specific")
    func deviceSpecific() {
        let manifest: PlistValue = .dictionary(["UIApplicationSupportsMultipleScenes": .bool(true)])
        let state = plist(["UIApplicationSceneManifest~ipad": manifest, "UIApplicationSceneManifest~iphone": .dictionary([:])])
            .manifestState
        guard case .deviceSpecific(let devices, _) = state else {
            Issue.record("expected deviceSpecific, got \(state)")
            return
        }
        #expect(devices == ["ipad", "iphone"])
        #expect(state.manifest == nil)
    }

    @Test("A manifest from build settings is generated")
    func generated() {
        let state = plist(
            ["UIApplicationSceneManifest": .dictionary(["UIApplicationSupportsMultipleScenes": .bool(true)])],
            generated: ["UIApplicationSceneManifest"]
        ).manifestState
        #expect(state == .generated)
        #expect(state.manifest == nil)
    }

    @Test("A real manifest is present, with its configurations, the application role first")
    func present() throws {
        let value: PlistValue = .dictionary([
            "UIApplicationSupportsMultipleScenes": .string("YES"),
            "UISceneConfigurations": .dictionary([
                "CPTemplateApplicationSceneSessionRoleApplication": .array([configuration("Car", delegate: "CarSceneDelegate")]),
                "UIWindowSceneSessionRoleApplication": .array([
                    configuration(
                        "Default Configuration", delegate: "$(PRODUCT_MODULE_NAME).SceneDelegate", storyboard: "Main",
                        sceneClass: "UIWindowScene"),
                    configuration("Secondary", delegate: "Shelf.SecondarySceneDelegate"),
                    .string("not a dictionary"),
                ]),
            ]),
        ])
        let state = plist(["UIApplicationSceneManifest": value, "UIApplicationSceneManifest~ipad": .dictionary([:])]).manifestState
        let manifest = try #require(state.manifest)
        #expect(manifest.supportsMultipleScenes)
        #expect(manifest.configurations.map(\.name) == ["Default Configuration", "Secondary", "Car"])
        #expect(
            manifest.configurations.map(\.role) == [
                "UIWindowSceneSessionRoleApplication", "UIWindowSceneSessionRoleApplication",
                "CPTemplateApplicationSceneSessionRoleApplication",
            ])
        #expect(manifest.applicationConfigurations.count == 2)
        let first = try #require(manifest.configurations.first)
        #expect(first.delegateClass == "$(PRODUCT_MODULE_NAME).SceneDelegate")
        #expect(first.storyboard == "Main")
        #expect(first.sceneClass == "UIWindowScene")
        #expect(manifest.configurations[1].storyboard == nil)
    }

    @Test("An empty manifest is present, with no configurations and single-scene")
    func presentButEmpty() throws {
        let manifest = try #require(plist(["UIApplicationSceneManifest": .dictionary([:])]).manifestState.manifest)
        #expect(manifest.configurations.isEmpty)
        #expect(!manifest.supportsMultipleScenes)
    }

    @Test(
        "Launch screens in every accepted form",
        arguments: [
            "UILaunchStoryboardName", "UILaunchStoryboards", "UILaunchScreen", "UILaunchScreens", "UILaunchStoryboardName~ipad",
        ])
    func launchScreen(key: String) {
        #expect(plist([key: .string("LaunchScreen")]).hasLaunchScreen)
    }

    @Test("No launch screen key, or a look-alike, is no launch screen")
    func noLaunchScreen() {
        #expect(!plist([:]).hasLaunchScreen)
        #expect(!plist(["UILaunchImages": .array([]), "UILaunchStoryboardNameX": .string("x")]).hasLaunchScreen)
    }
}
