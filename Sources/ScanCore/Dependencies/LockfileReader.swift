import Foundation
import XcodeProject
import YAML

/// A lockfile that cannot be read: the line (when known) and why.
package struct LockfileError: Error, Sendable, CustomStringConvertible {
    package let line: Int?
    package let message: String

    package var description: String { message }
}

/// Reads the resolved packages of each lockfile kind, as text or data: nothing from the repository runs.
package enum LockfileReader {
    package static func read(path: String, bytes: [UInt8]) throws(LockfileError) -> Lockfile {
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
        ByteLines.forEach(bytes) { number, line in
            guard let first = line.first else { return }
            if first != UInt8(ascii: " ") {
                inPods = line.starts(with: "PODS:".utf8)
                return
            }
            guard inPods, line.starts(with: "  - ".utf8) else { return }
            let entry = String(decoding: line.dropFirst(4), as: UTF8.self).trimmed(["\"", ":", " ", "\r"])
            guard let open = entry.firstIndex(of: "("), let close = entry.lastIndex(of: ")"), open < close else { return }
            let fullName = entry[..<open].trimmed([" ", "\""])
            let name = String(fullName.split(separator: "/").first ?? Substring(fullName))
            packages.append(LockedPackage(name: name, version: String(entry[entry.index(after: open)..<close]), line: number))
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
        // Lockfiles of large apps run to megabytes: their keys' lines come from one pass over the bytes,
        // making strings only of object keys (`"name": {`).
        var lineOfKey: [String: Int] = [:]
        ByteLines.forEach(bytes) { number, line in
            guard let quote = line.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
                line[quote] == UInt8(ascii: "\"")
            else { return }
            let rest = line[(quote + 1)...]
            guard let close = rest.firstIndex(of: UInt8(ascii: "\"")), line[(close + 1)...].starts(with: ": {".utf8) else { return }
            let key = String(decoding: rest[..<close], as: UTF8.self)
            if lineOfKey[key] == nil { lineOfKey[key] = number }
        }
        var packages: [LockedPackage] = []
        if let entries = object["packages"] as? [String: Any] {
            // Nested copies (`node_modules/a/node_modules/b`) are ignored: the hoisted one is what the app's
            // dependency resolves to and what autolinking links.
            for (key, value) in entries {
                guard let name = hoistedName(key), let entry = value as? [String: Any], let version = entry["version"] as? String else {
                    continue
                }
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

    /// The package a `packages` key installs when it is a hoisted copy: `node_modules/x`,
    /// `node_modules/@scope/x`, or a workspace's `apps/a/node_modules/x`; nil for the root (`""`), workspace
    /// folders and nested copies (`node_modules/a/node_modules/b`). Called for every key of lockfiles
    /// that run to thousands of entries, so it counts bytes instead of searching strings.
    static func hoistedName(_ key: String) -> String? {
        let prefix = "node_modules/"
        var name = Substring(key)
        if key.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count)
        } else if let range = key.range(of: "/" + prefix, options: .backwards) {
            name = key[range.upperBound...]
        } else {
            return nil
        }
        let slashes = name.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        guard !name.isEmpty, slashes == 0 || (slashes == 1 && name.hasPrefix("@")) else { return nil }
        return String(name)
    }

    /// `yarn.lock`, classic (`"name@^1", name@^1.1:` / `  version "1.2.3"`) and Berry
    /// (`"name@npm:^1":` / `  version: 1.2.3`). Berry's workspace entries (`@workspace:`) are skipped.
    static func yarnLock(_ bytes: [UInt8]) -> [LockedPackage] {
        var packages: [LockedPackage] = []
        var current: (name: String, line: Int)?
        ByteLines.forEach(bytes) { number, line in
            guard let first = line.first, first != UInt8(ascii: "#") else { return }
            if first != UInt8(ascii: " ") {
                current = nil
                let header = String(decoding: line, as: UTF8.self).trimmed(["\r"])
                guard header.hasSuffix(":"), !header.hasPrefix("__metadata") else { return }
                let first = header.dropLast().split(separator: ",").first.map { $0.trimmed([" ", "\""]) } ?? ""
                guard let name = packageName(ofSpecifier: first), !first.contains("@workspace:") else { return }
                current = (name, number)
                return
            }
            guard let entry = current else { return }
            let trimmed = line.drop { $0 == UInt8(ascii: " ") }
            guard trimmed.starts(with: "version ".utf8) || trimmed.starts(with: "version:".utf8) else { return }
            let version = String(decoding: trimmed.dropFirst("version".count), as: UTF8.self).trimmed([" ", ":", "\"", "\r"])
            packages.append(LockedPackage(name: entry.name, version: version, line: entry.line))
            current = nil
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

}

/// Lines of a byte buffer without decoding it: the 1-based number and the bytes before the line break.
enum ByteLines {
    static func forEach(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            var number = 1
            while start <= buffer.count {
                let remaining = buffer.count - start
                let end: Int
                if remaining > 0, let found = memchr(base + start, 0x0A, remaining) {
                    end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                } else {
                    end = buffer.count
                }
                body(number, bytes[start..<end])
                start = end + 1
                number += 1
            }
        }
    }
}

extension Substring {
    func trimmed(_ set: Set<Character>) -> String {
        String(self).trimmed(set)
    }
}
