import Results
import Rules
import ScanCore
import XcodeProject

/// What every framework's migration works from: the app's facts, the tree, the scan's findings for it, and
/// the files earlier apps' patches of this run already changed. Holds the edits all of them make the same
/// way (the manifest in each Info.plist file, a new file in `project.pbxproj`) and the checks they share.
struct MigrationContext {
    let facts: AppFacts
    let workspace: Workspace
    let findings: [Finding]
    /// Bytes of files an earlier app's patch already changed in this run (a shared project or plist).
    let current: [String: [UInt8]]

    var app: App { facts.app }

    /// A file's bytes as this run's earlier patches left them.
    func read(_ path: String) -> [UInt8]? {
        current[path] ?? workspace.read(path)
    }

    /// A file that is changed to `after`, from the bytes `read` gives.
    func change(_ path: String, to after: [UInt8]) throws(Refusal) -> FileChange {
        guard let before = read(path) else { throw Refusal("\(path) could not be read", at: Location(file: path, line: 1)) }
        return FileChange(path: path, before: before, after: after)
    }

    /// A new file, refused when the path is taken.
    func newFile(_ path: String, _ text: String) throws(Refusal) -> FileChange {
        if workspace.contains(path) || current[path] != nil { throw Refusal("\(path) already exists", at: Location(file: path, line: 1)) }
        return FileChange(path: path, before: nil, after: Array(text.utf8))
    }

    // MARK: Shared checks

    /// No manifest, scene delegate or configurationForConnecting yet: a partial migration is the user's to finish.
    func checkNotStarted() throws(Refusal) {
        if let generated = app.infoPlists.first(where: { $0.manifestState == .generated }) {
            throw InfoPlistFileCreation.generationRefusal(generated)
        }
        if facts.adoptsInCode || !facts.sceneDelegateNames.isEmpty
            || app.infoPlists.contains(where: { if case .absent = $0.manifestState { return false } else { return true } })
        {
            throw Refusal(
                "the app has already started adopting scenes (a manifest, a scene delegate or configurationForConnecting): fix does not rewrite a partial migration",
                at: app.infoPlists.first?.location(of: "UIApplicationSceneManifest"))
        }
    }

    /// A committed `.xcodeproj` whose target uses Info.plist files: what the shared edits need.
    func checkProjectAndPlists() throws(Refusal) {
        guard let projectPath = app.project, workspace.projects.contains(where: { $0.path == projectPath }) else {
            throw Refusal("the app has no Xcode project to register a new file in")
        }
        guard !app.infoPlists.isEmpty else { throw Refusal("the target names no Info.plist", at: app.declaration) }
        for plist in app.infoPlists where plist.file == nil {
            throw Refusal(
                "the Info.plist of \(plist.configurationList) is generated from build settings (GENERATE_INFOPLIST_FILE): a scene manifest needs an Info.plist file",
                at: plist.location)
        }
    }

    // MARK: Shared edits

    /// The manifest, with one application configuration `configurationName` naming `delegateClass` (and the
    /// storyboard `storyboard` gives for the plist, if any), in every Info.plist file the target uses; an
    /// empty `UILaunchScreen` too where the scan found no launch screen.
    func manifestChanges(
        delegateClass: String, configurationName: String = "Default Configuration", storyboard: (InfoPlist) -> String? = { _ in nil }
    ) throws(Refusal) -> [FileChange] {
        var changes: [FileChange] = []
        var done: Set<String> = []
        let needsLaunchScreen = findings.contains { $0.rule == "launch-screen-missing" }
        for plist in app.infoPlists {
            guard let path = plist.file, done.insert(path).inserted else { continue }
            guard let before = read(path) else {
                if let project = app.project, !plist.describedKeys.isEmpty || !workspace.contains(path) {
                    // XcodeGen's `info:` and Tuist's `.extendingDefault` write the plist when the project is generated.
                    throw Refusal(
                        "\(path) is written when the project is generated (from \(project)): add UIApplicationSceneManifest to the Info.plist properties there",
                        at: plist.location)
                }
                throw Refusal("\(path) could not be read", at: plist.location)
            }
            let manifest = Self.sceneManifest(
                delegateClass: delegateClass, configurationName: configurationName, storyboard: storyboard(plist))
            var after: [UInt8]
            do {
                after = try InfoPlistEditor.inserting(key: "UIApplicationSceneManifest", value: manifest, into: before)
                if needsLaunchScreen, !plist.hasLaunchScreen {
                    after = try InfoPlistEditor.inserting(key: "UILaunchScreen", value: .dictionary([]), into: after)
                }
            } catch {
                throw Refusal("\(path) cannot be edited as text: \(error)", at: plist.location)
            }
            changes.append(FileChange(path: path, before: before, after: after))
        }
        return changes
    }

    /// `UIApplicationSceneManifest` with one application configuration, as Xcode's template writes it.
    static func sceneManifest(delegateClass: String, configurationName: String, storyboard: String?) -> PlistFragment {
        var configuration: [(key: String, value: PlistFragment)] = [
            ("UISceneConfigurationName", .string(configurationName)),
            ("UISceneDelegateClassName", .string(delegateClass)),
        ]
        if let storyboard { configuration.append(("UISceneStoryboardFile", .string(storyboard))) }
        return .dictionary([
            ("UIApplicationSupportsMultipleScenes", .bool(false)),
            ("UISceneConfigurations", .dictionary([("UIWindowSceneSessionRoleApplication", .array([.dictionary(configuration)]))])),
        ])
    }

    /// The new files in the app's target of its `project.pbxproj`, beside `sibling`; nil when the folder is
    /// synchronized (Xcode 16) and compiles them anyway.
    func projectChange(newPaths: [String], sibling: String) throws(Refusal) -> FileChange? {
        guard let projectPath = app.project, let project = workspace.projects.first(where: { $0.path == projectPath }),
            let target = project.targets.first(where: { $0.name == app.target })
        else { throw Refusal("the app's target was not found in its project") }
        // A project generated from a description (XcodeGen, Tuist, Bazel) usually takes its sources from folders:
        // the new file is then compiled without an edit, which the re-scan of the patched tree confirms (or the
        // patch is refused).
        guard project.kind == .xcodeproj else { return nil }
        let path = project.pbxprojPath
        guard let before = read(path) else { throw Refusal("\(path) could not be read") }
        let files = newPaths.map { NewProjectFile(path: $0) }
        let edit: ProjectEdit
        do {
            // PatchVerification reads the edited project back in its re-scan, and checks the target's sources there.
            // The scan's parse serves while no earlier patch of the tree has changed the file.
            edit = try ProjectFileEditor.addingFiles(
                files, toTarget: target.id, besides: sibling, in: before, xcodeprojPath: projectPath, readBack: false,
                parsed: current[path] == nil ? workspace.projectDocuments[path] : nil)
        } catch {
            throw Refusal("\(path) cannot be edited safely: \(error)", at: Location(file: path, line: target.line))
        }
        switch edit {
        case .edited(let after): return FileChange(path: path, before: before, after: after)
        case .unchanged: return nil
        }
    }
}

/// A patch before it is checked: the files, and what it leaves for the user (a callback it cannot call).
struct PlannedPatch {
    var changes: [FileChange]
    var notes: [MigrationNote] = []
    /// Warnings the patch says it resolves: the re-scan must find each gone (an at-risk app's patch).
    var claims: [Finding] = []
}

/// One way of migrating an app: a framework's template, or the native shapes.
protocol MigrationStrategy {
    init(_ context: MigrationContext)
    /// The files to write, or the reason there is no safe patch.
    func plan() throws(Refusal) -> PlannedPatch
}
