import XcodeProject

/// Which paths a scan skips: vendored and generated folders by name, plus user globs.
public struct PathFilter: Sendable, Hashable {
    /// Folders never scanned by default: dependencies, build output, VCS data.
    public static let defaultSkippedFolders: Set<String> = [
        "Pods", "node_modules", "build", "DerivedData", ".build", "Carthage", ".git", ".svn", ".hg",
        ".symlinks", "xcuserdata", ".swiftpm", ".gradle", ".dart_tool", ".pub-cache", "bower_components",
    ]

    public var skippedFolders: Set<String>
    /// Globs (`**/Generated/**`, `**/*.generated.swift`) matched against root-relative paths.
    public var excludeGlobs: [String]
    /// When set, only paths inside one of these folders are scanned.
    public var onlyFolders: [String]

    public init(skippedFolders: Set<String> = PathFilter.defaultSkippedFolders, excludeGlobs: [String] = [], onlyFolders: [String] = []) {
        self.skippedFolders = skippedFolders
        self.excludeGlobs = excludeGlobs
        self.onlyFolders = onlyFolders
    }

    /// Whether the walk should descend into a folder (root-relative path, folder name).
    public func descends(into path: String, name: String) -> Bool {
        if skippedFolders.contains(name) { return false }
        if !onlyFolders.isEmpty, !onlyFolders.contains(where: { Self.overlaps(path, $0) }) { return false }
        return !excludeGlobs.contains { Glob.matches($0, path + "/") || Glob.matches($0, path) }
    }

    /// Framework manifests and lockfiles that describe the folders below them. With `onlyFolders`, those in
    /// the limits' ancestor folders are still listed: an app under `apps/shop/ios` takes its framework and
    /// version from `apps/shop/package.json` and the workspace root's lockfile.
    public static let contextFileNames: Set<String> = [
        "package.json", "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "app.json", "app.config.json", "pubspec.yaml",
        "pubspec.lock", ".fvmrc", ".metadata", "config.xml", "platforms.json", "Podfile.lock",
    ]

    public func keeps(file path: String) -> Bool {
        if !onlyFolders.isEmpty, !onlyFolders.contains(where: { Self.isInside(path, $0) }) {
            let folder = Paths.directory(of: path)
            guard Self.contextFileNames.contains(Paths.fileName(of: path)),
                onlyFolders.contains(where: { Self.isInside($0, folder) })
            else { return false }
        }
        return !excludeGlobs.contains { Glob.matches($0, path) }
    }

    /// Whether an app found in the listing belongs to the scan: with `onlyFolders`, apps inside a limit,
    /// and apps a limit points into (`--path App/Sources`). An app generated from a manifest in an
    /// ancestor folder counts only when its whole project is inside a limit.
    public func keeps(app path: String, generated: Bool) -> Bool {
        if onlyFolders.isEmpty { return true }
        return onlyFolders.contains { limit in Self.isInside(path, limit) || (!generated && Self.isInside(limit, path) && !path.isEmpty) }
    }

    /// A folder overlaps a limit when one holds the other.
    private static func overlaps(_ folder: String, _ limit: String) -> Bool {
        isInside(folder, limit) || isInside(limit, folder)
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        let folder = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        if folder.isEmpty || folder == "." { return true }
        return path == folder || path.hasPrefix(folder + "/")
    }
}

/// Minimal glob matching for paths: `**` crosses folders, `*` and `?` stay within one.
public enum Glob {
    public static func matches(_ pattern: String, _ path: String) -> Bool {
        match(Array(pattern.utf8)[...], Array(path.utf8)[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
        var pattern = pattern
        var path = path
        while let head = pattern.first {
            if head == UInt8(ascii: "*") {
                let isDouble = pattern.dropFirst().first == UInt8(ascii: "*")
                var rest = pattern.dropFirst(isDouble ? 2 : 1)
                if isDouble, rest.first == UInt8(ascii: "/") {
                    // `**/` also matches no folder at all.
                    if match(rest.dropFirst(), path) { return true }
                    rest = rest[...]
                }
                var candidate = path
                while true {
                    if match(rest, candidate) { return true }
                    guard let next = candidate.first else { return false }
                    if !isDouble, next == UInt8(ascii: "/") { return false }
                    candidate = candidate.dropFirst()
                }
            }
            guard let current = path.first else { return false }
            if head != UInt8(ascii: "?"), head != current { return false }
            if head == UInt8(ascii: "?"), current == UInt8(ascii: "/") { return false }
            pattern = pattern.dropFirst()
            path = path.dropFirst()
        }
        return path.isEmpty
    }
}
