import Results
import ScanCore

/// A check over one app. Each rule is a struct in a file of its own whose static description is at
/// once its documentation, its SARIF metadata and, through its examples, its tests.
package protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Findings for the app; the engine applies severity overrides, suppressions and fingerprints.
    func check(_ context: RuleContext) -> [Finding]
    /// The rule as a `VerdictRule`, when it is one. Asked of the rule instead of found by a cast: a cast to a
    /// protocol searches every conformance of the program the first time, which a single scan paid per rule.
    static var asVerdictRule: (any VerdictRule.Type)? { get }
}

extension Rule {
    package static var asVerdictRule: (any VerdictRule.Type)? { nil }
}

/// What a rule sees: the app's facts and the workspace they came from.
package struct RuleContext: Sendable {
    package let facts: AppFacts
    package let workspace: Workspace
    /// The rule's severity after configuration overrides, for findings at the rule's default level.
    package let severity: Severity
    /// Values the app's rules share (`AppMemo`).
    package let memo: AppMemo

    package var app: App { facts.app }

    package init(facts: AppFacts, workspace: Workspace, severity: Severity, memo: AppMemo = AppMemo()) {
        self.facts = facts
        self.workspace = workspace
        self.severity = severity
        self.memo = memo
    }
}

/// A rule's documentation and examples.
package struct RuleDescription: Sendable {
    /// Fixed forever: reports, suppressions and SARIF history depend on it.
    package let id: String
    /// A short title: "Scene manifest missing".
    package let name: String
    package let severity: Severity
    /// One sentence: what the rule finds.
    package let summary: String
    /// Why it matters, with the facts it rests on.
    package let rationale: String
    /// Apple documentation paths under https://developer.apple.com (e.g. `/documentation/technotes/tn3187-…`).
    package let documentation: [String]
    /// What to do about it.
    package let fix: String
    /// Literals (4+ bytes) a source file must contain for the rule to find anything in it; files
    /// mentioning none of any rule's anchors are never lexed.
    package let anchors: [String]
    package let triggering: [Example]
    package let nonTriggering: [Example]
    /// Former ids that still select this rule in suppressions and configuration.
    package let aliases: [String]

    package init(
        id: String, name: String, severity: Severity, summary: String, rationale: String, documentation: [String],
        fix: String, anchors: [String] = [], triggering: [Example], nonTriggering: [Example], aliases: [String] = []
    ) {
        self.id = id
        self.name = name
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.documentation = documentation
        self.fix = fix
        self.anchors = anchors
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.aliases = aliases
    }

    package var documentationURLs: [String] {
        documentation.map { "https://developer.apple.com" + $0 }
    }
}

/// A small app a rule must (or must not) report, written as files. A `↓` in any file marks where a
/// finding must land (line and column of the character after it).
package struct Example: Sendable {
    /// The Info.plist the example app gets unless it brings its own `App/Info.plist`.
    package enum InfoPlistShape: Sendable {
        /// A storyboard-less UIKit app with a launch screen and no scene manifest.
        case legacy
        /// A launch screen and a manifest whose default configuration names `$(PRODUCT_MODULE_NAME).SceneDelegate`.
        case scenes
        /// A manifest naming a bare (Objective-C) `SceneDelegate`.
        case objcScenes
    }

    package let files: [(path: String, contents: String)]
    /// Files of the framework project around the app (`package.json`, `pubspec.yaml`, …). When there
    /// are any, the app's own files move under `ios/`, where frameworks keep their native project.
    package let projectFiles: [(path: String, contents: String)]
    package let infoPlist: InfoPlistShape
    /// Target build settings; when set the example app gets an `.xcodeproj` holding one app target.
    package let buildSettings: [String: String]
    /// Why this example is here, when the code does not say it.
    package let note: String?
    /// Where the example is written (`#fileID`, `#filePath`, `#line`), so a failing example is reported
    /// at its own line in the rule's file.
    package let fileID: String
    package let filePath: String
    package let line: Int

    /// One Swift file, `App/AppDelegate.swift` unless named.
    package init(
        _ swift: String, file: String = "AppDelegate.swift", infoPlist: InfoPlistShape = .scenes,
        buildSettings: [String: String] = [:], also extraFiles: [(String, String)] = [],
        project projectFiles: [(String, String)] = [], note: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line
    ) {
        self.files = [("App/" + file, swift)] + extraFiles.map { ("App/" + $0.0, $0.1) }
        self.projectFiles = projectFiles.map { ($0.0, $0.1) }
        self.infoPlist = infoPlist
        self.buildSettings = buildSettings
        self.note = note
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    /// Files given by path relative to the example app's folder (`Info.plist`, `SceneDelegate.m`, …).
    package init(
        files: [(String, String)], infoPlist: InfoPlistShape = .scenes, buildSettings: [String: String] = [:],
        project projectFiles: [(String, String)] = [], note: String? = nil, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line
    ) {
        self.files = files.map { ("App/" + $0.0, $0.1) }
        self.projectFiles = projectFiles.map { ($0.0, $0.1) }
        self.infoPlist = infoPlist
        self.buildSettings = buildSettings
        self.note = note
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
    }

    /// Marker for where a finding must land.
    package static let marker: Character = "↓"
}
