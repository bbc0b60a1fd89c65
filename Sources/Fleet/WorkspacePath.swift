import Foundation

/// Whether a configured `workspace` can hold mirrors and runs: refused before any sweep touches it, as a
/// config error at its line and column, instead of a raw error from deep inside a sweep.
enum WorkspacePath {
    /// Folders of the system itself, never a workspace (folders inside most of them are fine).
    static let systemFolders: Set<String> = [
        "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin", "/sys", "/usr", "/var",
    ]
    /// Pseudo file systems: nothing under them is a place to keep files.
    static let pseudoFileSystems = ["/dev", "/proc", "/sys"]

    /// Why `written` (the value as written, resolved against the config's `folder`) cannot be a
    /// workspace, or nil when it can.
    static func problem(_ written: String, folder: String, environment: [String: String]) -> String? {
        if written.trimmingCharacters(in: .whitespaces).isEmpty {
            return "empty path; name a folder for mirrors and runs, such as .scenesweep"
        }
        let resolved = ConfigPaths.resolve(ConfigPaths.expandingHome(written, environment), against: folder)
        if resolved == "/" {
            return "'\(written)' is the root of the file system; name a folder of its own, such as /var/lib/scenesweep"
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), !isFolder.boolValue {
            let type = (try? FileManager.default.attributesOfItem(atPath: resolved)[.type]) as? FileAttributeType
            return type == .typeRegular ? "'\(written)' is a file, not a folder" : "'\(written)' is not a folder"
        }
        if systemFolders.contains(resolved) || pseudoFileSystems.contains(where: { resolved.hasPrefix($0 + "/") }) {
            return "'\(written)' is a system folder; name a folder of its own, such as /var/lib/scenesweep"
        }
        // A file on the way: the sweep could create nothing below it.
        let components = written.split(separator: "/", omittingEmptySubsequences: true)
        for count in 1..<max(1, components.count) {
            let part = (written.hasPrefix("/") ? "/" : "") + components.prefix(count).joined(separator: "/")
            let path = ConfigPaths.resolve(ConfigPaths.expandingHome(part, environment), against: folder)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                return "'\(written)' is inside '\(part)', which is a file"
            }
        }
        return nil
    }
}
