import Results
import ScanCore

/// Which rules run and how loud they are.
package struct RuleSelection: Sendable {
    /// Rule ids (or aliases) that do not run.
    package var disabled: Set<String>
    /// Per-rule levels by id (or alias): the level of the rule's findings at its default level; findings
    /// the rule grades otherwise (a crash among warnings) keep their grade.
    package var severities: [String: Severity]
    /// Per-rule levels by id (or alias) for every finding of the rule, whatever the rule graded it: asked
    /// explicitly, since it can turn a crash into a warning.
    package var forcedSeverities: [String: Severity]
    /// Which `scenesweep:ignore` comments count.
    package var suppressions: SuppressionPolicy

    package init(
        disabled: Set<String> = [], severities: [String: Severity] = [:], forcedSeverities: [String: Severity] = [:],
        suppressions: SuppressionPolicy = .honourAll
    ) {
        self.disabled = disabled
        self.severities = severities
        self.forcedSeverities = forcedSeverities
        self.suppressions = suppressions
    }

    /// A rule's findings at the levels asked for: a forced level sets every finding; a configured level
    /// replaces the default level only, so a finding the rule graded otherwise (a force-unwrapped window
    /// that crashes, among window lookups that merely misbehave) keeps its grade.
    func leveled(_ findings: [Finding], of description: RuleDescription) -> [Finding] {
        func level(_ levels: [String: Severity]) -> Severity? {
            levels[description.id] ?? description.aliases.compactMap { levels[$0] }.first
        }
        var findings = findings
        if let forced = level(forcedSeverities) {
            for index in findings.indices { findings[index].severity = forced }
        } else if let configured = level(severities) {
            for index in findings.indices where findings[index].severity == description.severity {
                findings[index].severity = configured
            }
        }
        return findings
    }
}

/// Runs the catalogue over every app of a workspace.
package enum Scanner {
    /// Lists, discovers, lexes and checks a tree.
    package static func scan(
        _ source: any FileSource, filter: PathFilter = PathFilter(), rules: RuleSelection = RuleSelection(),
        limits: Workspace.Limits = Workspace.Limits()
    ) -> ScanReport {
        let anchors = rules.disabled.isEmpty ? Catalogue.anchors : Catalogue.anchors(for: Catalogue.active(in: rules))
        let workspace = Workspace.load(from: source, filter: filter, anchors: anchors, limits: limits)
        return scan(workspace, rules: rules)
    }

    /// - Parameter carried: reports made earlier for apps (by index) whose inputs are known unchanged (a
    ///   patched tree's other apps, `PatchScope`): taken as they are instead of checked again.
    package static func scan(
        _ workspace: Workspace, rules selection: RuleSelection = RuleSelection(), carried: [Int: AppReport] = [:]
    ) -> ScanReport {
        let active = Catalogue.active(in: selection)
        var diagnostics = workspace.diagnostics
        let clock = PhaseClock()
        // Rules are independent: every (app, rule) pair is a job, so one large app uses every core.
        // Unidentified apps and stand-ins for unreadable projects have nothing to check: each is unknown,
        // with the reason.
        let jobs = workspace.apps.indices
            .filter { !workspace.apps[$0].unidentified && !workspace.apps[$0].isStandIn && carried[$0] == nil }
            .flatMap { app in active.indices.map { (app, $0) } }
        let memos = workspace.apps.map { _ in AppMemo() }
        let produced = Parallel.map(jobs.count) { index in
            let (app, rule) = jobs[index]
            return run(active[rule], on: workspace.facts[app], workspace: workspace, selection: selection, memo: memos[app])
        }
        var findingsByApp = [[Finding]](repeating: [], count: workspace.apps.count)
        for (job, findings) in zip(jobs, produced) { findingsByApp[job.0] += findings }
        let verdictRules = active.compactMap { $0.asVerdictRule }
        let reports = Parallel.map(workspace.apps.count) { [findingsByApp] index in
            if let earlier = carried[index] { return earlier }
            return report(
                for: workspace.facts[index], findings: findingsByApp[index], workspace: workspace, verdictRules: verdictRules,
                selection: selection)
        }
        clock.lap("check \(reports.count) apps")
        diagnostics += SuppressionCheck.unknownRuleDiagnostics(workspace)
        return ScanReport(
            root: workspace.origin, toolVersion: ToolInfo.currentVersion, rulePack: ToolInfo.currentRulePack, apps: reports,
            diagnostics: Array(Set(diagnostics)).sorted())
    }

    static func run(
        _ rule: any Rule.Type, on facts: AppFacts, workspace: Workspace, selection: RuleSelection, memo: AppMemo = AppMemo()
    ) -> [Finding] {
        let description = rule.description
        let context = RuleContext(facts: facts, workspace: workspace, severity: description.severity, memo: memo)
        return selection.leveled(rule.init().check(context), of: description)
    }

    static func report(
        for facts: AppFacts, findings: [Finding], workspace: Workspace, verdictRules: [any VerdictRule.Type] = [],
        selection: RuleSelection = RuleSelection()
    ) -> AppReport {
        let app = facts.app
        let policy = selection.suppressions
        let suppressions = SuppressionCheck(workspace: workspace)
        var kept: [Finding] = []
        var suppressed: [SuppressedFinding] = []
        var refused: [SuppressedFinding] = []
        let platforms = app.compilePlatforms
        let minimum = app.minimumDeploymentTarget
        func consider(_ finding: Finding) {
            // Code this build never compiles or runs (`#if os(tvOS)` in an iOS app, the pre-iOS 13
            // `else` of an availability check) cannot break it.
            if let offset = finding.offset, let file = workspace.sources[finding.file],
                !file.regions.isLive(offset: offset, platforms: platforms, minimum: minimum)
            {
                return
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
        for finding in Set(findings) { consider(finding) }
        // Verdict rules see the verdict that every other rule's surviving findings give.
        let verdictSoFar = Verdict.of(kept, unreadable: app.unreadable)
        for finding in Set(verdictRules.flatMap({ run($0, on: facts, workspace: workspace, selection: selection, verdict: verdictSoFar) }))
        {
            consider(finding)
        }
        // One numbering over every finding, suppressed or not, so a finding keeps its fingerprint when a
        // comment is added or accepted: the diff can then say it became suppressed instead of resolved.
        let all = (kept + suppressed.map(\.finding)).sorted(by: Finding.sortOrder)
        let prints = Dictionary(zip(all, Finding.fingerprinted(all).map(\.fingerprint)), uniquingKeysWith: { first, _ in first })
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
            framework: facts.framework.kind.rawValue, frameworkVersion: facts.framework.resolvedVersion,
            verdict: Verdict.of(kept, unreadable: app.unreadable), findings: kept, suppressed: printed(suppressed),
            unreadable: app.unreadable, owners: workspace.owners(of: app), refusedSuppressions: printed(refused),
            unidentified: app.unidentified, testTargets: app.hostedTests.map { "\($0.target) (\($0.kind.rawValue))" },
            frameworkRequirement: facts.framework.unresolvedRequirement, vendored: app.vendored,
            counted: app.vendored == nil || workspace.countsVendoredApps, toolchain: workspace.toolchain(of: app),
            dependencies: DependencyReadiness.statuses(of: app, in: workspace))
    }

    static func run(
        _ rule: any VerdictRule.Type, on facts: AppFacts, workspace: Workspace, selection: RuleSelection, verdict: Verdict
    ) -> [Finding] {
        let description = rule.description
        let context = RuleContext(facts: facts, workspace: workspace, severity: description.severity)
        return selection.leveled(rule.init().check(context, verdict: verdict), of: description)
    }
}
