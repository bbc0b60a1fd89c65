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
            Example(
                """
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
            Example(files: [
                (
                    "AppDelegate.m",
                    """
                    @implementation AppDelegate
                    - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                        NSDictionary *push = launchOptions[↓UIApplicationLaunchOptionsRemoteNotificationKey];
                        NSURL *url = [launchOptions objectForKey:↓UIApplicationLaunchOptionsURLKey];
                        return YES;
                    }
                    @end
                    """
                )
            ]),
            Example(
                """
                func launchURL(from options: [UIApplication.LaunchOptionsKey: Any]?) -> URL? {
                    options?[UIApplication.LaunchOptionsKey(rawValue: ↓"UIApplicationLaunchOptionsURLKey")] as? URL
                }
                """, file: "LaunchParser.swift", note: "Raw-string keys are the same keys."),
        ],
        nonTriggering: [
            Example(
                files: [
                    (
                        "AppDelegate.m",
                        """
                        @implementation AppDelegate
                        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                            // NSURL *url = launchOptions[UIApplicationLaunchOptionsURLKey];
                            NSLog(@"UIApplicationLaunchOptionsURLKey is nil under scenes");
                            return YES;
                        }
                        @end
                        """
                    )
                ]),
            Example(
                """
                func name(of key: UIApplication.LaunchOptionsKey) -> String {
                    switch key.rawValue {
                    case UIApplication.LaunchOptionsKey.url.rawValue: return "url"
                    case "UIApplicationLaunchOptionsLocalNotificationKey": return "localNotification"
                    default: return key.rawValue
                    }
                }
                """, file: "LaunchLogger.swift", note: "Naming a key (a case label) is not reading it."),
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        if let url = connectionOptions.urlContexts.first?.url { DeepLinkRouter.shared.open(url) }
                        let options: [String: Any] = ["url": 1]
                        _ = options["url"]
                    }
                }
                """, file: "SceneDelegate.swift"),
            Example(
                """
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

    /// Whether the tokens `start...end` are the whole key of a dictionary lookup: `options[KEY]`,
    /// `options?[KEY]`, `[options objectForKey:KEY]`, `options.object(forKey: KEY)`. A `case` label or
    /// a dictionary literal names a key without reading it.
    private func isLookupKey(_ start: Int, through end: Int, in file: SourceFile) -> Bool {
        if file.isPunctuation(start - 1, UInt8(ascii: "[")), file.isPunctuation(end + 1, UInt8(ascii: "]")) {
            let before = start - 2
            return file.isIdentifier(before) || file.isPunctuation(before, UInt8(ascii: "?"))
                || file.isPunctuation(before, UInt8(ascii: "!"))
                || file.isPunctuation(before, UInt8(ascii: ")")) || file.isPunctuation(before, UInt8(ascii: "]"))
        }
        if file.isPunctuation(start - 1, UInt8(ascii: ":")) {
            return file.is(start - 2, "objectForKey") || file.is(start - 2, "valueForKey") || file.is(start - 2, "forKey")
        }
        return false
    }

    /// `LaunchOptionsKey(rawValue: "…")` or `.init(rawValue: "…")` as a lookup key.
    private func isRawValueKey(_ index: Int, in file: SourceFile) -> Bool {
        guard file.isPunctuation(index - 1, UInt8(ascii: ":")), file.is(index - 2, "rawValue"),
            file.isPunctuation(index - 3, UInt8(ascii: "(")), file.isPunctuation(index + 1, UInt8(ascii: ")")),
            file.isIdentifier(index - 4)
        else { return false }
        var start = qualifiedStart(index - 4, in: file)
        if file.isPunctuation(start - 1, UInt8(ascii: ".")) { start -= 1 }
        let chain = file.code(from: start, through: index - 4)
        guard chain.hasSuffix("LaunchOptionsKey") || chain == ".init" else { return false }
        return isLookupKey(start, through: index + 1, in: file)
    }

    /// The first token of a qualified key: `UIApplication.LaunchOptionsKey.url` from its `LaunchOptionsKey`.
    private func qualifiedStart(_ index: Int, in file: SourceFile) -> Int {
        var start = index
        while file.isPunctuation(start - 1, UInt8(ascii: ".")), file.isIdentifier(start - 2) { start -= 2 }
        return start
    }

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for file in context.facts.files where file.mentions("aunchOptions") {
            var reported: Set<Int> = []
            func report(_ index: Int, _ key: LaunchOptionKey, written: String) {
                guard reported.insert(index).inserted else { return }
                findings.append(
                    finding(
                        context,
                        "\(written) is always nil once the app adopts scenes; instead, \(key.replacement)",
                        in: file, token: index))
            }
            for index in file.tokens.indices {
                let token = file.tokens[index]
                switch token.kind {
                case .identifier:
                    guard token.length > 20 || file.is(index, "LaunchOptionsKey") else { continue }
                    let text = file.text(index)
                    if let key = LaunchOptionKey.objc(text), isLookupKey(index, through: index, in: file) {
                        report(index, key, written: text)
                    } else if text == "LaunchOptionsKey", file.isPunctuation(index + 1, UInt8(ascii: ".")), file.isIdentifier(index + 2),
                        let key = LaunchOptionKey.swift(file.text(index + 2)),
                        isLookupKey(qualifiedStart(index, in: file), through: index + 2, in: file)
                    {
                        report(index + 2, key, written: "launch option .\(key.swift)")
                    }
                case .string:
                    guard token.length > 20 else { continue }
                    let text = file.text(index).trimmingCharacters(in: "@\"")
                    guard let key = LaunchOptionKey.objc(text) else { continue }
                    // `LaunchOptionsKey(rawValue: "…")` used as a key, or the string itself as a key.
                    if isLookupKey(index, through: index, in: file) || isRawValueKey(index, in: file) {
                        report(index, key, written: "launch option \"\(text)\"")
                    }
                default:
                    continue
                }
            }
            // `launchOptions?[.url]`: the shorthand inside a subscript of a launch-options parameter.
            for function in file.functions where function.hasBody {
                let names = function.parameters.filter { parameter in
                    file.typeText(of: parameter).contains("LaunchOptionsKey")
                        || (file.language == .objectiveC && function.signature.contains("LaunchingWithOptions:")
                            && parameter.label.hasSuffix("LaunchingWithOptions"))
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
