import Fleet
import Foundation
import Reports
import Results

/// `scenesweep publish`: each repository's result of a stored run, to that repository on its forge —
/// GitHub code scanning gets one SARIF upload per app (its own category) for the scanned commit and
/// branch; GitLab and Gitea, which take no SARIF, get a commit status. Repositories whose result was
/// already published (same commit, same scan) are left alone; stale and failed ones are never published,
/// since their result is not of the commit the forge shows. One repository's failure never stops the rest.
package struct Publisher: Sendable {
    package enum Outcome: Sendable, Equatable {
        /// Uploaded: SARIF logs (GitHub) or a commit status (GitLab, Gitea).
        case published(forge: String, uploads: [String], apps: Int)
        case unchanged(commit: String)
        case skipped(String)
        case failed(String)
    }

    package struct Line: Sendable, Equatable {
        package let repo: String
        package let outcome: Outcome
    }

    package struct Summary: Sendable, Equatable {
        package let run: String
        package var lines: [Line] = []

        package func count(_ kind: (Outcome) -> Bool) -> Int { lines.filter { kind($0.outcome) }.count }
        package var published: Int { count { if case .published = $0 { true } else { false } } }
        package var unchanged: Int { count { if case .unchanged = $0 { true } else { false } } }
        package var skipped: Int { count { if case .skipped = $0 { true } else { false } } }
        package var failed: Int { count { if case .failed = $0 { true } else { false } } }
    }

    package let config: FleetConfig
    package let settings: PublishSettings
    package let variables: [String: String]
    package let http: HTTPClient
    package let now: @Sendable () -> Date
    /// Told each repository's line as it is done, and each retry.
    package let progress: @Sendable (String) -> Void

    package init(
        config: FleetConfig, settings: PublishSettings, variables: [String: String], http: HTTPClient = HTTPClient(),
        now: @escaping @Sendable () -> Date = { Date() }, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.config = config
        self.settings = settings
        self.variables = variables
        self.http = http
        self.now = now
        self.progress = progress
    }

    /// Publishes `run` (a run id of the config's workspace).
    package func publish(run: String) async throws -> Summary {
        let store = RunStore(root: config.workspace)
        let record = try store.record(of: run)
        var state = try PublishState.load(workspace: config.workspace)
        var summary = Summary(run: run)
        let links = ReportLinks(config)
        for (index, repo) in record.repos.enumerated() {
            let outcome = await publish(repo, run: run, store: store, state: &state, links: links)
            summary.lines.append(Line(repo: repo.name, outcome: outcome))
            progress("[\(index + 1)/\(record.repos.count)] \(repo.name): \(Self.describe(outcome))\n")
        }
        return summary
    }

    private func publish(_ repo: RepoRecord, run: String, store: RunStore, state: inout PublishState, links: ReportLinks) async
        -> Outcome
    {
        guard let repository = ForgeRepository.locate(url: repo.url, in: settings) else {
            return .skipped("not on a forge of publish.forges")
        }
        switch repo.status {
        case .failed: return .skipped("not published: it could not be fetched or scanned and has no result")
        case .stale: return .skipped("not published: its result is stale (\(repo.error ?? "not brought up to date"))")
        case .scanned, .reused, .skipped: break
        }
        guard let commit = repo.commit, let scannedIn = repo.scannedIn else { return .skipped("no result to publish") }
        guard let branch = repo.scannedBranch ?? repo.branch else { return .skipped("the scanned branch is not recorded") }
        if state.isPublished(repo.key, commit: commit, scannedIn: scannedIn) { return .unchanged(commit: commit) }
        let variable = repository.forge.tokenVariable
        guard let token = variables[variable], !token.isEmpty else {
            return .failed("\(variable) is not set: no token for \(repository.forge.host)")
        }
        let report: ScanReport
        do {
            report = try store.result(run: run, key: repo.key)
        } catch {
            return .failed("cannot read its result: \(error)")
        }
        let client = ForgeClient(forge: repository.forge, token: token, http: http)
        let retryNote = ForgeClient.retryNote(progress, repo: repo.name)
        let ref = "refs/heads/" + branch
        var uploads: [String] = []
        switch repository.forge.kind {
        case .github:
            for log in PerAppSARIF.logs(report) {
                let request: HTTPRequest
                do {
                    let body = try CodeScanningUpload.body(sarif: log.sarif, commit: commit, ref: ref)
                    guard let built = client.request("POST", CodeScanningUpload.path(repository), json: body) else {
                        return .failed("the API URL \(repository.forge.apiBase) is not usable")
                    }
                    request = built
                } catch {
                    return .failed("\(log.category): \(error)")
                }
                switch await client.send(request, onRetry: retryNote) {
                case .success(let response): uploads.append(CodeScanningUpload.uploadID(response) ?? log.category)
                case .failure(let error): return .failed("\(log.category): \(error)")
                }
            }
        case .gitlab, .gitea:
            let target = links.base.map { _ in links.file("repos/\(repo.key.rawValue).html", inRun: run) }
            do {
                let body = try CommitStatus.body(repository, apps: report.apps, ref: branch, targetURL: target)
                guard let request = client.request("POST", CommitStatus.path(repository, commit: commit), json: body) else {
                    return .failed("the API URL \(repository.forge.apiBase) is not usable")
                }
                if case .failure(let error) = await client.send(request, onRetry: retryNote) { return .failed("\(error)") }
                uploads.append(CommitStatus.context)
            } catch {
                return .failed("\(error)")
            }
        }
        state.repos[repo.key.rawValue] = PublishState.Entry(
            commit: commit, scannedIn: scannedIn, forge: repository.forge.host, run: run, publishedAt: now(), uploads: uploads)
        do {
            try state.save(workspace: config.workspace)
        } catch {
            return .failed("published, but cannot record it in \(PublishState.fileName): \(error)")
        }
        return .published(forge: repository.forge.host, uploads: uploads, apps: report.apps.count)
    }

    package static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .published(let forge, let uploads, let apps):
            return uploads == [CommitStatus.context]
                ? "commit status set on \(forge) (\(apps) app\(apps == 1 ? "" : "s"))"
                : "uploaded SARIF of \(apps) app\(apps == 1 ? "" : "s") to \(forge) code scanning"
        case .unchanged(let commit): return "unchanged since its last upload (commit \(commit.prefix(7)))"
        case .skipped(let reason): return "skipped: \(reason)"
        case .failed(let reason): return "FAILED: \(reason)"
        }
    }
}
