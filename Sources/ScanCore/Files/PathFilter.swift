import XcodeProject

/// Which paths a scan skips: vendored and generated folders by name, plus user globs.
package struct PathFilter: Sendable, Hashable {
    /// Folders never scanned by default: dependencies, build output, VCS data.
    package static let defaultSkippedFolders: Set<String> = [
        "Pods", "node_modules", "build", "DerivedData", ".build", "Carthage", ".git", ".svn", ".hg",
        ".symlinks", "xcuserdata", ".swiftpm", ".gradle", ".dart_tool", ".pub-cache", "bower_components",
    ]

    package var skippedFolders: Set<String>
    /// Globs (`**/Generated/**`, `**/*.generated.swift`) matched against root-relative paths.
    package var excludeGlobs: [String]
    /// When set, only paths inside one of these folders are scanned.
    package var onlyFolders: [String]
    /// Whether apps inside third-party code (`vendor/`, `third_party/`, submodules…) count in the totals and
    /// the exit status like the team's own; by default they are reported apart and not counted.
    package var countsVendoredApps = false

    package init(skippedFolders: Set<String> = PathFilter.defaultSkippedFolders, excludeGlobs: [String] = [], onlyFolders: [String] = []) {
        self.skippedFolders = skippedFolders
        self.excludeGlobs = excludeGlobs
        self.onlyFolders = onlyFolders
    }

    /// Whether the walk should descend into a folder (root-relative path, folder name).
    package func descends(into path: String, name: String) -> Bool {
        if skippedFolders.contains(name) { return false }
        if !onlyFolders.isEmpty, !onlyFolders.contains(where: { Self.overlaps(path, $0) }), !Self.isCIFolder(path) { return false }
        return !excludeGlobs.contains { Glob.matches($0, path + "/") || Glob.matches($0, path) }
    }

    /// Framework manifests and lockfiles that describe the folders below them. With `onlyFolders`, those in
    /// the limits' ancestor folders are still listed: an app under `apps/shop/ios` takes its framework and
    /// version from `apps/shop/package.json` and the workspace root's lockfile.
    package static let contextFileNames: Set<String> = [
        "package.json", "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "app.json", "app.config.json", "pubspec.yaml",
        "pubspec.lock", ".fvmrc", ".metadata", "config.xml", "platforms.json", "Podfile.lock",
        // Files that pin the Xcode the apps below them build with.
        "eas.json", ".xcode-version", "bitrise.yml", "bitrise.yaml", "codemagic.yaml", "codemagic.yml", ".gitlab-ci.yml",
    ]

    /// Root folders of repository-wide CI configuration (and local composite actions below
    /// `.github/actions`): with `onlyFolders`, their Xcode pin files are still listed, since they build the
    /// apps inside the limits too.
    static func isCIFolder(_ path: String) -> Bool {
        path == ".github" || path == ".github/workflows" || path == ".circleci" || path == ".github/actions"
            || path.hasPrefix(".github/actions/")
    }

    package func keeps(file path: String) -> Bool {
        if !onlyFolders.isEmpty, !onlyFolders.contains(where: { Self.isInside(path, $0) }) {
            let folder = Paths.directory(of: path)
            if Self.isCIFolder(folder), ToolchainPins.isPinFile(path) { return !excludeGlobs.contains { Glob.matches($0, path) } }
            guard Self.contextFileNames.contains(Paths.fileName(of: path)),
                onlyFolders.contains(where: { Self.isInside($0, folder) })
            else { return false }
        }
        return !excludeGlobs.contains { Glob.matches($0, path) }
    }

    /// Whether an app found in the listing belongs to the scan: with `onlyFolders`, apps inside a limit,
    /// and apps a limit points into (`--path App/Sources`). An app generated from a manifest in an
    /// ancestor folder counts only when its whole project is inside a limit.
    package func keeps(app path: String, generated: Bool) -> Bool {
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
package enum Glob {
    package static func matches(_ pattern: String, _ path: String) -> Bool {
        // The whole-pattern attempt needs no memo entry: most patterns fail there, without any retry.
        var matcher = GlobMatcher(pattern: Array(pattern.utf8), path: Array(path.utf8))
        return matcher.matchFrom(0, 0)
    }
}

/// Backtracking over the ways each `*` can split the path, remembering the (pattern, path) positions
/// already known not to match. Without the memo, a pattern like `**a**a**a…` against a deep path tries
/// exponentially many splits: one CODEOWNERS line of 43 bytes kept an owners lookup busy for over 100 s
/// (found by scripts/fuzz codeowners). With it, each position pair is tried once.
private struct GlobMatcher {
    let pattern: [UInt8]
    let path: [UInt8]
    private var failures: Set<Int> = []

    init(pattern: [UInt8], path: [UInt8]) {
        self.pattern = pattern
        self.path = path
    }

    mutating func match(_ patternStart: Int, _ pathStart: Int) -> Bool {
        let key = patternStart * (path.count + 1) + pathStart
        if failures.contains(key) { return false }
        if matchFrom(patternStart, pathStart) { return true }
        failures.insert(key)
        return false
    }

    mutating func matchFrom(_ patternStart: Int, _ pathStart: Int) -> Bool {
        let star = UInt8(ascii: "*")
        let slash = UInt8(ascii: "/")
        let question = UInt8(ascii: "?")
        var p = patternStart
        var s = pathStart
        while p < pattern.count {
            let head = pattern[p]
            if head == star {
                let isDouble = p + 1 < pattern.count && pattern[p + 1] == star
                let rest = p + (isDouble ? 2 : 1)
                // `**/` also matches no folder at all.
                if isDouble, rest < pattern.count, pattern[rest] == slash, match(rest + 1, s) { return true }
                var candidate = s
                while true {
                    if match(rest, candidate) { return true }
                    guard candidate < path.count else { return false }
                    if !isDouble, path[candidate] == slash { return false }
                    candidate += 1
                }
            }
            guard s < path.count else { return false }
            let current = path[s]
            if head != question, head != current { return false }
            if head == question, current == slash { return false }
            p += 1
            s += 1
        }
        return s == path.count
    }
}
