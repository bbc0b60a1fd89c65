/// One `.xcodeproj`: its native targets and project-level build configurations.
///
/// All paths are relative to the scanned root and use `/`; a path that would leave the root is dropped.
public struct Project: Sendable, Hashable {
    /// The `.xcodeproj` folder, e.g. `ios/Runner.xcodeproj`.
    public let path: String
    /// `project.pbxproj` inside it.
    public var pbxprojPath: String { Paths.join(path, "project.pbxproj") }
    /// The folder Xcode calls `SRCROOT` / `PROJECT_DIR`.
    public let sourceRoot: String
    public let name: String
    public let objectVersion: Int?
    public let buildConfigurations: [BuildConfiguration]
    public let targets: [Target]

    public func target(id: String) -> Target? {
        targets.first { $0.id == id }
    }
}

/// A `PBXNativeTarget`.
public struct Target: Sendable, Hashable {
    public let id: String
    public let name: String
    public let productName: String?
    public let productType: String
    /// 1-based line of the target's object in `project.pbxproj`.
    public let line: Int
    public let buildConfigurations: [BuildConfiguration]
    /// The configuration command-line builds use (`defaultConfigurationName`, usually Release).
    public let defaultConfiguration: String?
    /// Files compiled by the Sources build phase.
    public let sourceFiles: [String]
    /// Files copied by the Resources build phase (variant groups expanded to their files).
    public let resourceFiles: [String]
    /// Xcode 16+ folders whose files all belong to the target unless excepted.
    public let synchronizedFolders: [SynchronizedFolder]
    /// Folders of local Swift packages whose products the target links.
    public let localPackages: [String]
    /// Ids of targets this one depends on (same project).
    public let dependencies: [String]
}

/// A `PBXFileSystemSynchronizedRootGroup` attached to a target.
public struct SynchronizedFolder: Sendable, Hashable {
    public let path: String
    /// Paths (relative to the scanned root) the target leaves out, from membership exception sets.
    public let excludedPaths: Set<String>
}

/// An `XCBuildConfiguration`.
public struct BuildConfiguration: Sendable, Hashable {
    public let id: String
    public let name: String
    /// Settings as written; array values joined with spaces. Conditional keys keep their `[sdk=…]` suffix.
    public let settings: [String: String]
    /// 1-based line of each setting in `project.pbxproj`.
    public let settingLines: [String: Int]
    /// The `baseConfigurationReference` xcconfig file, when it resolves inside the root.
    public let baseConfigurationPath: String?
}

/// Product types, as Xcode writes them.
public enum ProductType {
    public static let application = "com.apple.product-type.application"
    public static let appClip = "com.apple.product-type.application.on-demand-install-capable"
    public static let watchApp = "com.apple.product-type.application.watchapp"
    public static let watchApp2 = "com.apple.product-type.application.watchapp2"
    public static let watchApp2Container = "com.apple.product-type.application.watchapp2-container"
    public static let messagesApp = "com.apple.product-type.application.messages"
}
