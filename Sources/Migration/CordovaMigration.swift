import Results
import ScanCore
import XcodeProject

/// Cordova apps adopt scenes by moving to cordova-ios 8, whose template has `SceneDelegate: CDVSceneDelegate`
/// and the manifest, and whose `CDVAppDelegate` no longer builds a window. A committed cordova-ios 8 project
/// lacking those parts gets them; before 8, `CDVAppDelegate` builds the window in `didFinishLaunching` and there
/// is no scene delegate to name, so no hand patch is safe and the upgrade is explained, anchored where the
/// version or the window comes from, as it is when `platforms/ios` is not committed.
struct CordovaMigration: MigrationStrategy {
    let context: MigrationContext

    init(_ context: MigrationContext) {
        self.context = context
    }

    /// The first cordova-ios with `CDVSceneDelegate`.
    static let sceneSupport = SemanticVersion(8)
    /// The upgrade for a committed platforms/ios, whose native edits the regeneration drops.
    static let upgrade =
        "1) keep a copy of any native edits in platforms/ios (AppDelegate, MainViewController, Info.plist), because the platform is regenerated; "
        + "2) set cordova-ios to ^8.0.0 in package.json and run cordova platform rm ios && cordova platform add ios@8: "
        + "its template has SceneDelegate (a CDVSceneDelegate subclass), the UIApplicationSceneManifest and an AppDelegate that builds no window; "
        + "3) update plugins to releases that support cordova-ios 8 (cordova plugin ls), and move native customisations into a plugin or an extension of the Swift AppDelegate; "
        + "4) cordova prepare ios and run the app"
    /// The upgrade when platforms/ios is generated at build time and not committed.
    static let generatedUpgrade =
        "1) set cordova-ios to ^8.0.0 in package.json (npm install --save-dev cordova-ios@8), or run cordova platform rm ios && cordova platform add ios@8: "
        + "its template has SceneDelegate (a CDVSceneDelegate subclass), the UIApplicationSceneManifest and an AppDelegate that builds no window; "
        + "2) update plugins to releases that support cordova-ios 8 (cordova plugin ls), in particular any that edit AppDelegate or read the app delegate's window; "
        + "3) check hooks and config.xml <edit-config>/<config-file> entries that write native files for cordova-ios 7 names (Classes/AppDelegate.m, <name>-Info.plist: cordova-ios 8 uses App/AppDelegate.swift and App/App-Info.plist); "
        + "4) cordova prepare ios and run the app"

    func plan() throws(Refusal) -> PlannedPatch {
        let framework = context.facts.framework
        let version = framework.semanticVersion
        let written = framework.resolvedVersion ?? framework.version.map { "requiring \($0)" } ?? "of unknown version"
        let at = framework.location ?? context.app.declaration
        if let generated = context.app.generated {
            if let version, version >= Self.sceneSupport {
                throw Refusal(
                    "platforms/ios is not committed: cordova prepare generates it from cordova-ios \(written), whose template already adopts scenes, "
                        + "so there is nothing in the repository to patch; what still blocks the app comes from \(generated.config) or its plugins (see the steps)",
                    at: at)
            }
            let manifest =
                generated.manifest != nil
                ? " The scene manifest written into \(generated.config) meets cordova-ios 7's window-building CDVAppDelegate: remove it when upgrading."
                : ""
            throw Refusal(
                "platforms/ios is not committed: cordova prepare generates it from cordova-ios \(written), which has no scene support "
                    + "(CDVSceneDelegate arrived in cordova-ios 8), so there is no project to patch and the fix is the upgrade. \(Self.generatedUpgrade).\(manifest)",
                at: at)
        }
        if let version, version >= Self.sceneSupport { return try cordova8(version: version, written: written) }
        let window = context.findings.first { $0.rule == "app-delegate-window" }
        throw Refusal(
            "platforms/ios is cordova-ios \(written)'s project: its AppDelegate subclasses CDVAppDelegate, which builds the window and CDVViewController "
                + "in didFinishLaunching, and cordova-ios before 8 has no CDVSceneDelegate, so a scene manifest would show a black screen and no hand patch is safe. "
                + "Upgrade instead: \(Self.upgrade)",
            at: window.map { Location(file: $0.file, line: $0.line) } ?? at)
    }

    /// A committed cordova-ios 8 project without the template's scene parts: they are added as the template
    /// has them (`SceneDelegate: CDVSceneDelegate` beside the Swift app delegate, the manifest naming it with
    /// the main storyboard), provided the app delegate is the template's Swift one and builds no window.
    private func cordova8(version: SemanticVersion, written: String) throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        let regenerate =
            "regenerate the platform (cordova platform rm ios && cordova platform add ios@\(version.major)) so that it matches the cordova-ios \(written) template"
        do {
            try context.checkNotStarted()
        } catch {
            throw Refusal(
                "platforms/ios is committed with cordova-ios \(written), whose template adopts scenes, but this project has only part of it "
                    + "(SceneDelegate.swift, the UIApplicationSceneManifest in App-Info.plist or configurationForConnecting): \(regenerate)",
                at: error.note.file.map { Location(file: $0, line: error.note.line ?? 1) })
        }
        try context.checkProjectAndPlists()
        if let window = context.findings.first(where: { $0.rule == "app-delegate-window" }) {
            throw Refusal(
                "the app delegate builds a window of its own, which no scene shows: move that code out, or \(regenerate)",
                at: Location(file: window.file, line: window.line))
        }
        // cordova-ios 8 declares AppDelegate in a header of its own and implements it in a Swift extension,
        // which the scan may not recognise as the app delegate: the template's class name counts too.
        let delegates = facts.appDelegateNames.union(["AppDelegate"]).sorted().flatMap { name in
            (facts.declarations[name] ?? []).map { facts.files[$0.file] }
        }
        guard let delegate = delegates.first(where: { $0.path.hasSuffix(".swift") }),
            delegates.allSatisfy({ $0.path.hasSuffix(".swift") || $0.path.hasSuffix(".h") })
        else {
            throw Refusal(
                "the app delegate is not cordova-ios 8's Swift AppDelegate (an extension of CDVAppDelegate's subclass): "
                    + "a Swift scene delegate cannot be added beside it safely; \(regenerate)",
                at: delegates.first.map { Location(file: $0.path, line: 1) } ?? context.app.declaration)
        }
        let className = "SceneDelegate"
        if let existing = facts.declarations[className]?.first {
            let file = facts.files[existing.file]
            throw Refusal(
                "the app already declares a class named \(className) that is not a scene delegate",
                at: Location(file: file.path, line: file.line(ofToken: file.types[existing.type].nameToken)))
        }
        var storyboards: [String: String] = [:]
        for plist in context.app.infoPlists {
            guard let path = plist.file else { continue }
            guard let name = AppDelegateShape.storyboard(of: plist, app: context.app) else {
                throw Refusal(
                    "the Info.plist names no main storyboard (UIMainStoryboardFile, the template's Main), which CDVSceneDelegate's scene loads: \(regenerate)",
                    at: plist.location(of: "UIMainStoryboardFile"))
            }
            storyboards[path] = name
        }
        let path = Paths.join(Paths.directory(of: delegate.path), "\(className).swift")
        var changes = [try context.newFile(path, Self.sceneDelegate)]
        changes += try context.manifestChanges(
            delegateClass: "$(PRODUCT_MODULE_NAME).\(className)", storyboard: { $0.file.flatMap { storyboards[$0] } })
        if let project = try context.projectChange(newPaths: [path], sibling: delegate.path) { changes.append(project) }
        return PlannedPatch(changes: changes)
    }

    /// cordova-ios 8's scene delegate: the framework class does the work (window, web view, URLs to plugins).
    static let sceneDelegate = """
        import Cordova

        /// Cordova's scene delegate builds the window and its web view controller and hands URLs and
        /// activities to plugins; the app needs nothing of its own here.
        class SceneDelegate: CDVSceneDelegate {
        }

        """
}
