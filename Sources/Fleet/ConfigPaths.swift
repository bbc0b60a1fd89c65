import Foundation
import Git
import Results

/// Path helpers for config values.
enum ConfigPaths {
    static func resolve(_ path: String, against folder: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (folder == "." ? FileManager.default.currentDirectoryPath : folder) + "/" + path
        let standardized = standardized(absolute)
        return standardized.count > 1 && standardized.hasSuffix("/") ? String(standardized.dropLast()) : standardized
    }

    /// `URL(fileURLWithPath: path).standardizedFileURL.path`. An absolute path of plain names (no empty,
    /// `.` or `..` segment, nothing URL syntax escapes) is already standard, less a trailing slash;
    /// Foundation takes 35,000 instructions to say so, and config validation asks twice a repository.
    static func standardized(_ path: String) -> String {
        var text = path
        let plain = text.withUTF8 { bytes -> Bool in
            guard bytes.first == UInt8(ascii: "/") else { return false }
            let segments = bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            for (index, segment) in segments.enumerated() {
                // Only the last segment may be empty (a trailing slash).
                if segment.isEmpty, index == segments.count - 1 { continue }
                guard !segment.isEmpty, !segment.allSatisfy({ $0 == UInt8(ascii: ".") }) else { return false }
            }
            return bytes.allSatisfy { byte in
                RepoKey.isSafeByte(byte) || byte == UInt8(ascii: "/")
            }
        }
        guard plain else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        return path.utf8.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    static func expandingHome(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }

    /// What git is handed for a configured URL: local paths (plain or file://) become absolute paths.
    static func location(of url: String, folder: String, environment: [String: String]) -> String {
        let parsed = GitURL(url)
        guard parsed.isLocal, let path = parsed.localPath else { return url }
        return resolve(expandingHome(path, environment), against: folder)
    }

    /// `path.split(separator: "/")`, by bytes in plain ASCII (config validation splits every repository's
    /// path, and a split by Characters is several times slower).
    static func components(of path: String) -> [String] {
        guard path.isPlainASCII else { return path.split(separator: "/").map(String.init) }
        var path = path
        return path.withUTF8 { bytes in
            bytes.split(separator: UInt8(ascii: "/")).map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
        }
    }

    /// `apps/` → `apps`.
    static func folder(_ path: String) -> String {
        var path = path
        while path.hasSuffix("/") { path.removeLast() }
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    /// `acme/shop-ios` for a URL, `wallet` for a local path.
    static func defaultName(for location: String) -> String {
        let url = GitURL(location)
        var components: [String]
        if let path = url.localPath {
            components = Self.components(of: path)
            if components.last == ".git" { components.removeLast() }
            components = Array(components.suffix(1))
        } else {
            components = Array(Self.components(of: RepoKey.path(of: location)).suffix(2))
        }
        if let last = components.popLast() { components.append(RepoKey.withoutGitSuffix(last)) }
        let name = components.joined(separator: "/")
        return name.isEmpty ? location : name
    }
}
