import ScanCore

/// Blocked apps grouped by the Xcode they are pinned to (how many break at each pin move), and the
/// dependencies holding apps back, most apps first.
struct ReadinessBreakdown {
    let blockedByXcode: [XcodeCount]
    let blockingDependencies: [DependencyCount]

    init(_ apps: [AppRow]) {
        var groups: [XcodeCount.Group: Int] = [:]
        for app in apps where app.verdict == .blocked {
            groups[XcodeCount.Group(app.toolchain), default: 0] += 1
        }
        blockedByXcode = groups.map { XcodeCount(group: $0.key, apps: $0.value) }.sorted { $0.group < $1.group }
        var dependencies: [DependencyCount.Key: (apps: Set<String>, resolved: Set<String>, severity: Severity)] = [:]
        for app in apps {
            let appKey = app.repo.rawValue + "\u{0}" + app.path + "\u{0}" + app.target
            for status in app.laggingDependencies {
                let key = DependencyCount.Key(
                    name: status.name, ecosystem: status.ecosystem, sceneAware: status.sceneAware, source: status.source)
                dependencies[key, default: ([], [], status.severity)].apps.insert(appKey)
                dependencies[key, default: ([], [], status.severity)].resolved.insert(status.resolved)
            }
        }
        blockingDependencies = dependencies.map { key, value in
            DependencyCount(
                name: key.name, ecosystem: key.ecosystem, sceneAware: key.sceneAware, source: key.source, apps: value.apps.count,
                resolved: value.resolved.sorted(by: Self.olderFirst), severity: value.severity)
        }.sorted { ($1.apps, $0.name, $0.ecosystem.rawValue) < ($0.apps, $1.name, $1.ecosystem.rawValue) }
    }
}

extension ReadinessBreakdown {
    /// Versions in package order; text that is no version sorts last, by text.
    static func olderFirst(_ lhs: String, _ rhs: String) -> Bool {
        switch (PackageVersion(lhs), PackageVersion(rhs)) {
        case (let a?, let b?): return a == b ? lhs < rhs : a < b
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return lhs < rhs
        }
    }
}

/// How many blocked apps build with one Xcode.
package struct XcodeCount: Sendable, Hashable {
    package enum Group: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Pinned to an Xcode major (16, 26, 27…).
        case major(Int)
        /// Follows the newest Xcode.
        case floating
        /// No pin found.
        case unknown

        init(_ toolchain: AppToolchain) {
            switch toolchain.status {
            case .current, .deferred:
                if let version = toolchain.deciding?.version { self = .major(version.major) } else { self = .unknown }
            case .floating: self = .floating
            case .unknown: self = .unknown
            }
        }

        /// Xcode 27+ first (broken now), then floating, then older pins newest first, unknown last.
        private var order: (Int, Int) {
            switch self {
            case .major(let major) where major >= XcodeVersion.scenesRequired.major: return (0, -major)
            case .floating: return (1, 0)
            case .major(let major): return (2, -major)
            case .unknown: return (3, 0)
            }
        }

        package static func < (lhs: Group, rhs: Group) -> Bool { lhs.order < rhs.order }

        /// "Xcode 26", "floating (latest)", "unknown".
        package var description: String {
            switch self {
            case .major(let major): return "Xcode \(major)"
            case .floating: return "floating"
            case .unknown: return "unknown"
            }
        }

        /// Whether builds in this group already use the iOS 27 SDK.
        package var isCurrent: Bool {
            if case .major(let major) = self { return major >= XcodeVersion.scenesRequired.major }
            return false
        }
    }

    package let group: Group
    package let apps: Int
}

/// A dependency of the readiness table that holds apps back.
package struct DependencyCount: Sendable, Hashable {
    struct Key: Hashable {
        let name: String
        let ecosystem: Ecosystem
        let sceneAware: String?
        let source: String
    }

    package let name: String
    package let ecosystem: Ecosystem
    /// The version to move to; nil when there is no scene-aware release.
    package let sceneAware: String?
    package let source: String
    /// Apps whose lockfiles resolve it below `sceneAware` (or at all, without a scene-aware release).
    package let apps: Int
    /// The lagging versions the fleet resolves, oldest first.
    package let resolved: [String]
    /// Warning: the apps lose behaviour until it moves; note: a deprecated lookup that still works in one window.
    package let severity: Severity
}
