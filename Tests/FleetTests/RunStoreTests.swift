import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// The workspace on disk: atomic files, the latest pointer, the lock, run ids, repository keys.
@Suite("Run store")
struct RunStoreTests {
    @Test func anAtomicWriteLeavesNoTemporaryFileAndReplacesWhole() throws {
        let folder = TemporaryDirectory("store")
        let path = folder.path + "/file.json"
        try AtomicFile.write("first", to: path)
        try AtomicFile.write("second", to: path, durable: true)

        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.json"])
    }

    @Test func aRunWithoutRunJSONOrALeftoverTemporaryFileNeverBecomesLatest() throws {
        let harness = try SweepTests.threeRepositories()
        let complete = try harness.sweep()
        // A crash mid-sweep: a run folder with results but no run.json, and a half-written `latest`.
        let crashed = "29991231T235959Z-ffff"
        try FileManager.default.createDirectory(atPath: harness.store.runFolder(crashed) + "/repos", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: harness.store.runFolder(crashed) + "/summary.json"))
        try Data("29991231T2359".utf8).write(to: URL(fileURLWithPath: harness.store.latestFile + ".tmp-1-2"))

        #expect(harness.store.latestRun() == complete.record.id)
        #expect(harness.store.completedRuns() == [complete.record.id])

        // The next sweep compares with the last complete run and orders itself after every run folder.
        let next = try harness.sweep()
        #expect(next.record.previousRun == complete.record.id)
        #expect(next.record.repos.allSatisfy { $0.status == .reused })
        #expect(harness.store.latestRun() == next.record.id)
    }

    @Test func aLatestPointingAtAnIncompleteRunFallsBackToTheNewestCompleteOne() throws {
        let harness = try SweepTests.threeRepositories()
        let complete = try harness.sweep()
        let crashed = "29991231T235959Z-ffff"
        try FileManager.default.createDirectory(atPath: harness.store.runFolder(crashed), withIntermediateDirectories: true)
        try AtomicFile.write(crashed + "\n", to: harness.store.latestFile)

        #expect(harness.store.latestRun() == complete.record.id)
    }

    @Test func theWorkspaceLockAdmitsOneSweepAtATime() throws {
        let harness = try SweepTests.threeRepositories()
        let held = try harness.store.lock()

        #expect(throws: SweepError.self) { try harness.sweep() }
        withExtendedLifetime(held) {}
    }

    @Test func runIDsSortByTimeEvenWithinOneSecond() {
        let date = Date(timeIntervalSince1970: 1_796_018_400)
        let first = RunID.make(at: date, suffix: 0xbeef)

        #expect(first == "20261130T060000Z-beef")
        #expect(RunID.isValid(first))
        #expect(RunID.next(at: date, suffix: 0x0001, after: first) == "20261130T060000Z-bef0")
        #expect(RunID.next(at: date.addingTimeInterval(-60), suffix: 0x0001, after: first) == "20261130T060000Z-bef0")
        #expect(RunID.next(at: date.addingTimeInterval(1), suffix: 0x0001, after: first) == "20261130T060001Z-0001")
        #expect(!RunID.isValid("../../etc"))
        #expect(!RunID.isValid("20261130T060000Z-BEEF"))
    }

    @Test func runsAreNamedByIDUniquePrefixOrLatest() throws {
        let harness = try SweepTests.threeRepositories()
        let first = try harness.sweep()
        let second = try harness.sweep()

        #expect(try harness.store.resolveRun("latest") == second.record.id)
        #expect(try harness.store.resolveRun(String(first.record.id.prefix(11))) == first.record.id)
        #expect(throws: StoreError.self) { try harness.store.resolveRun("2026") }
        #expect(throws: StoreError.self) { try harness.store.resolveRun("../x") }
    }

    @Test func repositoryKeysAreSafeStableAndTheSameForHTTPSAndSSH() {
        let https = RepoKey(location: "https://github.com/Acme/shop-ios.git", branch: nil)
        let ssh = RepoKey(location: "git@github.com:Acme/shop-ios.git", branch: nil)
        let sshURL = RepoKey(location: "ssh://git@GitHub.com/Acme/shop-ios", branch: nil)
        let release = RepoKey(location: "https://github.com/Acme/shop-ios.git", branch: "release")

        #expect(https.rawValue.hasPrefix("github.com-Acme-shop-ios-"))
        #expect(https.rawValue.count == "github.com-Acme-shop-ios-".count + 8)
        #expect(https == ssh)
        #expect(https == sshURL)
        #expect(https != release)
        #expect(RepoKey(location: "https://github.com/Acme/shop-ios.git", branch: nil) == https)
        #expect(RepoKey(location: "/srv/git/wallet.git", branch: nil).rawValue.hasPrefix("local-wallet-"))
    }

    @Test(arguments: [
        "https://evil.example/../../etc/passwd", "/srv/../../root/.ssh", "https://h/%2e%2e/%00/\u{7}bell", "https://h/.hidden",
        "file:///..",
        "https://h/" + String(repeating: "long-", count: 60), "https://h/ünïcödé/répo",
    ])
    func repositoryKeysNeverHoldSlashesDotDotOrControlCharacters(url: String) {
        let key = RepoKey(location: url, branch: nil)
        #expect(RepoKey.isSafe(key.rawValue), "\(key.rawValue)")
        #expect(!key.rawValue.contains("/"))
        #expect(!key.rawValue.contains(".."))
        #expect(!key.rawValue.hasPrefix("."))
        #expect(key.rawValue.count <= 80)
    }
}
