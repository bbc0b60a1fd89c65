import Foundation
import Git
import Results
import Rules
import ScanCore
import YAML

/// One problem in a config file, printed as `FILE:LINE:COL: error: message`.
package struct ConfigProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    package let file: String
    /// nil when the problem is with the file as a whole (it cannot be read).
    package let mark: Mark?
    package let message: String

    package init(file: String, mark: Mark?, message: String) {
        self.file = file
        self.mark = mark
        self.message = message
    }

    package var description: String {
        mark.map { "\(file):\($0.line):\($0.column): error: \(message)" } ?? "\(file): error: \(message)"
    }
}

/// Every problem found in a config file, in file order.
package struct ConfigProblems: Error, Sendable, CustomStringConvertible {
    package let problems: [ConfigProblem]

    package init(_ problems: [ConfigProblem]) {
        self.problems = problems.sorted {
            ($0.mark ?? Mark(line: 0, column: 0), $0.message) < ($1.mark ?? Mark(line: 0, column: 0), $1.message)
        }
    }

    package var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// A check another module adds to the validator (the daemon reads its schedule): given the document's
/// root node, every problem it finds, each at the node it is about.
package typealias ConfigCheck = @Sendable (_ root: Node) -> [(mark: Mark, message: String)]

/// A setting another module reads from the document's root node beside the validator (the daemon its
/// schedule): what it read, and every problem with it, each at the node it is about.
package typealias ConfigReading<Value> = (_ root: Node) -> (value: Value, problems: [(mark: Mark, message: String)])

/// Reads a fleet config and reports every problem at once: YAML syntax, wrong types, missing values,
/// unknown keys (with the nearest known key), unknown rules, bad dates, duplicate repositories.
package enum ConfigValidator {
    /// Reads and checks `path` (relative paths resolve against `directory`), then resolves the
    /// config's own relative paths against the config file's folder.
    /// - Parameters:
    ///   - environment: for `~` (HOME) in paths.
    ///   - checks: more checks, run with the validator's own.
    package static func load(
        path: String, directory: String = ".", environment: [String: String] = [:], checks: [ConfigCheck] = []
    ) throws(ConfigProblems) -> FleetConfig {
        try load(path: path, directory: directory, environment: environment, checks: checks, reading: nothing).config
    }

    /// Reads and checks `path` as `load(path:directory:environment:checks:)` does, and returns with the
    /// config what `reading` read from the same document, so that a setting is read once for its check
    /// and its use.
    package static func load<Value>(
        path: String, directory: String = ".", environment: [String: String] = [:], checks: [ConfigCheck] = [],
        reading: ConfigReading<Value>
    ) throws(ConfigProblems) -> (config: FleetConfig, value: Value) {
        let absolute = ConfigPaths.resolve(path, against: directory)
        guard let data = FileManager.default.contents(atPath: absolute) else {
            let reason = FileManager.default.fileExists(atPath: absolute) ? "cannot read the config file" : "no such config file"
            throw ConfigProblems([ConfigProblem(file: path, mark: nil, message: reason)])
        }
        return try check(Array(data), file: path, absolutePath: absolute, environment: environment, checks: checks, reading: reading)
    }

    /// Checks config text; `absolutePath` locates the file for relative paths, `file` names it in messages.
    package static func check(
        _ bytes: [UInt8], file: String, absolutePath: String, environment: [String: String] = [:], checks: [ConfigCheck] = []
    ) throws(ConfigProblems) -> FleetConfig {
        try check(bytes, file: file, absolutePath: absolutePath, environment: environment, checks: checks, reading: nothing).config
    }

    private static func nothing(_ root: Node) -> (value: Void, problems: [(mark: Mark, message: String)]) {
        ((), [])
    }

    private static func check<Value>(
        _ bytes: [UInt8], file: String, absolutePath: String, environment: [String: String], checks: [ConfigCheck],
        reading: ConfigReading<Value>
    ) throws(ConfigProblems) -> (config: FleetConfig, value: Value) {
        let node: Node
        do {
            node = try YAMLParser().parse(bytes)
        } catch let error as YAMLError {
            throw ConfigProblems([ConfigProblem(file: file, mark: error.mark, message: error.description.dropMark())])
        } catch {
            throw ConfigProblems([ConfigProblem(file: file, mark: nil, message: "\(error)")])
        }
        guard node.mapping != nil else {
            throw ConfigProblems([
                ConfigProblem(
                    file: file, mark: node.mark,
                    message: "expected a mapping of settings (version, fleet, repos, …), found \(node.kindDescription)")
            ])
        }
        let outcome = YAMLDecoder(collectsAllErrors: true).decodeReportingProblems(ConfigFile.self, from: node)
        var checker = SemanticChecks(
            root: node, folder: (absolutePath as NSString).deletingLastPathComponent, environment: environment)
        checker.run()
        var problems = outcome.errors.map { ConfigProblem(file: file, mark: $0.mark, message: $0.message) }
        problems += outcome.unknownKeys.map { ConfigProblem(file: file, mark: $0.mark, message: $0.error.message) }
        problems += checker.problems.map { ConfigProblem(file: file, mark: $0.mark, message: $0.message) }
        problems += checks.flatMap { $0(node) }.map { ConfigProblem(file: file, mark: $0.mark, message: $0.message) }
        let read = reading(node)
        problems += read.problems.map { ConfigProblem(file: file, mark: $0.mark, message: $0.message) }
        guard problems.isEmpty, let raw = outcome.value else {
            throw ConfigProblems(Array(Set(problems)))
        }
        return (resolve(raw, absolutePath: absolutePath, checker: checker), read.value)
    }

    private static func resolve(_ raw: ConfigFile, absolutePath: String, checker: SemanticChecks) -> FleetConfig {
        let folder = (absolutePath as NSString).deletingLastPathComponent
        let env = checker.environment
        let repos = raw.repos.enumerated().map { index, written in
            // The checks made every repository's identity already (to find the same one twice).
            var repo =
                checker.identities[index]
                ?? RepoConfig(written: written.url, branch: written.branch, name: written.name, folder: folder, environment: env)
            repo.team = written.team
            repo.paths = (written.paths ?? []).map(ConfigPaths.folder)
            return repo
        }
        var scanWorkers: Int?
        if case .count(let count) = raw.concurrency?.scan { scanWorkers = count }
        let disabled = Set((raw.rules?.disable ?? []).compactMap { Catalogue.rule(named: $0)?.description.id }).sorted()
        func levels(_ written: [String: Severity]?) -> [String: Severity] {
            var levels: [String: Severity] = [:]
            for (name, severity) in written ?? [:] {
                if let id = Catalogue.rule(named: name)?.description.id { levels[id] = severity }
            }
            return levels
        }
        var allowed: Set<String>?
        if case .rules(let names) = raw.suppressions?.allow {
            allowed = Set(names.compactMap { Catalogue.rule(named: $0)?.description.id })
        }
        return FleetConfig(
            file: absolutePath,
            version: raw.version,
            fleetName: raw.fleet?.name ?? FleetConfig.defaultName,
            deadline: raw.fleet?.deadline.flatMap(CalendarDay.init),
            workspace: ConfigPaths.resolve(ConfigPaths.expandingHome(raw.workspace ?? ".scenesweep", env), against: folder),
            schedule: raw.schedule,
            timeZone: raw.timezone,
            fetchConcurrency: raw.concurrency?.fetch ?? 4,
            scanConcurrency: scanWorkers,
            auth: FleetConfig.Auth(
                httpsTokenVariable: raw.auth?.httpsTokenEnv,
                sshKey: raw.auth?.sshKey.map { ConfigPaths.resolve(ConfigPaths.expandingHome($0, env), against: folder) },
                knownHosts: raw.auth?.knownHosts.map { ConfigPaths.resolve(ConfigPaths.expandingHome($0, env), against: folder) },
                hostTokenVariables: Dictionary(
                    (raw.auth?.hosts ?? [:]).map { ($0.key.lowercased(), $0.value.httpsTokenEnv) }, uniquingKeysWith: { first, _ in first })
            ),
            disabledRules: disabled,
            ruleSeverities: levels(raw.rules?.severity),
            forcedSeverities: levels(raw.rules?.forceSeverity),
            suppressions: SuppressionPolicy(allowed: allowed, errors: raw.suppressions?.errors ?? false),
            exclude: raw.exclude ?? [],
            includeVendoredApps: raw.includeVendoredApps == true ? true : nil,
            notify: raw.notify.map { FleetConfig.Notify(webhookURLVariable: $0.webhookURLEnv, on: $0.on ?? []) },
            reportURL: raw.reportURL.map(PublishSettings.trimmingSlash),
            publish: raw.publish.map { section in
                PublishSettings(
                    forges: (section.forges ?? []).compactMap { forge in
                        ForgeKind(rawValue: forge.kind).map { kind in
                            PublishSettings.Forge(
                                host: forge.host.lowercased(), kind: kind, api: forge.api.map(PublishSettings.trimmingSlash),
                                tokenVariable: forge.tokenEnv)
                        }
                    })
            },
            limits: RepoLimits(
                seconds: raw.limits?.repoSeconds ?? RepoLimits.defaultSeconds,
                memoryBytes: raw.limits?.repoMemory.flatMap(ByteSize.parse) ?? RepoLimits.defaultMemoryBytes),
            retention: RetentionPolicy(
                runs: raw.retention?.runs, days: raw.retention?.days,
                mirrorGraceDays: raw.retention?.mirrorGraceDays ?? RetentionPolicy.defaultMirrorGraceDays),
            writesPatches: raw.fix?.patches == true ? true : nil,
            campaign: raw.campaign.map { $0.settings },
            repos: repos)
    }
}

extension RepoConfig {
    /// A repository as the config writes it, with its identity: what git is handed for `url` (local paths
    /// resolved against `folder`), the name (`name`, else one from the URL) and the keys of both.
    fileprivate init(written url: String, branch: String?, name: String?, folder: String, environment: [String: String]) {
        let location = ConfigPaths.location(of: url, folder: folder, environment: environment)
        self.init(url: url, location: location, branch: branch, name: name ?? ConfigPaths.defaultName(for: location))
    }
}

/// The checks types cannot express, run on the node tree so they report even when decoding failed.
private struct SemanticChecks {
    let root: Node
    let folder: String
    let environment: [String: String]
    var problems: [(mark: Mark, message: String)] = []
    /// Each repository's identity (location, name, keys) by its index in `repos`, made once here.
    var identities: [Int: RepoConfig] = [:]

    init(root: Node, folder: String, environment: [String: String]) {
        self.root = root
        self.folder = folder
        self.environment = environment
    }

    mutating func run() {
        if let version = root["version"], let number = version.scalar?.integer, number != 1 {
            report(version, "version: unsupported config version \(number); this scenesweep reads version 1")
        }
        if let deadline = root["fleet"]?["deadline"], let text = text(deadline), CalendarDay(text) == nil {
            report(deadline, "fleet.deadline: expected a date like 2027-04-01, found '\(text)'")
        }
        checkConcurrency()
        // A null workspace (`workspace:` alone) is the default; `''` is a path, and an empty one.
        if let workspace = root["workspace"], let scalar = workspace.scalar, !scalar.isNull,
            let problem = WorkspacePath.problem(scalar.text, folder: folder, environment: environment)
        {
            report(workspace, "workspace: \(problem)")
        }
        checkLimits()
        checkRetention()
        checkVariableName(root["auth"]?["https_token_env"], path: "auth.https_token_env", example: "GIT_TOKEN")
        checkHostTokens()
        checkVariableName(root["notify"]?["webhook_url_env"], path: "notify.webhook_url_env", example: "SLACK_WEBHOOK")
        checkRules()
        for (index, forge) in (root["publish"]?["forges"]?.sequence ?? []).enumerated() {
            checkVariableName(forge["token_env"], path: "publish.forges[\(index)].token_env", example: "GITHUB_TOKEN")
        }
        problems += PublishSettings.problems(in: root)
        for (index, pattern) in (root["exclude"]?.sequence ?? []).enumerated() where text(pattern)?.isEmpty ?? false {
            report(pattern, "exclude[\(index)]: empty pattern")
        }
        checkRepos()
        let written = (root["repos"]?.sequence ?? []).enumerated().compactMap { index, node -> RepoConfig? in
            guard var repo = identities[index] else { return nil }
            repo.team = node["team"].flatMap(text)
            return repo
        }
        problems += CampaignSettings.problems(in: root, repos: written)
    }

    private mutating func checkConcurrency() {
        if let fetch = root["concurrency"]?["fetch"], let number = fetch.scalar?.integer, !(1...64).contains(number) {
            report(fetch, "concurrency.fetch: expected 1 to 64 fetch workers, found \(number)")
        }
        if let scan = root["concurrency"]?["scan"], let number = scan.scalar?.integer, !(1...256).contains(number) {
            report(scan, "concurrency.scan: expected 'auto' or 1 to 256 scan workers, found \(number)")
        }
    }

    private mutating func checkLimits() {
        if let seconds = root["limits"]?["repo_seconds"], let number = seconds.scalar.flatMap({ Double($0.text) }),
            !(1...86_400).contains(number)
        {
            report(seconds, "limits.repo_seconds: expected 1 to 86400 seconds, found \(seconds.scalar?.text ?? "")")
        }
        if let memory = root["limits"]?["repo_memory"], let value = text(memory) {
            if let bytes = ByteSize.parse(value) {
                if bytes < 64 << 20 { report(memory, "limits.repo_memory: \(value) is too little for a scan; give at least 64MiB") }
            } else {
                report(memory, "limits.repo_memory: expected a size such as 2GiB or 512MiB, found '\(value)'")
            }
        }
    }

    private mutating func checkRetention() {
        let ranges: [(key: String, range: ClosedRange<Int>, unit: String)] = [
            ("runs", 1...1_000_000, "runs"), ("days", 1...36_500, "days"), ("mirror_grace_days", 0...36_500, "days"),
        ]
        for (key, range, unit) in ranges {
            if let node = root["retention"]?[key], let number = node.scalar?.integer, !range.contains(number) {
                report(node, "retention.\(key): expected \(range.lowerBound) to \(range.upperBound) \(unit), found \(number)")
            }
        }
    }

    private mutating func checkVariableName(_ node: Node?, path: String, example: String) {
        guard let node, let name = text(node) else { return }
        let bytes = Array(name.utf8)
        let isName =
            !bytes.isEmpty && !(bytes[0] >= 0x30 && bytes[0] <= 0x39)
            && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
        // The value is never echoed: someone may have pasted the secret itself here.
        if !isName {
            report(node, "\(path): expected the name of an environment variable (such as \(example)), not the secret itself")
        }
    }

    /// `auth.hosts`: each key a host name or `host:port` (never a URL, whose path or user would be
    /// ignored), each naming a variable, no host twice.
    private mutating func checkHostTokens() {
        var seen: [String: Int] = [:]
        for pair in root["auth"]?["hosts"]?.mapping ?? [] {
            guard let host = pair.key.scalar?.text else { continue }
            let path = "auth.hosts.\(host)"
            if let problem = Self.problem(withHost: host) {
                report(pair.key, "\(path): \(problem)")
            } else if let line = seen[host.lowercased()] {
                report(pair.key, "\(path): the host is listed already (line \(line))")
            } else {
                seen[host.lowercased()] = pair.key.mark.line
            }
            checkVariableName(pair.value["https_token_env"], path: "\(path).https_token_env", example: "GHE_TOKEN")
        }
    }

    /// Why an `auth.hosts` key is not a host or `host:port`, or nil.
    static func problem(withHost host: String) -> String? {
        if host.contains("://") || host.contains("/") || host.contains("@") {
            return "expected a host name such as git.example.com (or git.example.com:8443), not a URL"
        }
        var name = Substring(host)
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]"), !host.hasPrefix("[") || host[..<colon].hasSuffix("]") {
            let port = host[host.index(after: colon)...]
            guard let number = Int(port), (1...65_535).contains(number) else { return "'\(port)' is not a port number" }
            name = host[..<colon]
        }
        let allowed = name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._[]:".unicodeScalars.contains($0)
        }
        if name.isEmpty || !allowed { return "'\(host)' is not a host name" }
        return nil
    }

    private mutating func checkRules() {
        let ids = Catalogue.all.map { $0.description.id }
        for (index, item) in (root["rules"]?["disable"]?.sequence ?? []).enumerated() {
            if let name = text(item), Catalogue.rule(named: name) == nil {
                report(item, "rules.disable[\(index)]: unknown rule '\(name)'" + NameSuggestion.clause(name, in: ids))
            }
        }
        var leveled: Set<String> = []
        for pair in root["rules"]?["severity"]?.mapping ?? [] {
            if let name = pair.key.scalar?.text, Catalogue.rule(named: name) == nil {
                report(pair.key, "rules.severity: unknown rule '\(name)'" + NameSuggestion.clause(name, in: ids))
            } else if let name = pair.key.scalar?.text, let id = Catalogue.rule(named: name)?.description.id {
                leveled.insert(id)
            }
        }
        for pair in root["rules"]?["force_severity"]?.mapping ?? [] {
            guard let name = pair.key.scalar?.text else { continue }
            guard let id = Catalogue.rule(named: name)?.description.id else {
                report(pair.key, "rules.force_severity: unknown rule '\(name)'" + NameSuggestion.clause(name, in: ids))
                continue
            }
            if leveled.contains(id) {
                report(pair.key, "rules.force_severity: \(name) is also in rules.severity; give a rule one of the two")
            }
        }
        for (index, item) in (root["suppressions"]?["allow"]?.sequence ?? []).enumerated() {
            if let name = text(item), Catalogue.rule(named: name) == nil {
                report(item, "suppressions.allow[\(index)]: unknown rule '\(name)'" + NameSuggestion.clause(name, in: ids))
            }
        }
    }

    private mutating func checkRepos() {
        guard let repos = root["repos"] else { return }
        if let items = repos.sequence, items.isEmpty {
            report(repos, "repos: list at least one repository")
        }
        var seenKeys: [RepoKey: (index: Int, line: Int)] = [:]
        var seenNames: [String: (index: Int, line: Int)] = [:]
        for (index, repo) in (repos.sequence ?? []).enumerated() {
            let path = "repos[\(index)]"
            guard repo.mapping != nil else { continue }
            var url: String?
            if let urlNode = repo["url"], let written = text(urlNode) {
                if let problem = Self.problem(withURL: written) {
                    report(urlNode, "\(path).url: \(problem)")
                } else {
                    url = written
                }
            }
            let branchNode = repo["branch"]
            let branch = branchNode.flatMap(text)
            if let branchNode, let branch, branch.isEmpty || branch.contains(where: \.isWhitespace) || branch.hasPrefix("-") {
                report(branchNode, "\(path).branch: '\(branch)' is not a branch name")
            }
            for (pathIndex, item) in (repo["paths"]?.sequence ?? []).enumerated() {
                guard let folder = text(item) else { continue }
                let components = folder.split(separator: "/")
                if folder.hasPrefix("/") || components.contains("..") || folder.isEmpty {
                    report(item, "\(path).paths[\(pathIndex)]: expected a folder inside the repository, found '\(folder)'")
                }
            }
            guard let url else { continue }
            let nameNode = repo["name"]
            let identity = RepoConfig(
                written: url, branch: branch, name: nameNode.flatMap(text), folder: folder, environment: environment)
            if let first = seenKeys[identity.mirrorKey] {
                report(
                    repo,
                    "\(path): the same repository\(branch.map { " and branch '\($0)'" } ?? "") as repos[\(first.index)] (line \(first.line))"
                )
                continue
            }
            seenKeys[identity.mirrorKey] = (index, repo.mark.line)
            identities[index] = identity
            let name = identity.name
            if let first = seenNames[name] {
                let hint = nameNode == nil ? "; give one of them a `name`" : ""
                report(nameNode ?? repo, "\(path): the name '\(name)' is already used by repos[\(first.index)] (line \(first.line))\(hint)")
            } else {
                seenNames[name] = (index, repo.mark.line)
            }
        }
    }

    /// Why a repository URL cannot be used, or nil.
    static func problem(withURL url: String) -> String? {
        if url.trimmingCharacters(in: .whitespaces).isEmpty { return "empty URL" }
        if url.contains(where: { $0.isNewline || $0 == "\0" }) { return "the URL holds a line break" }
        let parsed = GitURL(url)
        if let schemeEnd = url.range(of: "://") {
            let scheme = url[..<schemeEnd.lowerBound].lowercased()
            if scheme == "http", !["localhost", "127.0.0.1", "::1"].contains(parsed.host ?? "") {
                return "plain http would send credentials in clear text; use https, ssh or a local path"
            }
            if parsed.transport == .other { return "unsupported URL scheme '\(scheme)'; use https, ssh, file:// or a local path" }
            let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" }
            if parsed.transport == .http, authority.contains("@") {
                return "the URL holds credentials; put the token in the environment variable named by auth.https_token_env"
            }
            if authority.contains("@"), authority.prefix(while: { $0 != "@" }).contains(":") {
                return "the URL holds a password; use auth.ssh_key or auth.https_token_env instead"
            }
            if parsed.transport != .local, parsed.host == nil { return "the URL names no host" }
        }
        return nil
    }

    private func text(_ node: Node) -> String? {
        guard let scalar = node.scalar, !scalar.isNull else { return nil }
        return scalar.text
    }

    private mutating func report(_ node: Node, _ message: String) {
        problems.append((node.mark, message))
    }
}

extension String {
    /// A YAML error's description without its leading `LINE:COL: `, which the problem prints itself.
    fileprivate func dropMark() -> String {
        guard let separator = range(of: ": ") else { return self }
        let prefix = self[..<separator.lowerBound]
        return prefix.allSatisfy({ $0.isNumber || $0 == ":" }) ? String(self[separator.upperBound...]) : self
    }
}
