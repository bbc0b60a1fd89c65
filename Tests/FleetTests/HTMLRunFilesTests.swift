import Fleet
import Foundation
import Reports
import Results
import ScanCore
import TestSupport
import Testing

/// The HTML files of a run on disk: the dashboard, the rule pages and a page per repository, carried
/// forward with their results, and every link between them leading somewhere.
@Suite("HTML files of a run")
struct HTMLRunFilesTests {
    /// The local links of a page (`href="…"` without a scheme), as (file, fragment).
    static func localLinks(in page: String) -> [(file: String, fragment: String?)] {
        page.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.filter { !$0.contains(":") }.map {
            link in
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : nil)
        }
    }

    @Test func aSweepWritesTheDashboardTheRulePagesAndAPageForEveryRepository() throws {
        let harness = try SweepTests.threeRepositories()
        let outcome = try harness.sweep()

        for file in ["summary.html", "rules.html"] {
            #expect(FileManager.default.fileExists(atPath: outcome.runFolder + "/" + file))
        }
        for repo in outcome.record.repos {
            let page = try String(
                contentsOfFile: harness.store.resultPath(run: outcome.record.id, key: repo.key, ext: "html"), encoding: .utf8)
            #expect(page == RepoPageReport.html(try harness.store.result(run: outcome.record.id, key: repo.key)))
        }
        let dashboard = try String(contentsOfFile: outcome.runFolder + "/summary.html", encoding: .utf8)
        #expect(dashboard == DashboardReport.html(outcome.summary, history: harness.store.history()))
    }

    @Test func everyLinkBetweenTheRunsPagesLeadsToAFileAndAnAnchorThatExist() throws {
        let harness = try SweepTests.threeRepositories()
        let outcome = try harness.sweep()
        var pages = ["summary.html", "rules.html"]
        pages += outcome.record.repos.map { "repos/\($0.key.rawValue).html" }
        var checked = 0
        for page in pages {
            let text = try String(contentsOfFile: outcome.runFolder + "/" + page, encoding: .utf8)
            let folder = (outcome.runFolder + "/" + page as NSString).deletingLastPathComponent
            for link in Self.localLinks(in: text) {
                let target = link.file.isEmpty ? outcome.runFolder + "/" + page : (folder + "/" + link.file as NSString).standardizingPath
                #expect(FileManager.default.fileExists(atPath: target), "\(page) links to \(link.file), which is not there")
                if let fragment = link.fragment, target.hasSuffix(".html"),
                    let linked = try? String(contentsOfFile: target, encoding: .utf8)
                {
                    #expect(
                        linked.contains("id=\"\(fragment)\""), "\(page) links to #\(fragment) in \(link.file), which has no such anchor")
                }
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    @Test func carriedForwardResultsHaveTheirPagesEvenWhenThePreviousRunHadNone() throws {
        let harness = try SweepTests.threeRepositories()
        // A run of a version that wrote no HTML: the first run without its pages.
        let first = try harness.sweep()
        let folder = harness.store.runFolder(first.record.id)
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder) where name.hasSuffix(".html") {
            try FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: harness.store.resultPath(run: first.record.id, key: first.record.repos[0].key, ext: "html")))

        let second = try harness.sweep()
        let third = try harness.sweep()

        #expect(second.record.repos.allSatisfy { $0.status == .reused })
        for repo in second.record.repos {
            let path = harness.store.resultPath(run: second.record.id, key: repo.key, ext: "html")
            #expect(
                try String(contentsOfFile: path, encoding: .utf8)
                    == RepoPageReport.html(try harness.store.result(run: second.record.id, key: repo.key)))
            // Once there, a page is shared with later runs like the other result files.
            let later = harness.store.resultPath(run: third.record.id, key: repo.key, ext: "html")
            let inodes = try [path, later].map { try FileManager.default.attributesOfItem(atPath: $0)[.systemFileNumber] as? UInt64 }
            #expect(inodes[0] != nil && inodes[0] == inodes[1])
        }
    }

    @Test func aMergedRunHasTheDashboardTheRulePagesAndAPageForEveryRepositoryLikeASweep() throws {
        let harness = try FleetHarness.nineRepositories()
        try harness.sweepShards(3)
        let merged = try harness.merge(harness.shardStores(1...3))

        let dashboard = try String(contentsOfFile: merged.runFolder + "/summary.html", encoding: .utf8)
        #expect(dashboard == DashboardReport.html(merged.summary, history: harness.store.history()))
        #expect(FileManager.default.fileExists(atPath: merged.runFolder + "/rules.html"))
        for repo in merged.record.repos {
            let page = try String(
                contentsOfFile: harness.store.resultPath(run: merged.record.id, key: repo.key, ext: "html"), encoding: .utf8)
            #expect(page == RepoPageReport.html(try harness.store.result(run: merged.record.id, key: repo.key)))
        }
    }

    @Test func historyReadsBackEveryRunAndSkipsALineItCannotRead() throws {
        let harness = try SweepTests.threeRepositories()
        let first = try harness.sweep()
        var text = try String(contentsOfFile: harness.store.historyFile, encoding: .utf8)
        text += "{not json\n"
        try AtomicFile.write(text, to: harness.store.historyFile)
        let second = try harness.sweep()

        #expect(harness.store.history().map(\.run) == [first.record.id, second.record.id])
        #expect(harness.store.history().last?.reusedRepos == 3)
    }
}
