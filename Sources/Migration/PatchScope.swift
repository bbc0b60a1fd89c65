import ScanCore
import XcodeProject

/// Which apps of a patched tree the patches can have changed.
///
/// A re-scan checks every app of the tree again, so that a patch for one app is seen to leave the others as
/// they were. An app that discovery finds exactly as before and whose inputs no patch touched would be
/// checked to the same report, and in a monorepo each patch would check every app: such an app keeps the
/// report it had.
enum PatchScope {
    /// Whether the paths `touched` (every file the tree's patches so far edit or create) leave the app of
    /// `facts` alone: none is one of its sources, linked files, Info.plists or lockfiles, or its project file;
    /// none is inside its folder; none lies in a folder holding its folder (a `package.json`, `app.json` or
    /// `Podfile` beside or above it); none is an xcconfig (build settings come from anywhere). An app at the
    /// root of the tree holds every path, so nothing leaves it alone.
    static func leavesAlone(_ facts: AppFacts, touched: Set<String>) -> Bool {
        let app = facts.app
        let folder = app.path
        guard !folder.isEmpty, folder != ".", !touched.isEmpty else { return touched.isEmpty }
        var inputs = Set(app.sourceFiles)
        inputs.formUnion(facts.linkedFiles)
        inputs.formUnion(app.infoPlists.compactMap(\.file))
        inputs.formUnion(app.lockfiles)
        if let project = app.project { inputs.insert(project + "/project.pbxproj") }
        for path in touched {
            if inputs.contains(path) || path.hasSuffix(".xcconfig") || isInside(path, folder) { return false }
            let holder = Paths.directory(of: path)
            if holder.isEmpty || folder == holder || isInside(folder, holder) { return false }
        }
        return true
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path.hasPrefix(folder + "/")
    }
}
