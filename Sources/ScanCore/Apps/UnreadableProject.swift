import XcodeProject

/// A `project.pbxproj` that is in the tree but could not be read or parsed (merge-conflict markers, a
/// symlink, a truncated file). Its targets are unknown, so the apps it defines are never "ready" and
/// never silently gone: an Info.plist app found in its folder carries the reason, and without one a
/// stand-in app named after the project does.
struct UnreadableProject: Sendable {
    /// `Shelf.xcodeproj/project.pbxproj`.
    let pbxproj: String
    /// `cannot be parsed: … on line 12` or `cannot be read`.
    let problem: String

    /// The `.xcodeproj` folder.
    var xcodeproj: String { Paths.directory(of: pbxproj) }

    /// The folder holding the `.xcodeproj`: where its apps live.
    var folder: String { Paths.directory(of: xcodeproj) }

    /// What every app of the project carries in `unreadable`.
    var reason: String { "\(pbxproj) \(problem); its targets were not scanned" }

    /// Marks the apps of `projects` in `apps`: each Info.plist app inside a project's folder (found
    /// because no readable project covers it) is unknown for that reason; a project with none gets a
    /// stand-in app at its folder, named after the project, so its apps are counted as unknown instead
    /// of disappearing from the fleet's figures.
    static func mark(_ projects: [UnreadableProject], in apps: inout [App]) {
        for project in projects {
            var covered = false
            for index in apps.indices
            where apps[index].project == nil && apps[index].generated == nil && Paths.isInside(apps[index].path, project.folder) {
                apps[index].unreadable.append(project.reason)
                covered = true
            }
            if covered { continue }
            var name = Paths.fileName(of: project.xcodeproj)
            if name.hasSuffix(".xcodeproj") { name.removeLast(".xcodeproj".count) }
            var standIn = App(
                path: project.folder, target: name, platforms: [.iOS], project: project.xcodeproj,
                declaration: Location(file: project.pbxproj, line: 1), moduleName: BuildSettingsName.module(from: name),
                sourceFiles: [], resourceFiles: [], infoPlists: [], deploymentTargets: [], deviceFamilies: [1],
                unreadable: [project.reason])
            standIn.isStandIn = true
            apps.append(standIn)
        }
    }
}
