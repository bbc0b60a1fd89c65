import XcodeProject

/// One application target (or, without a project file, one app folder) found in the tree.
package struct App: Sendable, Hashable {
    /// The app's folder relative to the scanned root: where its Info.plist or its sources are.
    package let path: String
    /// The Xcode target name (the folder name when there is no project).
    package let target: String
    /// `iOS`, `iPadOS`, `tvOS`, `visionOS`, optionally followed by `, Mac Catalyst`.
    package let platform: String
    package let platforms: Set<Platform>
    /// The `.xcodeproj` that defines the target, if any.
    package let project: String?
    /// Where the target is declared, for findings about build settings.
    package let declaration: Location
    /// `PRODUCT_MODULE_NAME`: the prefix a Swift class needs in `UISceneDelegateClassName`.
    package let moduleName: String
    /// Source files the target compiles (its own and those of framework targets it depends on).
    package let sourceFiles: [String]
    /// Files the target copies as resources (storyboards, xibs, asset catalogs).
    package let resourceFiles: [String]
    /// The Info.plist the target uses, one entry per distinct plist across configurations.
    package let infoPlists: [InfoPlist]
    /// `IPHONEOS_DEPLOYMENT_TARGET` per configuration, where set.
    package let deploymentTargets: [ConfiguredSetting]
    /// `TARGETED_DEVICE_FAMILY`: 1 iPhone, 2 iPad, 3 tv, 6 Mac (Catalyst idiom), 7 vision.
    package let deviceFamilies: Set<Int>
    /// What `#if` conditions see when the app is built, one entry per platform.
    package var compilePlatforms: Set<CompilePlatform> {
        var result: Set<CompilePlatform> = []
        for platform in platforms {
            switch platform {
            case .iOS: result.insert(.iOS)
            case .tvOS: result.insert(.tvOS)
            case .visionOS: result.insert(.visionOS)
            case .macCatalyst: result.insert(.macCatalyst)
            }
        }
        return result.isEmpty ? [.iOS] : result
    }

    /// The lowest iOS deployment target across configurations (0.0 when unknown).
    package var minimumDeploymentTarget: OSVersion {
        deploymentTargets.compactMap { OSVersion($0.value) }.min() ?? OSVersion(0)
    }

    /// Inputs the scan needed but could not read (a missing or broken Info.plist): the app's verdict is
    /// then `unknown` unless an error is certain anyway.
    package internal(set) var unreadable: [String]
    /// Not an app that was identified but a folder that shows signs of one (`IOSSignals`): it stands in the
    /// report as an `unknown` app so the folder counts against readiness; no rule runs on it.
    package internal(set) var unidentified = false
    /// Why the app is third-party code (`inside vendor/, third-party code`): a vendor's example or demo app,
    /// reported apart and left out of totals unless the scan counts vendored apps.
    package internal(set) var vendored: String?
    /// `PRODUCT_NAME`: what `TEST_HOST` paths (`$(BUILT_PRODUCTS_DIR)/Shop.app/Shop`) name the app by.
    package internal(set) var productName: String?
    /// Test targets that run inside this app (`TEST_HOST`/`BUNDLE_LOADER`) or launch it (UI tests'
    /// `TEST_TARGET_NAME`): built with the iOS 27 SDK they fail with the app, so they are named with it.
    package internal(set) var hostedTests: [HostedTest] = []
    /// Whether this app only stands in for the targets of a project that could not be read: no rule
    /// runs on it, and its verdict is `unknown`.
    package internal(set) var isStandIn = false
    /// The framework the app is built with, from the manifests around its native folder.
    package internal(set) var framework: FrameworkInfo = .native
    /// Lockfiles that resolve the app's dependencies (`Podfile.lock`, `Package.resolved`, the JavaScript or
    /// Dart lockfile of its framework project), root-relative.
    package internal(set) var lockfiles: [String] = []
    /// For a project whose native folder is generated at build time (Expo without `ios/`, Cordova
    /// without `platforms/ios`): what decides it instead.
    package let generated: GeneratedProject?

    package init(
        path: String, target: String, platforms: Set<Platform>, project: String?, declaration: Location,
        moduleName: String, sourceFiles: [String], resourceFiles: [String], infoPlists: [InfoPlist],
        deploymentTargets: [ConfiguredSetting], deviceFamilies: Set<Int>, unreadable: [String] = [],
        generated: GeneratedProject? = nil
    ) {
        self.path = path
        self.target = target
        self.platforms = platforms
        self.platform = Platform.describe(platforms, deviceFamilies: deviceFamilies)
        self.project = project
        self.declaration = declaration
        self.moduleName = moduleName
        self.sourceFiles = sourceFiles
        self.resourceFiles = resourceFiles
        self.infoPlists = infoPlists
        self.deploymentTargets = deploymentTargets
        self.deviceFamilies = deviceFamilies
        self.unreadable = unreadable
        self.generated = generated
    }
}

/// A platform an app runs on as a UIKit app.
package enum Platform: String, Sendable, Hashable, CaseIterable {
    case iOS, tvOS, visionOS, macCatalyst = "Mac Catalyst"

    static func describe(_ platforms: Set<Platform>, deviceFamilies: Set<Int>) -> String {
        var names: [String] = []
        if platforms.contains(.iOS) {
            names.append(deviceFamilies == [2] ? "iPadOS" : "iOS")
        }
        if platforms.contains(.tvOS) { names.append("tvOS") }
        if platforms.contains(.visionOS) { names.append("visionOS") }
        if platforms.contains(.macCatalyst) { names.append("Mac Catalyst") }
        return names.isEmpty ? "iOS" : names.joined(separator: ", ")
    }
}

/// A file position for findings.
package struct Location: Sendable, Hashable {
    package let file: String
    package let line: Int
    package let column: Int

    package init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// A build setting's value in one or more configurations.
package struct ConfiguredSetting: Sendable, Hashable {
    package let configurations: [String]
    package let value: String
    package let location: Location
}

/// The Info.plist a target uses in some of its configurations: the file (if any) merged with the keys
/// Xcode generates from `INFOPLIST_KEY_*` settings.
package struct InfoPlist: Sendable, Hashable {
    /// The plist file, when the target names one in `INFOPLIST_FILE`.
    package let file: String?
    /// Configurations that use this plist (`Debug`, `Release`, …).
    package let configurations: [String]
    /// Top-level keys after merging.
    package let values: [String: PlistValue]
    /// Keys that came from build settings rather than the file, with where they were set.
    package let generatedKeys: [String: Location]
    /// Where `<key>` entries sit in the file, by key name (XML plists only).
    package let keyPositions: [String: [TextPosition]]
    /// Where to point a finding about the plist as a whole.
    package let location: Location
    /// Keys a project description writes into the plist (XcodeGen `info: properties:`, Tuist
    /// `.extendingDefault(with:)`), with where; unlike `generatedKeys` they are the plist's own content.
    package let describedKeys: [String: Location]
    /// For a preprocessed plist whose conditions could not all be decided: the branches this variant took
    /// (`#ifdef X at Info.plist:12`, `not #if Y at …`); its configurations are labelled with them.
    package var assumptions: [String] = []

    package init(
        file: String?, configurations: [String], values: [String: PlistValue],
        generatedKeys: [String: Location], keyPositions: [String: [TextPosition]], location: Location,
        describedKeys: [String: Location] = [:]
    ) {
        self.describedKeys = describedKeys
        self.file = file
        self.configurations = configurations
        self.values = values
        self.generatedKeys = generatedKeys
        self.keyPositions = keyPositions
        self.location = location
    }

    /// Where a key is written: its line in the file, or the build setting that generates it.
    package func location(of key: String) -> Location {
        if let generated = generatedKeys[key] { return generated }
        if let described = describedKeys[key] { return described }
        if let file, let position = keyPositions[key]?.first { return Location(file: file, line: position.line, column: position.column) }
        return location
    }

    package subscript(key: String) -> PlistValue? {
        values[key]
    }

    /// `Debug, Release` → for messages.
    package var configurationList: String {
        configurations.joined(separator: ", ")
    }
}

/// A framework project whose iOS folder is generated by its tooling and not committed.
package struct GeneratedProject: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        case expo, cordova
    }

    package let kind: Kind
    /// `app.json`, `app.config.ts`, `config.xml`.
    package let config: String
    /// The configuration is code (`app.config.js`/`.ts`), which is never run: what it sets is unknown.
    package let configIsCode: Bool
    /// A scene manifest written into the configuration by hand (`expo.ios.infoPlist`).
    package let manifest: Location?
    package let supportsMultipleScenes: Bool
    /// `UISceneDelegateClassName` values of that hand-written manifest.
    package let sceneDelegateClasses: [String]

    package init(
        kind: Kind, config: String, configIsCode: Bool, manifest: Location?, supportsMultipleScenes: Bool,
        sceneDelegateClasses: [String] = []
    ) {
        self.kind = kind
        self.config = config
        self.configIsCode = configIsCode
        self.manifest = manifest
        self.supportsMultipleScenes = supportsMultipleScenes
        self.sceneDelegateClasses = sceneDelegateClasses
    }
}

/// A test target that needs an app to run: unit tests hosted in it, UI tests that launch it.
package struct HostedTest: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        /// Unit tests injected into the app (`TEST_HOST`, `BUNDLE_LOADER`).
        case hosted = "TEST_HOST"
        /// UI tests that launch the app (`TEST_TARGET_NAME`).
        case launched = "TEST_TARGET_NAME"
    }

    /// The test target's name.
    package let target: String
    package let kind: Kind
    /// Where the setting naming the app is written.
    package let location: Location

    package init(target: String, kind: Kind, location: Location) {
        self.target = target
        self.kind = kind
        self.location = location
    }
}
