import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Builds facts for an app made of the given files (path → text), with an optional scene manifest
/// naming `sceneDelegate`.
private func facts(_ files: [String: String], sceneDelegate: String? = nil) -> AppFacts {
    var sources: [String: SourceFile] = [:]
    for (path, text) in files {
        let language = SourceLanguage(path: path) ?? .swift
        sources[path] = SourceFile(path: path, bytes: Array(text.utf8), language: language)
    }
    var values: [String: PlistValue] = [:]
    if let sceneDelegate {
        values["UIApplicationSceneManifest"] = .dictionary([
            "UISceneConfigurations": .dictionary([
                "UIWindowSceneSessionRoleApplication": .array([.dictionary(["UISceneDelegateClassName": .string(sceneDelegate)])])
            ])
        ])
    }
    let location = Location(file: "App/Info.plist", line: 1)
    let plist = InfoPlist(
        file: "App/Info.plist", configurations: ["Release"], values: values, generatedKeys: [:], keyPositions: [:], location: location)
    let app = App(
        path: "App", target: "App", platforms: [.iOS], project: nil, declaration: location, moduleName: "App",
        sourceFiles: files.keys.sorted(), resourceFiles: [], infoPlists: [plist], deploymentTargets: [], deviceFamilies: [1])
    return AppFacts(app: app, sources: sources)
}

@Suite("App facts: app delegates")
struct AppDelegateFactsTests {
    @Test("A class conforming to UIApplicationDelegate is the app delegate")
    func conformance() {
        let found = facts(["App/AppDelegate.swift": "class AppDelegate: UIResponder, UIApplicationDelegate {}\nclass Helper: NSObject {}"])
        #expect(found.appDelegateNames == ["AppDelegate"])
        #expect(found.sceneDelegateNames.isEmpty)
    }

    @Test(
        "Framework app delegate bases make app delegates",
        arguments: [
            "FlutterAppDelegate", "RCTAppDelegate", "ExpoAppDelegate", "EXAppDelegateWrapper", "CDVAppDelegate",
            "Flutter.FlutterAppDelegate",
        ])
    func frameworkBases(base: String) {
        let found = facts(["App/AppDelegate.swift": "class AppDelegate: \(base) {}"])
        #expect(found.appDelegateNames == ["AppDelegate"])
    }

    @Test("An Objective-C interface adopting the protocol, with its implementation")
    func objectiveC() {
        let found = facts([
            "App/AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n",
            "App/AppDelegate.m":
                "@implementation AppDelegate\n- (BOOL)application:(UIApplication *)a didFinishLaunchingWithOptions:(NSDictionary *)o { return YES; }\n@end\n",
        ])
        #expect(found.appDelegateNames == ["AppDelegate"])
        #expect(found.declarations["AppDelegate"]?.count == 2)
        #expect(found.appDelegateMethods.map { found.function($0).signature } == ["application:didFinishLaunchingWithOptions:"])
    }

    @Test("@main and @UIApplicationMain classes are app delegates even without a listed conformance")
    func entryAttributes() {
        #expect(facts(["App/A.swift": "@main class Entry: UIResponder {}"]).appDelegateNames == ["Entry"])
        #expect(facts(["App/A.swift": "@UIApplicationMain class Entry: UIResponder {}"]).appDelegateNames == ["Entry"])
        #expect(facts(["App/A.swift": "@main struct Tool { static func main() {} }"]).appDelegateNames.isEmpty)
    }

    @Test(
        "The delegate named in UIApplicationMain",
        arguments: [
            (
                "App/main.m",
                "int main(int argc, char *argv[]) {\n  @autoreleasepool {\n    return UIApplicationMain(argc, argv, nil, NSStringFromClass([TLYAppDelegate class]));\n  }\n}"
            ),
            (
                "App/main.m",
                "int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, NSStringFromClass([TLYApplication class]), @\"TLYAppDelegate\"); }"
            ),
            ("App/main.swift", "UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(TLYAppDelegate.self))"),
            (
                "App/main.swift",
                "UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, NSStringFromClass(App.self), \"Module.TLYAppDelegate\")"
            ),
        ])
    func applicationMain(path: String, text: String) {
        let found = facts([path: text, "App/TLYAppDelegate.m": "@implementation TLYAppDelegate\n@end\n"])
        #expect(found.appDelegateNames == ["TLYAppDelegate"])
    }

    @Test("UIApplicationMain with a nil delegate names nobody")
    func applicationMainNil() {
        #expect(facts(["App/main.m": "int main(int c, char **v) { return UIApplicationMain(c, v, nil, nil); }"]).appDelegateNames.isEmpty)
    }

    @Test("@UIApplicationDelegateAdaptor names the SwiftUI app's delegate")
    func adaptor() {
        let found = facts([
            "App/NotesApp.swift":
                "@main struct NotesApp: App {\n  @UIApplicationDelegateAdaptor(Bridge.self) private var bridge\n  var body: some Scene { WindowGroup {} }\n}",
            "App/Bridge.swift": "final class Bridge: NSObject {}",
        ])
        #expect(found.adaptorDelegateNames == ["Bridge"])
        #expect(found.appDelegateNames == ["Bridge"])
        #expect(found.isSwiftUIApp)
    }

    @Test("Subclasses of the app's own delegate base are delegates, however deep")
    func subclasses() {
        let found = facts([
            "App/Base.swift": "class BaseAppDelegate: UIResponder, UIApplicationDelegate {}",
            "App/AppDelegate.swift":
                "class AppDelegate: BaseAppDelegate {}\nclass DebugAppDelegate: AppDelegate {}\nclass Unrelated: NSObject {}",
        ])
        #expect(found.appDelegateNames == ["BaseAppDelegate", "AppDelegate", "DebugAppDelegate"])
    }

    @Test("Extensions and categories of the delegate contribute methods")
    func extensionsContributeMethods() {
        let found = facts([
            "App/AppDelegate.swift":
                "class AppDelegate: UIResponder, UIApplicationDelegate {\n func application(_ a: UIApplication, didFinishLaunchingWithOptions o: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }\n}",
            "App/AppDelegate+Push.swift":
                "extension AppDelegate: UNUserNotificationCenterDelegate {\n func userNotificationCenter(_ c: UNUserNotificationCenter, didReceive r: UNNotificationResponse) async {}\n}",
            "App/Other.swift": "class Other { func application(_ a: UIApplication, open url: URL) -> Bool { true } }",
        ])
        #expect(
            Set(found.appDelegateMethods.map { found.function($0).signature }) == [
                "application(_:didFinishLaunchingWithOptions:)", "userNotificationCenter(_:didReceive:)",
            ])
        #expect(found.inherits("AppDelegate", "UNUserNotificationCenterDelegate"))
    }

    @Test("A class mentioned only in comments and strings is not a delegate")
    func mentionsOnly() {
        let found = facts([
            "App/Notes.swift":
                "// class AppDelegate: UIResponder, UIApplicationDelegate {}\nlet s = \"class Fake: UIApplicationDelegate {}\""
        ])
        #expect(found.appDelegateNames.isEmpty)
        #expect(found.declarations.isEmpty)
    }
}

@Suite("App facts: scene delegates and SwiftUI")
struct SceneDelegateFactsTests {
    @Test("Conforming classes are scene delegates")
    func conformance() {
        let found = facts([
            "App/SceneDelegate.swift": "class SceneDelegate: UIResponder, UIWindowSceneDelegate {}",
            "App/Car.swift": "class CarSceneDelegate: UIResponder, CPTemplateApplicationSceneDelegate {}",
            "App/Flutter.swift": "class FlutterScene: FlutterSceneDelegate {}",
        ])
        #expect(found.sceneDelegateNames == ["SceneDelegate", "FlutterScene"])
    }

    @Test("A class the manifest names is a scene delegate, module prefix or not")
    func namedByManifest() {
        let swift = facts(["App/MainScene.swift": "class MainScene: UIResponder {}"], sceneDelegate: "$(PRODUCT_MODULE_NAME).MainScene")
        #expect(swift.sceneDelegateNames == ["MainScene"])
        let objc = facts(["App/MainScene.m": "@implementation MainScene\n@end\n"], sceneDelegate: "MainScene")
        #expect(objc.sceneDelegateNames == ["MainScene"])
    }

    @Test("A manifest naming a class the app does not declare adds nothing")
    func namedButNotDeclared() {
        let found = facts(
            ["App/AppDelegate.swift": "class AppDelegate: UIResponder, UIApplicationDelegate {}"],
            sceneDelegate: "FrameworkKit.SceneDelegate")
        #expect(found.sceneDelegateNames.isEmpty)
    }

    @Test("delegateClass assignments in code name scene delegates, with where")
    func codeAssignments() throws {
        let found = facts([
            "App/AppDelegate.swift": """
            class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                    let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
                    configuration.delegateClass = CustomScene.self
                    if configuration.delegateClass == nil {}
                    return configuration
                }
            }
            class CustomScene: UIResponder {}
            """
        ])
        #expect(found.sceneDelegateNames == ["CustomScene"])
        #expect(found.codeDelegateClasses.count == 1)
        let assignment = try #require(found.codeDelegateClasses.first)
        #expect(assignment.name == "CustomScene")
        #expect(found.files[assignment.file].line(ofToken: assignment.token) == 4)
        #expect(found.configurationMethods.count == 1)
    }

    @Test("Objective-C delegateClass assignments and configurationForConnecting")
    func objectiveCConfiguration() {
        let found = facts([
            "App/AppDelegate.m": """
            @implementation AppDelegate
            - (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
                UISceneConfiguration *config = [[UISceneConfiguration alloc] initWithName:@"Default" sessionRole:session.role];
                config.delegateClass = [TLYSceneDelegate class];
                return config;
            }
            @end
            """,
            "App/AppDelegate.h": "@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n",
            "App/TLYSceneDelegate.m": "@implementation TLYSceneDelegate\n@end\n",
        ])
        #expect(found.sceneDelegateNames == ["TLYSceneDelegate"])
        #expect(
            found.configurationMethods.map { found.function($0).signature } == [
                "application:configurationForConnectingSceneSession:options:"
            ])
    }

    @Test("configurationForConnecting outside the app delegate does not count")
    func configurationElsewhere() {
        let found = facts([
            "App/AppDelegate.swift": "class AppDelegate: UIResponder, UIApplicationDelegate {}",
            "App/Router.swift":
                "class Router { func application(_ application: UIApplication, configurationForConnecting s: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration { fatalError() } }",
        ])
        #expect(found.configurationMethods.isEmpty)
    }

    @Test("A class that is both kinds of delegate counts as the app delegate only")
    func bothKinds() {
        let found = facts(["App/AppDelegate.swift": "class AppDelegate: UIResponder, UIApplicationDelegate, UIWindowSceneDelegate {}"])
        #expect(found.appDelegateNames == ["AppDelegate"])
        #expect(found.sceneDelegateNames.isEmpty)
    }

    @Test("SwiftUI App entry points need @main and App")
    func swiftUIApp() {
        #expect(facts(["App/A.swift": "@main struct NotesApp: App { var body: some Scene { WindowGroup {} } }"]).isSwiftUIApp)
        #expect(facts(["App/A.swift": "@main struct NotesApp: SwiftUI.App {}"]).swiftUIApps.count == 1)
        #expect(!facts(["App/A.swift": "struct NotesApp: App {}"]).isSwiftUIApp)
        #expect(!facts(["App/A.swift": "@main struct Tool: ParsableCommand {}"]).isSwiftUIApp)
        #expect(!facts(["App/A.swift": "@main struct PantryWidgets: WidgetBundle {}"]).isSwiftUIApp)
    }
}

@Suite("App facts: queries")
struct AppFactsQueryTests {
    @Test("inherits and ancestors walk the app's own class hierarchy")
    func hierarchy() {
        let found = facts([
            "App/A.swift":
                "class AppDelegate: BaseDelegate {}\nextension AppDelegate: MessagingDelegate {}\nclass BaseDelegate: UIResponder, UIApplicationDelegate {}"
        ])
        #expect(found.inherits("AppDelegate", "UIApplicationDelegate"))
        #expect(found.inherits("AppDelegate", "MessagingDelegate"))
        #expect(!found.inherits("AppDelegate", "UIWindowSceneDelegate"))
        #expect(found.ancestors(of: "AppDelegate") == ["BaseDelegate", "MessagingDelegate", "UIResponder", "UIApplicationDelegate"])
    }

    @Test("Inheritance cycles in broken code end")
    func cycles() {
        let found = facts(["App/A.swift": "class A: B {}\nclass B: A {}"])
        #expect(!found.inherits("A", "UIApplicationDelegate"))
        #expect(found.ancestors(of: "A") == ["A", "B"])
        #expect(found.appDelegateNames.isEmpty)
    }

    @Test("Class names from manifests drop modules and generic arguments")
    func classNames() {
        #expect(AppFacts.className(fromManifest: "$(PRODUCT_MODULE_NAME).SceneDelegate") == "SceneDelegate")
        #expect(AppFacts.className(fromManifest: "Shelf.Outer.Inner") == "Inner")
        #expect(AppFacts.className(fromManifest: "SceneDelegate") == "SceneDelegate")
        #expect(AppFacts.className(fromManifest: "Box<Int>") == "Box")
    }

    @Test("Only the app's own lexed files are used, sorted by path")
    func filesOfTheApp() {
        var sources: [String: SourceFile] = [:]
        for path in ["App/B.swift", "App/A.swift", "Other/C.swift"] {
            sources[path] = SourceFile(path: path, bytes: Array("class X\(path.count): UIApplicationDelegate {}".utf8), language: .swift)
        }
        let location = Location(file: "App/Info.plist", line: 1)
        let app = App(
            path: "App", target: "App", platforms: [.iOS], project: nil, declaration: location, moduleName: "App",
            sourceFiles: ["App/B.swift", "App/A.swift", "App/NotLexed.swift"], resourceFiles: [], infoPlists: [],
            deploymentTargets: [], deviceFamilies: [1])
        let found = AppFacts(app: app, sources: sources)
        #expect(found.files.map(\.path) == ["App/A.swift", "App/B.swift"])
    }
}

@Suite("App facts: fixtures")
struct AppFactsFixtureTests {
    private func appFacts(_ fixture: String, target: String) throws -> AppFacts {
        let workspace = try TreeFixtures.workspace(fixture: fixture)
        let app = try #require(workspace.apps.first { $0.target == target })
        return AppFacts(app: app, sources: workspace.sources)
    }

    @Test("The SwiftUI fixture: an App entry and an adaptor delegate")
    func swiftUI() throws {
        let found = try appFacts("swiftui-app", target: "Notes")
        #expect(found.isSwiftUIApp)
        #expect(found.adaptorDelegateNames == ["AppDelegate"])
        #expect(found.appDelegateNames == ["AppDelegate"])
        #expect(found.sceneDelegateNames.isEmpty)
    }

    @Test("The legacy Objective-C fixture: the delegate from its header and main.m")
    func legacyObjC() throws {
        let found = try appFacts("legacy-objc-xib", target: "Tally")
        #expect(found.appDelegateNames == ["AppDelegate"])
        #expect(found.sceneDelegateNames.isEmpty)
        #expect(!found.isSwiftUIApp)
        #expect(found.appDelegateMethods.map { found.function($0).signature }.contains("application:openURL:options:"))
    }

    @Test("The migrated Swift fixture: app and scene delegates")
    func migratedSwift() throws {
        let workspace = try TreeFixtures.workspace(fixture: "migrated-swift-uikit")
        let app = try #require(workspace.apps.first)
        let found = AppFacts(app: app, sources: workspace.sources)
        #expect(found.appDelegateNames.contains("AppDelegate"))
        #expect(found.sceneDelegateNames.contains("SceneDelegate"))
    }
}
