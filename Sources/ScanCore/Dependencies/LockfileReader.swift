import Foundation
import XcodeProject
import YAML

/// A lockfile that cannot be read: the line (when known) and why.
public struct LockfileError: Error, Sendable, CustomStringConvertible {
    public let line: Int?
    public let message: String

    public var description: String { message }
}

/// Reads the resolved packages of each lockfile kind, as text or data: nothing from the repository runs.
public enum LockfileReader {
    public static func read(path: String, bytes: [UInt8]) throws(LockfileError) -> Lockfile {
        let name = Paths.fileName(of: path)
        let packages: [LockedPackage]
        switch name {
        case "Podfile.lock": packages = podfileLock(bytes)
        case "Package.resolved": packages = try packageResolved(bytes)
        case "package-lock.json", "npm-shrinkwrap.json": packages = try npmLock(bytes)
        case "yarn.lock": packages = yarnLock(bytes)
        case "pnpm-lock.yaml": packages = try pnpmLock(bytes)
        case "pubspec.lock": packages = try pubspecLock(bytes)
        default: throw LockfileError(line: nil, message: "not a lockfile this scan reads")
        }
        guard let ecosystem = Lockfile.ecosystem(ofFileNamed: name) else {
            throw LockfileError(line: nil, message: "not a lockfile this scan reads")
        }
        return Lockfile(path: path, ecosystem: ecosystem, packages: packages)
    }

    /// `Podfile.lock`: the `PODS:` section's top entries, `  - Name (1.2.3)` or `  - Name/Subspec (1.2.3):`.
    /// Subspecs count as their pod; the four-space lines below an entry are its requirements, not pods.
    static func podfileLock(_ bytes: [UInt8]) -> [LockedPackage] {
        var packages: [LockedPackage] = []
        var inPods = false
        for (index, line) in lines(bytes).enumerated() {
            if !line.hasPrefix(" ") {
                inPods = line.hasPrefix("PODS:")
                continue
            }
            guard inPods, line.hasPrefix("  - ") else { continue }
            let entry = line.dropFirst(4).trimmed(["\"", ":", " "])
            guard let open = entry.firstIndex(of: "("), let close = entry.lastIndex(of: ")"), open < close else { continue }
            let fullName = entry[..<open].trimmed([" ", "\""])
            let name = String(fullName.split(separator: "/").first ?? Substring(fullName))
            let version = String(entry[entry.index(after: open)..<close])
            packages.append(LockedPackage(name: name, version: version, line: index + 1))
        }
        return packages
    }

    /// `Package.resolved` v1 (`object.pins[].package`/`repositoryURL`) and v2/v3 (`pins[].identity`/`location`).
    /// Packages are named by identity: the repository URL's last component, lowercased, without `.git`.
    static func packageResolved(_ bytes: [UInt8]) throws(LockfileError) -> [LockedPackage] {
        let object = try jsonObject(bytes)
        let pins = (object["pins"] as? [[String: Any]]) ?? ((object["object"] as? [String: Any])?["pins"] as? [[String: Any]]) ?? []
        let text = String(decoding: bytes, as: UTF8.self)
        return pins.compactMap { pin in
            guard let state = pin["state"] as? [String: Any], let version = state["version"] as? String else { return nil }
            let url = (pin["location"] as? String) ?? (pin["repositoryURL"] as? String) ?? ""
            let identity = (pin["identity"] as? String) ?? identityOf(url: url)
            guard !identity.isEmpty else { return nil }
            let line = TextSearch.location(of: "\"\(url)\"", in: Array(text.utf8), file: "").map(\.line)
            return LockedPackage(name: identity.lowercased(), version: version, line: line)
        }
    }

    /// `https://github.com/getsentry/sentry-cocoa.git` → `sentry-cocoa`.
    static func identityOf(url: String) -> String {
        var last = url.split(separator: "/").last.map(String.init) ?? ""
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// `package-lock.json` / `npm-shrinkwrap.json`: v2/v3 `packages["node_modules/<name>"]` (the hoisted copy
    /// before nested ones) or v1 `dependencies.<name>`.
    static func npmLock(_ bytes: [UInt8]) throws(LockfileError) -> [LockedPackage] {
        let object = try jsonObject(bytes)
        var lineOfKey: [String: Int] = [:]
        for (index, line) in lines(bytes).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("\"node_modules/") || trimmed.hasPrefix("\""), let close = trimmed.dropFirst().firstIndex(of: "\"")
            else {
                continue
            }
            let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            if lineOfKey[key] == nil { lineOfKey[key] = index + 1 }
        }
        var packages: [LockedPackage] = []
        if let entries = object["packages"] as? [String: Any] {
            // Nested copies (`node_modules/a/node_modules/b`) are ignored: the hoisted one is what the app's
            // dependency resolves to and what autolinking links.
            for (key, value) in entries {
                guard key.hasPrefix("node_modules/") || key.contains("/node_modules/") else { continue }
                let name = String(key[key.range(of: "node_modules/", options: .backwards)!.upperBound...])
                let nested = key.dropFirst("node_modules/".count).contains("node_modules/")
                guard !nested, let entry = value as? [String: Any], let version = entry["version"] as? String else { continue }
                packages.append(LockedPackage(name: name, version: version, line: lineOfKey[key]))
            }
        } else if let dependencies = object["dependencies"] as? [String: Any] {
            for (name, value) in dependencies {
                guard let entry = value as? [String: Any], let version = entry["version"] as? String else { continue }
                packages.append(LockedPackage(name: name, version: version, line: lineOfKey[name]))
            }
        }
        return packages
    }

    /// `yarn.lock`, classic (`"name@^1", name@^1.1:` / `  version "1.2.3"`) and Berry
    /// (`"name@npm:^1":` / `  version: 1.2.3`). Berry's workspace entries (`@workspace:`) are skipped.
    static func yarnLock(_ bytes: [UInt8]) -> [LockedPackage] {
        var packages: [LockedPackage] = []
        var current: (name: String, line: Int)?
        for (index, line) in lines(bytes).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            if !line.hasPrefix(" ") {
                current = nil
                guard line.hasSuffix(":"), !line.hasPrefix("__metadata") else { continue }
                let first = line.dropLast().split(separator: ",").first.map { $0.trimmed([" ", "\""]) } ?? ""
                guard let name = packageName(ofSpecifier: first), !first.contains("@workspace:") else { continue }
                current = (name, index + 1)
                continue
            }
            guard let entry = current else { continue }
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("version ") || trimmed.hasPrefix("version:") {
                let version = trimmed.dropFirst("version".count).trimmed([" ", ":", "\""])
                packages.append(LockedPackage(name: entry.name, version: version, line: entry.line))
                current = nil
            }
        }
        return packages
    }

    /// `name@range` → `name`, `@scope/name@npm:range` → `@scope/name`.
    static func packageName(ofSpecifier specifier: String) -> String? {
        let searchStart = specifier.hasPrefix("@") ? specifier.index(after: specifier.startIndex) : specifier.startIndex
        guard let at = specifier[searchStart...].firstIndex(of: "@") else { return nil }
        let name = String(specifier[..<at])
        return name.isEmpty ? nil : name
    }

    /// `pnpm-lock.yaml`: the `packages` keys of every lockfile version (`/name/1.2.3` in v5, `/name@1.2.3`
    /// in v6, `name@1.2.3` in v9, each maybe followed by a peer suffix `(react@18.2.0)` or `_react@18`).
    static func pnpmLock(_ bytes: [UInt8]) throws(LockfileError) -> [LockedPackage] {
        let root = try yaml(bytes)
        var packages: [LockedPackage] = []
        for section in ["packages", "snapshots"] {
            for (key, mark) in root[section]?.keys ?? [] {
                guard let (name, version) = pnpmKey(key) else { continue }
                packages.append(LockedPackage(name: name, version: version, line: mark.line))
            }
        }
        return packages
    }

    static func pnpmKey(_ key: String) -> (String, String)? {
        var text = Substring(key)
        if let paren = text.firstIndex(of: "(") { text = text[..<paren] }
        if text.hasPrefix("/") { text = text.dropFirst() }
        // v5: name/version, maybe with `_peer@version` after the version.
        if let slash = text.lastIndex(of: "/") {
            let version = String(text[text.index(after: slash)...].prefix { $0 != "_" })
            if PackageVersion(version) != nil { return (String(text[..<slash]), version) }
        }
        // v6+: name@version (a scope's @ comes first).
        let searchStart = text.hasPrefix("@") ? text.index(after: text.startIndex) : text.startIndex
        if let at = text[searchStart...].lastIndex(of: "@") {
            let version = String(text[text.index(after: at)...])
            if PackageVersion(version) != nil { return (String(text[..<at]), version) }
        }
        return nil
    }

    /// `pubspec.lock`: `packages.<name>.version`.
    static func pubspecLock(_ bytes: [UInt8]) throws(LockfileError) -> [LockedPackage] {
        let root = try yaml(bytes)
        return (root["packages"]?.mapping ?? []).compactMap { pair in
            guard let name = pair.key.scalar?.text, let version = pair.value["version"]?.scalar?.text else { return nil }
            return LockedPackage(name: name, version: version, line: pair.key.mark.line)
        }
    }

    private static func jsonObject(_ bytes: [UInt8]) throws(LockfileError) -> [String: Any] {
        do {
            guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
                throw LockfileError(line: nil, message: "not a JSON object")
            }
            return object
        } catch let error as LockfileError {
            throw error
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            throw LockfileError(line: ManifestProblems.number(after: "line ", in: description), message: "not valid JSON")
        }
    }

    private static func yaml(_ bytes: [UInt8]) throws(LockfileError) -> Node {
        do {
            return try YAMLParser(maximumNodes: 5_000_000, maximumDepth: 64).parse(bytes)
        } catch let error as YAMLError {
            throw LockfileError(line: error.mark.line, message: "not valid YAML: \(error.message)")
        } catch {
            throw LockfileError(line: nil, message: "not valid YAML")
        }
    }

    private static func lines(_ bytes: [UInt8]) -> [Substring] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
    }
}

extension Substring {
    func trimmed(_ set: Set<Character>) -> String {
        String(self).trimmed(set)
    }
}
