import Results
import ScanCore

/// The notification center's delegate set too late to receive the tap that launched the app.
struct NotificationDelegateLateRule: Rule {
    static let description = RuleDescription(
        id: "notification-delegate-late",
        name: "Notification delegate set late",
        severity: .warning,
        summary: "UNUserNotificationCenter's delegate is set outside application(_:willFinishLaunchingWithOptions:)/didFinishLaunching.",
        rationale: """
            The response to a notification that launched the app is delivered to the notification center's \
            delegate right after launch. Under scenes the launch options no longer carry the notification, so a \
            delegate assigned later (in a view controller, after a permission prompt, in a scene callback) misses \
            the tap that opened the app and its deep link is lost.
            """,
        documentation: [AppleDocs.launchOptionsKey, AppleDocs.respondingToLaunch],
        fix:
            "Assign UNUserNotificationCenter.current().delegate in application(_:willFinishLaunchingWithOptions:) or didFinishLaunching (or a method called from there).",
        anchors: ["UserNotificationCenter"],
        triggering: [
            Example(
                """
                final class PermissionsViewController: UIViewController {
                    @objc func enableNotifications() {
                        let center = UNUserNotificationCenter.current()
                        center.↓delegate = NotificationRouter.shared
                        center.requestAuthorization(options: [.alert, .badge]) { _, _ in }
                    }
                }
                """, file: "PermissionsViewController.swift"),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @implementation SceneDelegate
                        - (void)sceneDidBecomeActive:(UIScene *)scene {
                            [UNUserNotificationCenter currentNotificationCenter].↓delegate = self;
                        }
                        @end
                        """
                    )
                ], infoPlist: .objcScenes),
        ],
        nonTriggering: [
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
                    func application(_ application: UIApplication,
                                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        configureNotifications()
                        return true
                    }

                    private func configureNotifications() {
                        UNUserNotificationCenter.current().delegate = self
                    }
                }
                """, note: "Reached from didFinishLaunching."),
            Example(
                """
                import SwiftUI

                @main
                struct NotesApp: App {
                    @State private var notifications = NotificationRouter.shared
                    var body: some Scene { WindowGroup { ContentView() } }
                }

                final class NotificationRouter: NSObject, UNUserNotificationCenterDelegate {
                    static let shared = NotificationRouter()
                    override init() {
                        super.init()
                        UNUserNotificationCenter.current().delegate = self
                    }
                }
                """, file: "NotesApp.swift", note: "Created by the App's stored property, at launch."),
            Example(files: [
                (
                    "AppDelegate.m",
                    """
                    @implementation AppDelegate
                    - (BOOL)application:(UIApplication *)application willFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                        [[UNUserNotificationCenter currentNotificationCenter] setDelegate:self];
                        return YES;
                    }
                    @end
                    """
                ), ("AppDelegate.h", "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end"),
            ]),
        ])

    static let launchSignatures: Set<String> = [
        "application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)",
        "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
    ]

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        let assignments = facts.files.indices.flatMap { fileIndex in
            delegateAssignments(in: facts.files[fileIndex]).map { (fileIndex, $0) }
        }
        guard !assignments.isEmpty else { return [] }
        let early = functionsRunAtLaunch(facts)
        var findings: [Finding] = []
        for (fileIndex, token) in assignments {
            let file = facts.files[fileIndex]
            let function = file.function(containing: token)
            if let function, early.contains(FunctionRef(file: fileIndex, function: function)) { continue }
            let place = function.map { file.functions[$0].signature } ?? "top-level code"
            findings.append(
                finding(
                    context,
                    "UNUserNotificationCenter's delegate is set outside launch (in \(place)); the tap on a notification that launches the app "
                        + "arrives before it is set and is lost: set it in application(_:willFinishLaunchingWithOptions:)",
                    in: file, token: token))
        }
        return findings
    }

    /// Tokens where the notification center's delegate is assigned: `….current().delegate =`,
    /// `center.delegate =` for a local holding the center, `[… setDelegate:…]`.
    private func delegateAssignments(in file: SourceFile) -> [Int] {
        guard file.mentions("UserNotificationCenter") else { return [] }
        var centers: Set<String> = []
        for index in file.identifierIndices(["UNUserNotificationCenter"]) {
            // `let center = UNUserNotificationCenter.current()`, `UNUserNotificationCenter *center = [...]`
            if file.isPunctuation(index - 1, UInt8(ascii: "=")), file.isIdentifier(index - 2) { centers.insert(file.text(index - 2)) }
            if file.isPunctuation(index - 1, UInt8(ascii: "[")), file.isPunctuation(index - 2, UInt8(ascii: "=")),
                file.isIdentifier(index - 3)
            {
                centers.insert(file.text(index - 3))
            }
        }
        var result: [Int] = []
        for index in file.tokens.indices {
            if file.is(index, "delegate"), CodeQuery.isAssigned(index, in: file), let receiver = CodeQuery.receiver(of: index, in: file) {
                let text = CodeQuery.normalized(receiver, in: file)
                if text.hasPrefix("UNUserNotificationCenter.current")
                    || text.hasPrefix("[UNUserNotificationCenter currentNotificationCenter]")
                    || text == "UNUserNotificationCenter.currentNotificationCenter" || centers.contains(text)
                {
                    result.append(index)
                }
            } else if file.is(index, "setDelegate"), file.isPunctuation(index + 1, UInt8(ascii: ":")),
                file.isPunctuation(index - 1, UInt8(ascii: "]")) || file.isIdentifier(index - 1)
            {
                let receiverEnd = index
                let open = file.isPunctuation(index - 1, UInt8(ascii: "]")) ? Int(file.partners[index - 1]) : index - 1
                if open >= 0,
                    file.code(from: open, through: receiverEnd - 1).contains("UNUserNotificationCenter")
                        || centers.contains(file.text(index - 1))
                {
                    result.append(index)
                }
            }
        }
        return result
    }

    /// Launch methods of the app delegate, initializers of the app delegate and SwiftUI App, every
    /// function they call by name, and the initializers of every type they (or the entry types' stored
    /// properties, `@State var service = Service.shared`) name, transitively.
    private func functionsRunAtLaunch(_ facts: AppFacts) -> Set<FunctionRef> {
        var byName: [String: [FunctionRef]] = [:]
        var initializers: [String: [FunctionRef]] = [:]
        for (fileIndex, file) in facts.files.enumerated() {
            for (functionIndex, function) in file.functions.enumerated() {
                let reference = FunctionRef(file: fileIndex, function: functionIndex)
                byName[function.name, default: []].append(reference)
                if function.kind == .initializer, function.container >= 0 {
                    initializers[String(file.types[function.container].simpleName), default: []].append(reference)
                }
            }
        }
        var result: Set<FunctionRef> = []
        var pending: [FunctionRef] = []
        var namedTypes: Set<String> = []
        func noteTypes(in range: Range<Int>, of file: SourceFile) {
            for index in range where file.isIdentifier(index) {
                let first = file.bytes[Int(file.tokens[index].start)]
                guard first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { continue }
                let name = file.text(index)
                if initializers[name] != nil, namedTypes.insert(name).inserted { pending += initializers[name] ?? [] }
            }
        }
        let entryTypes = facts.appDelegateNames.union(facts.swiftUIApps.map { String(facts.type($0).simpleName) })
        for name in entryTypes.sorted() {
            for reference in facts.declarations[name] ?? [] {
                let type = facts.type(reference)
                noteTypes(in: type.body, of: facts.files[reference.file])
            }
            for reference in facts.methods(of: [name]) {
                let function = facts.function(reference)
                if Self.launchSignatures.contains(function.signature) || function.kind == .initializer { pending.append(reference) }
            }
        }
        for reference in facts.swiftUIApps {
            // A SwiftUI App's body runs at launch too.
            let type = facts.type(reference)
            noteTypes(in: type.body, of: facts.files[reference.file])
        }
        while let next = pending.popLast() {
            guard result.insert(next).inserted else { continue }
            let file = facts.file(next)
            let function = facts.function(next)
            for name in CodeQuery.calledNames(in: function, of: file) {
                pending += byName[name] ?? []
            }
            noteTypes(in: function.body, of: file)
        }
        return result
    }
}
