import Daemon
import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// The real binary sweeping good repositories together with ones that fail over HTTP: a repository gone
/// from its server (404), a server that refuses connections, and one that refuses the token (401). Each
/// fails alone with its own message on the console and in run.json; one with an earlier result keeps it,
/// stale (its apps counting with their last verdicts), and one without counts as an unknown app; the good ones are scanned; the exit status is 0, and
/// 2 only when no repository could be fetched and scanned (README's table).
@Suite(.timeLimit(.minutes(3))) struct FetchFaultTests {
    @Test func a404ARefusedConnectionAndAWrongTokenAmongGoodRepositoriesEachFailAloneAndTheSweepExits0() async throws {
        let fleet = try FleetBench(schedule: "@every 1h")
        let served = fleet.bench.path("served")
        let far = fleet.bench.path("far")
        try fleet.bench.git(["clone", "-q", "--bare", fleet.bench.path("books"), served + "/gone.git"], in: fleet.root)
        try fleet.bench.git(["clone", "-q", "--bare", fleet.bench.path("shop"), far + "/far.git"], in: fleet.root)
        let server = try FlakyGitServer(root: served, refusals: 0, status: 200)
        defer { server.stop() }
        let farServer = try FlakyGitServer(root: far, refusals: 0, status: 200)
        let credentials = try CredentialServer()
        defer { credentials.stop() }
        let gone = "http://127.0.0.1:\(server.port)/gone.git"
        let unreachable = "http://127.0.0.1:\(farServer.port)/far.git"
        let private_ = "http://127.0.0.1:\(credentials.port)/acme/private.git"
        try fleet.writeConfig(
            schedule: "@every 1h", extra: "auth: { https_token_env: TEST_TOKEN }",
            repos: "  - { url: \(gone), name: gone }\n  - { url: \(unreachable), name: far }\n  - { url: \(private_), name: private }\n")
        let environment = ["TEST_TOKEN": "wrong-\(UUID().uuidString)"]
        let first = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml"], in: fleet.root, environment: environment)
        #expect(first.status == 0)
        let firstRun = try #require(fleet.store.latestRun())
        #expect(try fleet.store.record(of: firstRun).repos.map(\.status) == [.scanned, .scanned, .scanned, .scanned, .failed])

        try FileManager.default.removeItem(atPath: served + "/gone.git")
        farServer.stop()
        try fleet.regressBooks()
        let second = try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml"], in: fleet.root, environment: environment)

        #expect(second.status == 0)
        #expect(second.err.contains("gone: FAILED: repository not found at \(gone) (keeping the result of \(firstRun))"))
        #expect(second.err.contains("far: FAILED: cannot reach \(unreachable): "))
        #expect(second.err.contains("(keeping the result of \(firstRun))\n"))
        // Off a terminal the sweep's lines are log lines: timestamped, a retry as a warning.
        #expect(second.err.contains("Z  warning: far: cannot reach \(unreachable): "))
        #expect(second.err.contains("private: FAILED: authentication failed for \(private_)\n"))
        #expect(second.out.contains(": 1 scanned, 1 unchanged, 3 failed\n"))
        // gone's ready app and far's blocked one count with their last verdicts, marked stale; private's is unknown.
        #expect(second.out.contains("5 apps: 2 blocked, 1 at risk, 1 ready, 1 unknown; readiness 20% (2 apps from stale results since "))
        let run = try #require(fleet.store.latestRun())
        let record = try fleet.store.record(of: run)
        #expect(record.repos.map(\.name) == ["shop", "books", "gone", "far", "private"])
        #expect(record.repos.map(\.status) == [.reused, .scanned, .stale, .stale, .failed])
        #expect(record.repos[2].error == "repository not found at \(gone)")
        #expect(record.repos[3].error?.hasPrefix("cannot reach \(unreachable): ") == true)
        #expect(record.repos[4].error == "authentication failed for \(private_)")
        #expect(record.repos[2].scannedIn == firstRun && record.repos[3].scannedIn == firstRun)
        let summary =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: fleet.store.runFolder(run) + "/summary.json"))) as? [String: Any]
        #expect(summary?["failedRepos"] as? Int == 3)
        #expect(summary?["staleRepos"] as? Int == 2)
        #expect(summary?["unknown"] as? Int == 1)
        #expect(summary?["ready"] as? Int == 1)
        #expect(summary?["staleApps"] as? Int == 2)

        // Only failing repositories (and the good ones left out): nothing could be fetched and scanned.
        try fleet.bench.write(
            [
                "bad.yaml": "version: 1\nworkspace: ws-bad\nauth: { https_token_env: TEST_TOKEN }\n"
                    + "repos:\n  - { url: \(gone), name: gone }\n  - { url: \(private_), name: private }\n"
            ], in: fleet.root)
        let allFail = try await ScenesweepProcess.run(["sweep", "--config", "bad.yaml", "-q"], in: fleet.root, environment: environment)
        #expect(allFail.status == 2)
        #expect(allFail.err.hasSuffix("scenesweep sweep: no repository could be fetched and scanned\n"))
    }
}
