import ScanCore

/// Reads of launch options, which are always nil once the app adopts scenes.
struct LaunchOptionsRead: Rule {
    static let description = RuleDescription(
        id: "launch-options-read",
        name: "Launch options read",
        severity: .warning,
        summary: "Code reads a launch-option key, which is always nil once the app adopts scenes.",
        rationale: """
            Under scenes, application(_:didFinishLaunchingWithOptions:) still runs but its launchOptions is nil: \
            "If the app supports scenes, this is nil." The reason for the launch arrives in the scene's \
            UIScene.ConnectionOptions instead (URLs, user activities, quick actions, CloudKit shares, notification \
            responses); background-launch keys (location, Bluetooth) are replaced by recreating their managers at \
            every launch. All fourteen keys are deprecated in iOS 26.
            """,
        documentation: [AppleDocs.launchOptionsKey, AppleDocs.respondingToLaunch, AppleDocs.connectionOptions],
        fix: "Read the replacement named in the message in the scene delegate's scene(_:willConnectTo:options:).",
        anchors: ["aunchOptions"],
        triggering: [
            Example("""
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        if let url = launchOptions?[↓.url] as? URL {
                            DeepLinkRouter.shared.open(url)
                        }
                        if let item = launchOptions?[UIApplication.LaunchOptionsKey.↓shortcutItem] as? UIApplicationShortcutItem {
                            QuickActions.perform(item)
                        }
                        return true
                    }
                }
                """),
            Example(files: [("AppDelegate.m", """
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    NSDictionary *push = launchOptions[↓UIApplicationLaunchOptionsRemoteNotificationKey];
                    NSURL *url = [launchOptions objectForKey:↓UIApplicationLaunchOptionsURLKey];
                    return YES;
                }
                @end
                """)]),
            Example("""
                func launchURL(from options: [UIApplication.LaunchOptionsKey: Any]?) -> URL? {
                    options?[UIApplication.LaunchOptionsKey(rawValue: ↓"UIApplicationLaunchOptionsURLKey")] as? URL
                }
                """, file: "LaunchParser.swift", note: "Raw-string keys are the same keys."),
        ],
        nonTriggering: [
            Example("""
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        if let url = connectionOptions.urlContexts.first?.url { DeepLinkRouter.shared.open(url) }
                        let options: [String: Any] = ["url": 1]
                        _ = options["url"]
                    }
                }
                """, file: "SceneDelegate.swift"),
            Example("""
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        // Before scenes: launchOptions?[.url]
                        Analytics.start(label: "launchOptions?[.url] is nil under scenes")
                        return true
                    }
                }
                """),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for file in context.facts.files where file.mentions("aunchOptions") {
            var reported: Set<Int> = []
            func report(_ index: Int, _ key: LaunchOptionKey, written: String) {
                guard reported.insert(index).inserted else { return }
                findings.append(finding(context,
                    "\(written) is always nil once the app adopts scenes: use \(key.replacement)",
                    in: file, token: index))
            }
            for index in file.tokens.indices {
                let token = file.tokens[index]
                switch token.kind {
                case .identifier:
                    guard token.length > 20 || file.is(index, "LaunchOptionsKey") else { continue }
                    let text = file.text(index)
                    if let key = LaunchOptionKey.objc(text) {
                        report(index, key, written: text)
                    } else if text == "LaunchOptionsKey", file.isPunctuation(index + 1, UInt8(ascii: ".")), file.isIdentifier(index + 2),
                              let key = LaunchOptionKey.swift(file.text(index + 2)) {
                        report(index + 2, key, written: "launch option .\(key.swift)")
                    }
                case .string:
                    guard token.length > 20 else { continue }
                    let text = file.text(index).trimmingCharacters(in: "@\"")
                    if let key = LaunchOptionKey.objc(text) { report(index, key, written: "launch option \"\(text)\"") }
                default:
                    continue
                }
            }
            // `launchOptions?[.url]`: the shorthand inside a subscript of a launch-options parameter.
            for function in file.functions where function.hasBody {
                let names = function.parameters.filter { parameter in
                    file.typeText(of: parameter).contains("LaunchOptionsKey")
                        || (file.language == .objectiveC && function.signature.contains("LaunchingWithOptions:") && parameter.label.hasSuffix("LaunchingWithOptions"))
                }.map(\.name)
                guard !names.isEmpty else { continue }
                for index in (function.bodyStart + 1)..<function.bodyEnd where file.isPunctuation(index, UInt8(ascii: "[")) {
                    var base = index - 1
                    if file.isPunctuation(base, UInt8(ascii: "?")) || file.isPunctuation(base, UInt8(ascii: "!")) { base -= 1 }
                    guard file.isIdentifier(base), names.contains(file.text(base)),
                          file.isPunctuation(index + 1, UInt8(ascii: ".")), file.isIdentifier(index + 2),
                          let key = LaunchOptionKey.swift(file.text(index + 2))
                    else { continue }
                    report(index + 1, key, written: "\(file.text(base))[.\(key.swift)]")
                }
            }
        }
        return findings
    }
}
