import Foundation
import Results
import TestSupport
import Testing

/// `scenesweep campaign --apply` against a fake forge over loopback, night after night, as a nightly job
/// runs it: sweep with patches, then the campaign. Five repositories on a fake GitHub:
///
/// | repository | night 1 | between | night 2 |
/// |---|---|---|---|
/// | shop (patch verifies) | pull request | a new commit | branch pushed again, pull request updated |
/// | cart (patch verifies) | pull request | nothing | nothing sent: no duplicate, no update |
/// | tally (patch verifies) | pull request | a person closes it | left alone, not reopened |
/// | ledger (only explained) | issue | migrated by hand | issue closed with a comment |
/// | books (ready) | nothing | nothing | nothing |
@Suite("campaign nights")
struct CampaignNightsTests {
    static let token = "ghp_campaignNightToken4242"

    struct Fleet {
        let bench: GitWorkbench
        let forge: FakeForge
        var environment: [String: String] { ["FORGE_TOKEN": CampaignNightsTests.token] }

        func night() throws -> (sweep: (status: Int32, out: String, err: String), campaign: (status: Int32, out: String, err: String)) {
            let sweep = FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root, environment: environment)
            let campaign = FleetCommandTests.run(
                ["campaign", "--config", "fleet.yaml", "--apply"], in: bench.root, environment: environment)
            return (sweep, campaign)
        }

        /// The API requests that change something (not reads), as `METHOD path`.
        func writes(since: Int = 0) throws -> [String] {
            try forge.requests().dropFirst(since).filter { $0.kind == "api" && $0.method != "GET" }.map { "\($0.method) \($0.path)" }
        }
    }

    static func fleet(
        kind: FakeForge.Kind = .github, repos: [(String, String)], campaign: String = "{ canary: 0, labels: [ios27] }", users: [String] = []
    ) throws -> Fleet {
        let forge = try FakeForge(kind: kind, token: token, user: "scenesweep-bot", labels: ["ios27"], users: users)
        let bench = GitWorkbench("campaign")
        var lines = ""
        for (name, fixture) in repos {
            try forge.addRepository("acme/\(name)", from: try bench.makeRepository(name, fixture: fixture))
            lines += "  - { url: \"\(forge.repoURL("acme/\(name)"))\", team: commerce }\n"
        }
        try bench.write(
            [
                "fleet.yaml": """
                version: 1
                fleet: { name: Campaign Fleet, deadline: 2027-04-01 }
                workspace: ws
                fix: { patches: true }
                auth: { https_token_env: FORGE_TOKEN }
                publish:
                  forges:
                    - { host: "localhost:\(forge.port)", kind: \(kind.rawValue), api: "\(forge.apiBase)", token_env: FORGE_TOKEN }
                campaign: \(campaign)
                repos:
                \(lines)
                """
            ], in: bench.root)
        return Fleet(bench: bench, forge: forge)
    }

    /// Where each kind keeps what the test looks for: API paths (as sent) and web addresses.
    struct Paths {
        let kind: FakeForge.Kind
        let web: String

        func repo(_ name: String) -> String {
            switch kind {
            case .github: "/api/v3/repos/acme/\(name)"
            case .gitlab: "/api/v4/projects/acme%2F\(name)"
            case .gitea: "/api/v1/repos/acme/\(name)"
            }
        }
        var pulls: String { kind == .gitlab ? "/merge_requests" : "/pulls" }
        var update: String { kind == .gitlab ? "PUT" : "PATCH" }
        var comments: String { kind == .gitlab ? "/notes" : "/comments" }
        func pullURL(_ name: String) -> String {
            switch kind {
            case .github: "\(web)/acme/\(name)/pull/1"
            case .gitlab: "\(web)/acme/\(name)/-/merge_requests/1"
            case .gitea: "\(web)/acme/\(name)/pulls/1"
            }
        }
        func issueURL(_ name: String) -> String { kind == .gitlab ? "\(web)/acme/\(name)/-/issues/1" : "\(web)/acme/\(name)/issues/1" }
    }

    static func line(_ out: String, _ repo: String) -> String {
        out.split(separator: "\n").map(String.init).first { $0.hasPrefix("  acme/\(repo)  ") } ?? ""
    }

    /// Replaces a repository's tree with a fixture's and commits it to its default branch on the forge.
    static func replaceTree(_ name: String, with fixture: String, fleet: Fleet) throws {
        let repository = fleet.bench.path(name)
        try fleet.bench.git(["rm", "-r", "-q", "."], in: repository)
        let source = FixturePaths.scan(fixture).path
        for item in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + item, toPath: repository + "/" + item)
        }
        try fleet.bench.git(["add", "-A"], in: repository)
        try fleet.bench.git(["commit", "-q", "-m", "migrate by hand"], in: repository)
        try fleet.bench.git(["push", "-q", fleet.forge.root + "/acme/\(name).git", "HEAD:main"], in: repository)
    }

    @Test(arguments: FakeForge.Kind.allCases)
    func twoNightsOpenOnceUpdateCloseAndLeaveAlonePersonsClose(kind: FakeForge.Kind) async throws {
        let fleet = try Self.fleet(
            kind: kind,
            repos: [
                ("shop", "legacy-swift-uikit"), ("cart", "legacy-swift-uikit"), ("tally", "legacy-objc-xib"),
                ("ledger", "objc-shared-base-delegate"), ("books", "migrated-swift-uikit"),
            ])
        let paths = Paths(kind: kind, web: fleet.forge.baseURL)

        // Night 1: three pull requests, one issue, nothing for the ready repository.
        let first = try fleet.night()
        #expect(first.sweep.status == 0, "\(first.sweep.err)")
        #expect(first.campaign.status == 0, "\(first.campaign.out)\n\(first.campaign.err)")
        let out = first.campaign.out
        #expect(Self.line(out, "shop").contains("opened a pull request: \(paths.pullURL("shop"))"), "\(out)")
        #expect(Self.line(out, "cart").contains("opened a pull request: \(paths.pullURL("cart"))"), "\(out)")
        #expect(Self.line(out, "tally").contains("opened a pull request"), "\(out)")
        #expect(Self.line(out, "ledger").contains("opened an issue: \(paths.issueURL("ledger"))"), "\(out)")
        #expect(out.hasSuffix("5 repositories: 4 opened, 0 updated, 0 unchanged, 0 closed, 0 held, 1 left alone, 0 failed\n"), "\(out)")
        let nightOne = try fleet.writes()
        #expect(
            nightOne.filter { $0.hasSuffix(paths.pulls) }.sorted()
                == ["cart", "shop", "tally"].map { "POST " + paths.repo($0) + paths.pulls },
            "\(nightOne)")
        #expect(nightOne.filter { $0.hasSuffix("/issues") } == ["POST " + paths.repo("ledger") + "/issues"], "\(nightOne)")
        // Every request had the shape the API takes.
        // (git's first request goes without credentials and is answered 401, which asks for them.)
        let refused = try fleet.forge.requests().filter { !$0.problem.isEmpty && !($0.kind == "git" && $0.status == 401) }
        #expect(refused.isEmpty, "\(refused)")

        // The pull request's branch holds a commit per verified patch on the scanned commit, and the body says what it changes.
        let state = try await fleet.forge.state()
        let shopPull = try #require(state["repos"]?["acme/shop"]?["pulls"]?[0])
        #expect(shopPull["head"]?.stringValue == "scenesweep/uikit-scenes")
        #expect(shopPull["base"]?.stringValue == "main")
        #expect(shopPull["labels"] == .array([.string("ios27")]), "\(shopPull)")
        let body = shopPull["body"]?.stringValue ?? ""
        #expect(body.hasPrefix("<!-- scenesweep-campaign: "), "\(body)")
        #expect(body.contains("- created `Shelf/SceneDelegate.swift`"), "\(body)")
        let shopGit = fleet.forge.root + "/acme/shop.git"
        let log = try fleet.bench.git(
            ["--git-dir", shopGit, "log", "--format=%an|%s|%P", "main..scenesweep/uikit-scenes"], in: fleet.bench.root)
        let main = try fleet.bench.git(["--git-dir", shopGit, "rev-parse", "main"], in: fleet.bench.root).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(log.trimmingCharacters(in: .newlines) == "scenesweep|Adopt the UIKit scene life cycle in Shelf|\(main)", "\(log)")
        // The patch on the branch is the one the sweep verified: the branch's tree has the scene delegate.
        let files = try fleet.bench.git(
            ["--git-dir", shopGit, "ls-tree", "-r", "--name-only", "scenesweep/uikit-scenes"], in: fleet.bench.root)
        #expect(files.contains("Shelf/SceneDelegate.swift"))
        let ledgerIssue = try #require(state["repos"]?["acme/ledger"]?["issues"]?[0])
        #expect(ledgerIssue["labels"] == .array([.string("ios27")]), "\(ledgerIssue)")

        // Between the nights: shop changes, a person closes tally's pull request, ledger is migrated by hand.
        // shop's app delegate moves down two lines: the findings' lines change, so the text does.
        let delegate = fleet.bench.path("shop/Shelf/AppDelegate.swift")
        let source = try String(contentsOfFile: delegate, encoding: .utf8)
        try fleet.bench.commit(
            in: fleet.bench.path("shop"), files: ["Shelf/AppDelegate.swift": "// Shelf\n//\n" + source], message: "header")
        try fleet.bench.git(["push", "-q", fleet.forge.root + "/acme/shop.git", "HEAD:main"], in: fleet.bench.path("shop"))
        _ = try await fleet.forge.close(repo: "acme/tally", number: 1, by: "ana")
        // CI on the pull requests' heads: shop's fails, cart's passes.
        try await fleet.forge.setCheck(repo: "acme/shop", commit: "branch:scenesweep/uikit-scenes", state: "failure")
        try await fleet.forge.setCheck(repo: "acme/cart", commit: "branch:scenesweep/uikit-scenes", state: "success")
        try Self.replaceTree("ledger", with: "migrated-swift-uikit", fleet: fleet)
        let before = try fleet.forge.requests().count

        // Night 2.
        let second = try fleet.night()
        #expect(second.sweep.status == 0, "\(second.sweep.err)")
        #expect(second.campaign.status == 0, "\(second.campaign.out)\n\(second.campaign.err)")
        let again = second.campaign.out
        #expect(Self.line(again, "shop").contains("updated \(paths.pullURL("shop"))"), "\(again)")
        #expect(Self.line(again, "ledger").contains("closed \(paths.issueURL("ledger"))"), "\(again)")
        #expect(again.hasSuffix("5 repositories: 0 opened, 1 updated, 1 unchanged, 1 closed, 0 held, 2 left alone, 0 failed\n"), "\(again)")
        #expect(second.campaign.err.contains("acme/tally: left alone: its pull request was closed by a person"), "\(second.campaign.err)")
        let nightTwo = try fleet.writes(since: before)
        #expect(
            nightTwo == [
                "\(paths.update) \(paths.repo("shop"))\(paths.pulls)/1", "POST \(paths.repo("ledger"))/issues/1\(paths.comments)",
                "\(paths.update) \(paths.repo("ledger"))/issues/1",
            ], "\(nightTwo)")
        // shop's branch was pushed again onto the new commit; cart's, unchanged, was not pushed at all.
        let pushes = try fleet.forge.requests().dropFirst(before).filter {
            $0.kind == "git" && $0.method == "POST" && $0.path.hasSuffix("git-receive-pack")
        }
        #expect(pushes.map(\.path) == ["/acme/shop.git/git-receive-pack"], "\(pushes.map(\.path))")
        let newMain = try fleet.bench.git(["--git-dir", shopGit, "rev-parse", "main"], in: fleet.bench.root).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let parent = try fleet.bench.git(["--git-dir", shopGit, "rev-parse", "scenesweep/uikit-scenes^"], in: fleet.bench.root)
        #expect(parent.trimmingCharacters(in: .whitespacesAndNewlines) == newMain)
        let after = try await fleet.forge.state()
        #expect(after["repos"]?["acme/ledger"]?["issues"]?[0]?["state"]?.stringValue == "closed")
        #expect(after["repos"]?["acme/tally"]?["pulls"]?[0]?["state"]?.stringValue == "closed")
        #expect(after["repos"]?["acme/shop"]?["pulls"]?.arrayValue?.count == 1)

        // campaign.json remembers the person's close.
        let saved = try String(contentsOfFile: fleet.bench.path("ws/campaign.json"), encoding: .utf8)
        #expect(saved.contains("\"closed_by_person\""), "\(saved)")
        // The checks read before acting: cart's kept (its pull request did not change); shop's failing ones were
        // of the head it replaced, so its record starts again without them.
        #expect(second.campaign.err.contains("checks on \(paths.pullURL("shop")): failing"), "\(second.campaign.err)")
        #expect(second.campaign.err.contains("checks on \(paths.pullURL("cart")): passing"), "\(second.campaign.err)")
        #expect(saved.components(separatedBy: "\"checks\" : \"passing\"").count == 2, "\(saved)")
        #expect(!saved.contains("failing"), "\(saved)")

        // The dashboard's campaign: the night-2 sweep saw night 1's campaign (three pull requests open; ledger's
        // app is ready, so its issue carries no blocked app); a third sweep sees tally's close as no action.
        // cart's checks fail now; a campaign run reads them before the third sweep.
        try await fleet.forge.setCheck(repo: "acme/cart", commit: "branch:scenesweep/uikit-scenes", state: "failure")
        let reread = FleetCommandTests.run(
            ["campaign", "--config", "fleet.yaml", "--apply"], in: fleet.bench.root, environment: fleet.environment)
        #expect(reread.err.contains("checks on \(paths.pullURL("cart")): failing"), "\(reread.err)")
        let third = FleetCommandTests.run(
            ["sweep", "--config", "fleet.yaml", "--quiet"], in: fleet.bench.root, environment: fleet.environment)
        #expect(third.status == 0, "\(third.err)")
        let runs = try SweepPatchesTests.runs(fleet.bench)
        #expect(runs.count == 3)
        func campaign(_ run: String) throws -> JSONValue? {
            try JSONValue.decoding(Data(contentsOf: URL(fileURLWithPath: fleet.bench.path("ws/runs/\(run)/summary.json"))))["campaign"]
        }
        #expect(try campaign(runs[0]) == nil)
        let stages = ["noAction", "issueOpen", "pullRequestOpen", "merged"]
        #expect(try stages.map { try campaign(runs[1])?[$0]?.intValue } == [0, 0, 3, 0])
        #expect(try stages.map { try campaign(runs[2])?[$0]?.intValue } == [1, 0, 2, 0])
        #expect(try campaign(runs[1])?["failingChecks"]?.intValue == 0)
        #expect(try campaign(runs[2])?["failingChecks"]?.intValue == 1)
        let summaries = runs.map { fleet.bench.path("ws/runs/\($0)/summary.json") }
        let schema = try JSONSchemaTests.check("summary.schema.json", summaries)
        #expect(schema.status == 0, "\(schema.output)")
        let history = try JSONSchemaTests.check("history-line.schema.json", [fleet.bench.path("ws/history.jsonl")], lines: true)
        #expect(history.status == 0, "\(history.output)")
        let page = try String(contentsOfFile: fleet.bench.path("ws/runs/\(runs[2])/summary.html"), encoding: .utf8)
        #expect(page.contains("<section id=\"campaign\">"))
        #expect(
            page.contains(
                "<tr data-team=\"commerce\"><td class=\"team-name\">commerce</td><td class=\"num\" data-metric=\"blocked\">3</td>"),
            "\(page)")
        #expect(page.contains("<b data-metric=\"failing-checks\">1</b> of the apps with a pull request open wait on failing checks"))
        // The burndown: a row per run the campaign was under way, the latest first.
        #expect(page.components(separatedBy: "<td class=\"bar-cell\">").count == 5)
        // and each team's, folded: commerce's two runs.
        let team = try #require(page.components(separatedBy: "<details class=\"team-burndown\" data-team=\"commerce\">").last)
        #expect(team.components(separatedBy: "</details>")[0].components(separatedBy: "<td class=\"bar-cell\">").count == 3, "\(team)")
        // `report` makes the run's pages again from the run's own copy of the campaign, not today's.
        try FileManager.default.removeItem(atPath: fleet.bench.path("ws/campaign.json"))
        let report = FleetCommandTests.run(["report", "--config", "fleet.yaml", "--run", runs[1]], in: fleet.bench.root)
        #expect(report.status == 0, "\(report.err)")
        #expect(try stages.map { try campaign(runs[1])?[$0]?.intValue } == [0, 0, 3, 0])

        // The token is in no file the tool wrote, no output, no request body and nothing pushed.
        var texts = [first.sweep.out, first.sweep.err, first.campaign.out, first.campaign.err, second.campaign.out, second.campaign.err]
        texts += try fleet.forge.requests().map { "\($0.body)" + $0.path + "\($0.query)" }
        let enumerator = FileManager.default.enumerator(atPath: fleet.bench.path("ws"))
        while let relative = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: fleet.bench.path("ws/" + relative)) {
                texts.append(String(decoding: data, as: UTF8.self))
            }
        }
        texts.append(try fleet.bench.git(["--git-dir", shopGit, "log", "-p", "--all", "--format=%an %ae %s%n%b"], in: fleet.bench.root))
        texts.append(try fleet.bench.git(["--git-dir", shopGit, "for-each-ref"], in: fleet.bench.root))
        #expect(!texts.contains { $0.contains(Self.token) })
    }

    /// A rate limit is waited out and tried again; a 403 and a refused push fail their repository alone,
    /// are reported, and are tried again the next night, with no pull request opened twice.
    @Test func failuresStayWithTheirRepositoryAndTheNextNightTriesAgain() async throws {
        let fleet = try Self.fleet(repos: [("shop", "legacy-swift-uikit"), ("cart", "legacy-swift-uikit"), ("tally", "legacy-objc-xib")])
        let sweep = FleetCommandTests.run(
            ["sweep", "--config", "fleet.yaml", "--quiet"], in: fleet.bench.root, environment: fleet.environment)
        #expect(sweep.status == 0, "\(sweep.err)")
        try await fleet.forge.fail(pathPrefix: "/api/v3/repos/acme/shop/pulls", status: 429, count: 1, retryAfter: 1)
        try await fleet.forge.fail(pathPrefix: "/api/v3/repos/acme/cart", status: 403, count: 1)
        try await fleet.forge.refusePush(repo: "acme/tally", message: "pushes to this repository need a signed commit")
        let campaign = ["campaign", "--config", "fleet.yaml", "--apply"]

        let first = FleetCommandTests.run(campaign, in: fleet.bench.root, environment: fleet.environment)

        #expect(first.status == 2, "\(first.out)\n\(first.err)")
        #expect(Self.line(first.out, "shop").contains("opened a pull request"), "\(first.out)")
        #expect(first.err.contains("acme/shop: HTTP 429; trying again in"), "\(first.err)")
        #expect(Self.line(first.out, "cart").contains("FAILED: GET /api/v3/repos/acme/cart/pulls: HTTP 403"), "\(first.out)")
        #expect(Self.line(first.out, "tally").contains("FAILED: cannot push: "), "\(first.out)")
        #expect(Self.line(first.out, "tally").contains("pushes to this repository need a signed commit"), "\(first.out)")
        #expect(first.out.hasSuffix("3 repositories: 1 opened, 0 updated, 0 unchanged, 0 closed, 0 held, 0 left alone, 2 failed\n"))
        // The 403 stopped cart before anything was opened: the lookup failed, so nothing was opened blind.
        let api = try fleet.forge.requests().filter { $0.kind == "api" && $0.path.hasPrefix("/api/v3/repos/acme/") }
        #expect(
            api.map { "\($0.method) \($0.path) \($0.status)" } == [
                "GET /api/v3/repos/acme/shop/pulls 429", "GET /api/v3/repos/acme/shop/pulls 200", "POST /api/v3/repos/acme/shop/pulls 201",
                "POST /api/v3/repos/acme/shop/issues/1/labels 200", "GET /api/v3/repos/acme/cart/pulls 403",
            ], "\(api)")

        try await fleet.forge.refusePush(repo: "acme/tally", message: "")
        let second = FleetCommandTests.run(campaign, in: fleet.bench.root, environment: fleet.environment)

        #expect(second.status == 0, "\(second.out)\n\(second.err)")
        #expect(second.out.hasSuffix("3 repositories: 2 opened, 0 updated, 1 unchanged, 0 closed, 0 held, 0 left alone, 0 failed\n"))
        let opened = try fleet.forge.requests().filter { $0.method == "POST" && $0.path.hasSuffix("/pulls") && $0.status == 201 }
        #expect(opened.map(\.path).sorted() == ["cart", "shop", "tally"].map { "/api/v3/repos/acme/\($0)/pulls" })

        // A pull request whose state cannot be read is not acted on: campaign.json may no longer be right.
        try await fleet.forge.fail(pathPrefix: "/api/v3/repos/acme/cart/pulls/1", status: 403, count: 1)
        let third = FleetCommandTests.run(campaign, in: fleet.bench.root, environment: fleet.environment)
        #expect(third.status == 2)
        #expect(
            Self.line(third.out, "cart").contains(
                "FAILED: cannot read how \(fleet.forge.baseURL)/acme/cart/pull/1 stands, so nothing is done to it tonight: GET /api/v3/repos/acme/cart/pulls/1: HTTP 403"
            ), "\(third.out)")
        #expect(
            third.out.hasSuffix("3 repositories: 0 opened, 0 updated, 2 unchanged, 0 closed, 0 held, 0 left alone, 1 failed\n"),
            "\(third.out)")
        #expect(!(first.out + first.err + second.out + second.err + third.out + third.err).contains(Self.token))
    }

    /// Draft and reviewers as each forge takes them: GitHub's field and team reviewers, GitLab's title and user
    /// ids, Gitea's title; a handle a forge does not know is a note, not a failure.
    @Test(arguments: FakeForge.Kind.allCases)
    func draftsAndReviewersInEachForgesTerms(kind: FakeForge.Kind) async throws {
        let fleet = try Self.fleet(
            kind: kind, repos: [("shop", "legacy-swift-uikit")],
            campaign: #"{ canary: 0, draft: true, reviewers: { commerce: ["@ana", "acme/ios"] } }"#, users: ["ana"])
        let night = try fleet.night()
        #expect(night.campaign.status == 0, "\(night.campaign.out)\n\(night.campaign.err)")
        let pull = try #require(try await fleet.forge.state()["repos"]?["acme/shop"]?["pulls"]?[0])
        let title = pull["title"]?.stringValue ?? ""
        #expect(pull["reviewers"] == .array([.string("ana")]), "\(pull)")
        switch kind {
        case .github:
            #expect(pull["draft"]?.boolValue == true && title == "Adopt the UIKit scene life cycle (required by the iOS 27 SDK)")
            #expect(pull["team_reviewers"] == .array([.string("ios")]), "\(pull)")
        case .gitlab:
            #expect(title == "Draft: Adopt the UIKit scene life cycle (required by the iOS 27 SDK)", "\(title)")
            #expect(night.campaign.err.contains("reviewer acme/ios not found on localhost:\(fleet.forge.port)"), "\(night.campaign.err)")
        case .gitea:
            #expect(title == "WIP: Adopt the UIKit scene life cycle (required by the iOS 27 SDK)", "\(title)")
        }
        let refused = try fleet.forge.requests().filter { $0.kind == "api" && !$0.problem.isEmpty }
        #expect(refused.isEmpty, "\(refused)")
    }

    /// A push the server fails for a moment (a 503) is tried again after a wait, as a fetch is; the pull
    /// request opens the same night.
    @Test func aPushThatFailsForAMomentIsTriedAgain() async throws {
        let fleet = try Self.fleet(repos: [("shop", "legacy-swift-uikit")])
        let sweep = FleetCommandTests.run(
            ["sweep", "--config", "fleet.yaml", "--quiet"], in: fleet.bench.root, environment: fleet.environment)
        #expect(sweep.status == 0, "\(sweep.err)")
        try await fleet.forge.fail(pathPrefix: "/acme/shop.git/git-receive-pack", status: 503, count: 1)

        let night = FleetCommandTests.run(
            ["campaign", "--config", "fleet.yaml", "--apply"], in: fleet.bench.root, environment: fleet.environment)

        #expect(night.status == 0, "\(night.out)\n\(night.err)")
        #expect(Self.line(night.out, "shop").contains("opened a pull request"), "\(night.out)")
        let pushes = try fleet.forge.requests().filter { $0.kind == "git" && $0.path == "/acme/shop.git/git-receive-pack" }
        #expect(pushes.map(\.status) == [503, 200], "\(pushes)")
    }
}
