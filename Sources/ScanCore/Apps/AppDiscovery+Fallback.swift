import XcodeProject

/// Apps where no project covers a folder: recognised by an app Info.plist, sources beside it.
extension AppDiscovery {
    /// Info.plists of apps that no project in the tree covers: generated projects (XcodeGen, Tuist) or
    /// partial checkouts. The app's sources are the files under the plist's folder. A plist a project's app
    /// already uses is that app's, even outside the project's folder (a path spelled with other capitals).
    mutating func fallbackApps(besides projectApps: [App]) -> [App] {
        let covered = projects.map(\.sourceRoot)
        let used = Set(projectApps.flatMap { $0.infoPlists.compactMap(\.file) })
        var apps: [App] = []
        var claimed: [String] = []
        // Shallowest first, so an app's folder claims the plists nested in it.
        let candidates = tree.files.filter { entry in
            let name = Paths.fileName(of: entry.path)
            return (name == "Info.plist" || name.hasSuffix("-Info.plist"))
                && !covered.contains { Paths.isInside(entry.path, $0) } && !used.contains(entry.path)
        }.sorted { ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path) }
        for entry in candidates {
            guard let bytes = tree.read(entry.path),
                let parsed = try? PropertyListReader.read(bytes),
                let values = parsed.value.dictionary,
                Self.looksLikeAppPlist(values)
            else { continue }
            let folder = Paths.directory(of: entry.path)
            if claimed.contains(where: { Paths.isInside(folder, $0) }) { continue }
            claimed.append(folder)
            let sources = tree.files.map(\.path).filter {
                Paths.isInside($0, folder) && Self.sourceExtensions.contains(Paths.fileExtension(of: $0))
            }
            let resources = tree.files.map(\.path).filter {
                Paths.isInside($0, folder) && ["storyboard", "xib"].contains(Paths.fileExtension(of: $0))
            }
            let plist = InfoPlist(
                file: entry.path, configurations: [], values: values, generatedKeys: [:],
                keyPositions: parsed.format == .xml ? PlistKeyLines.positions(in: bytes) : [:],
                location: Location(file: entry.path, line: 1))
            let name = Paths.fileName(of: entry.path)
            let target =
                name.hasSuffix("-Info.plist")
                ? String(name.dropLast("-Info.plist".count))
                : (folder.isEmpty ? "App" : Paths.fileName(of: folder))
            let families = Set(
                (values["UIDeviceFamily"]?.array ?? []).compactMap { value -> Int? in
                    if case .integer(let number) = value { return number }
                    return value.string.flatMap { Int($0) }
                })
            let platforms: Set<Platform> = families.contains(3) ? [.tvOS] : [.iOS]
            apps.append(
                App(
                    path: folder, target: target, platforms: platforms, project: nil,
                    declaration: Location(file: entry.path, line: 1),
                    moduleName: BuildSettingsName.module(from: target), sourceFiles: sources, resourceFiles: resources,
                    infoPlists: [plist], deploymentTargets: [], deviceFamilies: families.isEmpty ? [1] : families,
                    unreadable: []))
        }
        return apps
    }
}
