import Foundation
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// What rule examples cannot say (they check where findings land): the severity a finding gets when the code
/// around it makes the problem smaller or larger, and the route its message names.
@Suite("Deeper rule logic")
struct DeeperRuleLogicTests {
    static let scenePlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
        <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
        <key>UIWindowSceneSessionRoleApplication</key><array><dict>
        <key>UISceneConfigurationName</key><string>Default Configuration</string>
        <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
        </dict></array></dict></dict></dict></plist>
        """

    static func scan(_ files: [String: String]) throws -> ScanReport {
        let directory = TemporaryDirectory("deeper")
        for (path, contents) in files { directory.write(path, contents) }
        return Scanner.scan(try DirectorySource(root: directory.path))
    }

    static func findings(_ report: ScanReport, _ rule: String) -> [Finding] {
        report.findings.filter { $0.rule == rule }
    }

    @Test("A callback whose helpers the scene side calls is a note; one with work the scene side skips stays a warning")
    func sharedHelpers() throws {
        let appDelegate = """
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                    route(url)
                }
                func applicationDidBecomeActive(_ application: UIApplication) {
                    refreshBadge()
                    syncInbox()
                }
                func route(_ url: URL) -> Bool { true }
                func refreshBadge() {}
                func syncInbox() {}
            }
            """
        let sceneDelegate = """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    window = UIWindow(windowScene: windowScene)
                    if let url = connectionOptions.urlContexts.first?.url { _ = appDelegate.route(url) }
                }
                func sceneDidBecomeActive(_ scene: UIScene) { appDelegate.refreshBadge() }
                var appDelegate: AppDelegate { UIApplication.shared.delegate as! AppDelegate }
            }
            """
        let report = try Self.scan([
            "App/Info.plist": Self.scenePlist, "App/AppDelegate.swift": appDelegate, "App/SceneDelegate.swift": sceneDelegate,
        ])
        let unreached = Self.findings(report, "app-delegate-callback-unreached")
        let open = try #require(unreached.first { $0.message.hasPrefix("application(_:open:options:)") })
        #expect(open.severity == .note)
        #expect(open.message.contains("calls route(_:) at SceneDelegate.swift:6"), "\(open.message)")
        // syncInbox() runs only from the app delegate: the scene side does part of the work, not all of it.
        let active = try #require(unreached.first { $0.message.hasPrefix("applicationDidBecomeActive(_:)") })
        #expect(active.severity == .warning)
    }

    @Test("A SwiftUI app's life-cycle callbacks are covered only when the entry point's scenes observe the scene phase")
    func scenePhaseObservers() throws {
        let delegate = """
            final class AppDelegate: NSObject, UIApplicationDelegate {
                func applicationDidBecomeActive(_ application: UIApplication) { Sync.shared.start() }
            }
            """
        func app(_ declaration: String, _ modifier: String, main: Bool = true) -> String {
            """
            import SwiftUI
            \(main ? "@main\n" : "")struct ReaderApp: App {
                \(declaration)
                @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
                var body: some Scene {
                    WindowGroup { ContentView() }
                        \(modifier)
                }
            }
            """
        }
        let declared = "@Environment(\\.scenePhase) private var scenePhase"
        let cases: [(files: [String: String], covered: String?)] = [
            (["App/ReaderApp.swift": app(declared, "")], nil),
            (
                ["App/ReaderApp.swift": app(declared, ".onChange(of: scenePhase) { _, phase in Log.phase(phase) }")],
                "onChange(of: scenePhase)"
            ),
            (
                ["App/ReaderApp.swift": app(declared, ".onChange(of: self.scenePhase, initial: true) { Log.tick() }")],
                "onChange(of: scenePhase)"
            ),
            (
                ["App/ReaderApp.swift": app("@Environment(\\.scenePhase) var phase", ".onChange(of: phase) { Log.tick() }")],
                "onChange(of: phase)"
            ),
            (["App/ReaderApp.swift": app(declared, ".task(id: scenePhase) { await Log.phase() }")], "task(id: scenePhase)"),
            (
                [
                    "App/ReaderApp.swift": app(declared, ""),
                    "App/LifeCycleApp.swift": app(declared, ".onChange(of: scenePhase) { Log.tick() }", main: false)
                        .replacingOccurrences(of: "ReaderApp", with: "LifeCycleApp"),
                ], nil
            ),
        ]
        for (files, covered) in cases {
            var tree = files
            tree["App/Info.plist"] = "<plist version=\"1.0\"><dict><key>UILaunchScreen</key><dict/></dict></plist>"
            tree["App/AppDelegate.swift"] = delegate
            let report = try Self.scan(tree)
            let finding = try #require(Self.findings(report, "app-delegate-callback-unreached").first, "\(files)")
            #expect(finding.severity == (covered == nil ? .warning : .note), "\(files.values.sorted()): \(finding.message)")
            if let covered {
                #expect(finding.message.contains("(\(covered) at ReaderApp.swift:8 already receives it"), "\(finding.message)")
            }
        }
    }

    @Test("A launch-option key read in a helper names the call that passed the dictionary in")
    func launchOptionsRoute() throws {
        let report = try Self.scan([
            "App/Info.plist": Self.scenePlist,
            "App/AppDelegate.swift": """
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication,
                                 didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    Onboarding.start(with: launchOptions)
                    return true
                }
            }
            """,
            "App/Onboarding.swift": """
            enum Onboarding {
                static func start(with options: [UIApplication.LaunchOptionsKey: Any]?) {
                    if options?[.url] != nil { return }
                }
            }
            """,
        ])
        let read = try #require(Self.findings(report, "launch-options-read").first)
        #expect(read.file == "App/Onboarding.swift" && read.line == 3)
        #expect(
            read.message.contains("passed in by application(_:didFinishLaunchingWithOptions:) at AppDelegate.swift:5"), "\(read.message)")
    }

    @Test("Re-hosting the app delegate's root view controller turns the frame window into a warning; without it, an error")
    func rehosting() throws {
        let appDelegate = """
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func application(_ application: UIApplication,
                                 didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window = UIWindow(frame: .zero)
                    window?.rootViewController = UIViewController()
                    return true
                }
            }
            """
        func sceneDelegate(_ root: String) -> String {
            """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    let window = UIWindow(windowScene: windowScene)
                    window.rootViewController = \(root)
                    self.window = window
                }
            }
            """
        }
        let rehosted = try Self.scan([
            "App/Info.plist": Self.scenePlist, "App/AppDelegate.swift": appDelegate,
            "App/SceneDelegate.swift": sceneDelegate("(UIApplication.shared.delegate as? AppDelegate)?.window?.rootViewController"),
        ])
        #expect(Self.findings(rehosted, "app-delegate-window").map(\.severity) == [.warning])
        #expect(Self.findings(rehosted, "window-lookup").isEmpty)
        #expect(rehosted.apps.map(\.verdict) == [.atRisk])
        let separate = try Self.scan([
            "App/Info.plist": Self.scenePlist, "App/AppDelegate.swift": appDelegate,
            "App/SceneDelegate.swift": sceneDelegate("UIViewController()"),
        ])
        #expect(Self.findings(separate, "app-delegate-window").map(\.severity) == [.error])
        #expect(separate.apps.map(\.verdict) == [.blocked])
    }

    @Test("Expo advice names expo-build-properties only for a prebuilt project")
    func expoPrebuild() throws {
        let package = "{\"dependencies\": {\"expo\": \"55.0.4\"}}\n"
        let appDelegate = "@main class AppDelegate: ExpoAppDelegate {}"
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>
            """
        let bare = try Self.scan(["package.json": package, "ios/App/Info.plist": plist, "ios/App/AppDelegate.swift": appDelegate])
        let bareNote = try #require(Self.findings(bare, "framework-upgrade-path").first)
        #expect(!bareNote.message.contains("expo-build-properties ios.enableSceneSupport"), "\(bareNote.message)")
        #expect(bareNote.message.contains("not prebuilt"))
        let prebuilt = try Self.scan([
            "package.json": package, ".gitignore": "node_modules/\n/ios\n", "ios/App/Info.plist": plist,
            "ios/App/AppDelegate.swift": appDelegate,
        ])
        let prebuiltNote = try #require(Self.findings(prebuilt, "framework-upgrade-path").first)
        #expect(prebuiltNote.message.contains("expo-build-properties"), "\(prebuiltNote.message)")
    }

    @Test("A delegate superclass declared outside the app joins its facts; a system or unknown one reads nothing more")
    func firstPartyBase() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string></dict></plist>
            """
        let base = """
            open class CompanyAppDelegate: UIResponder, UIApplicationDelegate {
                public var window: UIWindow?
                open func application(_ application: UIApplication,
                                      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window = UIWindow(frame: UIScreen.main.bounds)
                    return true
                }
            }
            """
        let report = try Self.scan([
            "App/Info.plist": plist, "App/AppDelegate.swift": "@main final class AppDelegate: CompanyAppDelegate {}",
            "Packages/CompanyKit/Sources/CompanyKit/CompanyAppDelegate.swift": base,
        ])
        #expect(
            Self.findings(report, "app-delegate-window").map(\.file) == ["Packages/CompanyKit/Sources/CompanyKit/CompanyAppDelegate.swift"])
        // Without the package the superclass is unknown: nothing is invented.
        let alone = try Self.scan([
            "App/Info.plist": plist, "App/AppDelegate.swift": "@main final class AppDelegate: CompanyAppDelegate {}",
        ])
        #expect(Self.findings(alone, "app-delegate-window").isEmpty)
        #expect(FirstPartyBases.isExternal("UIResponder") && FirstPartyBases.isExternal("RCTAppDelegate"))
        #expect(!FirstPartyBases.isExternal("CompanyAppDelegate") && !FirstPartyBases.isExternal("UnityAppController"))
    }

    @Test("A scene-delegate fallback window is a note; the same window in a class the app uses is a warning")
    func fallbackWindows() throws {
        let report = try Self.scan([
            "App/Info.plist": Self.scenePlist,
            "App/AppDelegate.swift": "@main class AppDelegate: UIResponder, UIApplicationDelegate {}",
            "App/SceneDelegate.swift": """
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    guard let windowScene = scene as? UIWindowScene else { return }
                    window = UIWindow(windowScene: windowScene)
                    Toast.shared.show()
                }
                func reset() { window = UIWindow(frame: .zero) }
            }
            final class Toast {
                static let shared = Toast()
                var window: UIWindow?
                func show() { window = UIWindow(frame: .zero) }
            }
            """,
        ])
        let windows = Self.findings(report, "window-without-scene").sorted { $0.line < $1.line }
        #expect(windows.map(\.line) == [8, 13])
        #expect(windows.map(\.severity) == [.note, .warning])
    }

    @Test("UIRequiresFullScreen names the screen-size layouts it no longer protects")
    func requiresFullScreen() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UILaunchStoryboardName</key><string>LaunchScreen</string>
            <key>UIRequiresFullScreen</key><true/></dict></plist>
            """
        let report = try Self.scan([
            "App/Info.plist": plist,
            "App/AppDelegate.swift": "@main class AppDelegate: UIResponder, UIApplicationDelegate {}",
            "App/Layout.swift":
                "let a = UIScreen.main.bounds.width\nlet b = UIScreen.main.bounds.height\nlet c = UIScreen.main.nativeBounds\nlet d = UIScreen.main.bounds\n",
        ])
        let note = try #require(Self.findings(report, "requires-full-screen-ignored").first)
        #expect(note.file == "App/Info.plist" && note.severity == .note)
        #expect(note.message.contains("Layout.swift:1, Layout.swift:2, Layout.swift:3 and 1 more"), "\(note.message)")
    }
}
