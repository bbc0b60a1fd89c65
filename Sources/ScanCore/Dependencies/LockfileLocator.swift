import XcodeProject

/// Which lockfiles describe an app's dependencies.
///
/// Native dependencies: the nearest `Podfile.lock` above the app's project (or folder), and the
/// `Package.resolved` of its Xcode project or of a workspace beside it. JavaScript dependencies, only for
/// React Native, Expo, Capacitor and Cordova apps: the framework project's own lockfiles, else those of the
/// nearest workspace root above it (a `package.json` with `workspaces`, or `pnpm-workspace.yaml`). Dart
/// dependencies, only for Flutter apps: the project's `pubspec.lock`, else that of a pub workspace root
/// above it (`workspace:` in its `pubspec.yaml`). A lockfile further up that is no workspace's belongs to
/// another project: a plugin's example app never takes the repository's own lockfile.
struct LockfileLocator {
    let listed: Set<String>
    let read: (String) -> [UInt8]?
    /// Workspace and project `Package.resolved` files by the folder that holds the `.xcworkspace` or `.xcodeproj`.
    private let packageResolved: [String: [String]]

    init(files: [FileEntry], listed: Set<String>, read: @escaping (String) -> [UInt8]?) {
        self.listed = listed
        self.read = read
        var byFolder: [String: [String]] = [:]
        let suffix = "/xcshareddata/swiftpm/Package.resolved"
        for entry in files where entry.path.hasSuffix(suffix) {
            var container = String(entry.path.dropLast(suffix.count))
            // `App.xcodeproj/project.xcworkspace` belongs to the project's folder, like `App.xcworkspace`.
            if container.hasSuffix("/project.xcworkspace") { container = Paths.directory(of: container) }
            guard container.hasSuffix(".xcworkspace") || container.hasSuffix(".xcodeproj") else { continue }
            byFolder[Paths.directory(of: container), default: []].append(entry.path)
        }
        packageResolved = byFolder.mapValues { $0.sorted() }
    }

    func lockfiles(for app: App) -> [String] {
        var paths: [String] = []
        let nativeFolder = app.project.map { Paths.directory(of: $0) } ?? app.path
        if let podLock = nearest(["Podfile.lock"], above: nativeFolder) ?? nearest(["Podfile.lock"], above: app.path) {
            paths += podLock
        }
        // Swift packages resolve per project or workspace: those beside the app's project, or a plain
        // Package.resolved in its folder. One further up belongs to another project.
        if let resolved = packageResolved[nativeFolder] {
            paths += resolved
        } else if listed.contains(Paths.join(nativeFolder, "Package.resolved")) {
            paths.append(Paths.join(nativeFolder, "Package.resolved"))
        }
        let framework = app.framework
        if let root = framework.root {
            switch framework.kind {
            case .reactNative, .expo, .capacitor, .cordova:
                paths += nearest(Self.javascriptLockfiles, above: root, workspaceRoot: isJavaScriptWorkspace) ?? []
            case .flutter:
                paths += nearest(["pubspec.lock"], above: root, workspaceRoot: isPubWorkspace) ?? []
            case .native, .swiftui:
                break
            }
        }
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    static let javascriptLockfiles = ["package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml"]

    /// The files named `names` in the nearest folder (from `folder` up) that has at least one of them; with
    /// `workspaceRoot`, folders above `folder` count only when it says they are a workspace's root.
    private func nearest(_ names: [String], above folder: String, workspaceRoot: ((String) -> Bool)? = nil) -> [String]? {
        for candidate in ProjectFiles.lineage(of: folder) {
            let found = names.map { Paths.join(candidate, $0) }.filter(listed.contains)
            guard !found.isEmpty else { continue }
            if candidate != folder, let workspaceRoot, !workspaceRoot(candidate) { continue }
            return found
        }
        return nil
    }

    /// `package.json` declaring `workspaces` (npm, yarn), or `pnpm-workspace.yaml` beside it.
    private func isJavaScriptWorkspace(_ folder: String) -> Bool {
        if listed.contains(Paths.join(folder, "pnpm-workspace.yaml")) { return true }
        guard let bytes = read(Paths.join(folder, "package.json")) else { return false }
        return TextSearch.location(of: "\"workspaces\"", in: bytes, file: "") != nil
    }

    /// `pubspec.yaml` with a top-level `workspace:` list (Dart 3.5 pub workspaces).
    private func isPubWorkspace(_ folder: String) -> Bool {
        guard let bytes = read(Paths.join(folder, "pubspec.yaml")) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasPrefix("workspace:") || text.contains("\nworkspace:")
    }
}
