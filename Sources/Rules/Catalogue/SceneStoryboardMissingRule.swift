import Results
import ScanCore
import XcodeProject

/// `UISceneStoryboardFile` naming a storyboard the target does not have.
struct SceneStoryboardMissingRule: Rule {
    static let description = RuleDescription(
        id: "scene-storyboard-missing",
        name: "Scene storyboard missing",
        severity: .error,
        summary: "The scene configuration names a storyboard that is not in the target.",
        rationale: """
            UISceneStoryboardFile names the storyboard (without extension) whose initial view controller UIKit \
            installs in the window it creates for the scene. When the storyboard is not in the app bundle, the \
            scene cannot be set up and the app crashes or shows nothing.
            """,
        documentation: [AppleDocs.specifyingScenes, AppleDocs.sceneManifest],
        fix:
            "Name a storyboard that is in the target's Copy Bundle Resources, or remove the key and build the window in the scene delegate.",
        triggering: [
            Example(files: [
                (
                    "Info.plist",
                    ExamplePlist.manifest(
                        """
                        \t\t\t\t\t<key>UISceneDelegateClassName</key>
                        \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                        \t\t\t\t\t↓<key>UISceneStoryboardFile</key>
                        \t\t\t\t\t<string>Main</string>
                        """)
                ),
                ("Base.lproj/Home.storyboard", "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"/>"),
            ])
        ],
        nonTriggering: [
            Example(files: [
                (
                    "Info.plist",
                    ExamplePlist.manifest(
                        """
                        \t\t\t\t\t<key>UISceneDelegateClassName</key>
                        \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                        \t\t\t\t\t<key>UISceneStoryboardFile</key>
                        \t\t\t\t\t<string>Main</string>
                        """)
                ),
                ("Base.lproj/Main.storyboard", "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"/>"),
            ])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let app = context.app
        var findings: [Finding] = []
        var reported: Set<String> = []
        let resources = app.resourceFiles.filter { context.workspace.contains($0) }
        for plist in app.infoPlists {
            for configuration in AppFacts.configurations(of: plist) {
                guard let storyboard = configuration.storyboard, !storyboard.isEmpty, reported.insert(storyboard).inserted else { continue }
                let present = resources.contains { path in
                    let name = Paths.fileName(of: path)
                    return name == storyboard + ".storyboard" || name == storyboard + ".storyboardc"
                }
                guard !present else { continue }
                let elsewhere = context.workspace.files(inside: app.path).first {
                    Paths.fileName(of: $0.path) == storyboard + ".storyboard"
                }
                let message: String
                if let elsewhere, app.project != nil {
                    message = "UISceneStoryboardFile \(storyboard): \(elsewhere.path) is not in target \(app.target)'s resources"
                } else {
                    message =
                        "UISceneStoryboardFile names \(storyboard), but target \(app.target) has no \(storyboard).storyboard: the scene cannot load its interface"
                }
                findings.append(
                    finding(
                        context, message, at: plist.location(of: "UISceneStoryboardFile"), anchor: "UISceneStoryboardFile=" + storyboard))
            }
        }
        return findings
    }
}
