/// `diff.json` (Docs/schemas/diff.schema.json): these conformances are its one definition, writing members
/// in the file's order. Never read back: a diff follows from the two runs' results.
extension RunDiff: Encodable {
    /// The version of diff.json's format.
    package static let schemaVersion = 1

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, from, to, summary, regressions, improvements, otherChanges, newFindings, resolvedFindings
        case suppressedFindings, suppressionChanges, newApps, removedApps, newRepos, removedRepos, staleRepos, toolchainMoves
        case pinRegressions
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        var summary = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .summary)
        try summary.encode(regressions.count, forKey: .regressions)
        try summary.encode(improvements.count, forKey: .improvements)
        try summary.encode(otherChanges.count, forKey: .otherChanges)
        try summary.encode(newFindings.count, forKey: .newFindings)
        try summary.encode(resolvedFindings.count, forKey: .resolvedFindings)
        try summary.encode(suppressedFindings.count, forKey: .suppressedFindings)
        try summary.encode(suppressionChanges.count, forKey: .suppressionChanges)
        try summary.encode(newApps.count, forKey: .newApps)
        try summary.encode(removedApps.count, forKey: .removedApps)
        try summary.encode(newRepos.count, forKey: .newRepos)
        try summary.encode(removedRepos.count, forKey: .removedRepos)
        try summary.encode(staleRepos.count, forKey: .staleRepos)
        try summary.encode(toolchainMoves.count, forKey: .toolchainMoves)
        try summary.encode(pinRegressions.count, forKey: .pinRegressions)
        try container.encode(regressions, forKey: .regressions)
        try container.encode(improvements, forKey: .improvements)
        try container.encode(otherChanges, forKey: .otherChanges)
        try container.encode(newFindings, forKey: .newFindings)
        try container.encode(resolvedFindings, forKey: .resolvedFindings)
        try container.encode(suppressedFindings, forKey: .suppressedFindings)
        try container.encode(suppressionChanges, forKey: .suppressionChanges)
        try container.encode(newApps, forKey: .newApps)
        try container.encode(removedApps, forKey: .removedApps)
        try container.encode(newRepos, forKey: .newRepos)
        try container.encode(removedRepos, forKey: .removedRepos)
        try container.encode(toolchainMoves, forKey: .toolchainMoves)
        try container.encode(staleRepos, forKey: .staleRepos)
    }
}

/// The members of the diff's items, which open with where the item is: `repo` (the repository's
/// name) and `repoKey`, then `team`, `path` and `target` where the item has them.
private enum ItemKeys: String, CodingKey {
    case repo, repoKey, team, path, target, from, to, fromStatus, toStatus, verdict, pin, regression, message, fingerprint, reason
    case accepted, apps, error, failingSince, carriedForward, resultCommit, resultDate
}

extension KeyedEncodingContainer<ItemKeys> {
    fileprivate mutating func encodeRepo(_ repo: RepoKey, _ name: String) throws {
        try encode(name, forKey: .repo)
        try encode(repo, forKey: .repoKey)
    }

    fileprivate mutating func encodeApp(_ repo: RepoKey, _ name: String, team: String?, path: String, target: String) throws {
        try encodeRepo(repo, name)
        try encode(team, forKey: .team)
        try encode(path, forKey: .path)
        try encode(target, forKey: .target)
    }
}

extension VerdictChange: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ItemKeys.self)
        try container.encodeApp(repo, repoName, team: team, path: path, target: target)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
    }
}

extension ToolchainMove: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ItemKeys.self)
        try container.encodeApp(repo, repoName, team: team, path: path, target: target)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(fromStatus.rawValue, forKey: .fromStatus)
        try container.encode(toStatus.rawValue, forKey: .toStatus)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(pin, forKey: .pin)
        try container.encode(isRegression, forKey: .regression)
    }
}

extension FleetFinding: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ItemKeys.self)
        try container.encodeRepo(repo, repoName)
        try encodePlace(to: encoder)
        try container.encode(message, forKey: .message)
        try container.encode(fingerprint, forKey: .fingerprint)
    }

    private enum PlaceKeys: String, CodingKey {
        case path, target, rule, severity, file, line
    }

    /// Where the finding is and what fired, into the object `encoder` is writing: `path`, `target`, `rule`,
    /// `severity`, `file` and `line`, as diff.json's findings and summary.json's suppressions write them.
    func encodePlace(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PlaceKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(target, forKey: .target)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity, forKey: .severity)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
    }
}

/// The finding's members, then why it is suppressed and whether the fleet accepted the comment.
extension SuppressedChange: Encodable {
    package func encode(to encoder: any Encoder) throws {
        try change.encode(to: encoder)
        var container = encoder.container(keyedBy: ItemKeys.self)
        try container.encode(reason, forKey: .reason)
        try container.encode(accepted, forKey: .accepted)
    }
}

extension AppChange: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ItemKeys.self)
        try container.encodeApp(repo, repoName, team: team, path: path, target: target)
        try container.encode(verdict, forKey: .verdict)
    }
}

extension RepoChange: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ItemKeys.self)
        try container.encodeRepo(repo, repoName)
        try container.encode(team, forKey: .team)
        try container.encode(apps, forKey: .apps)
    }
}

extension StaleRepo: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ItemKeys.self)
        try container.encodeRepo(repo, repoName)
        try container.encode(team, forKey: .team)
        try container.encode(error, forKey: .error)
        try container.encode(failingSince, forKey: .failingSince)
        try container.encode(hasResult, forKey: .carriedForward)
        try container.encode(resultCommit, forKey: .resultCommit)
        try container.encode(resultDate, forKey: .resultDate)
    }
}
