import ScanCore

/// What one app will do when built with the iOS 27 SDK, from its worst finding.
package enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fails to launch, shows a black screen, does not build or is rejected at upload.
    case blocked
    /// Launches, but something users rely on silently stops working.
    case atRisk = "at-risk"
    case ready
    /// The scan could not read what it needed to decide.
    case unknown
}

extension Verdict {
    /// The verdict of an app from the findings that count: blocked on an error; unknown when an input
    /// could not be read (and no error is certain); at risk on a warning; otherwise ready.
    package static func of(_ findings: [Finding], unreadable: [String]) -> Verdict {
        if findings.contains(where: { $0.severity == .error }) { return .blocked }
        if !unreadable.isEmpty { return .unknown }
        if findings.contains(where: { $0.severity == .warning }) { return .atRisk }
        return .ready
    }
}

/// The result of scanning one tree.
package struct ScanReport: Sendable {
    package let root: String
    package let toolVersion: String
    package let rulePack: String
    package let apps: [AppReport]
    package let diagnostics: [Diagnostic]
    /// The repository root every path is relative to, as a `file://` URI ending in `/`, when it is a
    /// folder on this machine (SARIF's `originalUriBaseIds.SRCROOT`); nil for a swept commit's tree.
    package var rootURI: String?

    package init(root: String, toolVersion: String, rulePack: String, apps: [AppReport], diagnostics: [Diagnostic]) {
        self.root = root
        self.toolVersion = toolVersion
        self.rulePack = rulePack
        self.apps = apps
        self.diagnostics = diagnostics
    }

    /// Counts over the apps: vendored apps apart, left out of the others.
    package var summary: AppCounts { AppCounts(apps) }

    /// Every finding of every counted app, in report order (a vendor's example app is not the team's gate).
    package var findings: [Finding] { apps.filter(\.counted).flatMap(\.findings) }
}

/// One app's verdict and findings. Members that hold paths can be set inside the module, so that
/// `rebased(under:)` moves a copy and every other member is carried as it is.
package struct AppReport: Sendable {
    package internal(set) var path: String
    package let target: String
    /// The `.xcodeproj` that defines the target, when there is one.
    package internal(set) var project: String?
    package let platform: String
    /// `native`, `swiftui`, `react-native`, `expo`, `capacitor`, `flutter`, `cordova`.
    package let framework: String
    package let frameworkVersion: String?
    package let verdict: Verdict
    /// Findings sorted by file, line, column and rule.
    package internal(set) var findings: [Finding]
    /// Findings a `scenesweep:ignore` comment suppressed, not counted.
    package internal(set) var suppressed: [SuppressedFinding]
    /// Findings whose `scenesweep:ignore` comment the fleet's suppression policy did not accept: they are
    /// in `findings` too, counted with their severity.
    package internal(set) var refusedSuppressions: [SuppressedFinding]
    /// Inputs that could not be read, when they left the verdict unknown.
    package let unreadable: [String]
    /// The app's owners from the tree's CODEOWNERS (empty without one).
    package let owners: [String]
    /// A folder with signs of an app that no project or description identified: `unknown`, with the reason
    /// in `unreadable`, so it counts against readiness instead of vanishing.
    package let unidentified: Bool
    /// Test targets that run in this app or launch it, `ShopTests (TEST_HOST)`: they fail when it does.
    package let testTargets: [String]
    /// When no release of the framework could be resolved: the range a manifest requires (`>=3.38.0`),
    /// shown apart from `frameworkVersion`, which only ever holds a release.
    package let frameworkRequirement: String?
    /// Why the app is third-party code (`inside vendor/, third-party code`): a vendor's example or demo app.
    package let vendored: String?
    /// Whether the app counts in totals and in `--fail-on`: false for vendored apps unless they are counted.
    package let counted: Bool
    /// The Xcode the app builds with, from the repository's CI and tool files.
    package internal(set) var toolchain: AppToolchain
    /// The dependencies of the rule pack's readiness table that the app's lockfiles resolve.
    package internal(set) var dependencies: [DependencyStatus]

    package init(
        path: String, target: String, project: String?, platform: String, framework: String, frameworkVersion: String?,
        verdict: Verdict, findings: [Finding], suppressed: [SuppressedFinding], unreadable: [String], owners: [String] = [],
        refusedSuppressions: [SuppressedFinding] = [], unidentified: Bool = false, testTargets: [String] = [],
        frameworkRequirement: String? = nil, vendored: String? = nil, counted: Bool = true,
        toolchain: AppToolchain = AppToolchain(pins: []), dependencies: [DependencyStatus] = []
    ) {
        self.vendored = vendored
        self.counted = counted
        self.frameworkRequirement = frameworkRequirement
        self.unidentified = unidentified
        self.testTargets = testTargets
        self.owners = owners
        self.refusedSuppressions = refusedSuppressions
        self.toolchain = toolchain
        self.dependencies = dependencies
        self.path = path
        self.target = target
        self.project = project
        self.platform = platform
        self.framework = framework
        self.frameworkVersion = frameworkVersion
        self.verdict = verdict
        self.findings = findings
        self.suppressed = suppressed
        self.unreadable = unreadable
    }

    package func count(_ severity: Severity) -> Int {
        findings.reduce(0) { $1.severity == severity ? $0 + 1 : $0 }
    }
}
