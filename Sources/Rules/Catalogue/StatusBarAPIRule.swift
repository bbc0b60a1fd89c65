import Results
import ScanCore

/// Deprecated UIApplication status-bar getters.
struct StatusBarAPIRule: Rule {
    static let getters: [String: String] = [
        "statusBarOrientation": "windowScene.effectiveGeometry.interfaceOrientation",
        "statusBarFrame": "windowScene.statusBarManager?.statusBarFrame",
        "statusBarStyle": "windowScene.statusBarManager?.statusBarStyle",
        "isStatusBarHidden": "windowScene.statusBarManager?.isStatusBarHidden",
        "statusBarHidden": "windowScene.statusBarManager.statusBarHidden",
        "statusBarOrientationAnimationDuration": "viewWillTransition(to:with:)",
    ]

    static let description = RuleDescription(
        id: "status-bar-api",
        name: "Deprecated status-bar getter",
        severity: .warning,
        summary: "Code reads UIApplication's status-bar orientation, frame, style or hidden state.",
        rationale: """
            statusBarOrientation, statusBarFrame, statusBarStyle and isStatusBarHidden on UIApplication are \
            deprecated since iOS 13 because each scene has its own status bar; the iOS 27 release notes warn that \
            in apps built with the iOS 27 SDK they may return NaN or null values.
            """,
        documentation: [AppleDocs.statusBarFrame, AppleDocs.statusBarOrientation, AppleDocs.releaseNotes27],
        fix: "Ask the view's window scene: its statusBarManager, or effectiveGeometry.interfaceOrientation.",
        anchors: ["tatusBar"],
        triggering: [
            Example(
                """
                final class PlayerViewController: UIViewController {
                    override func viewDidLayoutSubviews() {
                        super.viewDidLayoutSubviews()
                        let top = UIApplication.shared.↓statusBarFrame.height
                        if UIApplication.shared.↓statusBarOrientation.isLandscape { layoutLandscape(top) }
                    }
                }
                """, file: "PlayerViewController.swift"),
            Example(files: [
                (
                    "PlayerViewController.m",
                    """
                    @implementation PlayerViewController
                    - (void)viewDidLayoutSubviews {
                        UIInterfaceOrientation orientation = [[UIApplication sharedApplication] ↓statusBarOrientation];
                        CGFloat top = [UIApplication sharedApplication].↓statusBarFrame.size.height;
                    }
                    @end
                    """
                )
            ]),
            Example(
                """
                extension UIApplication {
                    var topInset: CGFloat { ↓statusBarFrame.height }
                }
                final class Banner {
                    private let app = UIApplication.shared
                    func offset() -> CGFloat { app.↓statusBarFrame.maxY }
                }
                """, file: "UIApplication+Insets.swift", note: "Implicit self in an extension, and a property holding the application."),
            Example(files: [
                (
                    "Banner.m",
                    """
                    @implementation Banner
                    - (CGFloat)offset {
                        UIApplication *application = UIApplication.sharedApplication;
                        return CGRectGetMaxY(application.↓statusBarFrame);
                    }
                    @end
                    """
                )
            ]),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "Player.m",
                        """
                        @implementation Player
                        - (CGFloat)top {
                            return self.view.window.windowScene.statusBarManager.statusBarFrame.size.height;
                        }
                        @end
                        """
                    )
                ]),
            Example(
                """
                final class PlayerViewController: UIViewController {
                    override func viewDidLayoutSubviews() {
                        super.viewDidLayoutSubviews()
                        let top = view.window?.windowScene?.statusBarManager?.statusBarFrame.height ?? 0
                        let landscape = view.window?.windowScene?.effectiveGeometry.interfaceOrientation.isLandscape ?? false
                        print(top, landscape, "UIApplication.shared.statusBarFrame")
                    }
                }
                """, file: "PlayerViewController.swift"),
        ])

    /// The getters' names, for the byte search.
    static let getterNames = Array(getters.keys)

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for file in context.facts.files where file.mentions("tatusBar") {
            for index in file.identifierIndices(Self.getterNames) {
                let name = file.text(index)
                guard let replacement = Self.getters[name],
                    CodeQuery.readsApplicationMember(index, in: file),
                    !CodeQuery.isAssigned(index, in: file)
                else { continue }
                findings.append(
                    finding(
                        context,
                        "UIApplication.\(name) is deprecated and may return NaN or null when built with the iOS 27 SDK: use \(replacement)",
                        in: file, token: index))
            }
        }
        return findings
    }
}
