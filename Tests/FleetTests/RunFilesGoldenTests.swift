import Foundation
import Reports
import Results
import ScanCore
import TestSupport
import Testing

@testable import Fleet

/// The files a run writes about itself (run.json, its history line, summary.json, diff.json, summary.md,
/// diff.md, the diff's text, apps.csv and summary.html) for two runs built by hand, equal to their
/// goldens under `goldens/run-files` byte for byte. The runs hold one of everything the files count and
/// list: every verdict, stale and failed repositories, vendored apps, accepted and refused suppressions,
/// toolchain moves, lagging dependencies, new and removed apps and repositories, and names to escape.
/// Re-record on purpose with `scripts/record-goldens`.
@Suite("Run files against their goldens")
struct RunFilesGoldenTests {
    static let folder = FixturePaths.fixtures.appendingPathComponent("goldens/run-files")
    static let recording = ProcessInfo.processInfo.environment["SCENESWEEP_RECORD_GOLDENS"] == "1"

    static let old = "20261129T060000Z-0000"
    static let new = "20261130T060000Z-0000"

    static func finding(_ rule: String, _ severity: Severity, _ print: String, line: Int = 1) -> Finding {
        var finding = Finding(
            rule: rule, severity: severity, message: "\(rule) in \"App\"\u{2028}<here>", file: "App/AppDelegate.swift", line: line,
            column: 1, anchor: "")
        finding.fingerprint = print
        return finding
    }

    static func app(
        _ path: String, _ verdict: Verdict, _ findings: [Finding] = [], suppressed: [SuppressedFinding] = [],
        refused: [SuppressedFinding] = [], unreadable: [String] = [], owners: [String] = [], pins: [XcodePin] = [],
        dependencies: [DependencyStatus] = [], vendored: String? = nil
    ) -> AppReport {
        AppReport(
            path: path, target: path.isEmpty ? "Root" : path, project: nil, platform: "iOS", framework: "native",
            frameworkVersion: nil, verdict: verdict, findings: findings, suppressed: suppressed, unreadable: unreadable, owners: owners,
            refusedSuppressions: refused, vendored: vendored, counted: vendored == nil, toolchain: AppToolchain(pins: pins),
            dependencies: dependencies)
    }

    static func repo(_ name: String, _ status: RepoStatus, team: String?, scannedIn: String?, error: String? = nil) -> RepoRecord {
        RepoRecord(
            key: RepoKey(rawValue: "local-\(name)-00000000"), name: name, url: "/srv/\(name).git", branch: nil, scannedBranch: "main",
            team: team, status: status, commit: scannedIn == nil ? nil : "c0ffee\(name.count)", resultTool: "0.1.0",
            resultRulePack: "ios27", settingsHash: "e3b0", scannedIn: scannedIn, error: error,
            failingSince: status.isFailure ? new : nil, fetchSeconds: 0.25, scanSeconds: status == .scanned ? 1.5 : nil)
    }

    /// A run as a sweep stores it: each repository with a result carries that result's counts.
    static func snapshot(_ id: String, finishedAt: Double, _ repos: [(RepoRecord, [AppReport]?)]) -> RunSnapshot {
        var reports: [RepoKey: ScanReport] = [:]
        var records: [RepoRecord] = []
        for (record, apps) in repos {
            var record = record
            if let apps {
                let report = ScanReport(root: record.name, toolVersion: "0.1.0", rulePack: "ios27", apps: apps, diagnostics: [])
                reports[record.key] = report
                record.counts = AppCounts(apps).kept(in: .repository)
            }
            records.append(record)
        }
        let record = RunRecord(
            id: id, fleet: FleetInfo(name: "Acme <Mobile>", deadline: CalendarDay("2027-04-01")),
            tool: ToolInfo(version: "0.1.0", rulePack: "ios27+5b1e"), configHash: "h",
            startedAt: Date(timeIntervalSince1970: finishedAt - 76),
            finishedAt: Date(timeIntervalSince1970: finishedAt), offline: false, only: [], previousRun: id == new ? old : nil,
            repos: records)
        return RunSnapshot(record: record, reports: reports)
    }

    static let before = snapshot(
        old, finishedAt: 1_795_932_000,
        [
            (
                repo("shop", .scanned, team: "commerce", scannedIn: old),
                [
                    app("Shop", .ready, pins: [ReadinessReportTests.pin("macos-26", XcodeVersion(26, 6))]),
                    app("Clip", .blocked, [finding("scene-manifest-missing", .error, "a1")]),
                    app("Gone", .atRisk, [finding("window-lookup", .warning, "g1")]),
                ]
            ),
            (
                repo("books", .scanned, team: "retail \"east\"", scannedIn: old),
                [app("Books", .atRisk, [finding("main-screen-use", .warning, "b1")])]
            ),
            (repo("kiosk", .scanned, team: nil, scannedIn: old), [app("", .ready, [finding("status-bar-api", .note, "k1")])]),
            (
                repo("legacy", .scanned, team: "commerce", scannedIn: old),
                [app("Old", .blocked, [finding("app-delegate-window", .error, "l1")])]
            ),
        ])

    static let after = snapshot(
        new, finishedAt: 1_796_018_460,
        [
            (
                repo("shop", .scanned, team: "commerce", scannedIn: new),
                [
                    app(
                        "Shop", .blocked,
                        [finding("scene-manifest-missing", .error, "s1"), finding("window-lookup", .warning, "s2", line: 7)],
                        owners: ["@acme/shop", "@acme/mobile"], pins: [ReadinessReportTests.pin("xcode-27", XcodeVersion(27))],
                        dependencies: [
                            ReadinessReportTests.lagging("app_links", "6.4.1", "7.0.0"),
                            ReadinessReportTests.lagging("uni_links", "0.5.1", nil),
                        ]),
                    app(
                        "Clip", .blocked, [finding("scene-manifest-missing", .error, "a1"), finding("main-screen-use", .warning, "c2")],
                        suppressed: [
                            SuppressedFinding(finding: finding("window-lookup", .warning, "c3"), reason: "checked by hand", line: 3)
                        ],
                        refused: [SuppressedFinding(finding: finding("main-screen-use", .warning, "c2"), reason: "later", line: 9)],
                        owners: ["@acme/clip"]),
                    app("NewApp", .unknown, unreadable: ["NewApp/Info.plist: not a property list"]),
                    app(
                        "vendor/Charts/Example", .blocked, [finding("app-delegate-window", .error, "v1")],
                        vendored: "inside vendor/, third-party code"),
                ]
            ),
            (
                repo("books", .stale, team: "retail \"east\"", scannedIn: old, error: "authentication failed for /srv/books.git"),
                [app("Books", .atRisk, [finding("main-screen-use", .warning, "b1")])]
            ),
            (repo("kiosk", .reused, team: nil, scannedIn: old), [app("", .ready, [finding("status-bar-api", .note, "k1")])]),
            (repo("widgets", .failed, team: "growth", scannedIn: nil, error: "repository not found"), nil),
            (
                repo("tide", .scanned, team: "growth", scannedIn: new),
                [app("ios/Runner", .atRisk, [finding("legacy-open-url", .warning, "t1")])]
            ),
        ])

    static func files() throws -> [(name: String, text: String)] {
        let diff = RunDiff.between(before, after)
        let summary = FleetSummary.make(snapshot: after, diff: diff, at: Date(timeIntervalSince1970: 1_796_018_470))
        let first = FleetSummary.make(
            snapshot: before, diff: RunDiff.between(nil, before), at: Date(timeIntervalSince1970: 1_795_932_010))
        let history = [HistoryEntry(record: before.record, summary: first), HistoryEntry(record: after.record, summary: summary)]
        let lines = try history.map { String(decoding: try RunStore.lineEncoder.encode($0), as: UTF8.self) + "\n" }
        var files: [(name: String, text: String)] = [
            ("run.json", try TextSink.text { try RunFiles.record(after.record, to: $0) }),
            ("history.jsonl", lines.joined()),
        ]
        for (name, write) in RunFiles.runReports(summary: summary, diff: diff, history: history, links: nil) where name != "rules.html" {
            files.append((name, TextSink.text(write)))
        }
        files.append(("diff.txt", RunDiffReport.text(diff)))
        files.append(("first-summary.json", FleetSummaryReport.json(first)))
        files.append(("first-diff.json", RunDiffReport.json(RunDiff.between(nil, before))))
        return files
    }

    @Test("Every file a run writes about itself equals its golden")
    func filesEqualTheirGoldens() throws {
        for (name, text) in try Self.files() {
            let golden = Self.folder.appendingPathComponent(name)
            if Self.recording {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try text.write(to: golden, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            #expect(text == expected, "\(name) differs from goldens/run-files/\(name)")
        }
    }

    @Test("The history lines read back as they were written")
    func historyReadsBack() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("history.jsonl"), encoding: .utf8)
        let entries = try text.split(separator: "\n").map { try RunStore.decoder.decode(HistoryEntry.self, from: Data($0.utf8)) }
        let lines = try entries.map { String(decoding: try RunStore.lineEncoder.encode($0), as: UTF8.self) + "\n" }
        #expect(lines.joined() == text)
    }

    @Test("run.json reads back and writes the same bytes")
    func runRecordReadsBack() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("run.json"))
        let record = try RunStore.decoder.decode(RunRecord.self, from: data)
        #expect(record == Self.after.record)
        #expect(try RunRecord.decoded(from: data) == record)
        #expect(try TextSink.text { try RunFiles.record(record, to: $0) } == String(decoding: data, as: UTF8.self))
    }
}
