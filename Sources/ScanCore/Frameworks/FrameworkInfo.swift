/// The cross-platform framework (if any) an app is built with.
package enum FrameworkKind: String, Sendable, Hashable, CaseIterable {
    case native
    case swiftui
    case reactNative = "react-native"
    case expo
    case capacitor
    case flutter
    case cordova

    /// How people write the framework's name.
    package var displayName: String {
        switch self {
        case .native: return "native UIKit"
        case .swiftui: return "SwiftUI"
        case .reactNative: return "React Native"
        case .expo: return "Expo"
        case .capacitor: return "Capacitor"
        case .flutter: return "Flutter"
        case .cordova: return "Cordova"
        }
    }
}

/// What the app's manifests say about its framework: which one, its version, and where that is written.
package struct FrameworkInfo: Sendable, Hashable {
    package let kind: FrameworkKind
    /// The version resolved from a lockfile, else the requirement as written (`^0.72.4`, `>=3.38.0`).
    package let version: String?
    /// The requirement as the manifest writes it, when it differs from a resolved version.
    package let declared: String?
    /// Where the version (or the dependency) is declared: `package.json`'s dependency line, `.fvmrc`, …
    package let location: Location?
    /// Facts about the framework's own configuration that rules need.
    package let settings: FrameworkSettings
    /// The framework project's folder: where `package.json` or `pubspec.yaml` (and their lockfiles) are.
    package let root: String?

    package init(
        kind: FrameworkKind, version: String? = nil, declared: String? = nil, location: Location? = nil,
        settings: FrameworkSettings = FrameworkSettings(), root: String? = nil
    ) {
        self.root = root
        self.kind = kind
        self.version = version
        self.declared = declared
        self.location = location
        self.settings = settings
    }

    package static let native = FrameworkInfo(kind: .native)

    /// The lowest version the requirement allows, for comparisons.
    package var semanticVersion: SemanticVersion? {
        version.flatMap(SemanticVersion.lowerBound(of:))
    }

    /// The version when it is one release (`0.77.2`, `3.41.4`, `8.5.1-beta.1`), not a range a manifest
    /// requires (`^0.72.4`, `>=3.38.0`): what reports show as the framework's version.
    package var resolvedVersion: String? {
        guard let version, Self.isExact(version) else { return nil }
        return version
    }

    /// The requirement as written when no release could be resolved (reports show it apart, never as the version).
    package var unresolvedRequirement: String? {
        guard let version, !version.isEmpty, resolvedVersion == nil else { return nil }
        return version
    }

    /// Digits and dots, optionally a pre-release or build suffix: `3.41.4`, `0.88.0-rc.1`, `v8.5.0`.
    static func isExact(_ text: String) -> Bool {
        var body = Substring(text)
        if body.hasPrefix("v") { body = body.dropFirst() }
        let core = body.prefix { $0 != "-" && $0 != "+" }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.count <= 4 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// Whether the framework's version is known to be at least `minimum`; nil when the version is unknown.
    package func isAtLeast(_ minimum: SemanticVersion) -> Bool? {
        semanticVersion.map { $0 >= minimum }
    }
}

/// Framework configuration that changes what a scan concludes.
package struct FrameworkSettings: Sendable, Hashable {
    /// Flutter: `flutter: config: enable-uiscene-migration: false` in pubspec.yaml, with its location.
    package var flutterMigrationOptOut: Location?
    /// Expo: `expo-build-properties` `ios.enableSceneSupport` (nil when not set), with its location.
    package var expoSceneSupport: Bool?
    package var expoSceneSupportLocation: Location?
    /// The `react-native-uiscene-bridge` package, which adopts scenes at run time.
    package var hasSceneBridgePackage: Bool = false
    /// `@capacitor/ios` or `react-native` etc. as listed (name → requirement), for messages.
    package var dependencies: [String: String] = [:]

    package init() {}
}

/// A version number with three numeric parts, compared numerically; pre-release tags are ignored.
package struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let major: Int
    package let minor: Int
    package let patch: Int

    package init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The lowest version a requirement admits: `^0.72.4` → 0.72.4, `~54.0.12` → 54.0.12,
    /// `>=3.38.0 <4.0.0` → 3.38.0, `v8.5.0` → 8.5.0, `0.88.0-rc.1` → 0.88.0. Nil for tags, URLs and
    /// workspace references.
    package static func lowerBound(of requirement: String) -> SemanticVersion? {
        var text = Substring(requirement.trimmingCharacters(in: " \t\"'"))
        if let alternative = text.firstRange(of: "||") { text = text[..<alternative.lowerBound] }
        if let space = text.firstIndex(of: " ") { text = text[..<space] }
        text = text.drop { "^~>=v".contains($0) }
        var numbers: [Int] = []
        var current = ""
        for character in text {
            if character.isNumber {
                current.append(character)
            } else if character == ".", let value = Int(current) {
                numbers.append(value)
                current = ""
            } else {
                break
            }
        }
        if let value = Int(current) { numbers.append(value) }
        guard let major = numbers.first else { return nil }
        return SemanticVersion(major, numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    package static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    package var description: String { "\(major).\(minor).\(patch)" }
}
