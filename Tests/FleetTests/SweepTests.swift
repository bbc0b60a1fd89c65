import Fleet
import Foundation
import Reports
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// Sweeps over real git repositories made at test time from the fixture apps.
@Suite("Sweeps over real repositories")
struct SweepTests {
    /// Three repositories: a blocked app, a ready app, and a monorepo of three apps.
    static func threeRepositories() throws -> FleetHarness {
        let harness = FleetHarness()
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.repository("pantry", fixture: "workspace-two-apps-with-extensions")
        try harness.writeConfig(
            """
            repos:
              - url: shop
                team: commerce
              - url: books
                team: commerce
              - url: pantry
                team: kitchen

            """)
        return harness
    }

    @Test func aFirstSweepClonesBareMirrorsAndScansEachDefaultBranchLikeACheckout() throws {
        let harness = try Self.threeRepositories()

        let outcome = try harness.sweep()

        #expect(outcome.record.repos.map(\.status) == [.scanned, .scanned, .scanned])
        #expect(outcome.record.repos.map(\.name) == ["shop", "books", "pantry"])
        #expect(harness.probe.scans == 3)
        for repo in outcome.record.repos {
            let mirror = try harness.mirrorPath(repo.name)
            // Bare: git's files at the top, no work tree, nothing checked out.
            #expect(FileManager.default.fileExists(atPath: mirror + "/HEAD"))
            #expect(!FileManager.default.fileExists(atPath: mirror + "/.git"))
            #expect(try harness.bench.head(of: harness.bench.path(repo.name)) == repo.commit)
            #expect(repo.scannedBranch == "main")
            for ext in ["json", "md", "sarif"] {
                #expect(FileManager.default.fileExists(atPath: harness.store.resultPath(run: outcome.record.id, key: repo.key, ext: ext)))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: try harness.mirrorPath(outcome.record.repos[0].name) + "/Shelf/Info.plist"))
        let fixtureReport = Scanner.scan(try DirectorySource(root: FixturePaths.scan("workspace-two-apps-with-extensions").path))
        let stored = try harness.store.result(run: outcome.record.id, key: outcome.record.repos[2].key)
        #expect(stored.apps.map(\.verdict) == fixtureReport.apps.map(\.verdict))
        #expect(stored.findings.map(\.fingerprint) == fixtureReport.findings.map(\.fingerprint))
        #expect(outcome.summary.totals.apps == 5)
        #expect(outcome.diff.from == nil)
        #expect(harness.store.latestRun() == outcome.record.id)
    }

    @Test func aSecondSweepWithNoUpstreamChangeScansNothingAndCarriesEveryResultForward() throws {
        let harness = try Self.threeRepositories()
        let first = try harness.sweep()
        let scansAfterFirst = harness.probe.scans

        let second = try harness.sweep()

        #expect(harness.probe.scans == scansAfterFirst)
        #expect(second.record.repos.map(\.status) == [.reused, .reused, .reused])
        #expect(second.record.repos.allSatisfy { $0.reused && $0.scannedIn == first.record.id })
        #expect(second.record.previousRun == first.record.id)
        for repo in second.record.repos {
            let before = try Data(
                contentsOf: URL(fileURLWithPath: harness.store.resultPath(run: first.record.id, key: repo.key, ext: "json")))
            let after = try Data(
                contentsOf: URL(fileURLWithPath: harness.store.resultPath(run: second.record.id, key: repo.key, ext: "json")))
            #expect(before == after)
        }
        #expect(second.summary.totals == first.summary.totals)
        #expect(second.diff.isEmpty)
        #expect(harness.probe.output.contains("shop: reused (unchanged at"))
    }

    @Test func newUpstreamCommitsAreFetchedAndOnlyThatRepositoryIsRescanned() throws {
        let harness = try Self.threeRepositories()
        try harness.sweep()
        let commit = try harness.bench.append("\n// touched\n", to: "Shelf/AppDelegate.swift", in: harness.bench.path("books"))

        let second = try harness.sweep()

        #expect(second.record.repos.map(\.status) == [.reused, .scanned, .reused])
        #expect(harness.record(second, "books")?.commit == commit)
        #expect(harness.probe.scans == 4)
        #expect(harness.probe.output.contains("books: scanned 1 app (ready) in 0 ms (new commit \(commit.prefix(7))"))
    }

    @Test func aForcePushThatRewroteTheBranchIsFollowed() throws {
        let harness = try Self.threeRepositories()
        let books = harness.bench.path("books")
        let original = try harness.bench.head(of: books)
        let discarded = try harness.bench.append("\n// soon gone\n", to: "README.md", in: books)
        let first = try harness.sweep()
        #expect(harness.record(first, "books")?.commit == discarded)
        try harness.bench.git(["reset", "-q", "--hard", original], in: books)
        let rewritten = try harness.bench.append(
            "\nenum Legacy { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: books, message: "rewritten history")

        let second = try harness.sweep()

        let record = try #require(harness.record(second, "books"))
        #expect(record.status == .scanned)
        #expect(record.commit == rewritten)
        #expect(second.diff.regressions.map(\.repoName) == ["books"])
    }

    @Test func aDeletedBranchLeavesTheLastResultCarriedForwardMarkedStale() throws {
        let harness = FleetHarness()
        let books = try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.bench.git(["branch", "release"], in: books)
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig(
            """
            repos:
              - url: books
                branch: release
                team: commerce
              - url: shop

            """)
        let first = try harness.sweep()
        #expect(harness.record(first, "books")?.status == .scanned)
        try harness.bench.git(["branch", "-D", "release"], in: books)

        let second = try harness.sweep()

        let record = try #require(harness.record(second, "books"))
        #expect(record.status == .stale)
        #expect(record.stale)
        #expect(record.error == "branch 'release' not found in \(books)")
        #expect(record.scannedIn == first.record.id)
        #expect(record.failingSince == second.record.id)
        #expect(record.commit == harness.record(first, "books")?.commit)
        #expect(FileManager.default.fileExists(atPath: harness.store.resultPath(run: second.record.id, key: record.key, ext: "json")))
        // The ready app counts with its last verdict, marked stale with its date, and nothing is "fixed".
        let app = try #require(second.summary.apps.first { $0.repoName == "books" })
        #expect(app.reportedVerdict == .ready)
        #expect(app.verdict == .ready)
        #expect(app.stale)
        #expect(app.resultDate == SteppingClock.start)
        #expect(second.summary.failedRepos == 1)
        #expect(second.diff.resolvedFindings.isEmpty && second.diff.improvements.isEmpty && second.diff.removedApps.isEmpty)
        #expect(second.diff.staleRepos.map(\.repoName) == ["books"])
        #expect(!second.nothingScanned)

        let third = try harness.sweep()
        #expect(harness.record(third, "books")?.failingSince == second.record.id)
    }

    @Test func aRepositoryRemovedFromTheConfigIsListedAsRemovedAndNothingOfItAsResolved() throws {
        let harness = try Self.threeRepositories()
        let first = try harness.sweep()
        try harness.writeConfig(
            """
            repos:
              - url: books
                team: commerce
              - url: pantry
                team: kitchen

            """)

        let second = try harness.sweep()

        #expect(second.record.repos.map(\.name) == ["books", "pantry"])
        #expect(second.diff.removedRepos.map(\.repoName) == ["shop"])
        #expect(second.diff.removedRepos.first?.repo == harness.record(first, "shop")?.key)
        #expect(second.diff.resolvedFindings.isEmpty)
        #expect(second.diff.removedApps.isEmpty)
        #expect(second.summary.repos == 2)
        let diff = try harness.json(second, "diff.json")
        #expect((diff["removedRepos"] as? [[String: Any]])?.first?["repo"] as? String == "shop")
    }

    @Test func anUnreachableRepositoryAmongGoodOnesFailsAloneAndCountsAsUnknown() throws {
        let harness = try Self.threeRepositories()
        try harness.writeConfig(
            """
            repos:
              - url: shop
              - url: missing/nowhere.git
                team: ghosts
              - url: books

            """)

        let outcome = try harness.sweep()

        #expect(outcome.record.repos.map(\.status) == [.scanned, .failed, .scanned])
        let failed = try #require(harness.record(outcome, "nowhere"))
        #expect(failed.error == "repository not found at \(harness.bench.path("missing/nowhere.git"))")
        #expect(!failed.hasResult)
        #expect(outcome.summary.totals.unknown == 1)
        #expect(outcome.summary.failedRepos == 1)
        #expect(outcome.summary.apps.filter { $0.repoName == "nowhere" }.map(\.verdict) == [.unknown])
        #expect(!outcome.nothingScanned)
        #expect(harness.probe.output.contains("nowhere: FAILED: repository not found at"))
        #expect(!FileManager.default.fileExists(atPath: try harness.mirrorPath(failed.name)))
    }

    @Test func whenEveryRepositoryFailsTheRunIsStoredButNothingWasScanned() throws {
        let harness = FleetHarness()
        try harness.writeConfig("repos:\n  - url: gone-a\n  - url: gone-b\n")

        let outcome = try harness.sweep()

        #expect(outcome.nothingScanned)
        #expect(outcome.record.repos.map(\.status) == [.failed, .failed])
        #expect(harness.store.latestRun() == outcome.record.id)
    }

    @Test func aRegressionCommitShowsUpInDiffJSON() throws {
        let harness = try Self.threeRepositories()
        try harness.sweep()
        try harness.bench.append(
            "\nenum LegacyBanner {\n    static func show() {\n        UIApplication.shared.keyWindow?.addSubview(UIView())\n    }\n}\n",
            to: "Shelf/Support/OfflineBanner.swift", in: harness.bench.path("books"), message: "regress")

        let second = try harness.sweep()

        let diff = try harness.json(second, "diff.json")
        let regressions = try #require(diff["regressions"] as? [[String: Any]])
        #expect(regressions.count == 1)
        #expect(regressions.first?["repo"] as? String == "books")
        #expect(regressions.first?["path"] as? String == "Shelf")
        #expect(regressions.first?["target"] as? String == "Shelf")
        #expect(regressions.first?["from"] as? String == "ready")
        #expect(regressions.first?["to"] as? String == "at-risk")
        let newFindings = try #require(diff["newFindings"] as? [[String: Any]])
        #expect(newFindings.map { $0["rule"] as? String } == ["window-lookup"])
        #expect((diff["resolvedFindings"] as? [Any])?.isEmpty == true)
        let summary = try harness.json(second, "summary.json")
        #expect(summary["regressions"] as? Int == 1)
        let page = try String(contentsOfFile: second.runFolder + "/summary.md", encoding: .utf8)
        #expect(page.contains("| books | `Shelf` | Shelf | 🟢 ready | 🟠 at risk |"))
    }

    @Test func aFixCommitIsAnImprovementWithResolvedFindings() throws {
        let harness = try Self.threeRepositories()
        let books = harness.bench.path("books")
        try harness.bench.append(
            "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: books)
        try harness.sweep()
        try harness.bench.git(["revert", "--no-edit", "HEAD"], in: books)

        let second = try harness.sweep()

        #expect(second.diff.improvements.map { "\($0.repoName) \($0.from.rawValue)->\($0.to.rawValue)" } == ["books at-risk->ready"])
        #expect(second.diff.resolvedFindings.map(\.rule) == ["window-lookup"])
    }

    @Test func theCacheKeyCoversCommitToolVersionRulePackAndScanSettings() throws {
        let harness = try Self.threeRepositories()
        try harness.sweep()

        #expect(try harness.sweep(toolVersion: "9.9.9").record.repos.allSatisfy { $0.status == .scanned })
        #expect(try harness.sweep(toolVersion: "9.9.9").record.repos.allSatisfy { $0.status == .reused })
        #expect(try harness.sweep(toolVersion: "9.9.9", rulePack: "ios27+other").record.repos.allSatisfy { $0.status == .scanned })
        try harness.writeConfig(
            """
            exclude: ["**/Generated/**"]
            repos:
              - url: shop
                team: commerce
              - url: books
                team: retail
              - url: pantry
                team: kitchen
                paths: [Pantry]

            """)
        let changedSettings = try harness.sweep(toolVersion: "9.9.9", rulePack: "ios27+other")
        #expect(changedSettings.record.repos.map(\.status) == [.scanned, .scanned, .scanned])
        #expect(harness.probe.output.contains("(settings changed)"))
        // A team is not a scan setting: the next sweep reuses everything but shows the new team.
        try harness.writeConfig(
            """
            exclude: ["**/Generated/**"]
            repos:
              - url: shop
                team: checkout
              - url: books
                team: retail
              - url: pantry
                team: kitchen
                paths: [Pantry]

            """)
        let teamChange = try harness.sweep(toolVersion: "9.9.9", rulePack: "ios27+other")
        #expect(teamChange.record.repos.map(\.status) == [.reused, .reused, .reused])
        #expect(harness.record(teamChange, "shop")?.team == "checkout")
        #expect(harness.probe.scans == 12)
    }

    @Test func rulesInTheConfigChangeTheScanAndAreStoredWithTheRun() throws {
        let harness = try Self.threeRepositories()
        try harness.writeConfig(
            """
            rules: { disable: [app-delegate-window], severity: { window-lookup: error } }
            repos:
              - url: shop

            """)

        let outcome = try harness.sweep()

        let report = try harness.store.result(run: outcome.record.id, key: outcome.record.repos[0].key)
        #expect(!report.findings.contains { $0.rule == "app-delegate-window" })
        #expect(report.findings.filter { $0.rule == "window-lookup" }.allSatisfy { $0.severity == .error })
        #expect(report.findings.contains { $0.rule == "window-lookup" })
    }

    @Test func onlyRestrictsTheSweepAndCarriesTheOthersForwardUnchecked() throws {
        let harness = try Self.threeRepositories()
        let first = try harness.sweep()
        try harness.bench.append("\n// x\n", to: "README.md", in: harness.bench.path("shop"))

        let second = try harness.sweep(SweepOptions(only: ["books"]))

        #expect(second.record.repos.map(\.status) == [.skipped, .reused, .skipped])
        #expect(harness.record(second, "shop")?.commit == harness.record(first, "shop")?.commit)
        #expect(second.summary.totals == first.summary.totals)
        #expect(throws: SweepError.self) { try harness.sweep(SweepOptions(only: ["bokos"])) }
    }

    @Test func offlineSweepsUseTheMirrorsWithoutFetching() throws {
        let harness = try Self.threeRepositories()
        let first = try harness.sweep()
        try harness.bench.append("\n// x\n", to: "README.md", in: harness.bench.path("shop"))

        let offline = try harness.sweep(SweepOptions(offline: true))

        #expect(offline.record.offline)
        #expect(offline.record.repos.map(\.status) == [.reused, .reused, .reused])
        #expect(harness.record(offline, "shop")?.commit == harness.record(first, "shop")?.commit)
    }

    @Test func theHTTPSTokenIsSentAsACredentialButNeverWrittenAnywhere() throws {
        let server = try CredentialServer()
        defer { server.stop() }
        let harness = try Self.threeRepositories()
        let token = "tok-\(UUID().uuidString)-secret"
        try harness.writeConfig(
            """
            auth: { https_token_env: SCENESWEEP_TEST_TOKEN }
            repos:
              - url: shop
              - url: http://localhost:\(server.port)/acme/private.git
                team: secret

            """)

        let first = try harness.sweep(variables: ["SCENESWEEP_TEST_TOKEN": token])
        let second = try harness.sweep(variables: ["SCENESWEEP_TEST_TOKEN": token])

        #expect(server.sawCredential(user: "x-access-token", password: token))
        #expect(
            harness.record(first, "acme/private")?.error == "authentication failed for http://localhost:\(server.port)/acme/private.git")
        #expect(harness.record(second, "acme/private")?.status == .failed)
        let files = harness.writtenFiles()
        #expect(files.contains("history.jsonl"))
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: harness.workspace + "/" + file))
            #expect(data.range(of: Data(token.utf8)) == nil, "the token is in \(file)")
        }
        #expect(!harness.probe.output.contains(token))
    }

    @Test func aMissingTokenVariableIsANoteAndTheRepositoryFailsWithItsMessage() throws {
        let server = try CredentialServer()
        defer { server.stop() }
        let harness = FleetHarness()
        try harness.writeConfig(
            """
            auth: { https_token_env: SCENESWEEP_UNSET_TOKEN }
            repos:
              - url: http://localhost:\(server.port)/acme/private.git

            """)

        let outcome = try harness.sweep()

        #expect(
            outcome.notes == [
                "auth.https_token_env names SCENESWEEP_UNSET_TOKEN, which is not set: https repositories that need a token will fail"
            ])
        #expect(
            outcome.record.repos.first?.error
                == "http://localhost:\(server.port)/acme/private.git requires authentication but no https token is set")
    }

    @Test func theRunIsDeterministicWhateverOrderRepositoriesFinishIn() throws {
        let harness = FleetHarness()
        var body = "repos:\n"
        let fixtures = ["legacy-objc-xib", "swiftui-app", "missing-scene-storyboard", "flavour-infoplists", "migrated-objc-xib"]
        for (index, fixture) in fixtures.enumerated() {
            try harness.repository("repo\(index)", fixture: fixture)
            body += "  - url: repo\(index)\n    team: team\(index % 2)\n"
        }
        try harness.writeConfig(body)
        let first = try harness.sweep()
        let files = ["summary.json", "summary.md", "summary.html", "rules.html", "apps.csv", "diff.md"]
        let firstTexts = try files.map { try String(contentsOfFile: first.runFolder + "/" + $0, encoding: .utf8) }
        // Wipe the workspace and sweep again from scratch: same clock, same repositories.
        try FileManager.default.removeItem(atPath: harness.workspace)
        harness.clock.advance(-3600)

        let second = try harness.sweep()

        #expect(first.record.repos.map(\.name) == ["repo0", "repo1", "repo2", "repo3", "repo4"])
        #expect(second.record.repos.map(\.name) == first.record.repos.map(\.name))
        for (file, firstText) in zip(files, firstTexts) {
            let a = firstText.replacingOccurrences(of: first.record.id, with: "RUN")
            let b = try String(contentsOfFile: second.runFolder + "/" + file, encoding: .utf8)
                .replacingOccurrences(of: second.record.id, with: "RUN")
            #expect(a == b, "\(file) differs between identical sweeps")
        }
    }

    @Test func aBlobMissingUpstreamCostsThatFileNotTheRepository() throws {
        let harness = try Self.threeRepositories()
        let books = harness.bench.path("books")
        let asset = try harness.bench.git(["rev-parse", "HEAD:Shelf/Assets.xcassets/Contents.json"], in: books)
        // Missing upstream, so from the first clone on: a damaged mirror would be cloned again (DamagedMirrorTests).
        try FileManager.default.removeItem(atPath: "\(books)/.git/objects/\(asset.prefix(2))/\(asset.dropFirst(2))")

        let second = try harness.sweep()

        let record = try #require(harness.record(second, "books"))
        #expect(record.status == .scanned)
        let report = try harness.store.result(run: second.record.id, key: record.key)
        #expect(report.apps.map(\.verdict) == [.ready])
        #expect(
            report.diagnostics.map(\.message).contains(
                "1 file of the tree is missing from the repository (damaged or partial); not read"))
    }

    @Test func everyKindOfFetchFailureStaysInItsRepository() throws {
        let server = try CredentialServer()
        defer { server.stop() }
        let harness = try Self.threeRepositories()
        try harness.bench.write(["not-a-repo/HEAD": "garbage\n"], in: harness.bench.root)
        try harness.writeConfig(
            """
            repos:
              - url: shop
              - url: gone.git
              - url: not-a-repo
              - url: http://localhost:\(server.port)/acme/private.git
              - url: http://localhost:1/acme/unreachable.git
              - url: books

            """)

        let outcome = try harness.sweep()

        #expect(outcome.record.repos.map(\.status) == [.scanned, .failed, .failed, .failed, .failed, .scanned])
        let errors = outcome.record.repos.compactMap(\.error)
        #expect(errors[0] == "repository not found at \(harness.bench.path("gone.git"))")
        #expect(errors[1] == "\(harness.bench.path("not-a-repo")) is not a git repository")
        #expect(errors[2] == "http://localhost:\(server.port)/acme/private.git requires authentication but no https token is set")
        #expect(errors[3].hasPrefix("cannot reach http://localhost:1/acme/unreachable.git: "))
        #expect(outcome.summary.totals.unknown == 4)
        #expect(!outcome.nothingScanned)
    }

    @Test func aDamagedMirrorIsClonedAgain() throws {
        let harness = try Self.threeRepositories()
        let first = try harness.sweep()
        let shop = try #require(harness.record(first, "shop"))
        try FileManager.default.removeItem(atPath: try harness.mirrorPath(shop.name) + "/HEAD")
        try harness.bench.append("\n// touched\n", to: "README.md", in: harness.bench.path("shop"))

        let second = try harness.sweep()

        #expect(harness.record(second, "shop")?.status == .scanned)
        #expect(FileManager.default.fileExists(atPath: try harness.mirrorPath(shop.name) + "/HEAD"))
    }

    @Test func historyGetsOneLineOfAggregatesPerCompletedRun() throws {
        let harness = try Self.threeRepositories()
        let first = try harness.sweep()
        let second = try harness.sweep()

        let lines = try String(contentsOfFile: harness.store.historyFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let entries = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        #expect(entries.map { $0["run"] as? String } == [first.record.id, second.record.id])
        #expect(entries[1]["apps"] as? Int == 5)
        #expect(entries[1]["reusedRepos"] as? Int == 3)
        #expect(entries[0]["scannedRepos"] as? Int == 3)
    }

    @Test func ownersFromEachRepositorysCodeOwnersReachTheSummaryAndAppsCSV() throws {
        let harness = FleetHarness()
        try harness.bench.makeRepository(
            "shop", fixture: "legacy-swift-uikit", files: [".github/CODEOWNERS": "*  @acme/platform\n/Shelf/  @acme/commerce @jane\n"])
        try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.writeConfig(
            """
            repos:
              - url: shop
                team: commerce
              - url: books
                team: commerce

            """)
        let outcome = try harness.sweep()
        let shop = try #require(outcome.summary.apps.first { $0.repoName == "shop" })
        #expect(shop.owners == ["@acme/commerce", "@jane"])
        #expect(outcome.summary.apps.first { $0.repoName == "books" }?.owners == [])
        #expect(outcome.summary.teams.first { $0.team == "commerce" }?.owners == ["@acme/commerce", "@jane"])
        let markdown = try String(contentsOfFile: outcome.runFolder + "/summary.md", encoding: .utf8)
        #expect(markdown.contains("@acme/commerce, @jane"))
        let csv = try String(contentsOfFile: outcome.runFolder + "/apps.csv", encoding: .utf8)
        #expect(csv.contains("'@acme/commerce @jane"))
        // Carried forward unchanged, the owners stay.
        let second = try harness.sweep()
        #expect(second.summary.apps.first { $0.repoName == "shop" }?.owners == ["@acme/commerce", "@jane"])
    }
}
