import XcodeProject

/// The tree's files as project descriptions need them: a folder's files by prefix search, and a source
/// entry expanded the way the generators put files into build phases.
struct DescribedFiles {
    /// Every listed path, sorted, so that a folder's files are one slice.
    let sorted: [String]
    let listed: Set<String>

    init(_ paths: [String]) {
        sorted = paths.sorted()
        listed = Set(paths)
    }

    func contains(_ path: String) -> Bool {
        listed.contains(path)
    }

    /// The files inside `folder` (all files for the root).
    func files(inside folder: String) -> ArraySlice<String> {
        sorted.slice(inside: folder, path: \.self)
    }

    /// Whether the path is a listed file or a folder holding some.
    func exists(_ path: String) -> Bool {
        listed.contains(path) || !files(inside: path).isEmpty
    }

    /// Source files (compiled, headers) and resources of a source path: one file, or a folder's files minus
    /// `excludes` and, when given, only those matching `includes` (globs relative to the folder).
    func expand(_ path: String, excludes: [String] = [], includes: [String] = []) -> (sources: [String], resources: [String]) {
        var sources: [String] = []
        var resources: [String] = []
        let candidates: [String] = listed.contains(path) ? [path] : Array(files(inside: path))
        for file in candidates {
            let relative = file == path ? Paths.fileName(of: file) : String(file.dropFirst(path.isEmpty ? 0 : path.count + 1))
            if excludes.contains(where: { Self.globMatches($0, relative) }) { continue }
            if !includes.isEmpty, !includes.contains(where: { Self.globMatches($0, relative) }) { continue }
            switch Self.role(of: file) {
            case .source: sources.append(file)
            case .resource: resources.append(file)
            case .none: break
            }
        }
        return (sources, resources)
    }

    /// The files a glob written relative to the tree's root names (`App/Sources/**`, `Sources/**/*.swift`,
    /// `App/Info.plist`): the folder before the first wildcard bounds the search, and the common shapes
    /// (`**`, `**/*.ext`, `*.ext`) are answered without the general matcher.
    func glob(_ pattern: String) -> [String] {
        if listed.contains(pattern) { return [pattern] }
        var fixed: [Substring] = []
        var rest: [Substring] = []
        for component in pattern.split(separator: "/") {
            if rest.isEmpty, !component.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" || $0 == "{" }) {
                fixed.append(component)
            } else {
                rest.append(component)
            }
        }
        let folder = fixed.joined(separator: "/")
        let inside = files(inside: folder)
        let prefixLength = folder.isEmpty ? 0 : folder.utf8.count + 1
        switch rest.count {
        case 0:
            return Array(inside)
        case 1 where rest[0] == "**":
            return Array(inside)
        case 2 where rest[0] == "**" && rest[1].hasPrefix("*.") && !rest[1].dropFirst(2).contains("*"):
            let suffix = String(rest[1].dropFirst())
            return inside.filter { $0.hasSuffix(suffix) }
        case 1 where rest[0].hasPrefix("*.") && !rest[0].dropFirst(2).contains("*"):
            let suffix = String(rest[0].dropFirst())
            return inside.filter { $0.hasSuffix(suffix) && !$0.utf8.dropFirst(prefixLength).contains(UInt8(ascii: "/")) }
        default:
            let relativePattern = rest.joined(separator: "/")
            return inside.filter { Glob.matches(relativePattern, String($0.utf8.dropFirst(prefixLength))!) }
        }
    }

    enum Role { case source, resource, none }

    /// How a generator files a path by its extension: compiled or a header, copied as a resource, or left
    /// out of every phase (Info.plist, xcconfig, entitlements, docs).
    static func role(of path: String) -> Role {
        let name = Paths.fileName(of: path)
        if name == "Info.plist" || name.hasSuffix("-Info.plist") { return .none }
        switch Paths.fileExtension(of: path) {
        case "swift", "m", "mm", "c", "cc", "cpp", "cxx", "h", "hpp": return .source
        case "xcconfig", "entitlements", "md", "modulemap", "pch", "yml", "yaml", "bazel", "bzl", "": return .none
        default: return .resource
        }
    }

    /// A glob as the generators write it, relative to the source folder: `**` crosses folders (bash
    /// globstar), `*` stays in one; a pattern that names a folder leaves out everything in it.
    static func globMatches(_ pattern: String, _ relative: String) -> Bool {
        if Glob.matches(pattern, relative) { return true }
        if pattern.hasSuffix("/**") || pattern.hasSuffix("/") {
            let folder = pattern.hasSuffix("/") ? String(pattern.dropLast()) : String(pattern.dropLast(3))
            if Glob.matches(folder, relative) || Glob.matches(folder + "/**", relative) { return true }
        }
        // `Tests` or `Tests/*` names a folder: everything in it is left out.
        if !pattern.contains("*"), Paths.isInside(relative, pattern) { return true }
        return false
    }
}
