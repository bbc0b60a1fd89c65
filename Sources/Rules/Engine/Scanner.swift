public import ScanCore

/// Which rules run and how loud they are.
public struct RuleSelection: Sendable {
    /// Rule ids (or aliases) that do not run.
    public var disabled: Set<String>
    /// Per-rule levels by id (or alias): the level of the rule's findings at its default level; findings
    /// the rule grades otherwise (a crash among warnings) keep their grade.
    public var severities: [String: Severity]
    /// Per-rule levels by id (or alias) for every finding of the rule, whatever the rule graded it: asked
    /// explicitly, since it can turn a crash into a warning.
    public var forcedSeverities: [String: Severity]
    /// Which `scenesweep:ignore` comments count.
    public var suppressions: SuppressionPolicy

    public init(
        disabled: Set<String> = [], severities: [String: Severity] = [:], forcedSeverities: [String: Severity] = [:],
        suppressions: SuppressionPolicy = .honourAll
    ) {
        self.disabled = disabled
        self.severities = severities
        self.forcedSeverities = forcedSeverities
        self.suppressions = suppressions
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
        // A stand-in for an unreadable project has nothing to check: it is unknown, with the reason.
        let jobs = workspace.apps.indices.filter { !workspace.apps[$0].isStandIn }.flatMap { app in active.indices.map { (app, $0) } }
        let produced = Parallel.map(jobs.count) { index in
            let (app, rule) = jobs[index]
            return run(active[rule], on: workspace.facts[app], workspace: workspace, selection: selection)
        }
        var findingsByApp = [[Finding]](repeating: [], count: workspace.apps.count)
        for (job, findings) in zip(jobs, produced) { findingsByApp[job.0] += findings }
        let reports = Parallel.map(workspace.apps.count) { [findingsByApp] index in
            report(for: workspace.facts[index], findings: findingsByApp[index], workspace: workspace, policy: selection.suppressions)
        }
        clock.lap("check \(reports.count) apps")
        diagnostics += SuppressionCheck.unknownRuleDiagnostics(workspace)
        return ScanReport(
            root: workspace.origin, toolVersion: toolVersion, rulePack: rulePack, apps: reports,
            diagnostics: Array(Set(diagnostics)).sorted())
    }

    static func run(_ rule: any Rule.Type, on facts: AppFacts, workspace: Workspace, selection: RuleSelection) -> [Finding] {
        let description = rule.description
        func level(_ levels: [String: Severity]) -> Severity? {
            levels[description.id] ?? description.aliases.compactMap { levels[$0] }.first
        }
        let context = RuleContext(facts: facts, workspace: workspace, severity: description.severity)
        var produced = rule.init().check(context)
        if let forced = level(selection.forcedSeverities) {
            for index in produced.indices { produced[index].severity = forced }
        } else if let configured = level(selection.severities) {
            // The configured level replaces the default level only: a finding the rule graded otherwise
            // (a force-unwrapped window that crashes, among window lookups that merely misbehave) keeps it.
            for index in produced.indices where produced[index].severity == description.severity {
                produced[index].severity = configured
            }
        }
        return produced
    }

    static func report(
        for facts: AppFacts, findings: [Finding], workspace: Workspace, policy: SuppressionPolicy = .honourAll
    ) -> AppReport {
        let app = facts.app
        let suppressions = SuppressionCheck(workspace: workspace)
        var kept: [Finding] = []
        var suppressed: [SuppressedFinding] = []
        var refused: [SuppressedFinding] = []
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
                let item = SuppressedFinding(finding: finding, reason: comment.reason, line: comment.line)
                if policy.accepts(finding) {
                    suppressed.append(item)
                } else {
                    // The comment does not count here: the finding does, and the report says it was refused.
                    refused.append(item)
                    kept.append(finding)
                }
            } else {
                kept.append(finding)
            }
        }
        // One numbering over every finding, suppressed or not, so a finding keeps its fingerprint when a
        // comment is added or accepted: the diff can then say it became suppressed instead of resolved.
        let all = (kept + suppressed.map(\.finding)).sorted(by: Finding.sortOrder)
        let prints = Dictionary(zip(all, fingerprinted(all).map(\.fingerprint)), uniquingKeysWith: { first, _ in first })
        func printed(_ finding: Finding) -> Finding {
            var finding = finding
            finding.fingerprint = prints[finding] ?? ""
            return finding
        }
        kept = kept.sorted(by: Finding.sortOrder).map(printed)
        func printed(_ items: [SuppressedFinding]) -> [SuppressedFinding] {
            items.map { SuppressedFinding(finding: printed($0.finding), reason: $0.reason, line: $0.line) }
                .sorted { Finding.sortOrder($0.finding, $1.finding) }
        }
        return AppReport(
            path: app.path.isEmpty ? "." : app.path, target: app.target, project: app.project, platform: app.platform,
            framework: facts.framework.kind.rawValue, frameworkVersion: facts.framework.version,
            verdict: Verdict.of(kept, unreadable: app.unreadable), findings: kept, suppressed: printed(suppressed),
            unreadable: app.unreadable, owners: workspace.owners(of: app), refusedSuppressions: printed(refused))
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
