import Daemon
import Fleet
import Foundation
import Results
import TestSupport

/// Two real git repositories and a fleet config over them: `shop` (a blocked app, team commerce) and
/// `books` (a ready app, team retail, owned by @acme/retail), which tests make regress.
final class FleetBench: @unchecked Sendable {
    let bench = GitWorkbench("daemonfleet")
    var root: String { bench.root }
    var workspace: String { bench.path("ws") }
    var configPath: String { bench.path("fleet.yaml") }
    var store: RunStore { RunStore(root: workspace) }

    init(schedule: String = "@every 1s", extra: String = "", repos: String = "") throws {
        try bench.makeRepository("shop", fixture: "legacy-swift-uikit", files: [".github/CODEOWNERS": "/Shelf/  @jane @acme/commerce\n"])
        try bench.makeRepository("books", fixture: "migrated-swift-uikit", files: [".github/CODEOWNERS": "*  @acme/retail\n"])
        try writeConfig(schedule: schedule, extra: extra, repos: repos)
    }

    /// Writes `file` (fleet.yaml): the two repositories, then `repos` (more entries), over the workspace `ws`.
    func writeConfig(_ file: String = "fleet.yaml", schedule: String = "@every 1s", extra: String = "", repos: String = "") throws {
        try bench.write(
            [
                file: """
                version: 1
                fleet: { name: Bench Fleet, deadline: 2027-04-01 }
                workspace: ws
                schedule: "\(schedule)"
                concurrency: { fetch: 2, scan: 1 }
                \(extra)
                repos:
                  - url: shop
                    team: commerce
                  - url: books
                    team: retail
                \(repos)
                """
            ], in: root)
    }

    /// books: a window lookup the scene life cycle breaks, so its app goes from ready to at-risk.
    func regressBooks() throws {
        try bench.append(
            "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n",
            to: "Shelf/Support/OfflineBanner.swift", in: bench.path("books"))
    }

    /// books: the app as it was before its migration, so it is blocked.
    func blockBooks() throws {
        let books = bench.path("books")
        for name in ["Shelf", "Shelf.xcodeproj", "EXPECTED.md"] { try FileManager.default.removeItem(atPath: books + "/" + name) }
        try bench.copyTree(FixturePaths.scan("legacy-swift-uikit").path, to: books)
        try bench.commit(in: books, message: "undo the migration")
    }

    func config() throws -> ServiceConfig {
        try ServiceConfig.load(path: configPath)
    }

    /// One sweep in-process, as the daemon runs it.
    func sweep() throws -> SweepOutcome {
        try FleetSweepRunner(variables: [:]).sweep(
            try config().fleet, progress: ProgressReporter(), stop: StopRequest())
    }

    /// The lines of history.jsonl, parsed.
    func history() throws -> [[String: Any]] {
        let text = (try? String(contentsOfFile: workspace + "/history.jsonl", encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
    }

    func status() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: workspace + "/status.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    func metrics() throws -> String {
        try String(contentsOfFile: workspace + "/metrics.prom", encoding: .utf8)
    }
}
