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

    static func fleet(kind: FakeForge.Kind = .github, repos: [(String, String)], campaign: String = "{ canary: 0, labels: [ios27] }")
        throws -> Fleet
    {
        let forge = try FakeForge(kind: kind, token: token, user: "scenesweep-bot", labels: ["ios27"])
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

    @Test func twoNightsOpenOnceUpdateCloseAndLeaveAlonePersonsClose() async throws {
        let fleet = try Self.fleet(repos: [
            ("shop", "legacy-swift-uikit"), ("cart", "legacy-swift-uikit"), ("tally", "legacy-objc-xib"),
            ("ledger", "objc-shared-base-delegate"), ("books", "migrated-swift-uikit"),
        ])

        // Night 1: three pull requests, one issue, nothing for the ready repository.
        let first = try fleet.night()
        #expect(first.sweep.status == 0, "\(first.sweep.err)")
        #expect(first.campaign.status == 0, "\(first.campaign.out)\n\(first.campaign.err)")
        let out = first.campaign.out
        #expect(Self.line(out, "shop").contains("opened a pull request: \(fleet.forge.baseURL)/acme/shop/pull/1"), "\(out)")
        #expect(Self.line(out, "cart").contains("opened a pull request: \(fleet.forge.baseURL)/acme/cart/pull/1"), "\(out)")
        #expect(Self.line(out, "tally").contains("opened a pull request"), "\(out)")
        #expect(Self.line(out, "ledger").contains("opened an issue: \(fleet.forge.baseURL)/acme/ledger/issues/1"), "\(out)")
        #expect(out.hasSuffix("5 repositories: 4 opened, 0 updated, 0 unchanged, 0 closed, 0 held, 1 left alone, 0 failed\n"), "\(out)")
        let nightOne = try fleet.writes()
        #expect(
            nightOne.filter { $0.hasSuffix("/pulls") }.sorted() == [
                "POST /api/v3/repos/acme/cart/pulls", "POST /api/v3/repos/acme/shop/pulls", "POST /api/v3/repos/acme/tally/pulls",
            ])
        #expect(nightOne.filter { $0.hasSuffix("/issues") } == ["POST /api/v3/repos/acme/ledger/issues"])
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
        try fleet.bench.commit(in: fleet.bench.path("shop"), files: ["Shelf/Notes.swift": "// notes\n"], message: "notes")
        try fleet.bench.git(["push", "-q", fleet.forge.root + "/acme/shop.git", "HEAD:main"], in: fleet.bench.path("shop"))
        _ = try await fleet.forge.close(repo: "acme/tally", number: 1, by: "ana")
        try Self.replaceTree("ledger", with: "migrated-swift-uikit", fleet: fleet)
        let before = try fleet.forge.requests().count

        // Night 2.
        let second = try fleet.night()
        #expect(second.sweep.status == 0, "\(second.sweep.err)")
        #expect(second.campaign.status == 0, "\(second.campaign.out)\n\(second.campaign.err)")
        let again = second.campaign.out
        #expect(Self.line(again, "shop").contains("updated \(fleet.forge.baseURL)/acme/shop/pull/1"), "\(again)")
        #expect(Self.line(again, "ledger").contains("closed \(fleet.forge.baseURL)/acme/ledger/issues/1"), "\(again)")
        #expect(again.hasSuffix("5 repositories: 0 opened, 1 updated, 1 unchanged, 1 closed, 0 held, 2 left alone, 0 failed\n"), "\(again)")
        #expect(second.campaign.err.contains("acme/tally: left alone: its pull request was closed by a person"), "\(second.campaign.err)")
        let nightTwo = try fleet.writes(since: before)
        #expect(
            nightTwo == [
                "PATCH /api/v3/repos/acme/shop/pulls/1", "POST /api/v3/repos/acme/ledger/issues/1/comments",
                "PATCH /api/v3/repos/acme/ledger/issues/1",
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
}
