import XcodeProject

/// Which lockfiles describe an app's dependencies.
///
/// Native dependencies: the nearest `Podfile.lock` above the app's project (or folder), and the
/// `Package.resolved` of its Xcode project or of a workspace beside it. JavaScript dependencies, only for React Native, Expo, Capacitor and Cordova
/// apps: the lockfiles of the nearest folder above the framework project that has any. Dart
/// dependencies, only for Flutter apps: the nearest `pubspec.lock` above the Flutter project.
struct LockfileLocator {
    let listed: Set<String>
    /// Workspace and project `Package.resolved` files by the folder that holds the `.xcworkspace` or `.xcodeproj`.
    private let packageResolved: [String: [String]]

    init(files: [FileEntry], listed: Set<String>) {
        self.listed = listed
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
                paths += nearest(["package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml"], above: root) ?? []
            case .flutter:
                paths += nearest(["pubspec.lock"], above: root) ?? []
            case .native, .swiftui:
                break
            }
        }
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// The files named `names` in the nearest folder (from `folder` up) that has at least one of them.
    private func nearest(_ names: [String], above folder: String) -> [String]? {
        for candidate in ProjectFiles.lineage(of: folder) {
            let found = names.map { Paths.join(candidate, $0) }.filter(listed.contains)
            if !found.isEmpty { return found }
        }
        return nil
    }
}
