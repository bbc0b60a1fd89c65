import Results
import ScanCore
import XcodeProject

/// Half-done scene migrations.
struct PartialMigrationRule: Rule {
    static let description = RuleDescription(
        id: "partial-migration",
        name: "Partial scene migration",
        severity: .warning,
        summary:
            "A scene migration left half done: a scene delegate nothing uses, a scene delegate file outside the target, or Flutter's implicit engine without a manifest.",
        rationale: """
            Migrations stall in recognisable states: SceneDelegate.swift added but no manifest and no \
            configurationForConnecting (so it never runs), a scene delegate file on disk but not in the target's \
            Compile Sources, or a Flutter app delegate adopting FlutterImplicitEngineDelegate whose Info.plist never \
            got the manifest (the Flutter tool leaves this state when its plist edit fails). Capacitor's migrator \
            refuses to automate such projects.
            """,
        documentation: [AppleDocs.tn3187, AppleDocs.transitioning],
        fix: "Finish the migration: add the manifest naming the scene delegate, and add the file to the target.",
        anchors: ["SceneDelegate", "ImplicitEngineDelegate"],
        triggering: [
            Example(
                files: [
                    (
                        "SceneDelegate.m",
                        """
                        @interface ↓SceneDelegate : UIResponder <UIWindowSceneDelegate>
                        @property (strong, nonatomic) UIWindow *window;
                        @end
                        @implementation SceneDelegate
                        @end
                        """
                    )
                ], infoPlist: .legacy),
            Example(
                """
                class ↓SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        guard let windowScene = scene as? UIWindowScene else { return }
                        window = UIWindow(windowScene: windowScene)
                    }
                }
                """, file: "SceneDelegate.swift", infoPlist: .legacy),
            Example(
                """
                @main
                @objc class AppDelegate: FlutterAppDelegate, ↓FlutterImplicitEngineDelegate {
                    func didInitializeImplicitFlutterEngine(_ engineBridge: FlutterImplicitEngineBridge) {
                        GeneratedPluginRegistrant.register(with: engineBridge.pluginRegistry)
                    }
                }
                """, infoPlist: .legacy),
        ],
        nonTriggering: [
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
                """
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                }
                """, file: "SceneDelegate.swift"),
        ])

    /// Capacitor's `cap migrate` classifies a project by three signals; a proper subset is "partial" and
    /// it refuses to migrate it. SceneDelegate.swift with configurationForConnecting is valid code-only
    /// adoption and stays quiet.
    private func capacitorSignals(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        let app = context.app
        let manifestPlist = app.infoPlists.first { $0.manifestState != .absent }
        let sceneDelegateFile =
            app.sourceFiles.first { Paths.fileName(of: $0) == "SceneDelegate.swift" }
            ?? context.workspace.files(inside: app.path).lazy.map(\.path).first { Paths.fileName(of: $0) == "SceneDelegate.swift" }
        let configuration = facts.configurationMethods.first
        let present = [manifestPlist != nil, sceneDelegateFile != nil, configuration != nil]
        let count = present.filter { $0 }.count
        guard count == 1 || count == 2, !(present[1] && present[2]) else { return [] }
        let names = ["the scene manifest", "SceneDelegate.swift", "configurationForConnecting in the AppDelegate"]
        let have = zip(names, present).filter { $0.1 }.map(\.0)
        let lack = zip(names, present).filter { !$0.1 }.map(\.0)
        let message =
            "Capacitor scene migration is partial (present: \(have.joined(separator: ", ")); missing: \(lack.joined(separator: ", "))): "
            + "npx cap migrate skips partial projects; add what is missing by hand, as in the 8.5 template"
        if let plist = manifestPlist {
            return [finding(context, message, at: plist.location(of: "UIApplicationSceneManifest"), anchor: "capacitor-partial")]
        }
        if let path = sceneDelegateFile {
            if let source = context.workspace.sources[path], let type = source.types.first(where: { $0.kind == .classType }) {
                return [finding(context, message, in: source, token: type.nameToken)]
            }
            return [finding(context, message, at: Location(file: path, line: 1), anchor: "capacitor-partial")]
        }
        if let configuration {
            // At the signal cap migrate looks for, `UISceneConfiguration(name:`, when the method has it.
            let file = facts.file(configuration)
            let function = facts.function(configuration)
            let signal = function.body.first {
                file.is($0, "UISceneConfiguration") && file.isPunctuation($0 + 1, UInt8(ascii: "("))
            }
            return [finding(context, message, in: file, token: signal ?? function.nameToken)]
        }
        return []
    }

    private func flutterImplicitEngine(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        var findings: [Finding] = []
        for name in facts.appDelegateNames.sorted() {
            for reference in facts.declarations[name] ?? [] {
                let type = facts.type(reference)
                let file = facts.files[reference.file]
                guard type.inherits("FlutterImplicitEngineDelegate"),
                    let token = file.tokens.indices.first(where: {
                        $0 > type.nameToken && $0 < type.bodyStart && file.is($0, "FlutterImplicitEngineDelegate")
                    })
                else { continue }
                findings.append(
                    finding(
                        context,
                        "the app delegate adopts FlutterImplicitEngineDelegate but the Info.plist has no UIApplicationSceneManifest: the Flutter scene migration stopped half way",
                        in: file, token: token))
            }
        }
        return findings
    }

    func check(_ context: RuleContext) -> [Finding] {
        let facts = context.facts
        let app = context.app
        var findings: [Finding] = []
        // Only when no configuration has a manifest: a flavour that lacks one is scene-manifest-missing's case.
        let missingManifest =
            !app.infoPlists.isEmpty
            && app.infoPlists.allSatisfy { plist in
                switch plist.manifestState {
                case .absent, .disabled: return true
                default: return false
                }
            }
        if facts.framework.kind == .capacitor {
            findings += capacitorSignals(context)
        } else if missingManifest, !facts.isSceneBasedWithoutManifest {
            for name in facts.sceneDelegateNames.sorted() {
                guard
                    let reference = facts.declarations[name]?.first(where: { [.classType, .objcInterface].contains(facts.type($0).kind) })
                else { continue }
                findings.append(
                    finding(
                        context,
                        "\(name) is a scene delegate, but the Info.plist has no UIApplicationSceneManifest and the app delegate no configurationForConnecting: it never runs",
                        in: facts.files[reference.file], token: facts.type(reference).nameToken))
            }
        }
        if missingManifest, !facts.isSceneBasedWithoutManifest {
            findings += flutterImplicitEngine(context)
        }
        // Scene delegate sources in the app folder that no target compiles (another target's own
        // scene delegate is that target's business).
        if app.project != nil {
            let compiled = context.workspace.compiledSources
            let named = Set(
                app.infoPlists.flatMap { AppFacts.configurations(of: $0).compactMap(\.delegateClass) }.map(
                    AppFacts.className(fromManifest:)))
            for entry in context.workspace.files(inside: app.path) where !compiled.contains(entry.path) {
                let base = Paths.baseName(of: entry.path)
                guard base.hasSuffix("SceneDelegate"), ["swift", "m"].contains(Paths.fileExtension(of: entry.path)),
                    !named.contains(base), facts.declarations[base] == nil
                else { continue }
                findings.append(
                    finding(
                        context,
                        "\(entry.path) is in the app folder but no target compiles it: add it to target \(app.target)'s Compile Sources or delete it",
                        at: Location(file: entry.path, line: 1), anchor: "uncompiled:" + entry.path))
            }
        }
        return findings
    }
}
