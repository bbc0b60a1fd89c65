import Results
import ScanCore

/// For an app that is not ready, when the crash will reach users: the Xcode its builds are pinned to.
struct XcodePinDeferredRule: VerdictRule {
    /// From this day the App Store accepts only builds made with the iOS 27 SDK (Xcode 27).
    static let appStoreDeadline = "2027-04-01"

    static let description = RuleDescription(
        id: "xcode-pin",
        name: "Xcode pin decides when it breaks",
        severity: .note,
        summary:
            "An app that is not ready builds with Xcode 26 or earlier (safe until the pin moves), or with a floating Xcode that moves to 27 without a commit.",
        rationale: """
            Nothing fails until the first build with the iOS 27 SDK: an app pinned to Xcode 26 in CI launches today and \
            crashes at launch the day someone moves the pin, and from \(appStoreDeadline) the App Store takes only \
            iOS 27 SDK builds, so the pin must move by then. A pin that follows the newest Xcode (macos-latest, \
            latest-stable, edge) moves on its own when the image is updated. The pin is read from GitHub Actions \
            (setup actions' xcode-version, DEVELOPER_DIR, xcode-select -s, also in local composite actions, runs-on \
            images with their default Xcode), \
            .xcode-version, fastlane (xcversion, xcodes, ensure_xcode_version, xcode_select), Bitrise stacks, CircleCI \
            macos.xcode, Codemagic xcode, GitLab CI macOS images and EAS build images; when several builds apply, the \
            newest Xcode decides. Runner image defaults: \(RunnerImages.source).
            """,
        documentation: [AppleDocs.transitioning],
        fix:
            "Migrate before moving the pin to Xcode 27, and before \(appStoreDeadline); replace a floating pin by an explicit Xcode until the app is ready.",
        triggering: [
            Example(
                "@main class AppDelegate: UIResponder, UIApplicationDelegate { var window: UIWindow? }", infoPlist: .legacy,
                project: [
                    (
                        ".github/workflows/ios.yml",
                        "name: iOS\non: [push]\njobs:\n  build:\n    runs-on: ↓macos-15\n    steps:\n      - uses: actions/checkout@v4\n      - run: xcodebuild -scheme App build\n"
                    )
                ], note: "Blocked, and built with the macos-15 image's default Xcode 16.4."),
            Example(
                "@main class AppDelegate: UIResponder, UIApplicationDelegate { var window: UIWindow? }", infoPlist: .legacy,
                project: [
                    (
                        ".github/workflows/ios.yml",
                        """
                        jobs:
                          build:
                            runs-on: macos-26
                            steps:
                              - uses: maxim-lobanov/setup-xcode@v1
                                with:
                                  xcode-version: ↓latest-stable

                        """
                    )
                ], note: "A floating pin moves to Xcode 27 without a commit."),
        ],
        nonTriggering: [
            Example(
                "@main class AppDelegate: UIResponder, UIApplicationDelegate { var window: UIWindow? }", infoPlist: .legacy,
                project: [(".github/workflows/ios.yml", "jobs:\n  build:\n    runs-on: xcode-27\n    steps:\n      - run: xcodebuild\n")],
                note: "Already built with Xcode 27: the errors speak for themselves."),
            Example(
                files: [
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                    (
                        "SceneDelegate.swift",
                        ExampleSource.sceneDelegate(
                            connecting: """
                                window?.makeKeyAndVisible()
                                """)
                    ),
                ],
                project: [("fastlane/Fastfile", "lane :beta do\n  xcodes(version: \"16.2\")\nend\n")],
                note: "A ready app is safe whatever it builds with."),
            Example(
                "@main class AppDelegate: UIResponder, UIApplicationDelegate { var window: UIWindow? }", infoPlist: .legacy,
                note: "No pin is found: the toolchain is reported as unknown, without a note."),
        ])

    func check(_ context: RuleContext, verdict: Verdict) -> [Finding] {
        guard verdict == .blocked || verdict == .atRisk else { return [] }
        let toolchain = context.workspace.toolchain(of: context.app)
        guard let pin = toolchain.deciding else { return [] }
        let state = verdict == .blocked ? "not scene-ready" : "at risk under scenes"
        let where_ = "\(pin.source.displayName) \(pin.text)"
        switch toolchain.status {
        case .deferred:
            let basis = pin.basis.map { " (\($0))" } ?? ""
            let message =
                "builds with Xcode \(pin.version!) from \(where_)\(basis): the app is \(state) but safe until the pin moves; "
                + "must move before \(Self.appStoreDeadline)"
            return [finding(context, message, at: pin.location, anchor: "xcode-pin")]
        case .floating:
            let today = pin.version.map { " (Xcode \($0) today)" } ?? ""
            let message =
                "builds with a floating Xcode from \(where_)\(today): the app is \(state), and the next image update builds it with "
                + "Xcode 27 without a commit; pin an Xcode until it is migrated, and migrate before \(Self.appStoreDeadline)"
            return [finding(context, message, at: pin.location, anchor: "xcode-pin")]
        case .current, .unknown:
            return []
        }
    }
}
