import Results
import ScanCore

/// An application target that has not adopted scenes in any of the three ways UIKit accepts.
struct SceneManifestMissingRule: Rule {
    static let description = RuleDescription(
        id: "scene-manifest-missing",
        name: "Scene manifest missing",
        severity: .error,
        summary: "The app has not adopted the UIScene life cycle: no scene manifest, no configurationForConnecting, no SwiftUI App.",
        rationale: """
            Built with the iOS 27 SDK, a UIKit app that has not adopted the scene-based life cycle fails to launch; \
            from April 2027 App Store Connect accepts only iOS 27 SDK builds. An app adopts scenes when the Info.plist \
            its target uses has a UIApplicationSceneManifest with at least one configuration, or its app delegate \
            implements application(_:configurationForConnecting:options:), or it is entered through a SwiftUI App. \
            Targets with per-configuration Info.plists need the manifest in each of them.
            """,
        documentation: [AppleDocs.releaseNotes27, AppleDocs.tn3187, AppleDocs.sceneManifest],
        fix: """
            Add UIApplicationSceneManifest to the Info.plist with a UIWindowSceneSessionRoleApplication configuration \
            naming a scene delegate ($(PRODUCT_MODULE_NAME).SceneDelegate for a Swift class), and create the window in \
            the scene delegate's scene(_:willConnectTo:options:) with UIWindow(windowScene:).
            """,
        triggering: [
            Example(files: [
                ("Info.plist", "↓" + ExamplePlist.withLaunchScreen()),
                (
                    "AppDelegate.swift",
                    """
                    import UIKit

                    @main
                    class AppDelegate: UIResponder, UIApplicationDelegate {
                        var window: UIWindow?
                    }
                    """
                ),
            ]),
            Example(
                files: [
                    ("Info.plist", "↓" + ExamplePlist.withLaunchScreen()),
                    (
                        "AppDelegate.h",
                        """
                        #import <UIKit/UIKit.h>
                        @interface AppDelegate : UIResponder <UIApplicationDelegate>
                        @property (strong, nonatomic) UIWindow *window;
                        @end
                        """
                    ),
                    (
                        "main.m",
                        """
                        #import <UIKit/UIKit.h>
                        #import "AppDelegate.h"
                        int main(int argc, char * argv[]) {
                            @autoreleasepool {
                                return UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class]));
                            }
                        }
                        """
                    ),
                ], note: "Objective-C app delegate named by UIApplicationMain."),
            Example(
                files: [
                    (
                        "Info.plist",
                        "↓"
                            + ExamplePlist.withLaunchScreen(
                                """
                                \t<!-- <key>UIApplicationSceneManifest</key> -->
                                \t<key>Notes</key>
                                \t<string>UIApplicationSceneManifest</string>
                                """)
                    ),
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                ], note: "The key only in a comment and as a value does not count."),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "AppDelegate.m",
                        """
                        @interface AppDelegate : UIResponder <UIApplicationDelegate>
                        @end
                        @implementation AppDelegate
                        @end
                        """
                    ),
                    ("main.m", "int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, nil, @\"AppDelegate\"); }"),
                ], infoPlist: .objcScenes),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {}
                """),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication,
                                     configurationForConnecting connectingSceneSession: UISceneSession,
                                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
                        configuration.delegateClass = SceneDelegate.self
                        return configuration
                    }
                }
                """, infoPlist: .legacy, note: "Adoption in code, without a manifest, is valid (TN3187)."),
            Example(
                """
                import SwiftUI

                @main
                struct NotesApp: App {
                    var body: some Scene {
                        WindowGroup { Text("Notes") }
                    }
                }
                """, file: "NotesApp.swift", infoPlist: .legacy),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        if let generated = context.app.generated { return generatedProject(generated, context) }
        guard !facts.isSceneBasedWithoutManifest else { return [] }
        let plists = context.app.infoPlists
        let withManifest = plists.filter { $0.manifestState != .absent }
        let framework = facts.framework
        // react-native-uiscene-bridge adopts scenes at run time: the app launches, unverified beyond simulators.
        let bridged = framework.settings.hasSceneBridgePackage
        var findings: [Finding] = []
        for plist in plists where plist.manifestState == .absent {
            var message =
                "no UIApplicationSceneManifest and no application(_:configurationForConnecting:options:): "
                + "the app fails to launch when built with the iOS 27 SDK; add a scene manifest and a UIWindowSceneDelegate"
            if !withManifest.isEmpty, !plist.configurations.isEmpty {
                message =
                    "the Info.plist of the \(plist.configurationList) configuration"
                    + (plist.configurations.count > 1 ? "s" : "")
                    + " has no UIApplicationSceneManifest while the app's other configurations have one: "
                    + "those builds fail to launch with the iOS 27 SDK"
            } else if bridged {
                message =
                    "no UIApplicationSceneManifest: react-native-uiscene-bridge adopts scenes at run time (tested on simulators, one window); "
                    + "adopt them in the app"
            }
            if let path = FrameworkPaths.upgradePath(facts, prebuild: ExpoPrebuild.isUsed(context)) { message += " (\(path))" }
            findings.append(
                finding(
                    context, message, at: plist.location, anchor: "manifest:" + plist.configurationList,
                    severity: bridged ? .warning : nil))
        }
        return findings
    }

    /// Expo without ios/, Cordova without platforms/ios: decided by the framework version and configuration.
    private func generatedProject(_ generated: GeneratedProject, _ context: RuleContext) -> [Finding] {
        let facts = context.facts
        // A hand-written manifest without the scene template gives a black screen: app-delegate-window says so.
        guard GeneratedSupport.adopts(facts, generated) == false, generated.manifest == nil else { return [] }
        let framework = facts.framework
        let named = framework.version.map { "\(framework.kind.displayName) \($0)" } ?? framework.kind.displayName
        var message = "\(named) generates an iOS app without scenes: it fails to launch when built with the iOS 27 SDK"
        if let path = FrameworkPaths.upgradePath(facts, prebuild: ExpoPrebuild.isUsed(context)) { message += " (\(path))" }
        // The fix goes in the project configuration (app.json and the like), so that is where the finding is.
        return [finding(context, message, at: context.app.declaration, anchor: "generated-manifest")]
    }
}
