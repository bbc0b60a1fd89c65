import Fleet
import Foundation
import Reports
import Results
import ScanCore
import TestSupport
import Testing

/// `merge`: shard runs combined into one run of the fleet, over real git repositories.
@Suite("Merging shard runs")
struct MergeTests {
    /// summary.json without what names runs: the run's own id and the run each result was scanned in (and
    /// that run's time).
    static func summaryWithoutRunIDs(_ outcome: SweepOutcome) throws -> Data {
        let data = try Data(contentsOf: URL(fileURLWithPath: outcome.runFolder + "/summary.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["run"] = nil
        object["repositories"] = (object["repositories"] as? [[String: Any]])?.map { repo in
            var repo = repo
            repo["scannedIn"] = nil
            repo["resultDate"] = nil
            return repo
        }
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
    }

    static func text(_ outcome: SweepOutcome, _ file: String) throws -> String {
        try String(contentsOfFile: outcome.runFolder + "/" + file, encoding: .utf8)
    }

    /// apps.csv without its `result_date` column: the time of the run each result was scanned in.
    static func csvWithoutResultDates(_ outcome: SweepOutcome) throws -> String {
        let rows = try text(outcome, "apps.csv").split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let column = rows.first?.firstIndex(of: "result_date") ?? 0
        return rows.map { row in row.enumerated().filter { $0.offset != column }.map(\.element).joined(separator: ",") }
            .joined(separator: "\r\n")
    }

    static func verdicts(_ outcome: SweepOutcome) -> [String] {
        outcome.summary.apps.map { "\($0.repoName) \($0.path) \($0.target): \($0.verdict.rawValue)" }
    }

    @Test func threeShardsMergedGiveTheSameSummaryAppsAndVerdictsAsOneRun() throws {
        let harness = try FleetHarness.nineRepositories()
        let whole = try harness.sweep()
        let wholeSummary = try Self.summaryWithoutRunIDs(whole)
        let wholeCSV = try Self.csvWithoutResultDates(whole)
        let wholeResults = try whole.record.repos.map {
            try Data(contentsOf: URL(fileURLWithPath: whole.runFolder + "/repos/\($0.key).json"))
        }
        // The same fleet from scratch, at the same time, as three shards and a merge.
        try FileManager.default.removeItem(atPath: harness.workspace)
        harness.clock.advance(-3600)

        let shards = try harness.sweepShards(3)
        let merged = try harness.merge(harness.shardStores(1...3))

        #expect(merged.summary.totals.apps == 11)
        #expect(merged.summary.totals == whole.summary.totals)
        #expect(merged.summary.repos == 9 && merged.summary.scannedRepos == 9 && merged.summary.failedRepos == 0)
        #expect(String(decoding: try Self.summaryWithoutRunIDs(merged), as: UTF8.self) == String(decoding: wholeSummary, as: UTF8.self))
        #expect(try Self.csvWithoutResultDates(merged) == wholeCSV)
        #expect(Self.verdicts(merged) == Self.verdicts(whole))
        #expect(Set(Self.verdicts(merged).map { $0.split(separator: " ").last! }) == ["blocked", "at-risk", "ready"])
        let mergedResults = try merged.record.repos.map {
            try Data(contentsOf: URL(fileURLWithPath: merged.runFolder + "/repos/\($0.key).json"))
        }
        #expect(mergedResults == wholeResults)
        for ext in ["md", "sarif"] {
            #expect(merged.record.repos.allSatisfy { FileManager.default.fileExists(atPath: merged.runFolder + "/repos/\($0.key).\(ext)") })
        }

        #expect(merged.record.repos.map(\.name) == whole.record.repos.map(\.name))
        #expect(merged.record.shard == nil)
        #expect(
            merged.record.shards
                == (1...3).map { MergedShard(shard: Shard(index: $0, count: 3)!, merged: true, run: shards[$0]?.record.id) })
        #expect(merged.record.configHash == whole.record.configHash)
        #expect(merged.record.startedAt == shards[1]?.record.startedAt)
        #expect(merged.runFolder == harness.store.runFolder(merged.record.id))
        #expect(harness.store.latestRun() == merged.record.id)
        let history = try String(contentsOfFile: harness.store.historyFile, encoding: .utf8).split(separator: "\n")
        #expect(history.count == 1 && history[0].contains("\"run\":\"\(merged.record.id)\""))
        #expect(merged.diff.from == nil)
        #expect(!merged.nothingScanned && merged.notes.isEmpty)
    }

    /// Night 1: repo1 has a warning; all three shards run and are merged.
    static func firstNight() throws -> (FleetHarness, SweepOutcome) {
        let harness = try FleetHarness.nineRepositories()
        try harness.bench.append(
            "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: harness.bench.path("repo1"))
        try harness.sweepShards(3)
        let merged = try harness.merge(harness.shardStores(1...3))
        #expect(harness.record(merged, "repo1")?.counts?.atRisk == 1)
        return (harness, merged)
    }

    @Test func aDroppedShardsRepositoriesAreCarriedForwardStaleAndNeverReportedFixed() throws {
        let (harness, first) = try Self.firstNight()
        let dropped = try harness.shard(of: "repo1", count: 3)
        let droppedRepos = try harness.repos(ofShard: dropped, count: 3)
        let droppedRun = try #require(first.record.shards?[dropped - 1].run)
        // The fix lands upstream, but the shard that would see it does not run tonight.
        try harness.bench.git(["revert", "--no-edit", "HEAD"], in: harness.bench.path("repo1"))
        try harness.sweepShards(3, skipping: [dropped])

        // Its store still holds last night's run: given with the others (as a glob would), it is not new.
        let second = try harness.merge(harness.shardStores(1...3))

        for name in droppedRepos {
            let record = try #require(harness.record(second, name))
            #expect(record.status == .stale)
            #expect(record.error == "shard \(dropped) of 3 has no new run (its latest, \(droppedRun), was merged already)")
            #expect(record.failingSince == second.record.id)
            #expect(record.commit == harness.record(first, name)?.commit)
            #expect(FileManager.default.fileExists(atPath: second.runFolder + "/repos/\(record.key).json"))
        }
        #expect(second.record.repos.filter { !droppedRepos.contains($0.name) }.allSatisfy { $0.status == .reused })
        let app = try #require(second.summary.apps.first { $0.repoName == "repo1" })
        #expect(app.reportedVerdict == .atRisk)
        #expect(app.verdict == .atRisk)
        // They count with their last verdicts, never better, marked stale with the date of that result.
        #expect(
            second.summary.apps.filter { droppedRepos.contains($0.repoName) }.allSatisfy {
                $0.verdict == $0.reportedVerdict && $0.stale && $0.resultDate != nil
            })
        #expect(second.diff.improvements.isEmpty && second.diff.resolvedFindings.isEmpty && second.diff.removedApps.isEmpty)
        #expect(second.diff.staleRepos.map(\.repoName) == droppedRepos)
        #expect(second.summary.failedRepos == droppedRepos.count)
        #expect(
            second.record.shards?[dropped - 1]
                == MergedShard(
                    shard: Shard(index: dropped, count: 3)!, merged: false, run: droppedRun,
                    error: "shard \(dropped) of 3 has no new run (its latest, \(droppedRun), was merged already)"))
        #expect(
            second.notes.count == 1
                && second.notes[0].contains("is no newer than the run an earlier merge took for that shard (\(droppedRun))"))
        #expect(!second.nothingScanned)

        // Left out altogether the next night, it is still stale, failing since the first night it was missing.
        try harness.sweepShards(3, skipping: [dropped])
        let fresh = harness.shardStores((1...3).filter { $0 != dropped })
        let third = try harness.merge(fresh)
        #expect(harness.record(third, "repo1")?.status == .stale)
        #expect(harness.record(third, "repo1")?.error == "shard \(dropped) of 3 did not complete a run")
        #expect(harness.record(third, "repo1")?.failingSince == second.record.id)
        #expect(third.record.shards?[dropped - 1].run == droppedRun)
        #expect(third.diff.improvements.isEmpty)

        // When the shard runs again, the fix is seen.
        try harness.sweepShards(3)
        let fourth = try harness.merge(harness.shardStores(1...3))
        #expect(harness.record(fourth, "repo1")?.status == .scanned)
        #expect(fourth.diff.improvements.map { "\($0.repoName) \($0.from.rawValue)->\($0.to.rawValue)" } == ["repo1 at-risk->ready"])
        #expect(fourth.diff.resolvedFindings.map(\.rule) == ["window-lookup"])
    }

    @Test func aShardThatCouldFetchNothingHasItsRepositoriesCarriedFromThePreviousMergedRun() throws {
        let (harness, first) = try Self.firstNight()
        let failing = try harness.shard(of: "repo1", count: 3)
        let failingRepos = try harness.repos(ofShard: failing, count: 3)
        try harness.bench.git(["revert", "--no-edit", "HEAD"], in: harness.bench.path("repo1"))
        for name in failingRepos {
            try FileManager.default.moveItem(atPath: harness.bench.path(name), toPath: harness.bench.path(name + "-moved"))
        }
        let shards = try harness.sweepShards(3)
        #expect(shards[failing]?.nothingScanned == true)

        let second = try harness.merge(harness.shardStores(1...3))

        for name in failingRepos {
            let record = try #require(harness.record(second, name))
            #expect(record.status == .stale)
            #expect(record.error == "repository not found at \(harness.bench.path(name))")
            #expect(record.scannedIn == harness.record(first, name)?.scannedIn)
        }
        #expect(second.record.shards?.allSatisfy(\.merged) == true)
        #expect(harness.record(second, "repo1")?.counts?.atRisk == 1)
        #expect(second.diff.improvements.isEmpty && second.diff.resolvedFindings.isEmpty)
        #expect(Set(second.diff.staleRepos.map(\.repoName)) == Set(failingRepos))
        #expect(!second.nothingScanned)
    }

    @Test func aMergedRunIsComparedWithThePreviousMergedRunAndAddsAHistoryLine() throws {
        let (harness, first) = try Self.firstNight()
        try harness.bench.git(["revert", "--no-edit", "HEAD"], in: harness.bench.path("repo1"))
        try harness.sweepShards(3)

        let second = try harness.merge(harness.shardStores(1...3))

        #expect(second.record.previousRun == first.record.id)
        #expect(second.diff.from == first.record.id)
        #expect(second.diff.improvements.map { "\($0.repoName) \($0.from.rawValue)->\($0.to.rawValue)" } == ["repo1 at-risk->ready"])
        #expect(harness.record(second, "repo1")?.status == .scanned)
        #expect(second.record.repos.filter { $0.name != "repo1" }.allSatisfy { $0.status == .reused })
        let summary = try harness.json(second, "summary.json")
        #expect(summary["previousRun"] as? String == first.record.id)
        #expect(summary["improvements"] as? Int == 1)
        let diff = try harness.json(second, "diff.json")
        #expect((diff["resolvedFindings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["window-lookup"])
        let history = try String(contentsOfFile: harness.store.historyFile, encoding: .utf8).split(separator: "\n")
        #expect(history.count == 2)
        #expect(harness.store.completedRuns() == [first.record.id, second.record.id])
        #expect(harness.store.latestRun() == second.record.id)
    }

    static func refusal(_ harness: FleetHarness, _ inputs: [String]) -> String {
        do {
            try harness.merge(inputs)
            return "merged"
        } catch {
            return "\(error)"
        }
    }

    @Test func runsOfAnotherConfigAreRefused() throws {
        let harness = try FleetHarness.nineRepositories()
        try harness.sweep(SweepOptions(shard: Shard(index: 1, count: 2)))
        let before = try harness.config().hash
        try harness.writeConfig(
            "exclude: [\"**/Generated/**\"]\n"
                + String(decoding: FileManager.default.contents(atPath: harness.configPath)!, as: UTF8.self)
                .components(separatedBy: "\n").drop { !$0.hasPrefix("repos:") }.joined(separator: "\n"))
        try harness.sweep(SweepOptions(shard: Shard(index: 2, count: 2)))

        let message = Self.refusal(harness, harness.shardStores(1...2))

        let after = try harness.config().hash
        #expect(message.hasPrefix("\(harness.workspace)/shards/1: run "))
        #expect(
            message.hasSuffix(
                " was made with a different config (config hash \(before)) than \(harness.configPath) (config hash \(after)); "
                    + "merge only shard runs of this config"))
        #expect(harness.store.completedRuns().isEmpty)
    }

    @Test func overlappingShardsMixedCountsAndMixedToolsAreRefused() throws {
        let harness = try FleetHarness.nineRepositories()
        let halves = try harness.sweepShards(2)
        let thirdOfThree = try harness.sweep(SweepOptions(shard: Shard(index: 3, count: 3)))
        let stores = harness.shardStores(1...2)
        let first = try #require(halves[1])

        #expect(
            Self.refusal(harness, [stores[0], first.runFolder])
                == "overlapping shards: \(stores[0]) and \(first.runFolder) are both shard 1 of 2 (runs \(first.record.id) and "
                + "\(first.record.id)); give each shard once")
        #expect(
            Self.refusal(harness, [stores[1], thirdOfThree.runFolder])
                == "shard counts differ: \(stores[1]) is shard 2 of 2 and \(thirdOfThree.runFolder) is shard 3 of 3; merge the runs of one split"
        )

        let newer = try harness.sweep(SweepOptions(shard: Shard(index: 2, count: 2)), toolVersion: "9.9.9")
        #expect(Self.refusal(harness, [stores[0], newer.runFolder]).contains("were made by different tool versions or rule packs"))
        #expect(harness.store.completedRuns().isEmpty)
    }

    @Test func inputsThatAreNotShardRunsAreRefused() throws {
        let harness = try FleetHarness.nineRepositories()
        let whole = try harness.sweep()

        #expect(
            Self.refusal(harness, [whole.runFolder])
                == "\(whole.runFolder): run \(whole.record.id) is a whole-fleet run (made without --shard), not a shard's run")
        #expect(Self.refusal(harness, [harness.bench.path("nowhere")]) == "\(harness.bench.path("nowhere")): no such folder")
        #expect(
            Self.refusal(harness, [harness.bench.path("repo0")])
                == "\(harness.bench.path("repo0")) is neither a run folder (with run.json) nor a shard's store (with runs/ and latest)")
        try FileManager.default.createDirectory(atPath: harness.workspace + "/shards/1/runs", withIntermediateDirectories: true)
        #expect(Self.refusal(harness, harness.shardStores([1])) == "none of the inputs holds a complete shard run: no run stored")
        #expect(harness.store.completedRuns() == [whole.record.id])
    }
}
