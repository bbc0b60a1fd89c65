import Foundation
import Results
import ScanCore
import XcodeProject

/// `UISceneDelegateClassName` (or `delegateClass` in code) that names no class the app can load.
struct SceneDelegateUnresolvedRule: Rule {
    static let description = RuleDescription(
        id: "scene-delegate-unresolved",
        name: "Scene delegate class unresolved",
        severity: .error,
        summary: "The scene configuration names a delegate class that UIKit cannot load from the app.",
        rationale: """
            UISceneDelegateClassName must name a class compiled into the app. A Swift class needs the \
            $(PRODUCT_MODULE_NAME). prefix unless it is exported with @objc(Name); an Objective-C class takes the bare \
            name. When UIKit cannot load the class it logs that it could not load the class and the screen stays \
            black. Framework classes (FlutterSceneDelegate, EXExpoAppSceneDelegate) are legitimate names.
            """,
        documentation: [AppleDocs.tn3187, AppleDocs.specifyingScenes, AppleDocs.sceneManifest],
        fix: """
            Name a Swift class as $(PRODUCT_MODULE_NAME).ClassName (or add @objc(ClassName) to it), an Objective-C \
            class by its bare name, and make sure its file is in the target's Compile Sources.
            """,
        anchors: ["delegateClass"],
        triggering: [
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            """
                            \t\t\t\t\t<key>UISceneConfigurationName</key>
                            \t\t\t\t\t<string>Default Configuration</string>
                            \t\t\t\t\t↓<key>UISceneDelegateClassName</key>
                            \t\t\t\t\t<string>SceneDelegate</string>
                            """)
                    ),
                    (
                        "SceneDelegate.swift",
                        """
                        import UIKit
                        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                            var window: UIWindow?
                        }
                        """
                    ),
                ], note: "A Swift class named without its module prefix."),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            """
                            \t\t\t\t\t↓<key>UISceneDelegateClassName</key>
                            \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                            """)
                    ),
                    (
                        "SceneDelegate.h",
                        """
                        #import <UIKit/UIKit.h>
                        @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
                        @property (strong, nonatomic) UIWindow *window;
                        @end
                        """
                    ),
                    (
                        "SceneDelegate.m",
                        """
                        #import "SceneDelegate.h"
                        @implementation SceneDelegate
                        @end
                        """
                    ),
                ], note: "An Objective-C class named with a module prefix."),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            """
                            \t\t\t\t\t↓<key>UISceneDelegateClassName</key>
                            \t\t\t\t\t<string>$(PRODUCT_MODULE_NAME).MainSceneDelegate</string>
                            """)
                    ),
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                ], note: "No such class in the target."),
            Example(
                """
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                        let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
                        configuration.↓delegateClass = AppDelegate.self
                        return configuration
                    }
                }
                """, infoPlist: .legacy, note: "The app delegate is not a scene delegate."),
        ],
        nonTriggering: [
            Example(
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                }
                """, file: "SceneDelegate.swift"),
            Example(
                """
                @objc(SceneDelegate)
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                }
                """, file: "SceneDelegate.swift", infoPlist: .objcScenes, note: "@objc(Name) exports the bare name."),
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @interface SceneDelegate : UIResponder <UIWindowSceneDelegate>
                        @end
                        @implementation SceneDelegate
                        @end
                        """
                    )
                ], infoPlist: .objcScenes),
            Example(
                files: [
                    (
                        "Info.plist",
                        ExamplePlist.manifest(
                            """
                            \t\t\t\t\t<key>UISceneDelegateClassName</key>
                            \t\t\t\t\t<string>FlutterSceneDelegate</string>
                            """)
                    ),
                    ("AppDelegate.swift", "@main class AppDelegate: FlutterAppDelegate {}"),
                ], note: "A framework's class."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<String> = []
        let facts = context.facts
        // When code picks the delegate class, manifest entries may be leftovers that never load.
        // (Only when the class the code names exists: otherwise the manifest's entry is all there is.)
        let overriddenInCode =
            facts.adoptsInCode
            && facts.codeDelegateClasses.contains { assignment in
                !facts.appDelegateNames.contains(assignment.name)
                    && (facts.declarations[assignment.name] != nil || AppFacts.frameworkSceneDelegates.contains(assignment.name))
            }
        for plist in context.app.infoPlists {
            for configuration in AppFacts.configurations(of: plist) where Self.roleApplies(configuration.role, to: context.app) {
                guard let written = configuration.delegateClass, !written.isEmpty, reported.insert(written).inserted else { continue }
                if var problem = problem(with: written, context) {
                    // A preprocessed plist read both ways: say which build names the class.
                    if !plist.assumptions.isEmpty {
                        let builds = context.app.infoPlists.filter { other in
                            AppFacts.configurations(of: other).contains { $0.delegateClass == written }
                        }.flatMap(\.configurations)
                        problem += " (builds: \(builds.joined(separator: "; ")))"
                    }
                    if overriddenInCode {
                        problem +=
                            " (application(_:configurationForConnecting:options:) sets delegateClass in code, so this entry may be unused: fix or remove it)"
                    }
                    findings.append(
                        finding(
                            context, problem,
                            at: plist.location(of: "UISceneDelegateClassName"), anchor: "UISceneDelegateClassName=" + written,
                            severity: overriddenInCode ? .warning : nil))
                }
            }
        }
        // A manifest written into a generated project's configuration (Expo's ios.infoPlist) may name a
        // framework class the SDK version does not have.
        if let generated = context.app.generated, let manifest = generated.manifest {
            for name in generated.sceneDelegateClasses where reported.insert(name).inserted {
                if let problem = frameworkClassProblem(name, context) {
                    findings.append(finding(context, problem, at: manifest, anchor: "UISceneDelegateClassName=" + name))
                }
            }
        }
        for assignment in facts.codeDelegateClasses {
            let file = facts.files[assignment.file]
            if facts.appDelegateNames.contains(assignment.name) {
                findings.append(
                    finding(
                        context,
                        "delegateClass is the app delegate \(assignment.name): a scene configuration needs a UIWindowSceneDelegate class",
                        in: file, token: assignment.token))
            } else if facts.declarations[assignment.name] == nil, !AppFacts.frameworkSceneDelegates.contains(assignment.name) {
                findings.append(
                    finding(
                        context,
                        "delegateClass \(assignment.name) is not declared in target \(context.app.target)'s sources",
                        in: file, token: assignment.token))
            }
        }
        return findings
    }

    /// CarPlay roles exist only where CarPlay does: an iOS app's, not a tvOS or visionOS one's.
    static func roleApplies(_ role: String, to app: App) -> Bool {
        !role.hasPrefix("CP") || app.platforms.contains(.iOS)
    }

    /// Why UIKit cannot load the class a manifest names, or nil when it can.
    private func problem(with written: String, _ context: RuleContext) -> String? {
        let app = context.app
        var expanded = written
        for variable in ["$(PRODUCT_MODULE_NAME)", "${PRODUCT_MODULE_NAME}", "$(PRODUCT_NAME:c99extidentifier)", "$(TARGET_NAME)"] {
            expanded = expanded.replacingOccurrences(of: variable, with: app.moduleName)
        }
        let parts = expanded.split(separator: ".").map(String.init)
        guard let name = parts.last, !name.isEmpty else { return "UISceneDelegateClassName is empty" }
        let module = parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
        if module == nil, AppFacts.frameworkSceneDelegates.contains(name) { return frameworkClassProblem(name, context) }
        let declarations = context.facts.declarations[name] ?? []
        guard !declarations.isEmpty else { return missingClass(name, written: written, context) }
        if let missingBase = missingFrameworkBase(of: name, context) { return missingBase }
        let types = declarations.map { context.facts.type($0) }
        let swiftClass = types.first { $0.kind == .classType }
        let isObjC = types.contains { $0.kind == .objcInterface || $0.kind == .objcImplementation }
        if let module {
            if module != app.moduleName {
                return "UISceneDelegateClassName \(written) names module \(module), but target \(app.target)'s module is \(app.moduleName)"
            }
            if swiftClass == nil, isObjC {
                return "UISceneDelegateClassName \(written) puts a module prefix on the Objective-C class \(name): write \(name)"
            }
            return nil
        }
        if isObjC { return nil }
        if let swiftClass, swiftClass.objcName == name { return nil }
        if swiftClass != nil {
            return "UISceneDelegateClassName \(written) names the Swift class \(name) without its module: "
                + "write $(PRODUCT_MODULE_NAME).\(name) or declare it @objc(\(name)); UIKit cannot load it and the screen stays black"
        }
        return nil
    }

    /// Framework scene delegate classes and the framework version that introduced each.
    static let frameworkClasses: [String: (FrameworkKind, SemanticVersion)] = [
        "FlutterSceneDelegate": (.flutter, SemanticVersion(3, 38)),
        "EXExpoAppSceneDelegate": (.expo, SemanticVersion(57, 0, 23)),
        "ExpoAppSceneDelegate": (.expo, SemanticVersion(57, 0, 23)),
        "RCTSceneDelegate": (.reactNative, SemanticVersion(0, 88)),
        "CDVSceneDelegate": (.cordova, SemanticVersion(8)),
    ]

    /// A framework class named directly: it must exist in the framework version the app builds with.
    private func frameworkClassProblem(_ name: String, _ context: RuleContext) -> String? {
        guard let (kind, minimum) = Self.frameworkClasses[name] else { return nil }
        let framework = context.facts.framework
        if framework.kind != kind, !(kind == .expo && framework.kind == .reactNative) {
            return
                "UISceneDelegateClassName names \(name), a \(kind.displayName) class, but the app is built with \(framework.kind.displayName)"
        }
        guard framework.isAtLeast(minimum) == false, let version = framework.version else { return nil }
        return "UISceneDelegateClassName names \(name), which \(kind.displayName) \(version) does not have (it arrived in \(minimum)): "
            + "UIKit cannot load it and the screen stays black"
    }

    /// An app class whose framework base class does not exist in the framework version the app builds with.
    private func missingFrameworkBase(of name: String, _ context: RuleContext) -> String? {
        let framework = context.facts.framework
        for base in context.facts.ancestors(of: name) {
            guard let (kind, minimum) = Self.frameworkClasses[base],
                framework.kind == kind || (kind == .expo && framework.kind == .reactNative),
                framework.isAtLeast(minimum) == false, let version = framework.version
            else { continue }
            return
                "\(name) subclasses \(base), which \(kind.displayName) \(version) does not have (it arrived in \(minimum)): the app does not build"
        }
        return nil
    }

    private func missingClass(_ name: String, written: String, _ context: RuleContext) -> String {
        let app = context.app
        let elsewhere = context.workspace.files.first { entry in
            ["swift", "m", "mm"].contains(Paths.fileExtension(of: entry.path)) && Paths.baseName(of: entry.path) == name
                && !app.sourceFiles.contains(entry.path)
        }
        if let elsewhere {
            return "UISceneDelegateClassName \(written): \(elsewhere.path) is not compiled into target \(app.target); "
                + "add it to the target's Compile Sources"
        }
        return
            "UISceneDelegateClassName \(written) names no class in target \(app.target)'s sources; UIKit cannot load it and the screen stays black"
    }
}
