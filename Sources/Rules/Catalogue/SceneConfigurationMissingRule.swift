import Results
import ScanCore

/// A manifest that gives UIKit no scene configuration to use.
struct SceneConfigurationMissingRule: Rule {
    static let description = RuleDescription(
        id: "scene-configuration-missing",
        name: "Scene configuration missing",
        severity: .error,
        summary: "The scene manifest has no usable configuration and the app delegate provides none in code.",
        rationale: """
            TN3187 treats a manifest without configurations like no manifest at all: UIKit has no scene delegate \
            to create, and a UIKit app shows a black screen or fails the iOS 27 launch check. Xcode's disabled \
            spelling _UIApplicationSceneManifest does not count. A manifest written only under a device suffix \
            (UIApplicationSceneManifest~ipad) adopts scenes for that device family only. Xcode's generated manifest \
            (INFOPLIST_KEY_UIApplicationSceneManifest_Generation) has no configurations: right for a SwiftUI App, \
            doubtful for a UIKit app delegate without configurationForConnecting (unverified whether it passes the \
            iOS 27 check, so reported as a warning). A configuration that configurationForConnecting builds by name \
            takes its delegate class and storyboard from the Info.plist configuration of that name: with no such entry \
            (the manifest removed or renamed) and no delegateClass set in code, UIKit makes a scene without a \
            delegate, so no window and a black screen.
            """,
        documentation: [AppleDocs.tn3187, AppleDocs.sceneManifest, AppleDocs.buildSettings],
        fix: """
            Give the manifest a UISceneConfigurations entry for UIWindowSceneSessionRoleApplication naming the scene \
            delegate (and storyboard, if any), or implement application(_:configurationForConnecting:options:) \
            returning a configuration whose delegateClass is the scene delegate.
            """,
        triggering: [
            Example(files: [
                (
                    "Info.plist",
                    ExamplePlist.withLaunchScreen(
                        """
                        \t↓<key>UIApplicationSceneManifest</key>
                        \t<dict>
                        \t\t<key>UIApplicationSupportsMultipleScenes</key>
                        \t\t<false/>
                        \t</dict>
                        """)
                ),
                ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
            ]),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.withLaunchScreen(
                            """
                            \t↓<key>_UIApplicationSceneManifest</key>
                            \t<dict>
                            \t\t<key>UISceneConfigurations</key>
                            \t\t<dict/>
                            \t</dict>
                            """)
                    ),
                    (
                        "AppDelegate.m",
                        """
                        @interface AppDelegate : UIResponder <UIApplicationDelegate>
                        @end
                        @implementation AppDelegate
                        @end
                        """
                    ),
                ], note: "The disabled key is not a manifest."),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.withLaunchScreen(
                            """
                            \t↓<key>UIApplicationSceneManifest~ipad</key>
                            \t<dict>
                            \t\t<key>UISceneConfigurations</key>
                            \t\t<dict>
                            \t\t\t<key>UIWindowSceneSessionRoleApplication</key>
                            \t\t\t<array>
                            \t\t\t\t<dict>
                            \t\t\t\t\t<key>UISceneDelegateClassName</key>
                            \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                            \t\t\t\t</dict>
                            \t\t\t</array>
                            \t\t</dict>
                            \t</dict>
                            """)
                    ),
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                ], note: "iPad only: an iPhone launch has no scenes (warning)."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        UISceneConfiguration(name: ↓"Default Configuration", sessionRole: connectingSceneSession.role)
                    }
                }
                """, infoPlist: .legacy, note: "The manifest that named the configuration was removed: no delegate, black screen."),
            Example(
                files: [
                    (
                        "AppDelegate.m",
                        """
                        @interface AppDelegate : UIResponder <UIApplicationDelegate>
                        @end
                        @implementation AppDelegate
                        - (UISceneConfiguration *)application:(UIApplication *)application
                            configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession
                                                           options:(UISceneConnectionOptions *)options {
                            if (connectingSceneSession.role == UIWindowSceneSessionRoleApplication) {
                                return [[UISceneConfiguration alloc] initWithName:↓@"Main Scene" sessionRole:connectingSceneSession.role];
                            }
                            return [UISceneConfiguration configurationWithName:↓nil sessionRole:connectingSceneSession.role];
                        }
                        @end
                        """
                    )
                ], infoPlist: .objcScenes, note: "The plist's configuration is \"Default Configuration\"; a nil name needs a delegateClass."
            ),
        ],
        nonTriggering: [
            Example("@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.withLaunchScreen(
                            """
                            \t<key>UIApplicationSceneManifest</key>
                            \t<dict>
                            \t\t<key>UIApplicationSupportsMultipleScenes</key>
                            \t\t<true/>
                            \t</dict>
                            """)
                    ),
                    (
                        "NotesApp.swift",
                        """
                        import SwiftUI
                        @main
                        struct NotesApp: App {
                            var body: some Scene { WindowGroup { ContentView() } }
                        }
                        """
                    ),
                ], note: "A SwiftUI App needs no configurations."),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.withLaunchScreen(
                            """
                            \t<key>UIApplicationSceneManifest</key>
                            \t<dict/>
                            """)
                    ),
                    (
                        "AppDelegate.m",
                        """
                        @interface AppDelegate : UIResponder <UIApplicationDelegate>
                        @end
                        @implementation AppDelegate
                        - (UISceneConfiguration *)application:(UIApplication *)application
                            configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession
                                                           options:(UISceneConnectionOptions *)options {
                            UISceneConfiguration *configuration = [[UISceneConfiguration alloc] initWithName:nil sessionRole:connectingSceneSession.role];
                            configuration.delegateClass = [SceneDelegate class];
                            return configuration;
                        }
                        @end
                        """
                    ),
                ], note: "Configurations come from code."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        if connectingSceneSession.role == .windowExternalDisplayNonInteractive {
                            let external = UISceneConfiguration(name: "External", sessionRole: connectingSceneSession.role)
                            external.delegateClass = ExternalSceneDelegate.self
                            return external
                        }
                        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
                    }
                }
                """, note: "The name matches the manifest's configuration, and the other sets its delegate class."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        guard !facts.isSceneBasedWithoutManifest else { return unresolvedCodeConfigurations(context) }
        var findings: [Finding] = []
        for plist in context.app.infoPlists {
            let anchor = "configurations:" + plist.configurationList
            switch plist.manifestState {
            case .disabled:
                findings.append(
                    finding(
                        context,
                        "UIApplicationSceneManifest is disabled (written as _UIApplicationSceneManifest): the app has not adopted scenes",
                        at: plist.location(of: "_UIApplicationSceneManifest"), anchor: anchor))
            case .present(let manifest) where manifest.applicationConfigurations.isEmpty:
                findings.append(
                    finding(
                        context,
                        "UIApplicationSceneManifest has no UIWindowSceneSessionRoleApplication configuration and the app delegate "
                            + "does not implement application(_:configurationForConnecting:options:): UIKit has no scene delegate to create",
                        at: plist.location(of: "UIApplicationSceneManifest"), anchor: anchor))
            case .deviceSpecific(let devices, _):
                let families = context.app.deviceFamilies
                var uncovered: [String] = []
                if families.contains(1), !devices.contains("iphone") { uncovered.append("iPhone") }
                if families.contains(2), !devices.contains("ipad") { uncovered.append("iPad") }
                guard !uncovered.isEmpty else { continue }
                let key = "UIApplicationSceneManifest~" + (devices.sorted().first ?? "")
                findings.append(
                    finding(
                        context,
                        "\(key) adopts scenes for \(devices.sorted().joined(separator: ", ")) only: on \(uncovered.joined(separator: " and ")) the app has not adopted scenes",
                        at: plist.location(of: key), anchor: anchor, severity: .warning))
            case .generated:
                findings.append(
                    finding(
                        context,
                        "Xcode generates a scene manifest without configurations (INFOPLIST_KEY_UIApplicationSceneManifest_Generation) "
                            + "for a UIKit app delegate with no configurationForConnecting: whether this launches with the iOS 27 SDK is unverified; "
                            + "add a UISceneConfigurations entry naming a scene delegate",
                        at: plist.location(of: "UIApplicationSceneManifest"), anchor: anchor, severity: .warning))
            default:
                continue
            }
        }
        return findings
    }

    /// A configuration built in configurationForConnecting by a name no Info.plist configuration has (the
    /// manifest was removed or renamed), or with no name, and no delegateClass set: UIKit makes a scene with
    /// no delegate, so no window and a black screen.
    private func unresolvedCodeConfigurations(_ context: RuleContext) -> [Finding] {
        // Without the plist the names cannot be checked; the verdict is unknown already.
        guard context.app.unreadable.isEmpty, context.app.generated == nil else { return [] }
        var findings: [Finding] = []
        for configuration in CodeConfiguration.all(context.facts) where !configuration.completesItself {
            let file = context.facts.file(configuration.method)
            guard let name = configuration.name else {
                findings.append(
                    finding(
                        context,
                        "configurationForConnecting returns a UISceneConfiguration with no name and sets no delegateClass: "
                            + "UIKit creates the scene without a delegate, so no window appears (black screen); set delegateClass to the scene delegate",
                        in: file, token: configuration.nameToken))
                continue
            }
            let missing = context.app.infoPlists.filter { plist in
                !AppFacts.configurations(of: plist).contains { $0.name == name }
            }
            guard !missing.isEmpty else { continue }
            let where_ =
                missing.allSatisfy { $0.manifestState.manifest == nil }
                ? "the Info.plist has no scene manifest" : "no Info.plist scene configuration is named \"\(name)\""
            let configurations =
                missing.count < context.app.infoPlists.count
                ? " (configurations \(missing.map(\.configurationList).joined(separator: "; ")))" : ""
            findings.append(
                finding(
                    context,
                    "configurationForConnecting returns UISceneConfiguration(name: \"\(name)\") without a delegateClass, but \(where_)\(configurations): "
                        + "UIKit creates the scene without a delegate, so no window appears (black screen); set delegateClass or restore the manifest entry",
                    in: file, token: configuration.nameToken))
        }
        return findings
    }
}
