import CLI
import Foundation
import TestSupport
import Testing

/// `scenesweep publish` against a fake forge API on loopback that checks every request: a fleet of three
/// repositories served over smart HTTP, two on "GitHub" (127.0.0.1) and one on "Gitea" (localhost).
@Suite("publish", .serialized)
struct PublishCommandTests {
    static let githubToken = "ghp_fleetTOKEN0123456789"
    static let giteaToken = "gitea-secret-987654"

    struct Fleet {
        let bench: GitWorkbench
        let git: FlakyGitServer
        let environment: [String: String]

        func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
            FleetCommandTests.run(arguments, in: bench.root, environment: environment)
        }

        /// Commits a change to `name` upstream and returns the new head.
        func commitUpstream(_ name: String) throws -> String {
            try bench.append("// touched\n", to: "README.swift", in: bench.path("work/\(name)"))
            _ = try bench.git(["push", "-q", bench.path("served/acme/\(name).git"), "HEAD:main"], in: bench.path("work/\(name)"))
            return try bench.head(of: bench.path("work/\(name)"))
        }

        func head(_ name: String) throws -> String { try bench.head(of: bench.path("work/\(name)")) }

        func stop() { git.stop() }
    }

    static func fleet(api: FakeForgeAPI, giteaToken: String = giteaToken) throws -> Fleet {
        let bench = GitWorkbench("publish")
        for (name, fixture) in [
            ("shop", "legacy-swift-uikit"), ("pantry", "workspace-two-apps-with-extensions"), ("books", "migrated-swift-uikit"),
        ] {
            try bench.makeRepository("work/\(name)", fixture: fixture)
            try FileManager.default.createDirectory(atPath: bench.path("served/acme"), withIntermediateDirectories: true)
            _ = try bench.git(["clone", "-q", "--bare", bench.path("work/\(name)"), bench.path("served/acme/\(name).git")], in: bench.root)
        }
        let git = try FlakyGitServer(root: bench.path("served"), refusals: 0, status: 503)
        try bench.write(
            [
                "fleet.yaml": """
                version: 1
                fleet: { name: Publish Fleet, deadline: 2027-04-01 }
                workspace: ws
                report_url: https://reports.example.com/scenesweep/
                publish:
                  forges:
                    - { host: 127.0.0.1, kind: github, api: "\(api.baseURL)", token_env: GH_TOKEN }
                    - { host: localhost, kind: gitea, api: "\(api.baseURL)", token_env: GITEA_TOKEN }
                repos:
                  - { url: "http://127.0.0.1:\(git.port)/acme/shop.git", team: commerce }
                  - { url: "http://127.0.0.1:\(git.port)/acme/pantry.git", team: pantry }
                  - { url: "http://localhost:\(git.port)/acme/books.git", team: retail }

                """
            ], in: bench.root)
        let fleet = Fleet(bench: bench, git: git, environment: ["GH_TOKEN": githubToken, "GITEA_TOKEN": giteaToken])
        let sweep = fleet.run(["sweep", "--quiet"])
        #expect(sweep.status == 0, "\(sweep.err)")
        return fleet
    }

    @Test func eachRepositorysSARIFGoesToItsOwnRepositoryOnePerAppAndGiteaGetsACommitStatus() throws {
        let api = try FakeForgeAPI(githubToken: Self.githubToken, giteaToken: Self.giteaToken, refusals: [429])
        defer { api.stop() }
        let fleet = try Self.fleet(api: api)
        defer { fleet.stop() }

        let result = fleet.run(["publish"])

        #expect(result.status == 0, "\(result.err)")
        let run = try String(contentsOfFile: fleet.bench.path("ws/latest"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(result.out == "run \(run): 3 published, 0 unchanged, 0 skipped, 0 failed\n")
        let requests = api.requests
        // The first request was refused with 429 and Retry-After, then sent again; every other one passed every check.
        #expect(requests.first?.status == 429)
        #expect(requests.dropFirst().allSatisfy { $0.problem.isEmpty && ($0.status == 202 || $0.status == 201) }, "\(requests)")
        #expect(result.err.contains("HTTP 429; trying again in"))

        let uploads = requests.filter { $0.status == 202 }
        // shop has one app; pantry three (Pantry, PantryAdmin, PantryClip), each uploaded on its own.
        #expect(
            uploads.map(\.path) == ["/repos/acme/shop/code-scanning/sarifs"]
                + Array(repeating: "/repos/acme/pantry/code-scanning/sarifs", count: 3))
        #expect(uploads[0].commit == (try fleet.head("shop")))
        #expect(uploads.dropFirst().allSatisfy { $0.commit == (try? fleet.head("pantry")) })
        #expect(uploads.allSatisfy { $0.ref == "refs/heads/main" })
        // One category per app, each log holding only that app's results; the blocked app has findings.
        #expect(Set(uploads.map(\.category)).count == 4)
        #expect(uploads.contains { $0.category.hasPrefix("scenesweep/PantryAdmin/PantryAdmin/PantryAdmin#") && $0.results == 0 })
        #expect(uploads[0].results > 0 && uploads[0].apps.count == 1)
        for upload in uploads where !upload.apps.isEmpty {
            let app = upload.apps[0].split(separator: "|").map(String.init)
            #expect(upload.category.hasPrefix("scenesweep/\(app[0].isEmpty ? "." : app[0])/\(app[1])#"), "\(upload)")
        }

        let statuses = requests.filter { $0.status == 201 }
        #expect(statuses.count == 1)
        #expect(statuses.first?.path == "/repos/acme/books/statuses/\(try fleet.head("books"))")
        #expect(statuses.first?.state == "success")
        #expect(statuses.first?.targetURL.hasPrefix("https://reports.example.com/scenesweep/runs/\(run)/repos/") == true)

        // The tokens never appear in what the command says.
        #expect(!(result.out + result.err).contains(Self.githubToken) && !(result.out + result.err).contains(Self.giteaToken))
        #expect(FileManager.default.fileExists(atPath: fleet.bench.path("ws/published.json")))
    }

    @Test func onlyRepositoriesWhoseCommitChangedAreUploadedAgain() throws {
        let api = try FakeForgeAPI(githubToken: Self.githubToken, giteaToken: Self.giteaToken)
        defer { api.stop() }
        let fleet = try Self.fleet(api: api)
        defer { fleet.stop() }
        #expect(fleet.run(["publish"]).status == 0)
        let first = api.requests.count

        let again = fleet.run(["publish"])
        #expect(again.status == 0)
        #expect(again.out.hasSuffix(": 0 published, 3 unchanged, 0 skipped, 0 failed\n"))
        #expect(api.requests.count == first, "nothing is sent for unchanged repositories")

        let head = try fleet.commitUpstream("shop")
        #expect(fleet.run(["sweep", "--quiet"]).status == 0)
        let third = fleet.run(["publish"])
        #expect(third.out.hasSuffix(": 1 published, 2 unchanged, 0 skipped, 0 failed\n"), "\(third.out)\(third.err)")
        let new = api.requests.dropFirst(first)
        #expect(new.map(\.path) == ["/repos/acme/shop/code-scanning/sarifs"])
        #expect(new.first?.commit == head)
    }

    @Test func aRefusedUploadFailsThatRepositoryOnlyAndIsTriedAgainNextTime() throws {
        let api = try FakeForgeAPI(githubToken: Self.githubToken, giteaToken: "the-right-token")
        defer { api.stop() }
        let fleet = try Self.fleet(api: api)
        defer { fleet.stop() }

        let result = fleet.run(["publish"])

        #expect(result.status == 2)
        #expect(result.out.hasSuffix(": 2 published, 0 unchanged, 0 skipped, 1 failed\n"))
        #expect(result.err.contains("books: FAILED: POST /repos/acme/books/statuses/\(try fleet.head("books")): HTTP 422: bad credentials"))
        #expect(!result.err.contains(Self.giteaToken))
        // Not recorded as published: the next run sends it again (and only it).
        let before = api.requests.count
        _ = fleet.run(["publish"])
        #expect(api.requests.dropFirst(before).map(\.path) == ["/repos/acme/books/statuses/\(try fleet.head("books"))"])
    }

    @Test func staleRepositoriesAreNeverPublished() throws {
        let api = try FakeForgeAPI(githubToken: Self.githubToken, giteaToken: Self.giteaToken)
        defer { api.stop() }
        let fleet = try Self.fleet(api: api)
        _ = try fleet.commitUpstream("shop")
        fleet.stop()
        // Every fetch now fails: the sweep keeps each last result, stale.
        _ = fleet.run(["sweep", "--quiet"])

        let result = fleet.run(["publish"])

        #expect(result.out.hasSuffix(": 0 published, 0 unchanged, 3 skipped, 0 failed\n"), "\(result.out)\(result.err)")
        #expect(result.err.contains("shop: skipped: not published: its result is stale"))
        #expect(api.requests.isEmpty)
    }

    @Test func aRedirectToAnotherOriginIsNotFollowedSoTheTokenStaysWithTheAPI() throws {
        let elsewhere = try FakeForgeAPI(githubToken: Self.githubToken, giteaToken: Self.giteaToken)
        defer { elsewhere.stop() }
        let api = try FakeForgeAPI(redirectTo: "http://localhost:\(elsewhere.port)")
        defer { api.stop() }
        let fleet = try Self.fleet(api: api)
        defer { fleet.stop() }

        let result = fleet.run(["publish"])

        #expect(result.status == 2)
        #expect(result.err.contains("HTTP 307 (a redirect to another origin, not followed)"))
        #expect(elsewhere.requests.isEmpty, "the other origin got a request")
        #expect(!result.err.contains(Self.githubToken))
    }

    @Test func withoutTheTokenVariableTheRepositoriesOfThatForgeFailSayingWhich() throws {
        let api = try FakeForgeAPI(githubToken: Self.githubToken, giteaToken: Self.giteaToken)
        defer { api.stop() }
        let fleet = try Self.fleet(api: api)
        defer { fleet.stop() }

        let result = FleetCommandTests.run(["publish"], in: fleet.bench.root, environment: ["GITEA_TOKEN": Self.giteaToken])

        #expect(result.status == 2)
        #expect(result.err.contains("shop: FAILED: GH_TOKEN is not set: no token for 127.0.0.1"))
        #expect(result.out.hasSuffix(": 1 published, 0 unchanged, 0 skipped, 2 failed\n"))
    }
}
