import Fleet
import Foundation
import Git
import Results
import ScanCore

/// `scenesweep campaign --apply`: carries a night's plan out on the forges. First it reads back how each
/// pull request and issue opened on earlier nights stands (merged, closed by a person, still open); then it
/// plans (`CampaignPlan`) and acts repository by repository: pushes the branch of verified patches and opens
/// or updates the pull request, opens or updates the issue, closes what is no longer needed with a comment.
/// What it opened is saved to `campaign.json` after every change, so a run cut short never opens twice; and
/// before opening, the forge is asked for the campaign's own pull request (by branch) or issue (by its
/// marker), so a lost state file does not either. One repository's failure (a refused push, a 403, a rate
/// limit that outlasts the retries) is that repository's line; the rest go on.
package struct CampaignRunner: Sendable {
    package enum Outcome: Sendable, Equatable {
        case opened(CampaignRecord.Kind, url: String)
        case updated(CampaignRecord.Kind, url: String)
        /// Open, and the scan gave it nothing new to say.
        case unchanged(CampaignRecord.Kind, url: String)
        case closed(url: String)
        case left(String)
        case held(String)
        case failed(String)
    }

    package struct Line: Sendable, Equatable {
        package var repo: String
        package var outcome: Outcome
        /// What happened beside the outcome: a replaced pull request or issue closed, labels or reviewers
        /// that could not be added, a state refreshed from the forge.
        package var notes: [String]
    }

    package struct Summary: Sendable, Equatable {
        package var run: String
        package var lines: [Line] = []

        package var failed: Int { lines.count { if case .failed = $0.outcome { true } else { false } } }
    }

    package let config: FleetConfig
    package let settings: CampaignSettings
    package let forges: PublishSettings
    package let variables: [String: String]
    package let http: HTTPClient
    package let push: CampaignPusher
    package let now: @Sendable () -> Date
    package let progress: @Sendable (String) -> Void

    package init(
        config: FleetConfig, settings: CampaignSettings, forges: PublishSettings, variables: [String: String],
        http: HTTPClient = HTTPClient(), push: @escaping CampaignPusher, now: @escaping @Sendable () -> Date = { Date() },
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.config = config
        self.settings = settings
        self.forges = forges
        self.variables = variables
        self.http = http
        self.push = push
        self.now = now
        self.progress = progress
    }

    /// One repository's forge, with the user the token belongs to.
    private struct Session {
        var forge: CampaignForge
        var user: String
    }

    package func run(run: String) async throws -> Summary {
        let store = RunStore(root: config.workspace)
        let record = try store.record(of: run)
        var state = try CampaignState.load(workspace: config.workspace)
        var sessions = Sessions(runner: self)
        var summary = Summary(run: run)
        var notes: [String: [String]] = [:]

        // How what earlier nights opened stands now: the plan needs it (a merged pull request, one a person closed).
        // One that cannot be read is not acted on tonight: what campaign.json says may no longer be so.
        var unread: [String: String] = [:]
        for repo in config.repos where settings.includes(repo) {
            guard let entry = state.repos[repo.key.rawValue], entry.state == .open else { continue }
            let refreshed: Result<CampaignRecord, StepError>
            switch await sessions.session(for: repo) {
            case .failure(let error): refreshed = .failure(error)
            case .success(let session): refreshed = await refresh(entry, session: session)
            }
            switch refreshed {
            case .failure(let error):
                unread[repo.name] = "cannot read how \(entry.url) stands, so nothing is done to it tonight: \(error)"
            case .success(let now) where now != entry:
                state.repos[repo.key.rawValue] = now
                // A person's close is said by the plan's line; a merge or a close of our own here.
                if now.state != entry.state, now.state != .closedByPerson {
                    notes[repo.name, default: []].append("\(entry.url) is now \(Self.describe(now.state))")
                }
                if now.state == .open, let checks = now.checks, checks != entry.checks {
                    notes[repo.name, default: []].append("checks on \(entry.url): \(checks.rawValue)")
                }
                try state.save(workspace: config.workspace)
            case .success: break
            }
        }

        let candidates = CampaignCandidate.from(run: record, config: config, state: state)
        let plan = CampaignPlan(settings: settings, candidates: candidates, now: now())
        let runRepos = Dictionary(record.repos.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, (step, repo)) in zip(plan.steps, config.repos).enumerated() {
            var line = Line(repo: repo.name, outcome: .left(""), notes: notes[repo.name] ?? [])
            switch step.action {
            case .leave(let reason): line.outcome = .left(reason)
            case .hold(let reason): line.outcome = .held(reason)
            case _ where unread[repo.name] != nil: line.outcome = .failed(unread[repo.name] ?? "")
            default:
                switch await sessions.session(for: repo) {
                case .failure(let reason): line.outcome = .failed(reason.description)
                case .success(let session):
                    let work = Work(
                        runner: self, store: store, run: run, repo: repo, result: runRepos[repo.key], session: session)
                    line.outcome = await work.carryOut(step.action, state: &state, notes: &line.notes)
                }
            }
            summary.lines.append(line)
            progress("[\(index + 1)/\(plan.steps.count)] \(repo.name): \(Self.describe(line.outcome))\n")
            for note in line.notes { progress("  \(note)\n") }
        }
        return summary
    }

    /// How an open pull request or issue stands on the forge.
    private func refresh(_ entry: CampaignRecord, session: Session) async -> Result<CampaignRecord, StepError> {
        guard let number = entry.number ?? Self.number(inURL: entry.url) else {
            return .failure(StepError("\(CampaignState.fileName) has no number for it"))
        }
        let item: ForgeItem
        switch await session.forge.item(entry.kind, number: number) {
        case .failure(let error): return .failure(StepError(error.description))
        case .success(let read): item = read
        }
        var refreshed = entry
        refreshed.number = number
        switch item.state {
        case .open:
            refreshed.state = .open
            if entry.kind == .pullRequest {
                // Checks that cannot be read keep what was read before: they inform, they decide nothing.
                if case .success(let checks) = await session.forge.checks(of: item) { refreshed.checks = checks }
            }
        case .merged: refreshed.state = .merged
        case .closed(let by):
            var closer = by
            if closer == nil, entry.kind == .pullRequest { closer = await session.forge.closer(ofPullRequest: number) }
            // The campaign records its own closes before anything else reads them, so an item it still holds
            // open was closed by someone else; a closer the forge names settles it either way.
            refreshed.state = closer == session.user ? .closed : .closedByPerson
        }
        return .success(refreshed)
    }

    /// The number at the end of a pull request's or issue's web address, for state written before numbers were.
    static func number(inURL url: String) -> Int? {
        url.split(separator: "/").last.flatMap { Int($0) }
    }

    package static func describe(_ state: CampaignRecord.State) -> String {
        switch state {
        case .open: "open"
        case .merged: "merged"
        case .closed: "closed by scenesweep"
        case .closedByPerson: "closed by a person: the repository is left alone until campaign.retry names its address"
        }
    }

    package static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .opened(let kind, let url): "opened \(kind == .pullRequest ? "a pull request" : "an issue"): \(url)"
        case .updated(_, let url): "updated \(url)"
        case .unchanged(_, let url): "\(url) is open; nothing changed since it was last updated"
        case .closed(let url): "closed \(url): every app is ready"
        case .left(let reason): "left alone: \(reason)"
        case .held(let reason): "held back: \(reason)"
        case .failed(let reason): "FAILED: \(reason)"
        }
    }

    /// Forge sessions by host, made on first use: the user behind each token is asked once a campaign.
    private struct Sessions {
        let runner: CampaignRunner
        var users: [String: Result<String, ForgeError>] = [:]

        init(runner: CampaignRunner) { self.runner = runner }

        mutating func session(for repo: RepoConfig) async -> Result<Session, StepError> {
            guard let repository = ForgeRepository.locate(url: repo.url, in: runner.forges) else {
                return .failure(StepError("not on a forge of publish.forges"))
            }
            let variable = repository.forge.tokenVariable
            guard let token = runner.variables[variable], !token.isEmpty else {
                return .failure(StepError("\(variable) is not set: no token for \(repository.forge.host)"))
            }
            let forge = CampaignForge(
                client: ForgeClient(forge: repository.forge, token: token, http: runner.http), repository: repository,
                onRetry: ForgeClient.retryNote(runner.progress, repo: repo.name))
            let user: Result<String, ForgeError>
            if let known = users[repository.forge.host] {
                user = known
            } else {
                user = await forge.currentUser()
                users[repository.forge.host] = user
            }
            switch user {
            case .success(let name): return .success(Session(forge: forge, user: name))
            case .failure(let error): return .failure(StepError("cannot tell whose token \(variable) is: \(error)"))
            }
        }
    }

    /// One repository's step carried out.
    private struct Work {
        let runner: CampaignRunner
        let store: RunStore
        let run: String
        let repo: RepoConfig
        let result: RepoRecord?
        let session: Session

        var settings: CampaignSettings { runner.settings }
        var forge: CampaignForge { session.forge }
        var key: String { repo.key.rawValue }

        func carryOut(_ action: CampaignAction, state: inout CampaignState, notes: inout [String]) async -> Outcome {
            do {
                switch action {
                case .openPullRequest(let replacing):
                    return try await pullRequest(existing: nil, replacing: replacing, state: &state, notes: &notes)
                case .updatePullRequest:
                    return try await pullRequest(existing: state.repos[key], replacing: nil, state: &state, notes: &notes)
                case .openIssue(let replacing):
                    return try await issue(existing: nil, replacing: replacing, state: &state, notes: &notes)
                case .updateIssue:
                    return try await issue(existing: state.repos[key], replacing: nil, state: &state, notes: &notes)
                case .close:
                    return try await close(state: &state)
                case .leave(let reason): return .left(reason)
                case .hold(let reason): return .held(reason)
                }
            } catch let error as StepError {
                return .failed(error.description)
            } catch {
                return .failed("\(error)")
            }
        }

        private func pullRequest(existing: CampaignRecord?, replacing: String?, state: inout CampaignState, notes: inout [String])
            async throws -> Outcome
        {
            let inputs = try CampaignInputs.read(folder: store.patchFolder(run: run, key: repo.key))
            guard !inputs.commits.isEmpty else { throw StepError("the run holds no verified patch for it") }
            guard let result, let commit = result.commit, let target = result.scannedBranch ?? result.branch else {
                throw StepError("the run does not record the scanned commit and branch")
            }
            guard target != settings.branch else {
                throw StepError(
                    "campaign.branch \(settings.branch) is the branch it is scanned on; pull requests need a branch of their own")
            }
            let branch = CampaignBranch(
                mirror: store.mirrorPath(repo.mirrorKey), base: commit, commits: inputs.commits, url: repo.url, branch: settings.branch)
            let pushed = try await runner.push(branch, runner.config.credentials(from: runner.variables)).get()
            if pushed.sent {
                notes.append("pushed \(settings.branch) at \(pushed.commit.prefix(7)), on the scanned \(commit.prefix(7))")
            }
            let body = CampaignBody.pullRequest(
                repoKey: key, decisions: inputs.decisions, owners: inputs.owners(store: store, run: run, key: repo.key),
                deadline: runner.config.deadline?.description)
            // What is open already: tonight's record, else the campaign's branch on the forge (a lost state file).
            var number = existing?.number ?? existing.flatMap { CampaignRunner.number(inURL: $0.url) }
            var openedAt = existing?.openedAt
            // A lookup that fails stops the step: opening without it could open a second pull request.
            if number == nil, let found = try await forge.pullRequest(fromBranch: settings.branch).get(), found.state == .open {
                number = found.number
                openedAt = runner.now()
                notes.append("found its open pull request \(found.url) on the forge")
            }
            // The text is sent only when it changed; a new commit on the branch shows in the pull request by itself.
            let digest = Fingerprint.of([settings.title, body, "\(settings.draft)"])
            if let existing, existing.number == number, existing.digest == digest {
                return pushed.sent ? .updated(.pullRequest, url: existing.url) : .unchanged(.pullRequest, url: existing.url)
            }
            let item: ForgeItem
            let outcome: Outcome
            if let number {
                item = try await forge.update(.pullRequest, number: number, title: settings.title, body: body, draft: settings.draft).get()
                outcome = .updated(.pullRequest, url: item.url)
            } else {
                let draft = CampaignForge.PullRequestDraft(
                    title: settings.title, body: body, branch: settings.branch, target: target, draft: settings.draft,
                    labels: settings.labels, reviewers: reviewers(inputs: inputs))
                let opened = try await forge.openPullRequest(draft).get()
                notes += opened.notes
                item = opened.item
                outcome = .opened(.pullRequest, url: item.url)
            }
            let previous = try record(
                CampaignRecord(
                    kind: .pullRequest, url: item.url, number: item.number, state: .open, openedAt: openedAt ?? runner.now(), digest: digest
                ),
                in: &state)
            if replacing != nil, let old = previous, old.state == .open, old.url != item.url {
                notes.append(await replace(old, by: item.url, why: "a patch now verifies for its apps"))
            }
            return outcome
        }

        private func issue(existing: CampaignRecord?, replacing: String?, state: inout CampaignState, notes: inout [String]) async throws
            -> Outcome
        {
            let inputs = try CampaignInputs.read(folder: store.patchFolder(run: run, key: repo.key))
            let marker = CampaignBody.marker(repoKey: key)
            let body = CampaignBody.issue(
                repoKey: key, decisions: inputs.decisions, owners: inputs.owners(store: store, run: run, key: repo.key),
                deadline: runner.config.deadline?.description)
            var number = existing?.number ?? existing.flatMap { CampaignRunner.number(inURL: $0.url) }
            var openedAt = existing?.openedAt
            if number == nil, let found = try await forge.issue(withMarker: marker, author: session.user).get(), found.state == .open {
                number = found.number
                openedAt = runner.now()
                notes.append("found its open issue \(found.url) on the forge")
            }
            let digest = Fingerprint.of([settings.title, body])
            if let existing, existing.number == number, existing.digest == digest {
                return .unchanged(.issue, url: existing.url)
            }
            let item: ForgeItem
            let outcome: Outcome
            if let number {
                item = try await forge.update(.issue, number: number, title: settings.title, body: body, draft: false).get()
                outcome = .updated(.issue, url: item.url)
            } else {
                let opened = try await forge.openIssue(title: settings.title, body: body, labels: settings.labels).get()
                notes += opened.notes
                item = opened.item
                outcome = .opened(.issue, url: item.url)
            }
            let previous = try record(
                CampaignRecord(
                    kind: .issue, url: item.url, number: item.number, state: .open, openedAt: openedAt ?? runner.now(), digest: digest),
                in: &state)
            if replacing != nil, let old = previous, old.state == .open, old.url != item.url {
                notes.append(await replace(old, by: item.url, why: "its patch no longer verifies; the issue has the steps"))
            }
            return outcome
        }

        private func close(state: inout CampaignState) async throws -> Outcome {
            guard var entry = state.repos[key], let number = entry.number ?? CampaignRunner.number(inURL: entry.url) else {
                throw StepError("campaign.json has no number for what it opened")
            }
            let comment =
                "Every app in this repository is ready for the iOS 27 SDK as of commit \(result?.commit?.prefix(12) ?? "?") "
                + "(scenesweep run \(run)), so this \(entry.kind == .issue ? "issue" : "pull request") is no longer needed."
            _ = try await forge.close(entry.kind, number: number, comment: comment).get()
            entry.state = .closed
            entry.number = number
            try record(entry, in: &state)
            return .closed(url: entry.url)
        }

        /// Closes the pull request or issue a new one replaces, with a comment linking the new one.
        private func replace(_ old: CampaignRecord, by url: String, why: String) async -> String {
            guard let number = old.number ?? CampaignRunner.number(inURL: old.url) else { return "could not close \(old.url): no number" }
            let comment = "Replaced by \(url): \(why)."
            switch await forge.close(old.kind, number: number, comment: comment) {
            case .success: return "closed \(old.url), replaced by \(url)"
            case .failure(let error): return "could not close \(old.url): \(error)"
            }
        }

        /// Saves a repository's record; returns the one it replaces, for the close that follows.
        @discardableResult
        private func record(_ entry: CampaignRecord, in state: inout CampaignState) throws -> CampaignRecord? {
            let before = state.repos[key]
            state.repos[key] = entry
            do {
                try state.save(workspace: runner.config.workspace)
            } catch {
                throw StepError("done on the forge (\(entry.url)), but \(CampaignState.fileName) cannot be written: \(error)")
            }
            return before
        }

        private func reviewers(inputs: CampaignInputs) -> [String] {
            switch settings.reviewers {
            case .none: return []
            case .byTeam: return settings.namedReviewers(team: repo.team)
            case .codeOwners:
                return inputs.owners(store: store, run: run, key: repo.key).filter {
                    $0.hasPrefix("@") && CampaignSettings.isHandle($0)
                }
            }
        }
    }

    struct StepError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
