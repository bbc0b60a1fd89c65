import XcodeProject

/// Finds the apps of a tree: application targets of every `.xcodeproj`, and, where no project covers a
/// folder, app Info.plists with the sources beside them.
package struct AppDiscovery {
    /// What discovery needs from the tree: the listing and a way to read files.
    package struct Tree {
        package let files: [FileEntry]
        /// The listed paths, as the tree spells them.
        package let listed: Set<String>
        /// A file's bytes with its path as the tree spells it (the request may differ in case), or nil.
        /// What names a file in a finding or a diagnostic must use this path, never the request.
        package let load: (String) -> (path: String, bytes: [UInt8])?

        package init(files: [FileEntry], load: @escaping (String) -> (path: String, bytes: [UInt8])?) {
            self.files = files
            listed = Set(files.map(\.path))
            self.load = load
        }

        /// The bytes of a file listed with exactly this spelling, or nil. A path a project or an include names
        /// goes through `load`, which also finds it with other capitals and says how the tree spells it.
        package func read(_ path: String) -> [UInt8]? {
            guard listed.contains(path) else { return nil }
            return load(path)?.bytes
        }
    }

    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]
    static let compiledExtensions: Set<String> = ["swift", "m", "mm", "c", "cc", "cpp"]

    let tree: Tree
    /// The folders a scan is limited to (`--path`), each judged on its own by the never-silent check.
    package var limits: [String] = []
    let listed: Set<String>
    var diagnostics: [Diagnostic] = []
    var projects: [Project] = []
    /// Whether each project's parse is kept (`documents`), for edits of the same bytes (`scenesweep fix`).
    package var keepsDocuments = false
    /// The parsed `project.pbxproj` files, by path, when `keepsDocuments`.
    var documents: [String: ProjectDocument] = [:]
    /// Projects already read from these very bytes, by `project.pbxproj` path (a re-scan of a patched tree
    /// reuses those the patch leaves alone).
    package var knownProjects: [String: Project] = [:]
    /// Info.plist files parsed so far, by path (see `plist(of:)`).
    var parsedInfoPlists: [String: Result<ParsedInfoPlist, PropertyListError>] = [:]

    struct ParsedInfoPlist {
        let values: [String: PlistValue]
        let keyPositions: [String: [TextPosition]]
    }

    package init(tree: Tree) {
        self.tree = tree
        listed = tree.listed
    }

    /// Reads every project and returns the apps, sorted by path and target.
    package mutating func run() -> [App] {
        var apps: [App] = []
        var unreadableProjects: [UnreadableProject] = []
        for entry in tree.files where entry.path.hasSuffix(".xcodeproj/project.pbxproj") {
            let xcodeproj = Paths.directory(of: entry.path)
            if let known = knownProjects[entry.path], !keepsDocuments {
                projects.append(known)
                continue
            }
            guard let bytes = tree.read(entry.path) else {
                diagnostics.append(Diagnostic(.error, file: entry.path, "cannot read project file; its targets were not scanned"))
                unreadableProjects.append(UnreadableProject(pbxproj: entry.path, problem: "cannot be read"))
                continue
            }
            do {
                if keepsDocuments {
                    let (project, document) = try ProjectReader.readKeepingDocument(bytes, xcodeprojPath: xcodeproj)
                    projects.append(project)
                    documents[entry.path] = document
                } else {
                    projects.append(try ProjectReader.read(bytes, xcodeprojPath: xcodeproj))
                }
            } catch {
                diagnostics.append(
                    Diagnostic(.error, file: entry.path, line: error.line, "cannot parse: \(error.message); its targets were not scanned"))
                unreadableProjects.append(UnreadableProject(pbxproj: entry.path, problem: "cannot be parsed: \(error.message)"))
            }
        }
        projects += describedProjects()
        for project in projects {
            for target in project.targets {
                if let app = app(for: target, in: project) { apps.append(app) }
            }
        }
        TestHosts(projects: projects, load: tree.load).mark(&apps)
        apps += fallbackApps(besides: apps)
        UnreadableProject.mark(unreadableProjects, in: &apps)
        apps += generatedApps(besides: apps)
        let vendored = VendoredCode(gitmodules: tree.read(".gitmodules"))
        for index in apps.indices {
            apps[index].vendored = vendored.reason(for: apps[index].path) ?? apps[index].project.flatMap(vendored.reason(for:))
        }
        let problems = ManifestProblems()
        let detector = FrameworkDetector(files: ProjectFiles(listed: listed, read: tree.read), problems: problems)
        for index in apps.indices where apps[index].generated == nil {
            apps[index].framework = detector.detect(
                appFolder: apps[index].path, projectFolder: apps[index].project.map { Paths.directory(of: $0) })
        }
        for index in apps.indices {
            guard let generated = apps[index].generated else { continue }
            let framework = detector.javascript(root: apps[index].path) ?? .native
            apps[index].framework = framework
            if generated.configIsCode {
                diagnostics.append(
                    Diagnostic(.note, file: generated.config, "configuration code is never run; decided from the Expo SDK version alone"))
                // Between 57.0.23 and 58 the answer is the opt-in flag, which only the code knows.
                if let version = framework.semanticVersion, version >= SemanticVersion(57, 0, 23), version < SemanticVersion(58) {
                    apps[index].unreadable.append("\(generated.config) is code (never run): whether it enables scene support is unknown")
                }
            }
        }
        // Never silent: a folder with signs of an app but none identified is an unknown app, with the reason.
        // Only the team's own apps identify a folder: a vendor's example app does not stand for it.
        for var unidentified in unidentifiedApps(besides: apps.filter { $0.vendored == nil }, limits: limits, vendored: vendored) {
            unidentified.framework = detector.detect(appFolder: Paths.join(unidentified.path, "ios"), projectFolder: nil)
            apps.append(unidentified)
        }
        let locator = LockfileLocator(files: tree.files, listed: listed, read: tree.read)
        for index in apps.indices {
            apps[index].lockfiles = locator.lockfiles(for: apps[index])
        }
        diagnostics += problems.diagnostics
        apps.sort { ($0.path, $0.target) < ($1.path, $1.target) }
        return apps
    }
}
