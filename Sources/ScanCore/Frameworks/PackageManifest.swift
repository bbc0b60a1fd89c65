import Foundation
import XcodeProject

/// A `package.json`: its dependencies (with devDependencies) and workspaces.
struct PackageManifest {
    let path: String
    let bytes: [UInt8]
    let name: String?
    /// Dependency name → requirement as written; `dependencies` win over `devDependencies`.
    let dependencies: [String: String]

    var folder: String { Paths.directory(of: path) }

    init?(path: String, bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        self.path = path
        self.bytes = bytes
        name = object["name"] as? String
        var dependencies: [String: String] = [:]
        for section in ["peerDependencies", "devDependencies", "dependencies"] {
            for (key, value) in object[section] as? [String: Any] ?? [:] {
                if let requirement = value as? String { dependencies[key] = requirement }
            }
        }
        self.dependencies = dependencies
    }

    /// Where a dependency's requirement is written: the `"name":` line.
    func location(of dependency: String) -> Location? {
        TextSearch.location(of: "\"\(dependency)\"", in: bytes, file: path, after: "ependencies\"")
            ?? TextSearch.location(of: "\"\(dependency)\"", in: bytes, file: path)
    }
}

/// Resolves a dependency's requirement to the version a lockfile pins.
enum Lockfiles {
    /// The pinned version of `name` for the package in `packageFolder`, from the nearest lockfile.
    static func resolve(_ name: String, requirement: String, packageFolder: String, files: ProjectFiles) -> String? {
        for folder in ProjectFiles.lineage(of: packageFolder) {
            let relative = packageFolder == folder ? "" : String(packageFolder.dropFirst(folder.isEmpty ? 0 : folder.count + 1))
            if let path = files.first(of: ["package-lock.json", "npm-shrinkwrap.json"], in: folder), let bytes = files.read(path),
                let version = npmLock(bytes, name: name, relative: relative)
            {
                return version
            }
            if let path = files.first(of: ["yarn.lock"], in: folder), let bytes = files.read(path),
                let version = yarnLock(bytes, name: name, requirement: requirement)
            {
                return version
            }
            if let path = files.first(of: ["pnpm-lock.yaml"], in: folder), let bytes = files.read(path),
                let version = pnpmLock(bytes, name: name, relative: relative)
            {
                return version
            }
        }
        return nil
    }

    /// `package-lock.json` v2/v3 (`packages`) or v1 (`dependencies`).
    static func npmLock(_ bytes: [UInt8], name: String, relative: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        if let packages = object["packages"] as? [String: Any] {
            let keys = (relative.isEmpty ? [] : ["\(relative)/node_modules/\(name)"]) + ["node_modules/\(name)"]
            for key in keys {
                if let entry = packages[key] as? [String: Any], let version = entry["version"] as? String { return version }
            }
        }
        if let dependencies = object["dependencies"] as? [String: Any], let entry = dependencies[name] as? [String: Any] {
            return entry["version"] as? String
        }
        return nil
    }

    /// `yarn.lock`, classic (`name@range, name@range:` / `  version "x"`) and Berry (`"name@npm:range":` / `  version: x`).
    static func yarnLock(_ bytes: [UInt8], name: String, requirement: String) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        var matching = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" "), !line.hasPrefix("#"), line.hasSuffix(":") {
                let specifiers = line.dropLast().split(separator: ",").map {
                    String($0).trimmingCharacters(in: " \"")
                }
                matching = specifiers.contains { specifier in
                    specifier == "\(name)@\(requirement)" || specifier == "\(name)@npm:\(requirement)"
                }
                continue
            }
            guard matching else { continue }
            let trimmed = String(line).trimmingCharacters(in: " ")
            if trimmed.hasPrefix("version ") || trimmed.hasPrefix("version:") {
                return String(trimmed.dropFirst("version".count)).trimmingCharacters(in: " :\"")
            }
        }
        return nil
    }

    /// `pnpm-lock.yaml`: `importers.<relative or .>.dependencies.<name>.version` (v6+) or the plain
    /// `dependencies.<name>` of older versions. Peer suffixes `1.2.3(react@18)` are dropped.
    static func pnpmLock(_ bytes: [UInt8], name: String, relative: String) -> String? {
        guard let root = try? YAMLParserBridge.parse(bytes) else { return nil }
        var candidates: [YAMLLookup] = []
        for importer in [relative.isEmpty ? "." : relative, "."] {
            for section in ["dependencies", "devDependencies"] {
                candidates.append(YAMLLookup(path: ["importers", importer, section, name]))
            }
        }
        for section in ["dependencies", "devDependencies"] {
            candidates.append(YAMLLookup(path: [section, name]))
        }
        for candidate in candidates {
            guard let value = candidate.find(in: root) else { continue }
            let text = value.scalarText ?? value.child("version")?.scalarText
            if let text, let version = text.split(separator: "(").first.map(String.init), !version.isEmpty {
                return version
            }
        }
        return nil
    }

    /// `Podfile.lock`: the version of a pod (`  - React-Core (0.72.6):`).
    static func podVersion(_ bytes: [UInt8], pod: String) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let prefix = "  - \(pod) ("
        for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
            let rest = line.dropFirst(prefix.count)
            if let close = rest.firstIndex(of: ")") { return String(rest[..<close]) }
        }
        return nil
    }
}
