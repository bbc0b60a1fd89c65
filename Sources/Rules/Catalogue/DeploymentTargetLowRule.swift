import Results
import ScanCore
import XcodeProject

/// A deployment target below iOS 15.
struct DeploymentTargetLowRule: Rule {
    static let minimum = (major: 15, minor: 0)

    static let description = RuleDescription(
        id: "deployment-target-low",
        name: "Deployment target below iOS 15",
        severity: .warning,
        summary: "IPHONEOS_DEPLOYMENT_TARGET (or the Podfile's platform) is below 15.0.",
        rationale: """
            Reports of the April 2027 App Store requirement say uploads must also target iOS 15 or later \
            (unverified against Apple, hence a warning). Scene APIs such as UIWindowScene.keyWindow and \
            effectiveGeometry also need iOS 15 and 16, so a lower target forces availability checks around the \
            migration.
            """,
        documentation: [AppleDocs.buildSettings, AppleDocs.releaseNotes27],
        fix: "Raise IPHONEOS_DEPLOYMENT_TARGET (and the Podfile's platform :ios) to 15.0 or later.",
        triggering: [
            Example(
                "@main class AppDelegate: UIResponder, UIApplicationDelegate {}",
                buildSettings: ["↓IPHONEOS_DEPLOYMENT_TARGET": "12.0"]),
            Example(
                files: [
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                    (
                        "../Podfile",
                        "source 'https://cdn.cocoapods.org/'\n↓platform :ios, '13.0'\n\ntarget 'App' do\n  use_frameworks!\nend\n"
                    ),
                ], buildSettings: ["IPHONEOS_DEPLOYMENT_TARGET": "16.0"]),
            Example(
                files: [
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                    (
                        "../Podfile",
                        "↓platform :ios, podfile_properties['ios.deploymentTarget'] || '13.4'\ninstall! 'cocoapods', :deterministic_uuids => false\n"
                    ),
                ], buildSettings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.1"], note: "Expo's Podfile: the literal after || is the default."),
            Example(
                files: [
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                    ("../Podfile", "platform :ios, '13.0'\ntarget 'App' do\nend\n"),
                ], buildSettings: ["↓IPHONEOS_DEPLOYMENT_TARGET": "13.0"],
                note: "The Podfile repeating the project's value is one finding, not two."),
        ],
        nonTriggering: [
            Example(
                "@main class AppDelegate: UIResponder, UIApplicationDelegate {}",
                buildSettings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.0"]),
            Example(
                files: [
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                    ("../Podfile", "platform :ios, '16.4'\n# platform :ios, '12.0'\ntarget 'App' do\nend\n"),
                ], buildSettings: ["IPHONEOS_DEPLOYMENT_TARGET": "16.4"]),
            Example(
                files: [
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                    ("../Podfile", "platform :ios, podfile_properties['ios.deploymentTarget'] || '15.1'\n"),
                ], buildSettings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.1"], note: "A quoted property name is not the version."),
            Example(
                files: [
                    ("AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}"),
                    ("../Podfile", "platform :ios, min_ios_version_supported\nprepare_react_native_project!\n"),
                ], buildSettings: ["IPHONEOS_DEPLOYMENT_TARGET": "15.1"], note: "React Native's Podfile names a function, not a version."),
        ])

    func check(_ context: RuleContext) -> [Finding] {
        let app = context.app
        guard app.platforms.contains(.iOS) else { return [] }
        var findings: [Finding] = []
        for setting in app.deploymentTargets where Self.isLow(setting.value) {
            findings.append(
                finding(
                    context,
                    "IPHONEOS_DEPLOYMENT_TARGET is \(setting.value) (\(setting.configurations.sorted().joined(separator: ", "))): iOS 27 SDK uploads are reported to need iOS 15.0 or later",
                    at: setting.location, anchor: "deployment-target=" + setting.value))
        }
        // The Podfile usually repeats the project's value; it is a finding of its own only when the project is fine.
        if findings.isEmpty, let podfile = podfile(for: app, in: context.workspace), let bytes = context.workspace.read(podfile),
            let platform = Self.podfilePlatform(bytes), Self.isLow(platform.version)
        {
            findings.append(
                finding(
                    context,
                    "the Podfile's platform :ios is \(platform.version): iOS 27 SDK uploads are reported to need iOS 15.0 or later",
                    at: Location(file: podfile, line: platform.line), anchor: "podfile-platform=" + platform.version))
        }
        return findings
    }

    /// The Podfile beside the app's project (or in the app folder or one of its parents).
    private func podfile(for app: App, in workspace: Workspace) -> String? {
        var folder = app.project.map { Paths.directory(of: $0) } ?? app.path
        while true {
            let candidate = Paths.join(folder, "Podfile")
            if workspace.contains(candidate) { return candidate }
            if folder.isEmpty { return nil }
            folder = Paths.directory(of: folder)
        }
    }

    /// Whether a version number is below the minimum. A value that is not a version (a `$(VAR)` the scan could
    /// not resolve, whose value is then Xcode's default) is unknown, not low.
    static func isLow(_ version: String) -> Bool {
        let parts = version.trimmingCharacters(in: " \t").split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard let major = parts.first ?? nil, !parts.contains(nil) else { return false }
        return (major, parts.count > 1 ? parts[1] ?? 0 : 0) < minimum
    }

    /// `platform :ios, '13.0'` outside comments. Expo writes `podfile_properties['ios.deploymentTarget'] || '15.1'`:
    /// the version is the quoted literal that is a version number; `min_ios_version_supported` has none.
    static func podfilePlatform(_ bytes: [UInt8]) -> (version: String, line: Int)? {
        let text = String(decoding: bytes, as: UTF8.self)
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw).trimmingCharacters(in: " \t")
            guard line.hasPrefix("platform"), line.contains(":ios") else { continue }
            var literals: [String] = []
            var quote: Character?
            var current = ""
            for character in line {
                if let open = quote {
                    if character == open {
                        literals.append(current)
                        (quote, current) = (nil, "")
                    } else {
                        current.append(character)
                    }
                } else if character == "'" || character == "\"" {
                    quote = character
                } else if character == "#" {
                    break
                }
            }
            if let version = literals.last(where: { !$0.isEmpty && $0.allSatisfy { $0.isNumber || $0 == "." } }) {
                return (version, offset + 1)
            }
        }
        return nil
    }
}
