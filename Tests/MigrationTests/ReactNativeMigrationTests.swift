import Foundation
import Migration
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// `fix` on React Native apps of each template era: the 0.79–0.87 factory template (Swift, or an Objective-C app
/// delegate written the same way) and `RCTAppDelegate` subclasses on 0.76–0.87 (Objective-C and Swift) are patched (their goldens, applied with the real git,
/// scanned from disk: not blocked, React Native started once); a 0.88 app that starts twice loses the app
/// delegate's start; every other era, and an app delegate that is not the template, gets an explanation.
struct ReactNativeMigrationTests {
    static func framework(_ name: String) -> URL {
        FixturePaths.fixtures.appendingPathComponent("frameworks").appendingPathComponent(name)
    }

    static func migrateCopy(of fixture: String) throws -> (run: Migrator.Run, folder: String, copy: TemporaryDirectory) {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: framework(fixture).path, toPath: folder)
        return (try NativeMigrationTests.migrate(folder), folder, copy)
    }

    @Test(arguments: [
        "rn-0.76-rctappdelegate-objc", "rn-0.77-rctappdelegate-swift", "rn-0.83-factory-objc", "rn-0.85-factory-swift",
        "rn-0.88-double-start",
    ])
    func aFactoryTemplateAppGetsAPatchThatMatchesItsGoldenAndStartsReactNativeOnce(_ fixture: String) throws {
        let (run, folder, copy) = try Self.migrateCopy(of: fixture)
        defer { _ = copy }
        let migration = try #require(run.migrations.first)
        #expect(run.migrations.count == 1)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(!migration.remaining.contains { $0.severity == .error })
        let golden = FixturePaths.fixtures.appendingPathComponent("goldens/fix/\(fixture).patch")
        if NativeMigrationTests.recording { try Data(migration.patch.utf8).write(to: golden) }
        #expect(migration.patch == (try String(contentsOf: golden, encoding: .utf8)), "patch differs from \(golden.path)")
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "react-native-double-start" || $0.rule == "app-delegate-window" })
        #expect(!app.findings.contains { $0.rule == "cold-start-link-dropped" || $0.rule == "links-not-forwarded" })
    }

    @Test func theFactoryTemplatesStartMovesIntoTheSceneDelegateWithTheLaunchLinkAsLaunchOptions() throws {
        let (run, _, copy) = try Self.migrateCopy(of: "rn-0.85-factory-swift")
        defer { _ = copy }
        let patch = try #require(run.migrations.first).patch
        #expect(patch.contains("+    let window = UIWindow(windowScene: windowScene)"))
        #expect(patch.contains("+      launchOptions[.url] = url"))
        #expect(patch.contains("+      launchOptions: launchOptions"))
        #expect(patch.contains("-    window = UIWindow(frame: UIScreen.main.bounds)"))
        #expect(patch.contains("+      _ = appDelegate?.application(UIApplication.shared, open: context.url, options: options)"))
    }

    @Test func onReactNative088TheSceneDelegateStartsWithTheConnectionOptions() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.85-factory-swift").path, toPath: folder)
        for path in ["package.json", "package-lock.json", "ios/Podfile.lock"] {
            let url = URL(fileURLWithPath: folder + "/" + path)
            let text = try String(contentsOf: url, encoding: .utf8)
                .replacingOccurrences(of: "0.85.2", with: "0.88.0").replacingOccurrences(of: "~0.85.0", with: "^0.88.0")
            try Data(text.utf8).write(to: url)
        }
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.patch.contains("+      connectionOptions: connectionOptions"))
        #expect(!migration.patch.contains("launchOptions[.url]"))
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "react-native-double-start" || $0.rule == "framework-upgrade-path" })
    }

    @Test(arguments: [
        ("rn-0.64-bridge", "RCTRootView(bridge:"),
        ("rn-0.70-appdelegate-mm", "RCTRootView(bridge:"),
        ("rn-0.72-rctappdelegate-objc", "no rootViewFactory"),
    ])
    func anOlderEraIsExplainedWithItsPathAndNotPatched(_ fixture: String, _ words: String) throws {
        let (run, _, copy) = try Self.migrateCopy(of: fixture)
        defer { _ = copy }
        let migration = try #require(run.migrations.first)
        #expect(migration.status != .patched)
        #expect(migration.patch.isEmpty)
        #expect(migration.reasons.contains { $0.described.contains(words) }, "\(migration.reasons.map(\.described))")
        #expect(migration.reasons.contains { $0.described.contains("0.88") })
    }

    @Test func aFactoryTemplateWhoseWindowIsUsedAgainIsExplainedAtThatLine() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.85-factory-swift").path, toPath: folder)
        let path = folder + "/ios/Quayside/AppDelegate.swift"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "    return true\n  }\n\n  // quayside", with: "    window?.tintColor = .systemTeal\n    return true\n  }\n\n  // quayside")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let again = try NativeMigrationTests.migrate(folder)
        let migration = try #require(again.migrations.first)
        #expect(migration.status != .patched)
        #expect(
            migration.reasons.contains { $0.described.contains("AppDelegate.swift:32") && $0.described.contains("uses the window again") },
            "\(migration.reasons.map(\.described))")
    }

    /// A copy of a fixture with `react-native` at `version` in package.json and the lockfiles.
    static func copy(_ fixture: String, from old: String, to version: String) throws -> (folder: String, copy: TemporaryDirectory) {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: framework(fixture).path, toPath: folder)
        for path in ["package.json", "package-lock.json", "pnpm-lock.yaml", "ios/Podfile.lock"] {
            let url = URL(fileURLWithPath: folder + "/" + path)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            try Data(text.replacingOccurrences(of: old, with: version).utf8).write(to: url)
        }
        return (folder, copy)
    }

    @Test func anObjectiveCRCTAppDelegateStopsBuildingItsWindowAndTheSceneDelegateBuildsTheRootViewFromItsFactory() throws {
        let (run, _, copy) = try Self.migrateCopy(of: "rn-0.76-rctappdelegate-objc")
        defer { _ = copy }
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        let patch = migration.patch
        #expect(patch.contains("+++ b/ios/Tidepool/SceneDelegate.mm"))
        #expect(patch.contains("+++ b/ios/Tidepool/SceneDelegate.h"))
        #expect(patch.contains("+  self.automaticallyLoadReactNativeWindow = NO;\n+\n   return [super application:application"))
        #expect(patch.contains("+  UIWindow *window = [[UIWindow alloc] initWithWindowScene:windowScene];"))
        #expect(patch.contains("+  appDelegate.window = window;"))
        #expect(patch.contains("+  UIView *rootView = [appDelegate.rootViewFactory viewWithModuleName:appDelegate.moduleName"))
        #expect(patch.contains("initialProperties:appDelegate.initialProps"))
        #expect(patch.contains("+    launchOptions[UIApplicationLaunchOptionsURLKey] = url;"))
        // The app's own openURL (which calls RCTLinkingManager) is called; universal links, which it never
        // handled, go to RCTLinkingManager as in React Native 0.88's template.
        #expect(patch.contains("+    [self.appDelegate application:UIApplication.sharedApplication openURL:context.URL options:options];"))
        #expect(patch.contains("+  [RCTLinkingManager application:UIApplication.sharedApplication continueUserActivity:userActivity"))
        #expect(patch.contains("+#import <React/RCTLinkingManager.h>"))
        #expect(patch.contains("<string>SceneDelegate</string>"))
        #expect(patch.contains("SceneDelegate.mm in Sources"))
        // The launch link reaches React Native once, through the launch options, not a second time as an event.
        #expect(!patch.contains("[self scene:scene openURLContexts:connectionOptions.URLContexts]"))
    }

    @Test func aSwiftRCTAppDelegateReadsRootViewFactoryAsAPropertyBefore078AndCallsItFrom078() throws {
        let (run, _, copy) = try Self.migrateCopy(of: "rn-0.77-rctappdelegate-swift")
        defer { _ = copy }
        let patch = try #require(run.migrations.first).patch
        #expect(patch.contains("+    self.automaticallyLoadReactNativeWindow = false\n+\n     return super.application("))
        #expect(patch.contains("+    let rootView = appDelegate.rootViewFactory.view("))
        #expect(patch.contains("+      initialProperties: appDelegate.initialProps,"))
        #expect(patch.contains("+      _ = RCTLinkingManager.application(UIApplication.shared, open: context.url, options: [:])"))
        #expect(
            patch.contains(
                "+    _ = RCTLinkingManager.application(UIApplication.shared, continue: userActivity, restorationHandler: { _ in })"))
        #expect(patch.contains("<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>"))

        let (folder, later) = try Self.copy("rn-0.77-rctappdelegate-swift", from: "0.77.", to: "0.78.")
        defer { _ = later }
        let run078 = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run078.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.patch.contains("+    let rootView = appDelegate.rootViewFactory().view("))
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
    }

    /// BlueWallet's ending: super's result kept in a constant and returned on a later line is the template's
    /// ending; the flag goes before the call.
    @Test func superKeptInAConstantAndReturnedIsTheTemplatesEnding() throws {
        let (folder, copy) = try Self.copy("rn-0.77-rctappdelegate-swift", from: "0.77.", to: "0.77.")
        defer { _ = copy }
        let delegate = try #require(
            FileManager.default.enumerator(atPath: folder + "/ios")?.compactMap { $0 as? String }.first {
                $0.hasSuffix("/AppDelegate.swift")
            })
        let path = folder + "/ios/" + delegate
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let kept = text.replacingOccurrences(
            of: "    return super.application(application, didFinishLaunchingWithOptions: launchOptions)\n",
            with: "    let result = super.application(application, didFinishLaunchingWithOptions: launchOptions)\n\n    return result\n")
        #expect(kept != text)
        try kept.write(toFile: path, atomically: true, encoding: .utf8)
        let migration = try #require(try NativeMigrationTests.migrate(folder).migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.patch.contains("+    self.automaticallyLoadReactNativeWindow = false\n+\n     let result = super.application("))
        // Anything but the constant returned is not the template's ending.
        try kept.replacingOccurrences(of: "    return result\n", with: "    return result && true\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let changed = try #require(try NativeMigrationTests.migrate(folder).migrations.first)
        #expect(changed.status == .explained)
        #expect(changed.reasons.contains { $0.text.contains("does not end as the template does") })
    }

    @Test(arguments: [("0.75.4", "automaticallyLoadReactNativeWindow arrived in 0.76"), ("0.73.9", "no rootViewFactory")])
    func anRCTAppDelegateOnAVersionWithoutTheWindowSwitchIsExplainedWithItsUpgradePath(_ version: String, _ words: String) throws {
        let (folder, copy) = try Self.copy("rn-0.76-rctappdelegate-objc", from: "0.76.5", to: version)
        defer { _ = copy }
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status != .patched)
        #expect(migration.patch.isEmpty)
        #expect(migration.reasons.contains { $0.described.contains(words) }, "\(migration.reasons.map(\.described))")
        #expect(migration.reasons.contains { $0.described.contains("0.88") && $0.described.contains("0.76–0.87") })
        #expect(migration.reasons.contains { $0.described.contains("AppDelegate.h:4") })
    }

    @Test(arguments: [
        (
            "- (NSURL *)sourceURLForBridge", "AppDelegate.mm:18", "overrides createRootViewController",
            "- (UIViewController *)createRootViewController\n{\n  return [TDPTideViewController new];\n}\n\n- (NSURL *)sourceURLForBridge"
        ),
        (
            "  return [super application:", "AppDelegate.mm:15", "builds a window of its own",
            "  self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];\n  return [super application:"
        ),
        (
            "  return [super application:", "AppDelegate.mm:15", "besides RCTAppDelegate's",
            "  UIView *splash = [self.rootViewFactory viewWithModuleName:@\"Splash\"];\n  return [super application:"
        ),
        (
            "  return [super application:application didFinishLaunchingWithOptions:launchOptions];",
            "AppDelegate.mm:8", "does not end as the template does",
            "  [super application:application didFinishLaunchingWithOptions:launchOptions];\n  return YES;"
        ),
    ])
    func anRCTAppDelegateThatIsNotTheTemplateIsExplainedAtTheLineThatDiffers(
        _ anchor: String, _ place: String, _ words: String, _ replacement: String
    ) throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.76-rctappdelegate-objc").path, toPath: folder)
        let path = folder + "/ios/Tidepool/AppDelegate.mm"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(anchor))
        try Data(text.replacingOccurrences(of: anchor, with: replacement).utf8).write(to: URL(fileURLWithPath: path))
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status != .patched)
        #expect(migration.patch.isEmpty)
        #expect(
            migration.reasons.contains { $0.described.contains(place) && $0.described.contains(words) },
            "\(migration.reasons.map(\.described))")
    }

    @Test func anObjectiveCFactoryAppDelegatesStartMovesIntoAnObjectiveCSceneDelegateThatStartsOnce() throws {
        let (run, folder, copy) = try Self.migrateCopy(of: "rn-0.83-factory-objc")
        defer { _ = copy }
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        let patch = migration.patch
        #expect(patch.contains("+++ b/ios/Moorings/SceneDelegate.h"))
        #expect(patch.contains("+++ b/ios/Moorings/SceneDelegate.mm"))
        #expect(patch.contains("+#import <React_RCTAppDelegate/RCTReactNativeFactory.h>"))
        #expect(patch.contains("+  RCTReactNativeFactory *factory = appDelegate.reactNativeFactory;"))
        #expect(patch.contains("+  UIWindow *window = [[UIWindow alloc] initWithWindowScene:windowScene];"))
        #expect(patch.contains("+  appDelegate.window = window;"))
        #expect(patch.contains("+    launchOptions[UIApplicationLaunchOptionsURLKey] = url;"))
        #expect(
            patch.contains("+  [factory startReactNativeWithModuleName:@\"Moorings\" inWindow:window launchOptions:launchOptions];"))
        #expect(patch.contains("+  [self.appDelegate applicationWillEnterForeground:UIApplication.sharedApplication];"))
        #expect(patch.contains("-  self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];"))
        #expect(patch.contains("<string>SceneDelegate</string>"))
        #expect(patch.contains("SceneDelegate.mm in Sources"))
        // Only the two statements go: the factory and its delegate stay on the app delegate.
        #expect(!patch.contains("-  self.reactNativeFactory = factory;"))
        #expect(!patch.contains("-  RCTReactNativeFactory *factory"))
        let patched = try NativeMigrationTests.applyAndScan(patch, to: folder)
        let app = try #require(patched.apps.first)
        let sources = ["AppDelegate.mm", "SceneDelegate.mm"].map { folder + "/ios/Moorings/" + $0 }
        let starts = try sources.map { try String(contentsOfFile: $0, encoding: .utf8) }
            .map { $0.components(separatedBy: "startReactNativeWithModuleName").count - 1 }
        #expect(starts == [0, 1])
        #expect(!app.findings.contains { $0.rule == "app-delegate-window" || $0.rule == "react-native-double-start" })
    }

    @Test func onReactNative088AnObjectiveCFactoryAppDelegateStartsWithTheConnectionOptions() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.83-factory-objc").path, toPath: folder)
        for path in ["package.json", "yarn.lock", "ios/Podfile.lock"] {
            let url = URL(fileURLWithPath: folder + "/" + path)
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "0.83.1", with: "0.88.0")
            try Data(text.utf8).write(to: url)
        }
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(
            migration.patch.contains(
                "+  [factory startReactNativeWithModuleName:@\"Moorings\" inWindow:window connectionOptions:connectionOptions];"))
        #expect(!migration.patch.contains("UIApplicationLaunchOptionsURLKey"))
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
    }

    /// The two statements of the Objective-C factory fixture that the patch moves.
    static let objectiveCStatements =
        "  self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];\n"
        + "  [factory startReactNativeWithModuleName:@\"Moorings\" inWindow:self.window launchOptions:launchOptions];\n"

    @Test(arguments: [
        (
            "  return YES;\n}\n\n// Berth", "AppDelegate.mm:45", "uses the window again",
            "  self.window.tintColor = UIColor.systemTealColor;\n  return YES;\n}\n\n// Berth"
        ),
        (
            "inWindow:self.window launchOptions:launchOptions];", "AppDelegate.mm:42", "the start call differs",
            "inWindow:self.window initialProperties:@{@\"berth\" : @1} launchOptions:launchOptions];"
        ),
        (
            "  self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];\n", "AppDelegate.mm:42",
            "the window statement differs",
            "  self.window = [[UIWindow alloc] initWithFrame:CGRectMake(0, 0, 390, 844)];\n"
        ),
        (
            "[UIScreen mainScreen].bounds];\n  [factory", "AppDelegate.mm:42", "they hold other code or comments",
            "[UIScreen mainScreen].bounds]; // the harbour view\n  [factory"
        ),
        (
            "  self.reactNativeFactory = factory;\n", "AppDelegate.mm:42", "not kept in a property",
            "  [MRGBerthSync sharedSync].factory = factory;\n"
        ),
        (
            "  [[MRGBerthSync sharedSync] refreshIfOlderThan:300];", "AppDelegate.mm:51", "also starts React Native here",
            "  [self.reactNativeFactory startReactNativeWithModuleName:@\"Berths\" inWindow:nil];"
        ),
        (
            Self.objectiveCStatements, "AppDelegate.mm:43", "inside a block",
            "  if (delegate) {\n" + Self.objectiveCStatements + "  }\n"
        ),
    ])
    func aCustomisedObjectiveCFactoryAppDelegateIsExplainedAtTheLineThatDiffersAndNotPatched(
        _ anchor: String, _ place: String, _ words: String, _ replacement: String
    ) throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.83-factory-objc").path, toPath: folder)
        let path = folder + "/ios/Moorings/AppDelegate.mm"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(anchor))
        try Data(text.replacingOccurrences(of: anchor, with: replacement).utf8).write(to: URL(fileURLWithPath: path))
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status != .patched)
        #expect(migration.patch.isEmpty)
        #expect(
            migration.reasons.contains { $0.described.contains(place) && $0.described.contains(words) },
            "\(migration.reasons.map(\.described))")
    }

    @Test func anObjectiveCFactoryKeptInAClassExtensionIsExplainedThereBecauseTheSceneDelegateCannotReadIt() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.83-factory-objc").path, toPath: folder)
        let property = "@property (nonatomic, strong) RCTReactNativeFactory *reactNativeFactory;\n"
        let header = folder + "/ios/Moorings/AppDelegate.h"
        let implementation = folder + "/ios/Moorings/AppDelegate.mm"
        let headerText = try String(contentsOfFile: header, encoding: .utf8)
        #expect(headerText.contains(property))
        try Data(headerText.replacingOccurrences(of: property, with: "").utf8).write(to: URL(fileURLWithPath: header))
        let text = try String(contentsOfFile: implementation, encoding: .utf8)
            .replacingOccurrences(
                of: "@implementation AppDelegate\n", with: "@interface AppDelegate ()\n\(property)@end\n\n@implementation AppDelegate\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: implementation))
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status != .patched)
        #expect(migration.patch.isEmpty)
        #expect(
            migration.reasons.contains {
                $0.described.contains("AppDelegate.mm:32")
                    && $0.described.contains("not a @property of AppDelegate's @interface in AppDelegate.h")
            }, "\(migration.reasons.map(\.described))")
    }

    @Test func anObjectiveCFactoryStartedThroughItsPropertyOverSeveralLinesIsPatchedToo() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.83-factory-objc").path, toPath: folder)
        let path = folder + "/ios/Moorings/AppDelegate.mm"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let variant = """
              self.reactNativeFactory = [[RCTReactNativeFactory alloc] initWithDelegate:delegate];
              self.reactNativeDelegate = delegate;

              self.window = [[UIWindow alloc] initWithFrame:UIScreen.mainScreen.bounds];
              [self.reactNativeFactory startReactNativeWithModuleName:@"Moorings"
                                                             inWindow:self.window
                                                        launchOptions:launchOptions];

            """
        let text = original.replacingOccurrences(
            of: "  RCTReactNativeFactory *factory = [[RCTReactNativeFactory alloc] initWithDelegate:delegate];\n\n"
                + "  self.reactNativeDelegate = delegate;\n  self.reactNativeFactory = factory;\n\n" + Self.objectiveCStatements + "\n",
            with: variant)
        #expect(text != original)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        #expect(migration.patch.contains("+  RCTReactNativeFactory *factory = appDelegate.reactNativeFactory;"))
        #expect(migration.patch.contains("-                                            launchOptions:launchOptions];"))
        #expect(!migration.patch.contains("-  self.reactNativeFactory = [[RCTReactNativeFactory alloc]"))
        let patched = try NativeMigrationTests.applyAndScan(migration.patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
    }

    @Test func anObjectiveCFactoryAppDelegatesOwnLinkHandlerIsCalledFromTheSceneAndTheLaunchLinkArrivesOnce() throws {
        let copy = TemporaryDirectory("fix")
        let folder = copy.path + "/tree"
        try FileManager.default.copyItem(atPath: Self.framework("rn-0.83-factory-objc").path, toPath: folder)
        let path = folder + "/ios/Moorings/AppDelegate.mm"
        let handler = """
            - (BOOL)application:(UIApplication *)application
                continueUserActivity:(NSUserActivity *)userActivity
                  restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> *_Nullable))restorationHandler
            {
              return [RCTLinkingManager application:application continueUserActivity:userActivity restorationHandler:restorationHandler];
            }

            @end

            """
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "#import \"MRGBerthSync.h\"", with: "#import \"MRGBerthSync.h\"\n#import <React/RCTLinkingManager.h>")
            .replacingOccurrences(of: "\n@end\n", with: "\n" + handler)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try NativeMigrationTests.migrate(folder)
        let migration = try #require(run.migrations.first)
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        let patch = migration.patch
        #expect(patch.contains("+  [self.appDelegate application:UIApplication.sharedApplication continueUserActivity:userActivity"))
        #expect(!patch.contains("[self scene:scene continueUserActivity:userActivity]"))
        #expect(!patch.contains("RCTLinkingManager.h>"))
        let patched = try NativeMigrationTests.applyAndScan(patch, to: folder)
        let app = try #require(patched.apps.first)
        #expect(app.verdict != .blocked, "\(app.findings.filter { $0.severity == .error }.map(\.message))")
        #expect(!app.findings.contains { $0.rule == "cold-start-link-dropped" || $0.rule == "links-not-forwarded" })
    }
}
