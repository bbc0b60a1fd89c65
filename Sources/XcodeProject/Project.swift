/// One `.xcodeproj`: its native targets and project-level build configurations.
///
/// All paths are relative to the scanned root and use `/`; a path that would leave the root is dropped.
package struct Project: Sendable, Hashable {
    /// The `.xcodeproj` folder, e.g. `ios/Runner.xcodeproj`; for a project described by a generator
    /// (XcodeGen, Tuist, Bazel), the description file (`project.yml`, `Project.swift`, `BUILD.bazel`).
    package let path: String
    /// What the project was read from.
    package var kind: ProjectKind = .xcodeproj
    /// `project.pbxproj` inside it, or the description file: where targets and settings are written.
    package var pbxprojPath: String { kind == .xcodeproj ? Paths.join(path, "project.pbxproj") : path }
    /// The folder Xcode calls `SRCROOT` / `PROJECT_DIR`.
    package let sourceRoot: String
    package let name: String
    package let objectVersion: Int?
    package let buildConfigurations: [BuildConfiguration]
    package let targets: [Target]

    package func target(id: String) -> Target? {
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
package enum ProjectKind: String, Sendable, Hashable {
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
package struct Target: Sendable, Hashable {
    package let id: String
    package let name: String
    package let productName: String?
    package let productType: String
    /// 1-based line of the target's object in `project.pbxproj`.
    package let line: Int
    package let buildConfigurations: [BuildConfiguration]
    /// The configuration command-line builds use (`defaultConfigurationName`, usually Release).
    package let defaultConfiguration: String?
    /// Files compiled by the Sources build phase.
    package let sourceFiles: [String]
    /// Files copied by the Resources build phase (variant groups expanded to their files).
    package let resourceFiles: [String]
    /// Xcode 16+ folders whose files all belong to the target unless excepted.
    package let synchronizedFolders: [SynchronizedFolder]
    /// Folders of local Swift packages whose products the target links.
    package let localPackages: [String]
    /// Ids of targets this one depends on (same project).
    package let dependencies: [String]
    /// The file that declares the target when it is not the project's own file (an XcodeGen include).
    package var file: String? = nil
    /// For a description that writes the Info.plist itself (XcodeGen `info:`, Tuist `.extendingDefault`,
    /// Bazel's merged `infoplists`): its keys, used instead of reading `INFOPLIST_FILE` from the tree.
    package var describedInfoPlist: DescribedInfoPlist? = nil
    /// Inputs of the target a description computes and a static reading could not follow (a Tuist Info.plist
    /// built by code): the app is then `unknown` for them.
    package var inputsNotRead: [String] = []

    package init(
        id: String, name: String, productType: String, line: Int, buildConfigurations: [BuildConfiguration],
        defaultConfiguration: String?, sourceFiles: [String], resourceFiles: [String], localPackages: [String] = [],
        dependencies: [String], file: String?, describedInfoPlist: DescribedInfoPlist?
    ) {
        self.init(
            id: id, name: name, productName: nil, productType: productType, line: line, buildConfigurations: buildConfigurations,
            defaultConfiguration: defaultConfiguration, sourceFiles: sourceFiles, resourceFiles: resourceFiles, synchronizedFolders: [],
            localPackages: localPackages, dependencies: dependencies)
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
package struct DescribedInfoPlist: Sendable, Hashable {
    /// Where the generator writes the plist (root-relative), when it names a path.
    package let path: String?
    package let values: [String: PlistValue]
    /// Where each top-level key is written in the description.
    package let keyOrigins: [String: SettingOrigin]
    /// Where the plist as a whole is described (`info:`, `infoPlist:`).
    package let origin: SettingOrigin

    package init(path: String?, values: [String: PlistValue], keyOrigins: [String: SettingOrigin], origin: SettingOrigin) {
        self.path = path
        self.values = values
        self.keyOrigins = keyOrigins
        self.origin = origin
    }
}

/// A `PBXFileSystemSynchronizedRootGroup` attached to a target.
package struct SynchronizedFolder: Sendable, Hashable {
    package let path: String
    /// Paths (relative to the scanned root) the target leaves out, from membership exception sets.
    package let excludedPaths: Set<String>
}

/// An `XCBuildConfiguration`.
package struct BuildConfiguration: Sendable, Hashable {
    package let id: String
    package let name: String
    /// Settings as written; array values joined with spaces. Conditional keys keep their `[sdk=…]` suffix.
    package let settings: [String: String]
    /// 1-based line of each setting in `project.pbxproj`.
    package let settingLines: [String: Int]
    /// The `baseConfigurationReference` xcconfig file, when it resolves inside the root.
    package let baseConfigurationPath: String?
    /// Where each setting is written when it is not a line of `project.pbxproj` (a description file).
    package var settingOrigins: [String: SettingOrigin] = [:]

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
package enum ProductType {
    package static let application = "com.apple.product-type.application"
    package static let appClip = "com.apple.product-type.application.on-demand-install-capable"
    package static let watchApp2 = "com.apple.product-type.application.watchapp2"
}
