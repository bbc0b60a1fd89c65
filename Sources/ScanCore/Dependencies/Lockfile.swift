/// The package managers whose lockfiles the scan reads.
package enum Ecosystem: String, Sendable, Hashable, CaseIterable, Codable {
    case cocoapods, swiftpm, npm, pub

    package var displayName: String {
        switch self {
        case .cocoapods: return "CocoaPods"
        case .swiftpm: return "Swift Package Manager"
        case .npm: return "npm"
        case .pub: return "pub"
        }
    }
}

/// One resolved package of a lockfile.
package struct LockedPackage: Sendable, Hashable {
    package let name: String
    package let version: String
    /// The line that names the package in the lockfile, when the reader knows it.
    package let line: Int?

    package init(name: String, version: String, line: Int?) {
        self.name = name
        self.version = version
        self.line = line
    }
}

/// A lockfile's resolved packages by name. Where a lockfile resolves one name to several versions
/// (yarn and pnpm keep one per range), the highest is kept: that is the copy the app's own dependency
/// usually resolves to, and a lower one left by another package is not the one autolinking picks.
package struct Lockfile: Sendable, Hashable {
    package let path: String
    package let ecosystem: Ecosystem
    package let packages: [String: LockedPackage]

    package init(path: String, ecosystem: Ecosystem, packages: [LockedPackage]) {
        self.path = path
        self.ecosystem = ecosystem
        var byName: [String: LockedPackage] = [:]
        // A nameless entry (the root project of a package-lock, read by the wrong reader) names no dependency.
        for package in packages where !package.name.isEmpty {
            if let existing = byName[package.name], let old = PackageVersion(existing.version), let new = PackageVersion(package.version),
                new <= old
            {
                continue
            }
            byName[package.name] = package
        }
        self.packages = byName
    }

    package subscript(name: String) -> LockedPackage? {
        packages[name]
    }

    /// The file names the scan reads, and their ecosystems.
    package static func ecosystem(ofFileNamed name: String) -> Ecosystem? {
        switch name {
        case "Podfile.lock": return .cocoapods
        case "Package.resolved": return .swiftpm
        case "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml": return .npm
        case "pubspec.lock": return .pub
        default: return nil
        }
    }
}
