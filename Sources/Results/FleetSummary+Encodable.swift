/// `summary.json` (Docs/schemas/summary.schema.json): these conformances are its one definition, writing
/// members in the file's order. Never read back: the summary follows from the run's results.
extension FleetSummary: Encodable {
    /// The version of summary.json's format.
    package static let schemaVersion = 1

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, run, fleet, generatedAt, tool, deadline, daysToDeadline, staleSince, vendoredApps, repos, failedRepos
        case staleRepos, scannedRepos, reusedRepos, skippedRepos, previousRun, regressions, improvements, teams, repositories
        case topBlockingRules, suppressions, blockedApps, blockedByXcode, blockingDependencies, patches, campaign
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(run, forKey: .run)
        try container.encode(fleetName, forKey: .fleet)
        try container.encode(generatedAt, forKey: .generatedAt)
        try container.encode(ToolInfo(version: toolVersion, rulePack: rulePack), forKey: .tool)
        try container.encode(deadline, forKey: .deadline)
        try container.encode(daysToDeadline, forKey: .daysToDeadline)
        try totals.encode(to: encoder, as: .fleet)
        try container.encode(staleSince, forKey: .staleSince)
        // Left out of every figure above unless the config counts them (include_vendored_apps).
        try container.encode(vendoredApps, forKey: .vendoredApps)
        try container.encode(repos, forKey: .repos)
        try container.encode(failedRepos, forKey: .failedRepos)
        try container.encode(staleRepos, forKey: .staleRepos)
        try container.encode(scannedRepos, forKey: .scannedRepos)
        try container.encode(reusedRepos, forKey: .reusedRepos)
        try container.encode(skippedRepos, forKey: .skippedRepos)
        try container.encode(diff.from, forKey: .previousRun)
        try container.encode(diff.regressions.count, forKey: .regressions)
        try container.encode(diff.improvements.count, forKey: .improvements)
        try container.encode(teams, forKey: .teams)
        try container.encode(repoRows, forKey: .repositories)
        try container.encode(topBlockingRules, forKey: .topBlockingRules)
        try container.encode(suppressions, forKey: .suppressions)
        try container.encode(SelectedItems(apps) { $0.verdict == .blocked }, forKey: .blockedApps)
        try container.encode(blockedByXcode, forKey: .blockedByXcode)
        try container.encode(blockingDependencies, forKey: .blockingDependencies)
        // Only with `fix: patches`, so summaries of fleets without it are as they were.
        try container.encodeIfPresent(patches, forKey: .patches)
        try container.encodeIfPresent(campaign, forKey: .campaign)
    }
}

extension TeamSummary: Encodable {
    private enum CodingKeys: String, CodingKey {
        case team, repos, failedRepos, owners, patches, campaign
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(team, forKey: .team)
        try counts.encode(to: encoder, as: .group)
        try container.encode(repos, forKey: .repos)
        try container.encode(failedRepos, forKey: .failedRepos)
        try container.encode(owners, forKey: .owners)
        try container.encodeIfPresent(patches, forKey: .patches)
        try container.encodeIfPresent(campaign, forKey: .campaign)
    }
}

extension RepoRow: Encodable {
    private enum CodingKeys: String, CodingKey {
        case key, name, team, status, commit, error, failingSince, scannedIn, resultDate
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(repo, forKey: .key)
        try container.encode(name, forKey: .name)
        try container.encode(team, forKey: .team)
        try container.encode(status, forKey: .status)
        try container.encode(commit, forKey: .commit)
        try counts.encode(to: encoder, as: .group)
        try container.encode(error, forKey: .error)
        try container.encode(failingSince, forKey: .failingSince)
        try container.encode(scannedIn, forKey: .scannedIn)
        try container.encode(resultDate, forKey: .resultDate)
    }
}

extension RuleCount: Encodable {
    private enum CodingKeys: String, CodingKey {
        case rule, apps
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(apps, forKey: .apps)
    }
}

extension SuppressionRow: Encodable {
    private enum CodingKeys: String, CodingKey {
        case team, repo, reason, accepted
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(team, forKey: .team)
        try container.encode(finding.repoName, forKey: .repo)
        try finding.encodePlace(to: encoder)
        try container.encode(reason, forKey: .reason)
        try container.encode(accepted, forKey: .accepted)
    }
}

/// A blocked app as summary.json's `blockedApps` lists it: where it is, who owns it, what blocks it and
/// the Xcode it builds with.
extension AppRow: Encodable {
    private enum CodingKeys: String, CodingKey {
        case repo, path, target, team, owners, rules, xcode, xcodeStatus
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(repoName, forKey: .repo)
        try container.encode(path, forKey: .path)
        try container.encode(target, forKey: .target)
        try container.encode(team, forKey: .team)
        try container.encode(owners, forKey: .owners)
        try container.encode(blockingRules, forKey: .rules)
        try container.encode(toolchain.xcode, forKey: .xcode)
        try container.encode(toolchain.status.rawValue, forKey: .xcodeStatus)
    }
}

extension XcodeCount: Encodable {
    private enum CodingKeys: String, CodingKey {
        case xcode, current, apps
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(group.description, forKey: .xcode)
        try container.encode(group.isCurrent, forKey: .current)
        try container.encode(apps, forKey: .apps)
    }
}

extension DependencyCount: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name, ecosystem, sceneAware, apps, resolved, source, severity
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(ecosystem, forKey: .ecosystem)
        try container.encode(sceneAware, forKey: .sceneAware)
        try container.encode(apps, forKey: .apps)
        try container.encode(resolved, forKey: .resolved)
        try container.encode(source, forKey: .source)
        try container.encode(severity, forKey: .severity)
    }
}
