import Results
import ScanCore

/// `UIScreen.main`, deprecated in iOS 26.
struct MainScreenUseRule: Rule {
    static let description = RuleDescription(
        id: "main-screen-use",
        name: "UIScreen.main",
        severity: .note,
        summary: "Code uses UIScreen.main or [UIScreen mainScreen].",
        rationale: """
            UIScreen.main is deprecated in iOS 26. In a scene-based app a window's scene may be on another screen \
            or resized on iPad, so the main screen's bounds are not the window's; Apple recommends the screen found \
            through context (view.window.windowScene.screen) or the trait collection for values such as scale.
            """,
        documentation: [AppleDocs.screenMain],
        fix: "Use view.window?.windowScene?.screen, the view's bounds, or traitCollection.displayScale.",
        anchors: ["UIScreen"],
        triggering: [
            Example(
                """
                let width = ↓UIScreen.main.bounds.width
                let scale = ↓UIScreen.main.scale
                """, file: "Layout.swift"),
            Example(files: [
                (
                    "Layout.m",
                    """
                    CGFloat LayoutWidth(void) {
                        return [↓UIScreen mainScreen].bounds.size.width + ↓UIScreen.mainScreen.scale;
                    }
                    """
                )
            ]),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "Layout.m",
                        """
                        CGFloat LayoutScale(UIView *view) {
                            // [UIScreen mainScreen].scale before iOS 26
                            return view.traitCollection.displayScale;
                        }
                        """
                    )
                ]),
            Example(
                """
                let scale = view.traitCollection.displayScale
                let screen = view.window?.windowScene?.screen
                let main = UIScreen.mainScreenNameForLogs // a property of our own
                """, file: "Layout.swift"),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for file in context.facts.files where file.mentions("UIScreen") {
            for index in file.identifierIndices(["UIScreen"]) {
                let swiftMain =
                    file.isPunctuation(index + 1, UInt8(ascii: ".")) && (file.is(index + 2, "main") || file.is(index + 2, "mainScreen"))
                let objcMain = file.is(index + 1, "mainScreen") && file.isPunctuation(index + 2, UInt8(ascii: "]"))
                guard swiftMain || objcMain else { continue }
                let message =
                    file.language == .swift
                    ? "UIScreen.main is deprecated in iOS 26: use the screen of the view's window scene (view.window?.windowScene?.screen) or the trait collection"
                    : "[UIScreen mainScreen] is deprecated in iOS 26: use the screen of the view's window scene (self.view.window.windowScene.screen) or the trait collection"
                findings.append(finding(context, message, in: file, token: index))
            }
        }
        return findings
    }
}
