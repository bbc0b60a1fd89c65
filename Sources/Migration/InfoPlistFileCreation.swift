import Results
import ScanCore
import XcodeProject

/// For a target whose Info.plist Xcode generates from build settings (`GENERATE_INFOPLIST_FILE = YES`, no
/// `INFOPLIST_FILE`): a new Info.plist holding only the scene manifest, named by `INFOPLIST_FILE` in each
/// configuration that had no file. Xcode merges such a file with the generated keys ("If the value is Yes,
/// then Xcode merges the content of the property list file with the values from the Info.plist Values build
/// settings", Apple's "Managing your app's information property list values"), which is what Xcode's own
/// UIKit template did from Xcode 13: an Info.plist with only `UIApplicationSceneManifest`.
///
/// The file gets a reference in the group of the app delegate, as Xcode gives a file it creates, and no
/// build file: in Copy Bundle Resources Xcode would copy it unprocessed into the bundle, which Apple's
/// article tells not to do.
struct InfoPlistFileCreation {
    /// Root-relative path of the new file.
    let path: String
    /// The generated variants the file serves, in the app's order.
    let plists: [InfoPlist]
    /// The configurations that get `INFOPLIST_FILE`.
    let configurations: [String]
    /// The `INFOPLIST_FILE` value: the path from the project folder (`SRCROOT`), as Xcode writes it.
    let settingValue: String
    let project: Project
    let target: Target

    /// The creation the app needs, or nil when every configuration names an Info.plist file; refused when
    /// the target's shape is one this edit does not handle.
    static func plan(_ context: MigrationContext, folder: String) throws(Refusal) -> InfoPlistFileCreation? {
        let app = context.app
        let generated = app.infoPlists.filter { $0.file == nil }
        guard let first = generated.first else { return nil }
        let location = first.location
        guard let projectPath = app.project, let project = context.workspace.projects.first(where: { $0.path == projectPath }),
            let target = project.targets.first(where: { $0.name == app.target })
        else { throw Refusal("the app has no Xcode project to name a new Info.plist in", at: location) }
        guard project.kind == .xcodeproj else {
            throw Refusal(
                "the Info.plist of \(first.configurationList) is generated from build settings and the project is generated from \(project.pbxprojPath) (\(project.kind.rawValue)): add an Info.plist file with UIApplicationSceneManifest there",
                at: location)
        }
        var configurations: [String] = []
        for plist in generated { configurations += plist.configurations }
        var problems: [String] = []
        let workspace = context.workspace
        for name in configurations {
            let settings = BuildSettings.resolve(
                project: project, target: target, configuration: name, load: { path in workspace.read(path).map { (path, $0) } },
                problems: &problems)
            guard settings.isYes("GENERATE_INFOPLIST_FILE") else {
                throw Refusal(
                    "the \(name) configuration of target \(target.name) names no Info.plist file and does not generate one (GENERATE_INFOPLIST_FILE): set up its Info.plist in Xcode first",
                    at: Location(file: project.pbxprojPath, line: target.line))
            }
        }
        let path = Paths.join(folder, "Info.plist")
        if let synchronized = target.synchronizedFolders.first(where: { Paths.isInside(path, $0.path) && path != $0.path }),
            !synchronized.excludedPaths.contains(where: { Paths.isInside(path, $0) })
        {
            throw Refusal(
                "\(synchronized.path) is a folder Xcode synchronizes with target \(target.name): a new \(path) would be copied into the app as a resource; create the Info.plist in Xcode (which adds a membership exception for it), then run fix again",
                at: location)
        }
        let relative =
            project.sourceRoot.isEmpty
            ? path : Paths.isInside(path, project.sourceRoot) ? String(path.dropFirst(project.sourceRoot.count + 1)) : nil
        guard let relative else {
            throw Refusal("\(path) is outside the project folder \(project.sourceRoot), which INFOPLIST_FILE is written from", at: location)
        }
        return InfoPlistFileCreation(
            path: path, plists: generated, configurations: configurations, settingValue: relative, project: project, target: target)
    }

    /// `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES` makes Xcode write a manifest whose empty
    /// `UISceneConfigurations` replaces a file's (the merge is one level deep), so a manifest in a new file
    /// would be lost: the setting has to go first, and fix only adds.
    static func generationRefusal(_ plist: InfoPlist) -> Refusal {
        Refusal(
            "INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES makes Xcode generate a scene manifest with no configurations, which replaces one written in an Info.plist file (Xcode merges generated keys over the file's): set it to NO (Application Scene Manifest (Generation) in Build Settings) in every configuration, then run fix again",
            at: plist.location(of: "UIApplicationSceneManifest"))
    }

    /// The new Info.plist, in the layout of Xcode's template: the manifest, and an empty `UILaunchScreen`
    /// when the scan found no launch screen and the generated keys have none.
    func file(_ context: MigrationContext, manifest: (InfoPlist) -> PlistFragment) throws(Refusal) -> FileChange {
        let manifests = plists.map(manifest)
        let first = manifests[0]
        let rendered = first.xml(indentation: "\t")
        guard manifests.allSatisfy({ $0.xml(indentation: "\t") == rendered }) else {
            throw Refusal(
                "the configurations \(configurations.joined(separator: ", ")) generate different Info.plist keys (\(plists.map(\.configurationList).joined(separator: " / "))): one new Info.plist cannot give each its scene configuration",
                at: plists[1].location)
        }
        var entries: [(key: String, value: PlistFragment)] = [("UIApplicationSceneManifest", first)]
        let needsLaunchScreen = context.findings.contains { $0.rule == "launch-screen-missing" }
        if needsLaunchScreen, plists.contains(where: { !$0.hasLaunchScreen }) { entries.append(("UILaunchScreen", .dictionary([]))) }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(PlistFragment.dictionary(entries).xml(indentation: "\t"))</plist>

            """
        return try context.newFile(path, text)
    }

    /// `INFOPLIST_FILE` in each configuration that had no file, on top of `bytes` (the project as the patch
    /// leaves it so far).
    func settingsEdit(_ bytes: [UInt8]) throws(Refusal) -> [UInt8] {
        do {
            return try BuildSettingEditor.adding(
                key: "INFOPLIST_FILE", value: settingValue, toConfigurations: configurations, ofTarget: target.id, in: bytes,
                xcodeprojPath: project.path)
        } catch {
            throw Refusal(
                "\(project.pbxprojPath) cannot be edited safely: \(error)", at: Location(file: project.pbxprojPath, line: target.line))
        }
    }
}
