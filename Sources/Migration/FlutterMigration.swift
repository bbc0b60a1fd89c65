import Results
import ScanCore
import XcodeProject

/// The patch for a Flutter app on 3.38 or later whose iOS runner predates scenes, as Flutter's own UIScene
/// migration makes it: an app delegate that is still a template becomes the implicit-engine template
/// (plugins registered in `didInitializeImplicitFlutterEngine`), and `Info.plist` gets a manifest naming the
/// engine's `FlutterSceneDelegate` with the `Main` storyboard. Older Flutter, unknown versions and
/// customised app delegates are explained.
struct FlutterMigration: MigrationStrategy {
    let context: MigrationContext

    init(_ context: MigrationContext) {
        self.context = context
    }

    /// The release with `FlutterSceneDelegate` and `FlutterImplicitEngineDelegate`.
    static let sceneSupport = SemanticVersion(3, 38)
    static let guide = "https://flutter.dev/to/uiscene-migration"
    static let manifestSteps =
        "add UIApplicationSceneManifest to Info.plist with one UIWindowSceneSessionRoleApplication configuration: "
        + "UISceneConfigurationName flutter, UISceneDelegateClassName FlutterSceneDelegate, UISceneStoryboardFile Main"

    func plan() throws(Refusal) -> PlannedPatch {
        try checkVersion()
        try checkNotDisabled()
        try context.checkNotStarted()
        try context.checkProjectAndPlists()
        try checkStoryboards()
        var changes: [FileChange] = []
        var notes: [MigrationNote] = []
        let delegate: FlutterAppDelegate
        do {
            delegate = try FlutterAppDelegate.read(context)
        } catch {
            guard let optOut = context.facts.framework.settings.flutterMigrationOptOut else { throw error }
            throw Refusal(
                error.note.text
                    + ". pubspec.yaml also turns Flutter's own migration off (enable-uiscene-migration: false, line \(optOut.line)): "
                    + "remove it once the app delegate is migrated, so that flutter build ios warns again about what is left",
                at: error.note.file.map { Location(file: $0, line: error.note.line ?? 1) })
        }
        switch delegate {
        case .legacySwift(let path):
            changes.append(try context.change(path, to: Array(FlutterTemplates.writtenSwift.utf8)))
        case .legacyObjectiveC(let header, let implementation):
            changes.append(try context.change(header, to: Array(FlutterTemplates.writtenHeader.utf8)))
            changes.append(try context.change(implementation, to: Array(FlutterTemplates.writtenImplementation.utf8)))
        case .implicitEngine(let path):
            notes.append(
                MigrationNote(
                    "the app delegate already registers plugins through the implicit engine (a migration that stopped before Info.plist): only the manifest is added",
                    at: Location(file: path, line: 1)))
        }
        changes += try context.manifestChanges(
            delegateClass: "FlutterSceneDelegate", configurationName: "flutter", storyboard: { _ in "Main" })
        if let optOut = context.facts.framework.settings.flutterMigrationOptOut {
            notes.append(
                MigrationNote(
                    "pubspec.yaml turns Flutter's own UIScene migration off (enable-uiscene-migration: false); this patch is what it would write, so the setting can go",
                    at: optOut))
        }
        return PlannedPatch(changes: changes, notes: notes)
    }

    /// Flutter 3.38 or later, or a constraint whose lowest version is: below it the engine has no scene classes.
    private func checkVersion() throws(Refusal) {
        let framework = context.facts.framework
        let at = framework.location ?? context.app.declaration
        guard let version = framework.semanticVersion else {
            throw Refusal(
                "the Flutter version is unknown (no .fvmrc, .fvm/fvm_config.json, or flutter constraint in pubspec.lock sdks: or pubspec.yaml environment:), "
                    + "and FlutterSceneDelegate and FlutterImplicitEngineDelegate exist only from Flutter 3.38: "
                    + "declare the SDK (environment: flutter: \">=3.41.0\" in pubspec.yaml, or pin it in .fvmrc) and run fix again, "
                    + "or build with Flutter 3.41+, whose flutter build ios migrates a template app delegate itself (\(Self.guide))",
                at: at)
        }
        guard version >= Self.sceneSupport else {
            let written = framework.resolvedVersion ?? "requiring \(framework.version ?? "\(version)")"
            throw Refusal(
                "Flutter \(written) has no scene support: FlutterSceneDelegate and FlutterImplicitEngineDelegate arrived in 3.38. "
                    + "Upgrade: 1) move to Flutter 3.41 or later (flutter upgrade, or the version in .fvmrc) and raise environment: flutter: in pubspec.yaml to \">=3.41.0\"; "
                    + "2) run flutter build ios: its UIScene migration rewrites a template AppDelegate and adds the FlutterSceneDelegate manifest "
                    + "(on 3.38-3.40 turn it on first with flutter config --enable-uiscene-migration), or run scenesweep fix again; "
                    + "3) a customised AppDelegate is migrated by hand: \(Self.guide)",
                at: at)
        }
    }

    /// A manifest key disabled with a leading underscore (Flutter's guide's way to turn scenes off for a while)
    /// is the developer's decision: it is not overridden by a second, live manifest.
    private func checkNotDisabled() throws(Refusal) {
        for plist in context.app.infoPlists {
            guard let path = plist.file, let bytes = context.read(path),
                let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    .firstIndex(where: { $0.contains("<key>_UIApplicationSceneManifest</key>") })
            else { continue }
            throw Refusal(
                "the scene manifest is switched off as _UIApplicationSceneManifest, as Flutter's guide suggests for a temporary opt-out: "
                    + "rename the key to UIApplicationSceneManifest when the app is ready for scenes (and check it names FlutterSceneDelegate with storyboard Main); "
                    + "fix does not add a second manifest beside it",
                at: Location(file: path, line: line + 1))
        }
    }

    /// Flutter's migration only writes the template's storyboard, `Main`, which holds the FlutterViewController.
    private func checkStoryboards() throws(Refusal) {
        for plist in context.app.infoPlists {
            let name = plist["UIMainStoryboardFile"]?.string
            guard name != "Main" else { continue }
            throw Refusal(
                (name.map { "Info.plist's UIMainStoryboardFile is \($0), not the template's Main" }
                    ?? "Info.plist names no UIMainStoryboardFile")
                    + ": FlutterSceneDelegate takes its FlutterViewController from the scene's storyboard, and Flutter's migration only handles Main. "
                    + "By hand: \(Self.manifestSteps.replacingOccurrences(of: "UISceneStoryboardFile Main", with: "UISceneStoryboardFile the storyboard holding the FlutterViewController")) (\(Self.guide))",
                at: plist.location(of: "UIMainStoryboardFile"))
        }
    }
}
