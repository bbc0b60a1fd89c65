import Results
import ScanCore

/// No launch screen: App Store Connect rejects iOS 27 SDK builds without one.
struct LaunchScreenMissingRule: Rule {
    static let description = RuleDescription(
        id: "launch-screen-missing",
        name: "Launch screen missing",
        severity: .error,
        summary: "The Info.plist declares no launch screen, which iOS 27 SDK uploads require.",
        rationale: """
            The iOS 27 release notes require a launch screen: the Info.plist must contain UILaunchStoryboardName, \
            UILaunchStoryboards, UILaunchScreen or UILaunchScreens (Xcode writes them from \
            INFOPLIST_KEY_UILaunchStoryboardName or INFOPLIST_KEY_UILaunchScreen_Generation), or App Store Connect \
            rejects the build once it accepts only iOS 27 SDK builds.
            """,
        documentation: [AppleDocs.releaseNotes27, AppleDocs.buildSettings],
        fix: "Add UILaunchStoryboardName naming a launch storyboard, or a UILaunchScreen dictionary.",
        triggering: [
            Example(files: [
                (
                    "Info.plist",
                    "↓"
                        + ExamplePlist.with(
                            "\t<key>CFBundleName</key>\n\t<string>Shelf</string>\n\t<key>LSRequiresIPhoneOS</key>\n\t<true/>")
                ),
                ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
            ]),
            Example(
                files: [("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}")],
                infoPlist: .legacy,
                buildSettings: [
                    "↓": "", "GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "", "INFOPLIST_KEY_UIMainStoryboardFile": "Main",
                ],
                note:
                    "A generated Info.plist without launch screen settings; the finding points at the target (`↓` as a setting name marks the target's line)."
            ),
        ],
        nonTriggering: [
            Example("@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
            Example(files: [
                ("Info.plist", ExamplePlist.with("\t<key>UILaunchScreen</key>\n\t<dict/>")),
                ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
            ]),
            Example(
                files: [("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}")],
                buildSettings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_FILE": "", "INFOPLIST_KEY_UILaunchScreen_Generation": "YES"]),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        // The requirement is stated for iOS and iPadOS apps.
        guard context.app.platforms.contains(.iOS) else { return [] }
        return context.app.infoPlists.filter { !$0.hasLaunchScreen }.map { plist in
            finding(
                context,
                "no UILaunchStoryboardName or UILaunchScreen in the Info.plist"
                    + (plist.configurations.isEmpty ? "" : " (\(plist.configurationList))")
                    + ": App Store Connect rejects iOS 27 SDK builds without a launch screen",
                at: plist.location, anchor: "launch-screen:" + plist.configurationList)
        }
    }
}
