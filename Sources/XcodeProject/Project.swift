/// One `.xcodeproj`: its native targets and project-level build configurations.
///
/// All paths are relative to the scanned root and use `/`; a path that would leave the root is dropped.
public struct Project: Sendable, Hashable {
    /// The `.xcodeproj` folder, e.g. `ios/Runner.xcodeproj`; for a project described by a generator
    /// (XcodeGen, Tuist, Bazel), the description file (`project.yml`, `Project.swift`, `BUILD.bazel`).
    public let path: String
    /// What the project was read from.
    public var kind: ProjectKind = .xcodeproj
    /// `project.pbxproj` inside it, or the description file: where targets and settings are written.
    public var pbxprojPath: String { kind == .xcodeproj ? Paths.join(path, "project.pbxproj") : path }
    /// The folder Xcode calls `SRCROOT` / `PROJECT_DIR`.
    public let sourceRoot: String
    public let name: String
    public let objectVersion: Int?
    public let buildConfigurations: [BuildConfiguration]
    public let targets: [Target]

    public func target(id: String) -> Target? {
        targets.first { $0.id == id }
    }

    /// A project read from a description rather than a `project.pbxproj`.
    package init(
        path: String, kind: ProjectKind, sourceRoot: String, name: String, buildConfigurations: [BuildConfiguration], targets: [Target]
    ) {
        self.path = path
        self.kind = kind
        self.sourceRoot = sourceRoot
        self.name = name
        self.objectVersion = nil
        self.buildConfigurations = buildConfigurations
        self.targets = targets
    }

    init(
        path: String, sourceRoot: String, name: String, objectVersion: Int?, buildConfigurations: [BuildConfiguration], targets: [Target]
    ) {
        self.path = path
        self.sourceRoot = sourceRoot
        self.name = name
        self.objectVersion = objectVersion
        self.buildConfigurations = buildConfigurations
        self.targets = targets
    }
}

/// Where a project's targets come from.
public enum ProjectKind: String, Sendable, Hashable {
    /// A committed `.xcodeproj`.
    case xcodeproj
    /// XcodeGen's `project.yml` / `project.json`.
    case xcodegen
    /// Tuist's `Project.swift`.
    case tuist
    /// Bazel `BUILD` files with rules_apple.
    case bazel
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
    /// The file that declares the target when it is not the project's own file (an XcodeGen include).
    public var file: String? = nil
    /// For a description that writes the Info.plist itself (XcodeGen `info:`, Tuist `.extendingDefault`,
    /// Bazel's merged `infoplists`): its keys, used instead of reading `INFOPLIST_FILE` from the tree.
    public var describedInfoPlist: DescribedInfoPlist? = nil
    /// Inputs of the target a description computes and a static reading could not follow (a Tuist Info.plist
    /// built by code): the app is then `unknown` for them.
    public var inputsNotRead: [String] = []

    package init(
        id: String, name: String, productType: String, line: Int, buildConfigurations: [BuildConfiguration],
        defaultConfiguration: String?, sourceFiles: [String], resourceFiles: [String], localPackages: [String] = [],
        dependencies: [String], file: String?, describedInfoPlist: DescribedInfoPlist?
    ) {
        self.id = id
        self.name = name
        self.productName = nil
        self.productType = productType
        self.line = line
        self.buildConfigurations = buildConfigurations
        self.defaultConfiguration = defaultConfiguration
        self.sourceFiles = sourceFiles
        self.resourceFiles = resourceFiles
        self.synchronizedFolders = []
        self.localPackages = localPackages
        self.dependencies = dependencies
        self.file = file
        self.describedInfoPlist = describedInfoPlist
    }

    init(
        id: String, name: String, productName: String?, productType: String, line: Int, buildConfigurations: [BuildConfiguration],
        defaultConfiguration: String?, sourceFiles: [String], resourceFiles: [String], synchronizedFolders: [SynchronizedFolder],
        localPackages: [String], dependencies: [String]
    ) {
        self.id = id
        self.name = name
        self.productName = productName
        self.productType = productType
        self.line = line
        self.buildConfigurations = buildConfigurations
        self.defaultConfiguration = defaultConfiguration
        self.sourceFiles = sourceFiles
        self.resourceFiles = resourceFiles
        self.synchronizedFolders = synchronizedFolders
        self.localPackages = localPackages
        self.dependencies = dependencies
    }
}

/// An Info.plist whose keys a project description writes (the file at `path` is generated from them).
public struct DescribedInfoPlist: Sendable, Hashable {
    /// Where the generator writes the plist (root-relative), when it names a path.
    public let path: String?
    public let values: [String: PlistValue]
    /// Where each top-level key is written in the description.
    public let keyOrigins: [String: SettingOrigin]
    /// Where the plist as a whole is described (`info:`, `infoPlist:`).
    public let origin: SettingOrigin

    package init(path: String?, values: [String: PlistValue], keyOrigins: [String: SettingOrigin], origin: SettingOrigin) {
        self.path = path
        self.values = values
        self.keyOrigins = keyOrigins
        self.origin = origin
    }
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
    /// Where each setting is written when it is not a line of `project.pbxproj` (a description file).
    public var settingOrigins: [String: SettingOrigin] = [:]

    package init(
        id: String, name: String, settings: [String: String], settingOrigins: [String: SettingOrigin], baseConfigurationPath: String?
    ) {
        self.id = id
        self.name = name
        self.settings = settings
        self.settingLines = [:]
        self.baseConfigurationPath = baseConfigurationPath
        self.settingOrigins = settingOrigins
    }

    init(id: String, name: String, settings: [String: String], settingLines: [String: Int], baseConfigurationPath: String?) {
        self.id = id
        self.name = name
        self.settings = settings
        self.settingLines = settingLines
        self.baseConfigurationPath = baseConfigurationPath
    }
}

/// Product types, as Xcode writes them.
public enum ProductType {
    public static let application = "com.apple.product-type.application"
    public static let appClip = "com.apple.product-type.application.on-demand-install-capable"
    public static let watchApp2 = "com.apple.product-type.application.watchapp2"
}
