import Fleet
import Foundation
import Results
import ScanCore
import TestSupport
import Testing

@Suite("Fleet config")
struct ConfigValidatorTests {
    static func check(_ text: String, at path: String = "/srv/fleet/fleet.yaml", environment: [String: String] = ["HOME": "/home/ci"])
        throws(ConfigProblems)
        -> FleetConfig
    {
        try ConfigValidator.check(Array(text.utf8), file: "fleet.yaml", absolutePath: path, environment: environment)
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try check(text)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func aFullConfigDecodesIntoTypedValuesWithPathsResolvedAgainstItsFolder() throws {
        let config = try Self.check(
            """
            version: 1
            fleet: { name: Acme Mobile, deadline: 2027-04-01 }
            workspace: .scenesweep
            schedule: "0 2 * * *"
            concurrency: { fetch: 6, scan: 3 }
            auth: { https_token_env: GIT_TOKEN, ssh_key: ~/.ssh/id_ed25519, known_hosts: keys/known_hosts }
            rules: { disable: [main-screen-use], severity: { window-lookup: error } }
            exclude: ["**/Pods/**"]
            notify: { webhook_url_env: SLACK_WEBHOOK, on: [regression] }
            repos:
              - url: https://git.example.com/acme/shop-ios.git
                branch: main
                team: commerce
                paths: [apps/]
              - url: ../git/wallet.git
              - url: file:///srv/git/legacy.git
                name: legacy
              - url: git@github.com:acme/kiosk.git
            """)

        #expect(config.fleetName == "Acme Mobile")
        #expect(config.deadline == CalendarDay("2027-04-01"))
        #expect(config.workspace == "/srv/fleet/.scenesweep")
        #expect(config.schedule == "0 2 * * *")
        #expect(config.fetchConcurrency == 6)
        #expect(config.scanConcurrency == 3)
        #expect(config.auth.httpsTokenVariable == "GIT_TOKEN")
        #expect(config.auth.sshKey == "/home/ci/.ssh/id_ed25519")
        #expect(config.auth.knownHosts == "/srv/fleet/keys/known_hosts")
        #expect(config.disabledRules == ["main-screen-use"])
        #expect(config.ruleSeverities == ["window-lookup": .error])
        #expect(config.exclude == ["**/Pods/**"])
        #expect(config.notify == FleetConfig.Notify(webhookURLVariable: "SLACK_WEBHOOK", on: ["regression"]))
        #expect(config.repos.map(\.name) == ["acme/shop-ios", "wallet", "legacy", "acme/kiosk"])
        #expect(
            config.repos.map(\.location) == [
                "https://git.example.com/acme/shop-ios.git", "/srv/git/wallet.git", "/srv/git/legacy.git", "git@github.com:acme/kiosk.git",
            ])
        #expect(config.repos[0].branch == "main")
        #expect(config.repos[1].branch == nil)
        #expect(config.repos[0].paths == ["apps"])
        #expect(config.repos[0].team == "commerce")
        // Runs know a repository by its name; its mirror (and shard) by its URL and branch.
        #expect(config.repos[0].key.rawValue.hasPrefix("acme-shop-ios-"))
        #expect(config.repos[0].mirrorKey.rawValue.hasPrefix("git.example.com-acme-shop-ios-"))
    }

    @Test func defaultsFillEverythingButVersionAndRepos() throws {
        let config = try Self.check("version: 1\nrepos:\n  - url: /srv/git/app.git\n")

        #expect(config.fleetName == "Fleet")
        #expect(config.deadline == nil)
        #expect(config.workspace == "/srv/fleet/.scenesweep")
        #expect(config.fetchConcurrency == 4)
        #expect(config.scanConcurrency == nil)
        #expect(config.auth == FleetConfig.Auth())
        #expect(config.repos.map(\.name) == ["app"])
    }

    @Test func everyProblemIsReportedAtOnceWithLineColumnAndSuggestions() {
        let problems = Self.problems(
            """
            version: 1
            fleet: { name: Acme, deadline: 2027-02-30 }
            concurency: { fetch: 4 }
            concurrency: { fetch: "4", scan: many }
            rules: { disable: [window-lookp], severity: { main-screen-use: fatal, scene-manfest-missing: error } }
            repos:
              - url: https://git.example.com/acme/shop.git
                brnch: main
              - team: commerce
              - url: git@git.example.com:acme/shop.git
              - url: [not, a, string]
                paths: [/etc, ../up]
            """)

        #expect(
            problems == [
                "fleet.yaml:2:32: error: fleet.deadline: expected a date like 2027-04-01, found '2027-02-30'",
                "fleet.yaml:3:1: error: unknown key 'concurency' (did you mean 'concurrency'?)",
                "fleet.yaml:4:23: error: concurrency.fetch: expected an integer, found the string \"4\"",
                "fleet.yaml:4:34: error: concurrency.scan: expected 'auto' or a number of scan workers",
                "fleet.yaml:5:20: error: rules.disable[0]: unknown rule 'window-lookp' (did you mean 'window-lookup'?)",
                "fleet.yaml:5:64: error: rules.severity.main-screen-use: expected one of error, warning, note; found 'fatal'",
                "fleet.yaml:5:71: error: rules.severity: unknown rule 'scene-manfest-missing' (did you mean 'scene-manifest-missing'?)",
                "fleet.yaml:8:5: error: repos[0]: unknown key 'brnch' (did you mean 'branch'?)",
                "fleet.yaml:9:5: error: repos[1]: missing required key 'url'",
                "fleet.yaml:10:5: error: repos[2]: the same repository as repos[0] (line 7)",
                "fleet.yaml:11:10: error: repos[3].url: expected a string, found a sequence",
                "fleet.yaml:12:13: error: repos[3].paths[0]: expected a folder inside the repository, found '/etc'",
                "fleet.yaml:12:19: error: repos[3].paths[1]: expected a folder inside the repository, found '../up'",
            ])
    }

    @Test func keysAndRuleIDsAreSuggestedLikeTheCommandLineDoes() {
        // A rule id cut short means the longer one (as `scan --disable scene-manifest` says); a short key
        // two edits off ('tema', a transposed pair) is still suggested; 'zz' is near nothing.
        let problems = Self.problems(
            """
            version: 1
            fleet: { name: Acme }
            rules: { disable: [scene-manifest] }
            repos:
              - url: https://git.example.com/acme/shop.git
                tema: commerce
                zz: 1
            """)

        #expect(
            problems == [
                "fleet.yaml:3:20: error: rules.disable[0]: unknown rule 'scene-manifest' (did you mean 'scene-manifest-missing'?)",
                "fleet.yaml:6:5: error: repos[0]: unknown key 'tema' (did you mean 'team'?)",
                "fleet.yaml:7:5: error: repos[0]: unknown key 'zz'",
            ])
    }

    @Test func aMissingVersionAndEmptyReposAreReported() {
        #expect(
            Self.problems("fleet: { name: x }\nrepos: []\n") == [
                "fleet.yaml:1:1: error: missing required key 'version'", "fleet.yaml:2:8: error: repos: list at least one repository",
            ])
        #expect(
            Self.problems("version: 2\nrepos:\n  - url: /a\n") == [
                "fleet.yaml:1:10: error: version: unsupported config version 2; this scenesweep reads version 1"
            ])
    }

    @Test func secretsInTheFileAreRefusedWithoutBeingEchoed() {
        let problems = Self.problems(
            """
            version: 1
            auth: { https_token_env: ghp_abcdefghijklmnop0123456789-secret }
            repos:
              - url: https://ci:hunter2@git.example.com/acme/app.git
              - url: http://git.example.com/acme/app2.git
            """)

        #expect(
            problems == [
                "fleet.yaml:2:26: error: auth.https_token_env: expected the name of an environment variable (such as GIT_TOKEN), not the secret itself",
                "fleet.yaml:4:10: error: repos[0].url: the URL holds credentials; put the token in the environment variable named by auth.https_token_env",
                "fleet.yaml:5:10: error: repos[1].url: plain http would send credentials in clear text; use https, ssh or a local path",
            ])
        #expect(!problems.joined().contains("hunter2"))
        #expect(!problems.joined().contains("ghp_abcdefghijklmnop"))
    }

    @Test func repositoryNamesMustBeUniqueSoOnlyCanFindThem() {
        #expect(
            Self.problems("version: 1\nrepos:\n  - url: /a/app.git\n  - url: /b/app.git\n") == [
                "fleet.yaml:4:5: error: repos[1]: the name 'app' is already used by repos[0] (line 3); give one of them a `name`"
            ])
    }

    @Test func yamlSyntaxErrorsCarryTheParsersPosition() {
        #expect(
            Self.problems("version: 1\nrepos: [a, b\nfleet: x\n") == [
                "fleet.yaml:3:6: error: did not find expected ',' or ']' (while parsing a flow sequence at 2:8)"
            ])
        #expect(
            Self.problems("- just\n- a list\n") == [
                "fleet.yaml:1:1: error: expected a mapping of settings (version, fleet, repos, …), found a sequence"
            ])
    }

    @Test func anchorsAndAliasesWorkInConfigs() throws {
        let config = try Self.check(
            """
            version: 1
            repos:
              - &shared { url: /srv/a.git, team: commerce, paths: [apps] }
              - { <<: *shared, url: /srv/b.git }
            """)

        #expect(config.repos.map(\.team) == ["commerce", "commerce"])
        #expect(config.repos[1].paths == ["apps"])
    }

    @Test func aMissingFileIsOneProblemNamingIt() {
        #expect(throws: ConfigProblems.self) { try ConfigValidator.load(path: "/nonexistent/fleet.yaml") }
        do {
            _ = try ConfigValidator.load(path: "/nonexistent/fleet.yaml")
        } catch {
            #expect(error.description == "/nonexistent/fleet.yaml: error: no such config file")
        }
    }

    @Test func theStarterConfigIsValidAndIsTheExampleFileInTheRepository() throws {
        let config = try Self.check(StarterConfig.text)
        #expect(config.repos.count == 3)
        #expect(config.deadline == CalendarDay("2027-04-01"))
        let example = try String(contentsOf: FixturePaths.packageRoot.appendingPathComponent("config/fleet.example.yaml"), encoding: .utf8)
        #expect(example == StarterConfig.text)
    }

    @Test func theEffectiveConfigHashIgnoresCommentsAndLayout() throws {
        let a = try Self.check("version: 1\nrepos:\n  - url: /srv/a.git\n")
        let b = try Self.check("# fleet\nversion: 1\nrepos: [ { url: /srv/a.git } ]   # one repo\n")
        let c = try Self.check("version: 1\nexclude: [x]\nrepos:\n  - url: /srv/a.git\n")

        #expect(a.hash == b.hash)
        #expect(a.hash != c.hash)
    }

    @Test(arguments: [
        ("2027-04-01", true), ("2028-02-29", true), ("2027-02-29", false), ("2027-4-1", false), ("April 1", false), ("2027-13-01", false),
    ])
    func deadlinesMustBeRealDates(text: String, valid: Bool) {
        #expect((CalendarDay(text) != nil) == valid)
    }

    @Test func daysBetweenCalendarDaysCountWholeDays() throws {
        let deadline = try #require(CalendarDay("2027-04-01"))
        #expect(try deadline.days(from: #require(CalendarDay("2026-11-30"))) == 122)
        #expect(try deadline.days(from: #require(CalendarDay("2027-04-03"))) == -2)
        #expect(CalendarDay(Date(timeIntervalSince1970: 1_796_018_400)).description == "2026-11-30")
    }

    @Test func theConfigHashIgnoresWhereTheFileAndTheWorkspaceAreButNotTheSettings() throws {
        let text = """
            version: 1
            fleet: { name: Acme }
            workspace: .scenesweep
            repos:
              - url: https://git.example.com/acme/shop-ios.git
                team: commerce

            """
        let first = TemporaryDirectory("config")
        let second = TemporaryDirectory("config")
        first.write("fleet.yaml", text)
        second.write("nested/fleet.yaml", text.replacingOccurrences(of: ".scenesweep", with: "/var/lib/scenesweep"))
        second.write("other.yaml", text.replacingOccurrences(of: "team: commerce", with: "team: payments"))
        let one = try ConfigValidator.load(path: first.path + "/fleet.yaml")
        let moved = try ConfigValidator.load(path: second.path + "/nested/fleet.yaml")
        let changed = try ConfigValidator.load(path: second.path + "/other.yaml")
        #expect(one.workspace != moved.workspace)
        #expect(one.hash == moved.hash)
        #expect(one.hash != changed.hash)
    }
}
