import Results
import ScanCore

/// Reads of launch options, which are always nil once the app adopts scenes.
struct LaunchOptionsReadRule: Rule {
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
                ExampleSource.appDelegate(
                    launching: """
                        if let url = launchOptions?[↓.url] as? URL {
                            DeepLinkRouter.shared.open(url)
                        }
                        if let item = launchOptions?[UIApplication.LaunchOptionsKey.↓shortcutItem] as? UIApplicationShortcutItem {
                            QuickActions.perform(item)
                        }
                        """)),
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
            Example(
                ExampleSource.appDelegate(
                    launching: """
                        if let options = launchOptions, let url = options[↓.url] as? URL {
                            DeepLinkRouter.shared.open(url)
                        }
                        LaunchRouter.shared.route(launchOptions)
                        """,
                    members: """

                        func application(_ application: UIApplication,
                                         willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                            guard let opts = launchOptions else { return true }
                            let push = opts[↓.remoteNotification]
                            return push == nil
                        }
                        """),
                also: [
                    (
                        "LaunchRouter.swift",
                        """
                        typealias LaunchOptions = [UIApplication.LaunchOptionsKey: Any]

                        final class LaunchRouter {
                            static let shared = LaunchRouter()
                            func route(_ options: LaunchOptions?) {
                                if let item = options?[↓.shortcutItem] as? UIApplicationShortcutItem { QuickActions.perform(item) }
                            }
                        }
                        """
                    )
                ], note: "Aliases (if let, guard let) and the app's own helper the dictionary is handed to."),
            Example(files: [
                (
                    "AppDelegate.m",
                    """
                    @implementation AppDelegate
                    - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                        [self handleLaunch:launchOptions];
                        return YES;
                    }
                    - (void)handleLaunch:(NSDictionary *)options {
                        NSURL *url = options[↓UIApplicationLaunchOptionsURLKey];
                        if (url) { [[Router shared] openURL:url]; }
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
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                               options connectionOptions: UIScene.ConnectionOptions) {
                        var launchOptions: [UIApplication.LaunchOptionsKey: Any] = [:]
                        if let url = connectionOptions.urlContexts.first?.url { launchOptions[.url] = url }
                        if let item = connectionOptions.shortcutItem { launchOptions[UIApplication.LaunchOptionsKey.shortcutItem] = item }
                        ReactNativeHost.shared.start(in: scene, launchOptions: launchOptions)
                    }
                }
                """, file: "SceneDelegate.swift", note: "Filling launch options from connectionOptions is the migration, not a read."),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
                            NSMutableDictionary *launchOptions = [NSMutableDictionary dictionary];
                            NSURL *url = connectionOptions.URLContexts.anyObject.URL;
                            if (url) { launchOptions[UIApplicationLaunchOptionsURLKey] = url; }
                            NSDictionary *props = @{@"initialURL": launchOptions[UIApplicationLaunchOptionsURLKey] ?: @""};
                            if (connectionOptions.shortcutItem) {
                                [launchOptions setObject:connectionOptions.shortcutItem forKey:UIApplicationLaunchOptionsShortcutItemKey];
                            }
                            [[ReactHost shared] startInScene:scene launchOptions:launchOptions initialProperties:props];
                        }
                        @end
                        """
                    )
                ], infoPlist: .objcScenes),
            Example(
                ExampleSource.appDelegate(
                    launching: """
                        // Before scenes: launchOptions?[.url]
                        Analytics.start(label: "launchOptions?[.url] is nil under scenes")
                        """)),
        ])

    /// Whether the tokens `start...end` are the whole key of a dictionary lookup: `options[KEY]`,
    /// `options?[KEY]`, `[options objectForKey:KEY]`, `options.object(forKey: KEY)`. A `case` label or
    /// a dictionary literal names a key without reading it.
    private func isLookupKey(_ start: Int, through end: Int, in file: SourceFile) -> Bool {
        if file.isPunctuation(start - 1, UInt8(ascii: "[")), file.isPunctuation(end + 1, UInt8(ascii: "]")) {
            // `options[KEY] = value` fills a dictionary (the migration's own launch options), it reads nothing.
            if CodeQuery.isAssigned(end + 1, in: file) { return false }
            let before = start - 2
            return file.isIdentifier(before) || file.isPunctuation(before, UInt8(ascii: "?"))
                || file.isPunctuation(before, UInt8(ascii: "!"))
                || file.isPunctuation(before, UInt8(ascii: ")")) || file.isPunctuation(before, UInt8(ascii: "]"))
        }
        if file.isPunctuation(start - 1, UInt8(ascii: ":")) {
            if file.is(start - 2, "forKey"), Self.isWriteMessage(at: start - 2, in: file) { return false }
            return file.is(start - 2, "objectForKey") || file.is(start - 2, "valueForKey") || file.is(start - 2, "forKey")
        }
        return false
    }

    /// Whether the lookup whose key ends at `index` reads a dictionary the same function fills itself
    /// (`launchOptions[KEY] = …` from connectionOptions, then read back): that is not UIKit's launch options.
    private static func readsOwnDictionary(_ index: Int, in file: SourceFile) -> Bool {
        var cursor = index
        while file.isIdentifier(cursor - 1) || file.isPunctuation(cursor - 1, UInt8(ascii: ".")) { cursor -= 1 }
        var base = -1
        if file.isPunctuation(cursor - 1, UInt8(ascii: "[")) {
            base = cursor - 2
            while file.isPunctuation(base, UInt8(ascii: "?")) || file.isPunctuation(base, UInt8(ascii: "!")) { base -= 1 }
        } else if file.isPunctuation(cursor - 1, UInt8(ascii: ":")), file.isIdentifier(cursor - 2), file.isIdentifier(cursor - 3) {
            base = cursor - 3
        }
        guard file.isIdentifier(base), let function = CodeQuery.enclosingFunction(index, in: file) else { return false }
        let name = file.text(base)
        for candidate in function.body where file.is(candidate, text: name) {
            if file.isPunctuation(candidate + 1, UInt8(ascii: "[")), file.partners[candidate + 1] > candidate + 1,
                CodeQuery.isAssigned(Int(file.partners[candidate + 1]), in: file)
            {
                return true
            }
            if file.is(candidate + 1, "setObject") || file.is(candidate + 1, "setValue") { return true }
            if file.isPunctuation(candidate + 1, UInt8(ascii: ".")),
                file.is(candidate + 2, "updateValue") || file.is(candidate + 2, "setValue")
            {
                return true
            }
        }
        return false
    }

    /// `[options setObject:url forKey:KEY]`, `options.setValue(url, forKey: KEY)`, `updateValue(_:forKey:)`:
    /// the `forKey` at `index` belongs to a write.
    private static func isWriteMessage(at index: Int, in file: SourceFile) -> Bool {
        var cursor = index - 1
        var depth = 0
        while cursor >= 0, index - cursor < 64 {
            if file.isPunctuation(cursor, UInt8(ascii: "]")) || file.isPunctuation(cursor, UInt8(ascii: ")")) {
                depth += 1
            } else if file.isPunctuation(cursor, UInt8(ascii: "[")) || file.isPunctuation(cursor, UInt8(ascii: "(")) {
                if depth == 0 {
                    // Objective-C: the first selector part follows the receiver; Swift: the call's name precedes `(`.
                    let words =
                        file.language == .objectiveC
                        ? Array((cursor + 1)..<index).filter { file.isIdentifier($0) && file.isPunctuation($0 + 1, UInt8(ascii: ":")) }
                        : [cursor - 1]
                    return words.contains { word in
                        ["setObject", "setValue", "updateValue", "setObject:forKey"].contains { file.is(word, text: $0) }
                    }
                }
                depth -= 1
            }
            cursor -= 1
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
        let flow = LaunchOptionsFlow(context.facts)
        for (fileIndex, file) in context.facts.files.enumerated() where file.mentions("aunchOptions") {
            var reported: Set<Int> = []
            func report(_ index: Int, _ key: LaunchOptionKey, written: String) {
                guard reported.insert(index).inserted, !Self.readsOwnDictionary(index, in: file) else { return }
                // A helper the dictionary was handed to says where it came from.
                let route =
                    flow.holder(of: index, in: fileIndex, context.facts)?.passedFrom.map { " (launch options passed in by \($0))" } ?? ""
                findings.append(
                    finding(
                        context,
                        "\(written) is always nil once the app adopts scenes\(route); instead, \(key.replacement)",
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
            // `launchOptions?[.url]`: the shorthand inside a subscript of the launch options, under any name
            // they have reached (a parameter, `if let options = launchOptions`, a helper's parameter).
            for (functionIndex, function) in file.functions.enumerated() where function.hasBody {
                guard let names = flow.holders[FunctionRef(file: fileIndex, function: functionIndex)]?.names else { continue }
                for index in function.body where file.isPunctuation(index, UInt8(ascii: "[")) {
                    var base = index - 1
                    if file.isPunctuation(base, UInt8(ascii: "?")) || file.isPunctuation(base, UInt8(ascii: "!")) { base -= 1 }
                    guard file.isIdentifier(base), names.contains(file.text(base)),
                        file.isPunctuation(index + 1, UInt8(ascii: ".")), file.isIdentifier(index + 2),
                        let key = LaunchOptionKey.swift(file.text(index + 2)),
                        file.isPunctuation(index + 3, UInt8(ascii: "]")), !CodeQuery.isAssigned(index + 3, in: file)
                    else { continue }
                    report(index + 1, key, written: "\(file.text(base))[.\(key.swift)]")
                }
            }
        }
        return findings
    }
}
