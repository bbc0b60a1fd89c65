import ScanCore

/// One table dependency as an app resolves it.
package struct DependencyStatus: Sendable, Hashable {
    package enum State: String, Sendable, Hashable, CaseIterable {
        /// The resolved version is at or after the first scene-aware release.
        case ready
        /// Older than the first scene-aware release: upgrade.
        case lagging
        /// The dependency has no scene-aware release at all.
        case noSceneAwareRelease = "no-scene-aware-release"
        /// The lockfile's version cannot be compared (a git reference, a path).
        case unknown
    }

    /// The dependency's name in the table.
    package let name: String
    /// The name its lockfile uses.
    package let package: String
    package let ecosystem: Ecosystem
    package let resolved: String
    package let sceneAware: String?
    package let state: State
    package let breaks: String
    package let source: String
    package let severity: Severity
    /// The lockfile and the line that resolves it.
    package let file: String
    package let line: Int

    package init(
        name: String, package: String, ecosystem: Ecosystem, resolved: String, sceneAware: String?, state: State, breaks: String,
        source: String, severity: Severity, file: String, line: Int
    ) {
        self.name = name
        self.package = package
        self.ecosystem = ecosystem
        self.resolved = resolved
        self.sceneAware = sceneAware
        self.state = state
        self.breaks = breaks
        self.source = source
        self.severity = severity
        self.file = file
        self.line = line
    }

    /// Whether the app must move this dependency before it is ready.
    package var isBlocking: Bool { state == .lagging || state == .noSceneAwareRelease }
}

/// The JSON form of a dependency's status in scan results. Fails on an ecosystem or state this version
/// does not know (written by a newer scenesweep); the app skips such entries.
extension DependencyStatus: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, package, ecosystem, resolved, sceneAware, state, severity, breaks, file, line, source
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(package, forKey: .package)
        try container.encode(ecosystem.rawValue, forKey: .ecosystem)
        try container.encode(resolved, forKey: .resolved)
        try container.encode(sceneAware, forKey: .sceneAware)
        try container.encode(state.rawValue, forKey: .state)
        try container.encode(severity.rawValue, forKey: .severity)
        try container.encode(breaks, forKey: .breaks)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(source, forKey: .source)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let ecosystemName = try container.decode(String.self, forKey: .ecosystem)
        let stateName = try container.decode(String.self, forKey: .state)
        guard let ecosystem = Ecosystem(rawValue: ecosystemName), let state = State(rawValue: stateName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: container, debugDescription: "unknown ecosystem or state '\(ecosystemName)', '\(stateName)'")
        }
        self.init(
            name: try container.decode(String.self, forKey: .name), package: try container.decode(String.self, forKey: .package),
            ecosystem: ecosystem, resolved: try container.decode(String.self, forKey: .resolved),
            sceneAware: try container.decodeIfPresent(String.self, forKey: .sceneAware), state: state,
            breaks: try container.decodeIfPresent(String.self, forKey: .breaks) ?? "",
            source: try container.decode(String.self, forKey: .source),
            severity: try container.decodeIfPresent(Severity.self, forKey: .severity) ?? .warning,
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line))
    }
}
