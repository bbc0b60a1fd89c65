import Fleet
import Foundation

/// What a campaign asks of one repository's forge: find its own pull request or issue again, open one,
/// update it, close it with a comment, and read how it stands. One type for the three APIs, which differ
/// in paths and field names but not in what they do:
///
/// | | GitHub | GitLab | Gitea / Forgejo |
/// |---|---|---|---|
/// | pull request | `/repos/o/r/pulls` | `/projects/:id/merge_requests` | `/repos/o/r/pulls` |
/// | update, close | `PATCH` | `PUT` (`state_event: close`) | `PATCH` |
/// | comment | `/issues/n/comments` | `/merge_requests/n/notes` | `/issues/n/comments` |
/// | draft | `draft: true` | title `Draft: ` | title `WIP: ` |
/// | labels | names, added after | comma-separated names | ids, looked up |
/// | reviewers | logins and team slugs | user ids, looked up | logins |
///
/// Every failure is a `ForgeError` that never holds the token.
package struct CampaignForge: Sendable {
    package let client: ForgeClient
    package let repository: ForgeRepository
    /// Told why a request failed and when it is tried again (429 with Retry-After, 5xx, no answer).
    package let onRetry: @Sendable (_ reason: String, _ attempt: Int, _ delay: TimeInterval) -> Void
    /// Lists longer than this many pages are read no further (a campaign's own items are found on the first).
    static let pageLimit = 20

    package init(
        client: ForgeClient, repository: ForgeRepository,
        onRetry: @escaping @Sendable (_ reason: String, _ attempt: Int, _ delay: TimeInterval) -> Void = { _, _, _ in }
    ) {
        self.client = client
        self.repository = repository
        self.onRetry = onRetry
    }

    private var kind: ForgeKind { repository.forge.kind }

    /// `/repos/owner/name` or `/projects/group%2Fname`.
    private var base: String {
        switch kind {
        case .gitlab: "/projects/" + PathSegment.escaping(repository.path, keepSlash: false)
        case .github, .gitea: "/repos/" + PathSegment.escaping(repository.path, keepSlash: true)
        }
    }

    private func itemPath(_ kind: CampaignRecord.Kind, _ number: Int) -> String {
        switch (self.kind, kind) {
        case (.gitlab, .pullRequest): base + "/merge_requests/\(number)"
        case (.gitlab, .issue): base + "/issues/\(number)"
        case (_, .pullRequest): base + "/pulls/\(number)"
        case (_, .issue): base + "/issues/\(number)"
        }
    }

    // MARK: Reading

    /// The user the token belongs to: what tells the campaign's own items from a person's, and its own
    /// close from theirs.
    package func currentUser() async -> Result<String, ForgeError> {
        await object("GET", "/user").flatMap { json in
            ForgeItem.userName(json).map { .success($0) } ?? .failure(unreadable("GET /user", "no user name"))
        }
    }

    /// The branch pull requests go into.
    package func defaultBranch() async -> Result<String, ForgeError> {
        await object("GET", base).flatMap { json in
            (json["default_branch"] as? String).map { .success($0) } ?? .failure(unreadable("GET " + base, "no default_branch"))
        }
    }

    package func item(_ kind: CampaignRecord.Kind, number: Int) async -> Result<ForgeItem, ForgeError> {
        let path = itemPath(kind, number)
        return await object("GET", path).flatMap { Self.parseResult($0, self.kind, path: path) }
    }

    /// How the checks on an open pull request's head stand; nil when the forge reports none. GitHub reports
    /// Actions as check runs and other CI as commit statuses, so both are read; Gitea has a combined commit
    /// status; GitLab gives the head pipeline with the merge request.
    package func checks(of item: ForgeItem) async -> Result<CampaignRecord.Checks?, ForgeError> {
        switch kind {
        case .gitlab:
            return .success(item.pipeline.flatMap(Self.checks(fromState:)))
        case .github, .gitea:
            guard let head = item.head else { return .success(nil) }
            var states: [CampaignRecord.Checks] = []
            if kind == .github {
                switch await object("GET", base + "/commits/\(head)/check-runs?per_page=100") {
                case .failure(let error): return .failure(error)
                case .success(let json):
                    for run in json["check_runs"] as? [[String: Any]] ?? [] {
                        let conclusion = run["conclusion"] as? String
                        states.append(
                            run["status"] as? String == "completed" ? Self.checks(fromState: conclusion ?? "") ?? .passing : .pending)
                    }
                }
            }
            switch await object("GET", base + "/commits/\(head)/status") {
            case .failure(let error): return .failure(error)
            case .success(let json):
                // GitHub's combined status is "pending" with no status at all; only counted statuses say anything.
                if json["total_count"] as? Int ?? 0 > 0, let state = (json["state"] as? String).flatMap(Self.checks(fromState:)) {
                    states.append(state)
                }
            }
            if states.isEmpty { return .success(nil) }
            return .success(states.contains(.failing) ? .failing : states.contains(.pending) ? .pending : .passing)
        }
    }

    /// A check's or pipeline's state in the campaign's three words; nil for one that says nothing.
    static func checks(fromState state: String) -> CampaignRecord.Checks? {
        switch state {
        case "success", "neutral", "skipped", "warning": .passing
        case "failure", "failed", "error", "timed_out", "cancelled", "canceled", "action_required": .failing
        case "pending", "running", "created", "queued", "in_progress", "waiting_for_resource", "preparing", "scheduled", "manual":
            .pending
        default: nil
        }
    }

    /// Who closed a GitHub pull request: its issue view says, the pull request view does not.
    package func closer(ofPullRequest number: Int) async -> String? {
        guard kind == .github, case .success(let json) = await object("GET", itemPath(.issue, number)) else { return nil }
        return (json["closed_by"] as? [String: Any]).flatMap(ForgeItem.userName)
    }

    /// The campaign's pull request from `branch`: the open one if there is, else the latest closed or merged.
    package func pullRequest(fromBranch branch: String) async -> Result<ForgeItem?, ForgeError> {
        let path: String
        switch kind {
        case .github:
            let owner = repository.path.split(separator: "/").first.map(String.init) ?? ""
            path = base + "/pulls?state=all&head=" + ForgeJSON.query(owner + ":" + branch) + "&per_page=100"
        case .gitlab:
            path = base + "/merge_requests?state=all&source_branch=" + ForgeJSON.query(branch) + "&per_page=100"
        case .gitea:
            // Gitea's list has no filter by branch: the campaign's is picked out below.
            path = base + "/pulls?state=all&limit=50"
        }
        return await list(path).map { items in
            let mine = items.filter { $0.branch == branch }
            return mine.first { $0.state == .open } ?? mine.max { $0.number < $1.number }
        }
    }

    /// The campaign's issue: one by `author` whose body holds `marker`, the open one first.
    package func issue(withMarker marker: String, author: String) async -> Result<ForgeItem?, ForgeError> {
        let path: String
        switch kind {
        case .github: path = base + "/issues?state=all&creator=" + ForgeJSON.query(author) + "&per_page=100"
        case .gitlab: path = base + "/issues?state=all&author_username=" + ForgeJSON.query(author) + "&per_page=100"
        case .gitea: path = base + "/issues?state=all&type=issues&created_by=" + ForgeJSON.query(author) + "&limit=50"
        }
        return await list(path, skippingPullRequests: true).map { items in
            let mine = items.filter { $0.body.contains(marker) }
            return mine.first { $0.state == .open } ?? mine.max { $0.number < $1.number }
        }
    }

    // MARK: Writing

    package struct PullRequestDraft: Sendable, Equatable {
        package var title: String
        package var body: String
        package var branch: String
        package var target: String
        package var draft: Bool
        package var labels: [String]
        /// Handles: `ana`, `@ana`, or a GitHub team `@acme/ios`.
        package var reviewers: [String]

        package init(
            title: String, body: String, branch: String, target: String, draft: Bool, labels: [String], reviewers: [String]
        ) {
            self.title = title
            self.body = body
            self.branch = branch
            self.target = target
            self.draft = draft
            self.labels = labels
            self.reviewers = reviewers
        }
    }

    /// What was opened, and what could not be added to it (labels, reviewers): the pull request stands
    /// without them, so those are notes rather than failures.
    package struct Opened: Sendable, Equatable {
        package var item: ForgeItem
        package var notes: [String]
    }

    package func openPullRequest(_ draft: PullRequestDraft) async -> Result<Opened, ForgeError> {
        var notes: [String] = []
        let title = draftTitle(draft.title, draft: draft.draft)
        var fields: [String: Any]
        switch kind {
        case .github:
            fields = ["title": title, "head": draft.branch, "base": draft.target, "body": draft.body, "draft": draft.draft]
        case .gitlab:
            fields = ["title": title, "source_branch": draft.branch, "target_branch": draft.target, "description": draft.body]
            if !draft.labels.isEmpty { fields["labels"] = draft.labels.joined(separator: ",") }
            let (ids, missing) = await gitlabUserIDs(draft.reviewers)
            if !ids.isEmpty { fields["reviewer_ids"] = ids }
            notes += missing
        case .gitea:
            fields = ["title": title, "head": draft.branch, "base": draft.target, "body": draft.body]
            let (ids, missing) = await giteaLabelIDs(draft.labels)
            if !ids.isEmpty { fields["labels"] = ids }
            notes += missing
        }
        let path = collection(.pullRequest)
        let created = await object("POST", path, fields).flatMap { Self.parseResult($0, kind, path: path) }
        guard case .success(let item) = created else { return created.map { Opened(item: $0, notes: notes) } }
        if kind == .github, !draft.labels.isEmpty {
            let labels = await object("POST", itemPath(.issue, item.number) + "/labels", ["labels": draft.labels], expectsArray: true)
            if case .failure(let error) = labels { notes.append("labels not added: \(error)") }
        }
        if kind != .gitlab, !draft.reviewers.isEmpty {
            var fields: [String: Any] = [:]
            let handles = draft.reviewers.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
            let teams = handles.filter { $0.contains("/") }.map { String($0.split(separator: "/").last ?? "") }
            fields["reviewers"] = handles.filter { !$0.contains("/") }
            if !teams.isEmpty { fields["team_reviewers"] = teams }
            let asked = await object("POST", itemPath(.pullRequest, item.number) + "/requested_reviewers", fields)
            if case .failure(let error) = asked { notes.append("reviewers not requested: \(error)") }
        }
        return .success(Opened(item: item, notes: notes))
    }

    package func openIssue(title: String, body: String, labels: [String]) async -> Result<Opened, ForgeError> {
        var notes: [String] = []
        var fields: [String: Any]
        switch kind {
        case .github:
            fields = ["title": title, "body": body]
            if !labels.isEmpty { fields["labels"] = labels }
        case .gitlab:
            fields = ["title": title, "description": body]
            if !labels.isEmpty { fields["labels"] = labels.joined(separator: ",") }
        case .gitea:
            fields = ["title": title, "body": body]
            let (ids, missing) = await giteaLabelIDs(labels)
            if !ids.isEmpty { fields["labels"] = ids }
            notes += missing
        }
        let path = collection(.issue)
        return await object("POST", path, fields).flatMap { json in
            Self.parseResult(json, kind, path: path).map { Opened(item: $0, notes: notes) }
        }
    }

    /// Sets the title and body of an open pull request or issue (the scan changed; the branch was pushed).
    package func update(_ kind: CampaignRecord.Kind, number: Int, title: String, body: String, draft: Bool) async -> Result<
        ForgeItem, ForgeError
    > {
        let path = itemPath(kind, number)
        let shown = kind == .pullRequest ? draftTitle(title, draft: draft) : title
        let fields: [String: Any] = self.kind == .gitlab ? ["title": shown, "description": body] : ["title": shown, "body": body]
        return await object(self.kind == .gitlab ? "PUT" : "PATCH", path, fields).flatMap { json in
            Self.parseResult(json, self.kind, path: path)
        }
    }

    /// Comments why, then closes.
    package func close(_ kind: CampaignRecord.Kind, number: Int, comment: String) async -> Result<ForgeItem, ForgeError> {
        let comments =
            self.kind == .gitlab ? itemPath(kind, number) + "/notes" : itemPath(.issue, number) + "/comments"
        if case .failure(let error) = await object("POST", comments, ["body": comment]) { return .failure(error) }
        let path = itemPath(kind, number)
        let fields: [String: Any] = self.kind == .gitlab ? ["state_event": "close"] : ["state": "closed"]
        return await object(self.kind == .gitlab ? "PUT" : "PATCH", path, fields).flatMap { json in
            Self.parseResult(json, self.kind, path: path)
        }
    }

    // MARK: Helpers

    private func collection(_ kind: CampaignRecord.Kind) -> String {
        switch (self.kind, kind) {
        case (.gitlab, .pullRequest): base + "/merge_requests"
        case (_, .pullRequest): base + "/pulls"
        case (_, .issue): base + "/issues"
        }
    }

    /// GitLab marks a draft merge request by its title, Gitea a work-in-progress pull request likewise;
    /// GitHub has a field.
    private func draftTitle(_ title: String, draft: Bool) -> String {
        guard draft else { return title }
        switch kind {
        case .github: return title
        case .gitlab: return "Draft: " + title
        case .gitea: return "WIP: " + title
        }
    }

    /// GitLab takes reviewers by id: each handle looked up (`GET /users?username=`).
    private func gitlabUserIDs(_ handles: [String]) async -> (ids: [Int], notes: [String]) {
        var ids: [Int] = []
        var notes: [String] = []
        for handle in handles {
            let name = handle.hasPrefix("@") ? String(handle.dropFirst()) : handle
            let found = await array("GET", "/users?username=" + ForgeJSON.query(name))
            if case .success(let users) = found, let id = users.first?["id"] as? Int {
                ids.append(id)
            } else {
                notes.append("reviewer \(name) not found on \(repository.forge.host)")
            }
        }
        return (ids, notes)
    }

    /// Gitea takes labels by id: the repository's labels read once, names matched.
    private func giteaLabelIDs(_ names: [String]) async -> (ids: [Int], notes: [String]) {
        guard !names.isEmpty else { return ([], []) }
        guard case .success(let labels) = await array("GET", base + "/labels?limit=50") else {
            return ([], ["labels not added: the repository's labels could not be read"])
        }
        var byName: [String: Int] = [:]
        for label in labels {
            if let name = label["name"] as? String, let id = label["id"] as? Int { byName[name] = id }
        }
        let missing = names.filter { byName[$0] == nil }
        return (
            names.compactMap { byName[$0] },
            missing.isEmpty ? [] : ["label\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) not in the repository"]
        )
    }

    /// Every item of a paged list, following `Link: rel="next"` within the API's origin.
    private func list(_ path: String, skippingPullRequests: Bool = false) async -> Result<[ForgeItem], ForgeError> {
        var items: [ForgeItem] = []
        var next: String? = path
        var pages = 0
        while let current = next, pages < Self.pageLimit {
            pages += 1
            guard let request = client.request("GET", current) else { return .failure(unusableURL()) }
            switch await client.send(request, onRetry: onRetry) {
            case .failure(let error): return .failure(error)
            case .success(let response):
                guard let array = ForgeJSON.array(response.body) else {
                    return .failure(unreadable(request.summary, "expected a list"))
                }
                for json in array where !(skippingPullRequests && json["pull_request"] != nil) {
                    if let item = ForgeItem(json: json, forge: kind) { items.append(item) }
                }
                next = ForgeJSON.nextLink(response.header("link")).flatMap(pathWithinAPI)
            }
        }
        return .success(items)
    }

    /// A link's path under the API base, or nil for a link elsewhere (never followed with the token).
    private func pathWithinAPI(_ link: String) -> String? {
        let apiBase = repository.forge.apiBase
        guard link.hasPrefix(apiBase + "/") else { return nil }
        return String(link.dropFirst(apiBase.count))
    }

    private func object(_ method: String, _ path: String, _ fields: [String: Any]? = nil, expectsArray: Bool = false) async -> Result<
        [String: Any], ForgeError
    > {
        guard let request = client.request(method, path, json: fields.map(ForgeJSON.encode)) else { return .failure(unusableURL()) }
        return await client.send(request, onRetry: onRetry).flatMap { response in
            if expectsArray { return .success([:]) }
            return ForgeJSON.object(response.body).map { .success($0) } ?? .failure(unreadable(request.summary, "expected an object"))
        }
    }

    private func array(_ method: String, _ path: String) async -> Result<[[String: Any]], ForgeError> {
        guard let request = client.request(method, path) else { return .failure(unusableURL()) }
        return await client.send(request, onRetry: onRetry).flatMap { response in
            ForgeJSON.array(response.body).map { .success($0) } ?? .failure(unreadable(request.summary, "expected a list"))
        }
    }

    static func parseResult(_ json: [String: Any], _ kind: ForgeKind, path: String) -> Result<ForgeItem, ForgeError> {
        ForgeItem(json: json, forge: kind).map { .success($0) }
            ?? .failure(ForgeError("\(path): the answer has no number or URL", status: nil))
    }

    private func unreadable(_ what: String, _ why: String) -> ForgeError {
        ForgeError("\(what): unexpected answer (\(why))", status: nil)
    }

    private func unusableURL() -> ForgeError {
        ForgeError("the API URL \(repository.forge.apiBase) is not usable", status: nil)
    }
}
