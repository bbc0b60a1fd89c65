import Foundation
import Results
import Rules
import ScanCore
import XcodeProject

/// Which apps `fix` considers.
package struct FixRequest: Sendable {
    /// Targets (or app folders) named with `--app`; empty: every app.
    package var apps: [String] = []
    /// `--all`: at-risk apps too, not only blocked ones.
    package var includeAtRisk = false
    /// How written Swift is parsed besides scenesweep's own lexer.
    package var swiftParser: SwiftParser
    /// Where the checks look up `git` (`PATH`).
    package var environment: [String: String]
    /// What `git apply --check` checks each patch against: copies of the files (a working tree), or the
    /// scanned commit (a sweep's mirror).
    package var applyBase: GitApplyCheck.Base = .copies

    package init(
        apps: [String] = [], includeAtRisk: Bool = false, swiftParser: SwiftParser = .none(reason: "no swiftc on PATH"),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.apps = apps
        self.includeAtRisk = includeAtRisk
        self.swiftParser = swiftParser
        self.environment = environment
    }
}

/// The compiler `fix` parses written Swift with (`swiftc -parse`), or why it does not.
package enum SwiftParser: Sendable, Equatable {
    case compiler(String)
    case none(reason: String)
}

/// Migrate-or-explain over a tree: scans it, and for each blocked app writes a patch that passes every
/// check of `PatchVerification`, or explains, with the places and the steps, why it wrote none.
package enum Migrator {
    package struct Run: Sendable {
        /// The scan of the tree as it is.
        package let report: ScanReport
        package let migrations: [AppMigration]
    }

    /// - Parameter prefix: the scanned folder's path from the repository root: every path of the result is
    ///   written from the root, as `scan` writes them.
    package static func run(
        source: any FileSource, filter: PathFilter = PathFilter(), rules: RuleSelection = RuleSelection(), request: FixRequest,
        prefix: String = ""
    ) -> Run {
        let workspace = Workspace.load(from: source, filter: filter, anchors: anchors(rules), keepingProjectDocuments: true)
        return run(
            workspace: workspace, report: Scanner.scan(workspace, rules: rules), source: source, filter: filter, rules: rules,
            request: request, prefix: prefix)
    }

    /// The scanner's anchors for a rule selection.
    package static func anchors(_ rules: RuleSelection) -> AnchorSearch {
        rules.disabled.isEmpty ? Catalogue.anchors : Catalogue.anchors(for: Catalogue.active(in: rules))
    }

    /// Migrate-or-explain over a tree already loaded and scanned (a sweep's scan of a repository), so the
    /// only scans `fix` adds are the re-scans that check its patches.
    package static func run(
        workspace: Workspace, report: ScanReport, source: any FileSource, filter: PathFilter, rules: RuleSelection,
        request: FixRequest, prefix: String = ""
    ) -> Run {
        let rebasedReport = report.rebased(under: prefix)
        var migrations: [AppMigration] = []
        // Apps of one tree can share a project file or an Info.plist: each patch is made on top of the ones
        // before it, and verified with them applied.
        var accepted: [FileChange] = []
        let notLexed = Set(workspace.files.map(\.path).filter { SourceLanguage(path: $0) != nil && workspace.sources[$0] == nil })
        var current: [String: [UInt8]] = [:]
        // The tree as the accepted patches left it: what the next patch must not make worse for other apps.
        var baseline = report
        for (index, app) in report.apps.enumerated() {
            guard selected(app, request: request) else { continue }
            let facts = workspace.facts[index]
            let migration = migrate(
                app, facts: facts, workspace: workspace, report: report, current: current,
                verification: PatchVerification(
                    source: PatchedSource(base: source, changes: accepted), filter: filter, rules: rules, before: baseline,
                    swiftParser: request.swiftParser, environment: request.environment, applyBase: request.applyBase,
                    patchedEarlier: Set(current.keys), anchors: anchors(rules),
                    lexed: workspace.sources.filter { current[$0.key] == nil },
                    notLexed: notLexed.subtracting(current.keys), projects: workspace.projects, prefix: prefix,
                    scannedFacts: workspace.facts))
            if migration.migration.status == .patched {
                accepted += migration.migration.changes
                for change in migration.migration.changes { current[change.path] = change.after }
                if let rescan = migration.rescan { baseline = rescan }
            }
            migrations.append(rebased(migration.migration, app: index, report: report, rebasedReport: rebasedReport, prefix: prefix))
        }
        return Run(report: rebasedReport, migrations: migrations)
    }

    /// The decision with paths from the repository root, its steps and its patch written from those paths.
    private static func rebased(
        _ migration: AppMigration, app index: Int, report: ScanReport, rebasedReport: ScanReport, prefix: String
    ) -> AppMigration {
        let rebasedApp = rebasedReport.apps[index]
        var lookup: [Finding: Finding] = [:]
        for (old, new) in zip(report.apps[index].findings, rebasedApp.findings) { lookup[old] = new }
        func moved(_ finding: Finding) -> Finding {
            if let known = lookup[finding] { return known }
            guard !prefix.isEmpty else { return finding }
            var moved = Finding(
                rule: finding.rule, severity: finding.severity, message: finding.message, file: prefix + "/" + finding.file,
                line: finding.line, column: finding.column, anchor: finding.anchor, offset: finding.offset)
            moved.fingerprint = finding.fingerprint
            return moved
        }
        var result = migration.rebased(under: prefix, finding: moved)
        result.steps = steps(for: result.remaining) + result.reasons.filter { _ in result.status == .patched }.map(\.described)
        result.patch = migration.patch
        return result
    }

    private static func selected(_ app: AppReport, request: FixRequest) -> Bool {
        guard app.verdict == .blocked || (request.includeAtRisk && app.verdict == .atRisk) else { return false }
        // A vendor's example app is reported apart and is not the repository's to migrate.
        guard app.counted else { return false }
        return request.apps.isEmpty || request.apps.contains { $0 == app.target || $0 == app.path }
    }

    private static func migrate(
        _ app: AppReport, facts: AppFacts, workspace: Workspace, report: ScanReport, current: [String: [UInt8]],
        verification: PatchVerification
    ) -> (migration: AppMigration, rescan: ScanReport?) {
        func explained(_ reasons: [MigrationNote], remaining: [Finding]? = nil) -> (migration: AppMigration, rescan: ScanReport?) {
            let left = remaining ?? app.findings.filter { $0.severity == .error || $0.severity == .warning }
            let migration = AppMigration(
                path: app.path, target: app.target, framework: app.framework, status: .explained, changes: [], resolves: [],
                remaining: left, reasons: reasons, steps: [], checks: [])
            return (migration, nil)
        }
        if facts.app.unidentified || facts.app.isStandIn {
            return explained([MigrationNote("the app could not be identified: " + app.unreadable.joined(separator: "; "))])
        }
        let planned: PlannedPatch
        let clock = PhaseClock()
        defer { clock.lap("fix: \(app.target)") }
        do {
            let context = MigrationContext(facts: facts, workspace: workspace, findings: app.findings, current: current)
            planned = try MigrationStrategies.strategy(for: facts, atRisk: app.verdict != .blocked).init(context).plan()
        } catch {
            return explained([error.note])
        }
        clock.lap("fix: plan \(app.target)")
        if let shared = sharedInput(of: planned.changes, app: facts.app, workspace: workspace) { return explained([shared]) }
        let project = facts.app.project.flatMap { path in workspace.projects.first { $0.path == path } }
        let outcome = verification.verify(
            planned.changes, app: app, newFiles: planned.changes.filter(\.isNewFile).map { NewProjectFile(path: $0.path) },
            pbxproj: project?.pbxprojPath, target: app.target)
        if let failure = outcome.failure ?? planned.unresolvedClaim(outcome.resolves) {
            var reasons = [MigrationNote("a patch was written but did not pass its checks, so none is offered: \(failure)")]
            if let project, project.kind != .xcodeproj {
                reasons.append(
                    MigrationNote(
                        "the project is generated from \(project.pbxprojPath) (\(project.kind.rawValue)), which fix does not edit: if the new files are not among the target's sources, add them there",
                        at: facts.app.declaration))
            }
            return explained(reasons)
        }
        var patched = AppMigration(
            path: app.path, target: app.target, framework: app.framework, status: .patched, changes: planned.changes,
            resolves: outcome.resolves, remaining: outcome.remaining, reasons: planned.notes, steps: [], checks: outcome.checks)
        patched.patch = String(decoding: outcome.patch, as: UTF8.self)
        return (patched, outcome.rescan)
    }

    /// A file the patch edits that another app of the tree compiles or takes as its Info.plist: the patch
    /// would change that app too (an app delegate two targets share, one of them left without a scene).
    private static func sharedInput(of changes: [FileChange], app: App, workspace: Workspace) -> MigrationNote? {
        for change in changes where change.before != nil {
            let users = workspace.apps.filter { other in
                !(other.path == app.path && other.target == app.target)
                    && (other.sourceFiles.contains(change.path) || other.infoPlists.contains { $0.file == change.path })
            }
            guard !users.isEmpty else { continue }
            let targets = users.map(\.target).sorted().joined(separator: ", ")
            return MigrationNote(
                "\(change.path) is used by \(targets) as well: a patch for \(app.target) alone would change \(users.count == 1 ? "that app" : "those apps") too; migrate the apps that share it together, by hand",
                file: change.path, line: 1)
        }
        return nil
    }

    /// What to do by hand about findings: each finding's place and message, then its rule's fix, once per rule.
    static func steps(for findings: [Finding]) -> [String] {
        var steps: [String] = []
        var rules: Set<String> = []
        for finding in findings.sorted(by: {
            ($0.severity == .error ? 0 : 1, $0.file, $0.line) < ($1.severity == .error ? 0 : 1, $1.file, $1.line)
        }) {
            var step = "\(finding.file):\(finding.line): \(finding.message) [\(finding.rule)]"
            if rules.insert(finding.rule).inserted, let rule = Catalogue.rule(named: finding.rule) {
                step += " — " + rule.description.fix
            }
            steps.append(step)
        }
        return steps
    }
}
