import Foundation
import XcodeProject

/// Third-party code kept in the repository: CocoaPods and Carthage checkouts, `vendor/`, `third_party/`,
/// `Local Pods/`, git submodules. Apps inside it are the vendors' example and demo apps, not the team's:
/// they are reported apart as vendored and left out of totals unless a scan counts them.
struct VendoredCode {
    /// Folder names (compared case-insensitively) whose contents are third-party code.
    static let folderNames: Set<String> = [
        "pods", "local pods", "carthage", "vendor", "vendors", "vendored", "third_party", "third-party", "thirdparty", "3rdparty",
        "3rd-party", "external", "externals", "node_modules", "bower_components", "submodules",
    ]

    /// Submodule paths from the root `.gitmodules` (`path = …` lines).
    let submodules: [String]

    init(gitmodules: [UInt8]?) {
        var paths: [String] = []
        for line in String(decoding: gitmodules ?? [], as: UTF8.self).split(separator: "\n") {
            let trimmed = line.trimmingSpaces()
            guard trimmed.hasPrefix("path"), let equals = trimmed.firstIndex(of: "=") else { continue }
            guard trimmed[..<equals].trimmingSpaces() == "path" else { continue }
            let value = trimmed[trimmed.index(after: equals)...].trimmingSpaces().trimmingCharacters(in: "\r")
            if let path = Paths.normalize(value), !path.isEmpty { paths.append(path) }
        }
        submodules = paths
    }

    /// Why `path` is third-party code (`inside vendor/`, `inside the submodule External/Charts`), or nil.
    func reason(for path: String) -> String? {
        if let submodule = submodules.first(where: { Paths.isInside(path, $0) }) {
            return "inside the git submodule \(submodule)"
        }
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            if Self.folderNames.contains(component.lowercased()) { return "inside \(prefix)/, third-party code" }
        }
        return nil
    }
}
