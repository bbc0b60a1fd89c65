import Results
import ScanCore

/// React Native started twice: once by the app delegate, once by the scene delegate.
struct ReactNativeDoubleStartRule: Rule {
    /// Calls that create a React Native root view (and, with the new architecture, a JS instance).
    static let startCalls: Set<String> = [
        "startReactNative", "startReactNativeWithModuleName", "RCTAppSetupDefaultRootView", "createRootViewWithBridge",
    ]

    static let description = RuleDescription(
        id: "react-native-double-start",
        name: "React Native started twice",
        severity: .error,
        summary: "Both the app delegate and the scene delegate start React Native, which runs two JavaScript instances.",
        rationale: """
            When a scene delegate takes over starting React Native (0.88's startReactNative(withModuleName:in:connectionOptions:), \
            or a root view from rootViewFactory), the app delegate must stop doing it: an RCTAppDelegate subclass \
            loads its own window unless automaticallyLoadReactNativeWindow is false, and the 0.79–0.87 template calls \
            startReactNative in didFinishLaunching. Starting both runs two JavaScript instances: double memory, \
            duplicated side effects, and a UI that may come from the wrong one.
            """,
        documentation: [AppleDocs.tn3187],
        fix:
            "Remove the start from the app delegate (or set automaticallyLoadReactNativeWindow = false) and keep only the scene delegate's.",
        anchors: ["startReactNative", "RCTAppSetupDefaultRootView", "createRootViewWithBridge", "RCTAppDelegate"],
        triggering: [
            Example(
                ExampleSource.appDelegate(
                    properties: """
                        var reactNativeFactory: RCTReactNativeFactory?
                        """,
                    launching: """
                        let factory = RCTReactNativeFactory(delegate: ReactNativeDelegate())
                        reactNativeFactory = factory
                        factory.startReactNative(withModuleName: "Shop", in: nil, launchOptions: launchOptions)
                        """),
                also: [
                    (
                        "SceneDelegate.swift",
                        ExampleSource.sceneDelegate(
                            connecting: """
                                let factory = (UIApplication.shared.delegate as! AppDelegate).reactNativeFactory
                                factory?.↓startReactNative(withModuleName: "Shop", in: window, connectionOptions: connectionOptions)
                                """)
                    )
                ],
                project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.88.0\"}}\n")])
        ],
        nonTriggering: [
            Example(
                ExampleSource.appDelegate(
                    properties: """
                        var reactNativeFactory: RCTReactNativeFactory?
                        """,
                    launching: """
                        reactNativeFactory = RCTReactNativeFactory(delegate: ReactNativeDelegate())
                        """),
                also: [
                    (
                        "SceneDelegate.swift",
                        ExampleSource.sceneDelegate(
                            connecting: """
                                let factory = (UIApplication.shared.delegate as! AppDelegate).reactNativeFactory
                                factory?.startReactNative(withModuleName: "Shop", in: window, connectionOptions: connectionOptions)
                                """)
                    )
                ],
                project: [("package.json", "{\"dependencies\": {\"react-native\": \"0.88.0\"}}\n")])
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        let appDelegateStarts =
            facts.appDelegateMethods.contains { !starts(in: $0, facts).isEmpty }
            || Self.startsImplicitly(facts)
        guard appDelegateStarts else { return [] }
        var findings: [Finding] = []
        for reference in facts.sceneDelegateMethods {
            for token in starts(in: reference, facts) {
                findings.append(
                    finding(
                        context,
                        "React Native is started here and by the app delegate: two JavaScript instances run; "
                            + "remove the app delegate's start (or set automaticallyLoadReactNativeWindow = false)",
                        in: facts.file(reference), token: token))
            }
        }
        return findings
    }

    private func starts(in reference: FunctionRef, _ facts: AppFacts) -> [Int] {
        let file = facts.file(reference)
        return facts.function(reference).body.filter { index in
            file.isIdentifier(index) && Self.startCalls.contains(file.text(index))
        }
    }

    /// An RCTAppDelegate subclass loads React Native's window itself unless told not to.
    static func startsImplicitly(_ facts: AppFacts) -> Bool {
        let subclasses = facts.appDelegateNames.filter { facts.inherits($0, "RCTAppDelegate") }
        guard !subclasses.isEmpty else { return false }
        return !disablesAutomaticWindow(facts)
    }

    /// `automaticallyLoadReactNativeWindow = false` (or `NO`) anywhere in the app delegate.
    static func disablesAutomaticWindow(_ facts: AppFacts) -> Bool {
        for reference in facts.appDelegateMethods {
            let file = facts.file(reference)
            let body = facts.function(reference).body
            // `[self setAutomaticallyLoadReactNativeWindow:NO]` in Objective-C.
            for index in body where file.is(index, "setAutomaticallyLoadReactNativeWindow") {
                if file.is(index + 2, "NO") || file.is(index + 2, "false") { return true }
            }
            for index in body where file.is(index, "automaticallyLoadReactNativeWindow") {
                if file.isPunctuation(index + 1, UInt8(ascii: "=")), file.is(index + 2, "false") || file.is(index + 2, "NO") { return true }
            }
        }
        return false
    }
}
