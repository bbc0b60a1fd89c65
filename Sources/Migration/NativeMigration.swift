import Results
import Rules
import ScanCore
import XcodeProject

/// The patch for a native UIKit app (Swift or Objective-C, window in code, storyboard or xib) that has not
/// adopted scenes: a scene manifest in each Info.plist the target uses, a scene delegate beside the app
/// delegate, and the new file in the project. Nothing in the app's own code is removed or moved.
struct NativeMigration: MigrationStrategy {
    let context: MigrationContext

    init(_ context: MigrationContext) {
        self.context = context
    }

    static let sceneDelegateName = "SceneDelegate"

    func plan() throws(Refusal) -> PlannedPatch {
        let facts = context.facts
        let app = facts.app
        try context.checkNotStarted()
        let shape = try AppDelegateShape.read(facts)
        let folder = Paths.directory(of: shape.file.path)
        // A target whose Info.plist is generated from build settings gets a file of its own for the manifest.
        let creation = try InfoPlistFileCreation.plan(context, folder: folder)
        if creation == nil { try context.checkProjectAndPlists() }
        let className = Self.sceneDelegateName
        if let existing = facts.declarations[className]?.first {
            let file = facts.files[existing.file]
            throw Refusal(
                "the app already declares a class named \(className) that is not a scene delegate",
                at: Location(file: file.path, line: file.line(ofToken: file.types[existing.type].nameToken)))
        }
        let writer = SceneDelegateWriter(
            shape: shape, className: className, indent: IndentStyle.detect(in: shape.file.bytes),
            needsAvailability: app.minimumDeploymentTarget < OSVersion(13) && app.minimumDeploymentTarget > OSVersion(0))
        var changes: [FileChange] = []
        if shape.language == .swift {
            changes.append(try context.newFile(Paths.join(folder, "\(className).swift"), writer.swift()))
        } else {
            changes.append(try context.newFile(Paths.join(folder, "\(className).h"), writer.objectiveCHeader()))
            changes.append(try context.newFile(Paths.join(folder, "\(className).m"), writer.objectiveCImplementation()))
        }
        let delegateClass = shape.language == .swift ? "$(PRODUCT_MODULE_NAME).\(className)" : className
        let storyboard = { (plist: InfoPlist) in shape.window == .storyboard ? AppDelegateShape.storyboard(of: plist, app: app) : nil }
        if let creation {
            changes.append(
                try creation.file(context) { plist in
                    MigrationContext.sceneManifest(
                        delegateClass: delegateClass, configurationName: "Default Configuration", storyboard: storyboard(plist))
                })
        }
        let newPaths = changes.map(\.path)
        changes += try context.manifestChanges(delegateClass: delegateClass, storyboard: storyboard)
        var project = try context.projectChange(newPaths: newPaths, sibling: shape.file.path)
        if let creation {
            let path = creation.project.pbxprojPath
            guard let before = project?.before ?? context.read(path) else { throw Refusal("\(path) could not be read") }
            project = FileChange(path: path, before: before, after: try creation.settingsEdit(project?.after ?? before))
        }
        if let project { changes.append(project) }
        return PlannedPatch(changes: changes, notes: shape.unforwarded)
    }
}
