public import ScanCore

/// Which rules run and how loud they are.
public struct RuleSelection: Sendable {
    /// Rule ids (or aliases) that do not run.
    public var disabled: Set<String>
    /// Per-rule severity overrides by id (or alias).
    public var severities: [String: Severity]

    public init(disabled: Set<String> = [], severities: [String: Severity] = [:]) {
        self.disabled = disabled
        self.severities = severities
    }
}

/// Runs the catalogue over every app of a workspace.
public enum Scanner {
    public static let toolVersion = "0.1.0"
    public static let rulePack = "ios27"

    /// Lists, discovers, lexes and checks a tree.
    public static func scan(
        _ source: any FileSource, filter: PathFilter = PathFilter(), rules: RuleSelection = RuleSelection(),
        limits: Workspace.Limits = Workspace.Limits()
    ) -> ScanReport {
        let workspace = Workspace.load(from: source, filter: filter, anchors: Catalogue.anchors, limits: limits)
        return scan(workspace, rules: rules)
    }

    public static func scan(_ workspace: Workspace, rules selection: RuleSelection = RuleSelection()) -> ScanReport {
        let active = Catalogue.all.filter { rule in
            let description = rule.description
            return !selection.disabled.contains(description.id) && description.aliases.allSatisfy { !selection.disabled.contains($0) }
        }
        var diagnostics = workspace.diagnostics
        let clock = PhaseClock()
        // Rules are independent: every (app, rule) pair is a job, so one large app uses every core.
        // An unidentified app has nothing to check: it stands in for a folder no app could be read from.
        let jobs = workspace.apps.indices.filter { !workspace.apps[$0].unidentified }.flatMap { app in active.indices.map { (app, $0) } }
        let produced = Parallel.map(jobs.count) { index in
            let (app, rule) = jobs[index]
            return run(active[rule], on: workspace.facts[app], workspace: workspace, selection: selection)
        }
        var findingsByApp = [[Finding]](repeating: [], count: workspace.apps.count)
        for (job, findings) in zip(jobs, produced) { findingsByApp[job.0] += findings }
        let reports = Parallel.map(workspace.apps.count) { [findingsByApp] index in
            report(for: workspace.facts[index], findings: findingsByApp[index], workspace: workspace)
        }
        clock.lap("check \(reports.count) apps")
        diagnostics += SuppressionCheck.unknownRuleDiagnostics(workspace)
        return ScanReport(
            root: workspace.origin, toolVersion: toolVersion, rulePack: rulePack, apps: reports,
            diagnostics: Array(Set(diagnostics)).sorted())
    }

    static func run(_ rule: any Rule.Type, on facts: AppFacts, workspace: Workspace, selection: RuleSelection) -> [Finding] {
        let description = rule.description
        let override = selection.severities[description.id] ?? description.aliases.compactMap { selection.severities[$0] }.first
        let context = RuleContext(facts: facts, workspace: workspace, severity: override ?? description.severity)
        var produced = rule.init().check(context)
        if let override {
            for index in produced.indices { produced[index].severity = override }
        }
        return produced
    }

    static func report(for facts: AppFacts, findings: [Finding], workspace: Workspace) -> AppReport {
        let app = facts.app
        let suppressions = SuppressionCheck(workspace: workspace)
        var kept: [Finding] = []
        var suppressed: [SuppressedFinding] = []
        let platforms = app.compilePlatforms
        let minimum = app.minimumDeploymentTarget
        for finding in Set(findings) {
            // Code this build never compiles or runs (`#if os(tvOS)` in an iOS app, the pre-iOS 13
            // `else` of an availability check) cannot break it.
            if let offset = finding.offset, let file = workspace.sources[finding.file],
                !file.regions.isLive(offset: offset, platforms: platforms, minimum: minimum)
            {
                continue
            }
            if let comment = suppressions.suppression(for: finding) {
                suppressed.append(SuppressedFinding(finding: finding, reason: comment.reason, line: comment.line))
            } else {
                kept.append(finding)
            }
        }
        kept = fingerprinted(kept.sorted(by: Finding.sortOrder))
        suppressed.sort { Finding.sortOrder($0.finding, $1.finding) }
        let verdict: Verdict
        if kept.contains(where: { $0.severity == .error }) {
            verdict = .blocked
        } else if !app.unreadable.isEmpty {
            verdict = .unknown
        } else if kept.contains(where: { $0.severity == .warning }) {
            verdict = .atRisk
        } else {
            verdict = .ready
        }
        return AppReport(
            path: app.path.isEmpty ? "." : app.path, target: app.target, project: app.project, platform: app.platform,
            framework: facts.framework.kind.rawValue, frameworkVersion: facts.framework.resolvedVersion,
            verdict: verdict, findings: kept, suppressed: suppressed, unreadable: app.unreadable, owners: workspace.owners(of: app),
            unidentified: app.unidentified, testTargets: app.hostedTests.map { "\($0.target) (\($0.kind.rawValue))" },
            frameworkRequirement: facts.framework.unresolvedRequirement, vendored: app.vendored,
            counted: app.vendored == nil || workspace.countsVendoredApps)
    }

    /// Fingerprints from rule, file, anchor and the occurrence among identical ones: never the line.
    static func fingerprinted(_ findings: [Finding]) -> [Finding] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let key = finding.rule + "\u{0}" + finding.file + "\u{0}" + finding.anchor
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            var result = finding
            result.fingerprint = Fingerprint.of([finding.rule, finding.file, finding.anchor, String(occurrence)])
            return result
        }
    }
}
