public import ScanCore

/// What one app will do when built with the iOS 27 SDK, from its worst finding.
public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fails to launch, shows a black screen, does not build or is rejected at upload.
    case blocked
    /// Launches, but something users rely on silently stops working.
    case atRisk = "at-risk"
    case ready
    /// The scan could not read what it needed to decide.
    case unknown
}

/// The result of scanning one tree.
public struct ScanReport: Sendable {
    public let root: String
    public let toolVersion: String
    public let rulePack: String
    public let apps: [AppReport]
    public let diagnostics: [Diagnostic]
    /// The repository root every path is relative to, as a `file://` URI ending in `/`, when it is a
    /// folder on this machine (SARIF's `originalUriBaseIds.SRCROOT`); nil for a swept commit's tree.
    public var rootURI: String?

    public init(root: String, toolVersion: String, rulePack: String, apps: [AppReport], diagnostics: [Diagnostic]) {
        self.root = root
        self.toolVersion = toolVersion
        self.rulePack = rulePack
        self.apps = apps
        self.diagnostics = diagnostics
    }

    public var summary: ScanSummary { ScanSummary(apps) }

    /// Every finding of every app, in report order.
    public var findings: [Finding] { apps.flatMap(\.findings) }
}

/// One app's verdict and findings.
public struct AppReport: Sendable {
    public let path: String
    public let target: String
    /// The `.xcodeproj` that defines the target, when there is one.
    public let project: String?
    public let platform: String
    /// `native`, `swiftui`, `react-native`, `expo`, `capacitor`, `flutter`, `cordova`.
    public let framework: String
    public let frameworkVersion: String?
    public let verdict: Verdict
    /// Findings sorted by file, line, column and rule.
    public let findings: [Finding]
    /// Findings a `scenesweep:ignore` comment suppressed, not counted.
    public let suppressed: [SuppressedFinding]
    /// Findings whose `scenesweep:ignore` comment the fleet's suppression policy did not accept: they are
    /// in `findings` too, counted with their severity.
    public let refusedSuppressions: [SuppressedFinding]
    /// Inputs that could not be read, when they left the verdict unknown.
    public let unreadable: [String]
    /// The app's owners from the tree's CODEOWNERS (empty without one).
    public let owners: [String]

    public init(
        path: String, target: String, project: String?, platform: String, framework: String, frameworkVersion: String?,
        verdict: Verdict, findings: [Finding], suppressed: [SuppressedFinding], unreadable: [String], owners: [String] = [],
        refusedSuppressions: [SuppressedFinding] = []
    ) {
        self.owners = owners
        self.refusedSuppressions = refusedSuppressions
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

    public func count(_ severity: Severity) -> Int {
        findings.filter { $0.severity == severity }.count
    }
}

/// Counts over a report's apps.
public struct ScanSummary: Sendable, Hashable {
    public let apps: Int
    public let blocked: Int
    public let atRisk: Int
    public let ready: Int
    public let unknown: Int
    public let errors: Int
    public let warnings: Int
    public let notes: Int
    public let suppressed: Int

    public init(_ apps: [AppReport]) {
        self.apps = apps.count
        blocked = apps.filter { $0.verdict == .blocked }.count
        atRisk = apps.filter { $0.verdict == .atRisk }.count
        ready = apps.filter { $0.verdict == .ready }.count
        unknown = apps.filter { $0.verdict == .unknown }.count
        errors = apps.reduce(0) { $0 + $1.count(.error) }
        warnings = apps.reduce(0) { $0 + $1.count(.warning) }
        notes = apps.reduce(0) { $0 + $1.count(.note) }
        suppressed = apps.reduce(0) { $0 + $1.suppressed.count }
    }
}
