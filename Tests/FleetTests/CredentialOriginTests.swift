import Fleet
import Foundation
import Git
import Results
import TestSupport
import Testing

/// Credentials go only to the origin (scheme, host, port) of the configured URL (issue 14, item 3): a
/// server redirecting to another origin gets no token, for the clone, the fetch and the tip check
/// alike, and the redirect is the repository's error. Two local git servers: A is the configured one,
/// B the other origin; both ask for a token, so a credential sent to B would show in B's log.
@Suite("Credentials only to the configured origin")
struct CredentialOriginTests {
    static let token = "tok-A-1f3e"
    static let otherToken = "tok-B-77aa"

    /// shop served bare by A (and by B, so B would answer if a client followed), and a harness whose
    /// config points at A.
    struct Servers {
        let harness: FleetHarness
        let a: OriginGitServer
        let b: OriginGitServer
        let work: String

        func stop() {
            a.stop()
            b.stop()
        }
    }

    static func servers(config: (_ a: Int, _ b: Int) -> String) throws -> Servers {
        let harness = FleetHarness()
        let work = try harness.bench.makeRepository("work/shop", fixture: "legacy-swift-uikit")
        try FileManager.default.createDirectory(atPath: harness.bench.path("served"), withIntermediateDirectories: true)
        try harness.bench.git(["clone", "-q", "--bare", work, harness.bench.path("served/shop.git")], in: harness.bench.root)
        let a = try OriginGitServer(root: harness.bench.path("served"), token: token)
        let b = try OriginGitServer(root: harness.bench.path("served"), token: token)
        try harness.writeConfig(config(a.port, b.port))
        return Servers(harness: harness, a: a, b: b, work: work)
    }

    static func plainConfig(_ a: Int, _ b: Int) -> String {
        "auth: { https_token_env: GIT_TOKEN }\nrepos:\n  - url: http://127.0.0.1:\(a)/shop.git\n    name: shop\n"
    }

    /// A new commit in the served repository.
    static func moveUpstream(_ servers: Servers) throws {
        try servers.harness.bench.commit(in: servers.work, files: ["NOTES.md": "moved\n"], message: "move")
        try servers.harness.bench.git(
            ["push", "-q", servers.harness.bench.path("served/shop.git"), "main"], in: servers.work)
    }

    @Test("Clone: a redirect to another host is refused and B never sees a request with the token")
    func cloneRedirectedToAnotherHost() throws {
        let servers = try Self.servers(config: Self.plainConfig)
        defer { servers.stop() }
        try servers.a.redirect(client: "*", to: "http://localhost:\(servers.b.port)")

        let outcome = try servers.harness.sweep(variables: ["GIT_TOKEN": Self.token])

        let record = try #require(servers.harness.record(outcome, "shop"))
        #expect(record.status == .failed)
        #expect(record.error?.contains("redirect") == true, "\(record.error ?? "")")
        #expect(!servers.b.sawToken(Self.token))
        #expect(!servers.a.sawToken(Self.token), "A only redirected; it never asked for the token")
    }

    @Test("Clone: a redirect to another port of the same host is followed by libgit2 but gets no credential there")
    func cloneRedirectedToAnotherPort() throws {
        let servers = try Self.servers(config: Self.plainConfig)
        defer { servers.stop() }
        try servers.a.redirect(client: "*", to: "http://127.0.0.1:\(servers.b.port)")

        let outcome = try servers.harness.sweep(variables: ["GIT_TOKEN": Self.token])

        let record = try #require(servers.harness.record(outcome, "shop"))
        #expect(record.status == .failed)
        #expect(
            record.error
                == "http://127.0.0.1:\(servers.a.port)/shop.git redirected to another origin (http://127.0.0.1:\(servers.b.port)): "
                + "not followed; credentials go only to http://127.0.0.1:\(servers.a.port)")
        #expect(!servers.b.requests.isEmpty, "libgit2 followed the same-host redirect and B asked for a token")
        #expect(!servers.b.sawToken(Self.token))
    }

    @Test("Without a redirect the token goes to A, once A asks, and the repository is scanned")
    func theConfiguredOriginGetsTheToken() throws {
        let servers = try Self.servers(config: Self.plainConfig)
        defer { servers.stop() }

        let outcome = try servers.harness.sweep(variables: ["GIT_TOKEN": Self.token])

        #expect(servers.harness.record(outcome, "shop")?.status == .scanned)
        #expect(servers.a.sawToken(Self.token))
        #expect(servers.b.requests.isEmpty)
    }

    @Test("Fetch: a server that redirects only libgit2 elsewhere fails the repository (stale) and B gets no token")
    func fetchRedirected() throws {
        let servers = try Self.servers(config: Self.plainConfig)
        defer { servers.stop() }
        let variables = ["GIT_TOKEN": Self.token]
        _ = try servers.harness.sweep(variables: variables)
        try Self.moveUpstream(servers)
        // The tip check (scenesweep's own request) is answered and sees the new commit; libgit2's fetch is
        // sent to the other origin.
        try servers.a.redirect(client: "libgit2", to: "http://127.0.0.1:\(servers.b.port)")

        let second = try servers.harness.sweep(variables: variables)

        let record = try #require(servers.harness.record(second, "shop"))
        #expect(record.status == .stale)
        #expect(
            record.error?.contains("redirected to another origin (http://127.0.0.1:\(servers.b.port))") == true, "\(record.error ?? "")")
        #expect(!servers.b.sawToken(Self.token))
        #expect(
            servers.a.requests.contains { $0.userAgent.contains("scenesweep") && $0.path.hasSuffix("/info/refs?service=git-upload-pack") })
    }

    @Test("Tip check: a redirect to another origin is refused without following it; the repository is stale with the reason")
    func tipCheckRedirected() throws {
        let servers = try Self.servers(config: Self.plainConfig)
        defer { servers.stop() }
        let variables = ["GIT_TOKEN": Self.token]
        _ = try servers.harness.sweep(variables: variables)
        try servers.a.redirect(client: "scenesweep", to: "http://localhost:\(servers.b.port)", status: 307)

        let second = try servers.harness.sweep(variables: variables)

        let record = try #require(servers.harness.record(second, "shop"))
        #expect(record.status == .stale)
        #expect(
            record.error
                == "http://127.0.0.1:\(servers.a.port)/shop.git redirected to another origin (http://localhost:\(servers.b.port), HTTP 307): "
                + "not followed; credentials go only to http://127.0.0.1:\(servers.a.port)")
        #expect(servers.b.requests.isEmpty)
    }

    @Test("Tip check: an unmoved branch is reused with one request that carries the token, and no fetch")
    func tipCheckReusesWithoutAFetch() throws {
        let servers = try Self.servers(config: Self.plainConfig)
        defer { servers.stop() }
        let variables = ["GIT_TOKEN": Self.token]
        _ = try servers.harness.sweep(variables: variables)
        let before = servers.a.requests.count

        let second = try servers.harness.sweep(variables: variables)

        #expect(servers.harness.record(second, "shop")?.status == .reused)
        let requests = Array(servers.a.requests.dropFirst(before))
        #expect(requests.allSatisfy { $0.userAgent == "scenesweep" }, "\(requests)")
        // One reference list, asked for without the token, then with it once A answered 401.
        #expect(requests.map { $0.authorization == "-" } == [true, false], "\(requests)")
        #expect(servers.a.sawToken(Self.token))
        // A new commit is seen by the tip check and fetched.
        try Self.moveUpstream(servers)
        let third = try servers.harness.sweep(variables: variables)
        #expect(servers.harness.record(third, "shop")?.status == .scanned)
    }

    @Test("auth.hosts: each host gets its own token, a listed host never the general one, an unlisted host the general one")
    func perHostTokens() throws {
        let servers = try Self.servers { a, b in
            """
            auth:
              https_token_env: GENERAL_TOKEN
              hosts:
                "127.0.0.1:\(a)": { https_token_env: A_TOKEN }
                "127.0.0.1:\(b)": { https_token_env: B_TOKEN }
            repos:
              - url: http://127.0.0.1:\(a)/shop.git
                name: shop-a
              - url: http://127.0.0.1:\(b)/shop.git
                name: shop-b

            """
        }
        defer { servers.stop() }

        // B's variable is unset: B gets no token at all (not the general one) and fails alone.
        let outcome = try servers.harness.sweep(variables: ["GENERAL_TOKEN": Self.otherToken, "A_TOKEN": Self.token])

        #expect(servers.harness.record(outcome, "shop-a")?.status == .scanned)
        #expect(servers.harness.record(outcome, "shop-b")?.status == .failed)
        #expect(servers.a.sawToken(Self.token))
        #expect(!servers.a.sawToken(Self.otherToken))
        #expect(!servers.b.sawToken(Self.otherToken))
        #expect(
            outcome.notes.contains { $0.contains("auth.hosts.127.0.0.1:\(servers.b.port).https_token_env names B_TOKEN, which is not set") }
        )
    }

    @Test("Credentials pick the token of the origin: host:port first, then host, then the general token")
    func credentialLookup() throws {
        let credentials = Credentials(
            httpsToken: "general", hostTokens: ["git.example.com": "ghe", "git.example.com:8443": "ghe-8443", "unset.example.com": ""])
        func token(_ url: String) -> String? { Origin(url).flatMap { credentials.httpsToken(for: $0) } }
        #expect(token("https://git.example.com/org/repo.git") == "ghe")
        #expect(token("https://git.example.com:8443/org/repo.git") == "ghe-8443")
        #expect(token("https://GIT.example.com:443/x") == "ghe")
        #expect(token("https://github.com/org/repo.git") == "general")
        #expect(token("https://unset.example.com/x") == "")
        #expect(token("ssh://git@git.example.com/org/repo.git") == nil)
    }

    @Test("Origins compare scheme, host and port, with default ports made explicit")
    func origins() {
        #expect(Origin("https://git.example.com/a.git") == Origin("https://git.example.com:443/b.git"))
        #expect(Origin("https://git.example.com/a.git") != Origin("http://git.example.com/a.git"))
        #expect(Origin("http://127.0.0.1:18092/x") != Origin("http://localhost:18092/x"))
        #expect(Origin("http://127.0.0.1:18092/x") != Origin("http://127.0.0.1:18093/x"))
        #expect(Origin("git@github.com:org/repo.git")?.description == "ssh://github.com:22")
        #expect(Origin("/srv/git/shop.git") == nil)
    }
}
