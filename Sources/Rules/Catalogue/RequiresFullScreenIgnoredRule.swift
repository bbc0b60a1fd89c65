import Results
import ScanCore
import XcodeProject

/// UIRequiresFullScreen relied on for a fixed screen size, which iOS 27 no longer grants.
struct RequiresFullScreenIgnoredRule: Rule {
    static let description = RuleDescription(
        id: "requires-full-screen-ignored",
        name: "UIRequiresFullScreen no longer opts out of resizing",
        severity: .note,
        summary: "The app sets UIRequiresFullScreen and lays out from the main screen's size, which no longer matches its window.",
        rationale: """
            UIRequiresFullScreen used to keep an app full screen: no Split View, Slide Over or resizing, so the main \
            screen's bounds were the window's. The key is deprecated (its availability ends with iOS 26): iPadOS 26's \
            windowed apps resize regardless, and on iOS 27 iPhone apps become resizable too, so the key no longer opts \
            out. Layouts computed from UIScreen.main.bounds then disagree with the window (the iOS 27 release notes list \
            UIScreen.main bounds changing on resize for such apps).
            """,
        documentation: [AppleDocs.requiresFullScreen, AppleDocs.releaseNotes27, AppleDocs.screenMain],
        fix: """
            Lay out from the view's or window's bounds (or size classes and the trait collection), respond to \
            viewWillTransition(to:with:), and drop UIRequiresFullScreen.
            """,
        anchors: ["UIScreen"],
        triggering: [
            Example(files: [
                (
                    "Info.plist",
                    ExamplePlist.manifest(
                        "\t\t\t\t\t<key>UISceneDelegateClassName</key>\n\t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>"
                    )
                    .replacingOccurrences(
                        of: "<key>UILaunchStoryboardName</key>",
                        with: "↓<key>UIRequiresFullScreen</key>\n\t<true/>\n\t<key>UILaunchStoryboardName</key>")
                ),
                (
                    "CardLayout.swift",
                    """
                    enum CardLayout {
                        static var cardWidth: CGFloat { UIScreen.main.bounds.width - 32 }
                        static let isCompactPhone = UIScreen.main.bounds.height < 700
                    }
                    """
                ),
            ]),
            Example(files: [
                (
                    "Info.plist",
                    ExamplePlist.withLaunchScreen(
                        """
                        \t↓<key>UIRequiresFullScreen</key>
                        \t<string>YES</string>
                        """)
                ),
                (
                    "Gallery.m",
                    """
                    @implementation Gallery
                    - (CGSize)itemSize {
                        CGFloat side = CGRectGetWidth([[UIScreen mainScreen] bounds]) / 3.0;
                        return CGSizeMake(side, side);
                    }
                    @end
                    """
                ),
            ]),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.withLaunchScreen(
                            """
                            \t<key>UIRequiresFullScreen</key>
                            \t<true/>
                            """)
                    ),
                    (
                        "CardLayout.swift",
                        """
                        final class CardCell: UICollectionViewCell {
                            override func layoutSubviews() {
                                super.layoutSubviews()
                                let width = contentView.bounds.width - 32
                                let scale = UIScreen.main.scale
                                _ = (width, scale, "UIScreen.main.bounds")
                            }
                        }
                        """
                    ),
                ], note: "The key without code that takes the screen's size for the window's."),
            Example(
                """
                enum CardLayout {
                    static var cardWidth: CGFloat { UIScreen.main.bounds.width - 32 }
                }
                """, file: "CardLayout.swift", note: "Screen-size layout without the key: main-screen-use is the finding."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let plists = context.app.infoPlists.filter { $0["UIRequiresFullScreen"]?.isTrue == true }
        guard !plists.isEmpty else { return [] }
        let reads = Self.screenSizeReads(context.facts)
        guard !reads.isEmpty else { return [] }
        let places = reads.prefix(3).map { "\(Paths.fileName(of: $0.file.path)):\($0.file.line(ofToken: $0.token))" }
        let more = reads.count > 3 ? " and \(reads.count - 3) more" : ""
        let devices =
            context.app.deviceFamilies.contains(1) ? "iPhone apps become resizable on iOS 27" : "iPad apps resize in windowed mode"
        return plists.map { plist in
            finding(
                context,
                "UIRequiresFullScreen no longer keeps the app full screen (\(devices)), but the app sizes its layout from the main screen "
                    + "(UIScreen.main.bounds at \(places.joined(separator: ", "))\(more)): use the view's or window's bounds",
                at: plist.location(of: "UIRequiresFullScreen"), anchor: "full-screen:" + plist.configurationList)
        }
    }

    /// `UIScreen.main.bounds`, `.nativeBounds`, `[UIScreen mainScreen].bounds`, `[[UIScreen mainScreen] bounds]`, except as
    /// the frame of a new window (window rules report those).
    static func screenSizeReads(_ facts: AppFacts) -> [(file: SourceFile, token: Int)] {
        var result: [(file: SourceFile, token: Int)] = []
        for file in facts.files where file.mentions("UIScreen") {
            for index in file.identifierIndices(["UIScreen"]) {
                var after: Int
                if file.isPunctuation(index + 1, UInt8(ascii: ".")), file.is(index + 2, "main") || file.is(index + 2, "mainScreen") {
                    after = index + 3
                } else if file.is(index + 1, "mainScreen"), file.isPunctuation(index + 2, UInt8(ascii: "]")) {
                    after = index + 3
                } else {
                    continue
                }
                let bounds: Bool
                if file.isPunctuation(after, UInt8(ascii: ".")) {
                    bounds = file.is(after + 1, "bounds") || file.is(after + 1, "nativeBounds")
                } else {
                    // `[[UIScreen mainScreen] bounds]`
                    bounds = file.is(after, "bounds") || file.is(after, "nativeBounds")
                    after -= 1
                }
                guard bounds else { continue }
                let start = file.isPunctuation(index - 1, UInt8(ascii: "[")) ? index - 1 : index
                if file.isPunctuation(start - 1, UInt8(ascii: ":")), file.is(start - 2, "frame") || file.is(start - 2, "initWithFrame") {
                    continue
                }
                result.append((file, index))
            }
        }
        return result
    }
}
