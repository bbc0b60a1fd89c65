import Results
import ScanCore

/// Cordova apps adopt scenes by moving to cordova-ios 8, whose template has `SceneDelegate: CDVSceneDelegate`
/// and the manifest, and whose `CDVAppDelegate` no longer builds a window. Before 8, `CDVAppDelegate` builds
/// the window in `didFinishLaunching` and there is no scene delegate to name, so no hand patch is safe: every
/// shape is explained with the upgrade path, anchored where the version or the window comes from.
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
        if let version, version >= Self.sceneSupport {
            throw Refusal(
                "platforms/ios is committed with cordova-ios \(written), whose template adopts scenes, but this project lacks part of it "
                    + "(SceneDelegate.swift, the UIApplicationSceneManifest in App-Info.plist or the AppDelegate extension): "
                    + "regenerate the platform (cordova platform rm ios && cordova platform add ios@\(version.major)) rather than patching a project the template no longer matches",
                at: context.app.infoPlists.first?.location(of: "UIApplicationSceneManifest") ?? at)
        }
        let window = context.findings.first { $0.rule == "app-delegate-window" }
        throw Refusal(
            "platforms/ios is cordova-ios \(written)'s project: its AppDelegate subclasses CDVAppDelegate, which builds the window and CDVViewController "
                + "in didFinishLaunching, and cordova-ios before 8 has no CDVSceneDelegate, so a scene manifest would show a black screen and no hand patch is safe. "
                + "Upgrade instead: \(Self.upgrade)",
            at: window.map { Location(file: $0.file, line: $0.line) } ?? at)
    }
}
