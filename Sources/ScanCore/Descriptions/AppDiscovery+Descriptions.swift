import XcodeProject

extension AppDiscovery {
    /// Projects described for a generator instead of committed as `.xcodeproj`: XcodeGen specs, Tuist
    /// manifests and Bazel packages, read (never run) into the same `Project` values, so their apps go
    /// through exactly the code that judges a committed project's.
    mutating func describedProjects() -> [Project] {
        let paths = tree.files.map(\.path)
        // The cheap test first: most trees hold no description at all, and then nothing is sorted or read.
        let mayDescribe = paths.contains { path in
            let name = Paths.fileName(of: path)
            return XcodeGenReader.specNames.contains(name) || name.hasSuffix(".yml") || name.hasSuffix(".yaml")
                || TuistReader.isManifest(path) || BazelReader.buildNames.contains(name)
        }
        guard mayDescribe else { return [] }
        let files = DescribedFiles(paths)
        let committed = Set(
            paths.filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }.map { Paths.directory(of: $0) })
        var result: [Project] = []
        var xcodegen = XcodeGenReader(tree: tree, files: files)
        result += xcodegen.projects(committedProjects: committed)
        diagnostics += xcodegen.diagnostics
        var tuist = TuistReader(tree: tree, files: files)
        result += tuist.projects(committedProjects: committed)
        diagnostics += tuist.diagnostics
        var bazel = BazelReader(tree: tree, files: files)
        result += bazel.projects()
        diagnostics += bazel.diagnostics
        return result
    }
}
