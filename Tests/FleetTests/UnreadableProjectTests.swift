import Fleet
import Foundation
import Reports
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// An app whose project could not be read is `unknown` with the reason, never `ready`: a merge-conflict
/// accident or a symlinked project must not read as a fix (issue 13, item 1).
@Suite("Unreadable projects are unknown, never ready")
struct UnreadableProjectTests {
    static let banner = "\nenum LegacyBanner { static func show() { UIApplication.shared.keyWindow?.addSubview(UIView()) } }\n"
    static let project = "Shelf.xcodeproj/project.pbxproj"

    /// books: the migrated app made at risk by one keyWindow lookup, swept once.
    static func atRiskBooks() throws -> (FleetHarness, books: String, first: SweepOutcome) {
        let harness = FleetHarness()
        let books = try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.bench.append(banner, to: "Shelf/Support/OfflineBanner.swift", in: books)
        try harness.repository("shop", fixture: "legacy-swift-uikit")
        try harness.writeConfig("repos:\n  - url: books\n    team: retail\n  - url: shop\n    team: commerce\n")
        let first = try harness.sweep()
        #expect(first.summary.apps.map(\.verdict) == [.atRisk, .blocked])
        return (harness, books, first)
    }

    /// The project with one line wrapped in merge-conflict markers, as a bad merge leaves it.
    static func conflicted(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = lines.firstIndex { $0.contains("isa = PBXNativeTarget") } ?? lines.count / 2
        lines.insert("<<<<<<< HEAD", at: index)
        lines.insert("=======", at: index + 2)
        lines.insert(lines[index + 1].replacingOccurrences(of: "PBXNativeTarget", with: "PBXNativeTarget "), at: index + 3)
        lines.insert(">>>>>>> feature/login", at: index + 4)
        return lines.joined(separator: "\n")
    }

    @Test func aProjectWithMergeConflictMarkersLeavesItsAppUnknownNotReadyAndNothingImproved() throws {
        let (harness, books, _) = try Self.atRiskBooks()
        let text = try String(contentsOfFile: books + "/" + Self.project, encoding: .utf8)
        try harness.bench.commit(in: books, files: [Self.project: Self.conflicted(text)], message: "merge")

        let second = try harness.sweep()

        let app = try #require(second.summary.apps.first { $0.repoName == "books" })
        #expect(app.verdict == .unknown)
        #expect(second.summary.totals.ready == 0)
        #expect(second.diff.improvements.isEmpty)
        #expect(second.diff.resolvedFindings.isEmpty)
        #expect(second.diff.otherChanges.map { "\($0.from.rawValue)->\($0.to.rawValue)" } == ["at-risk->unknown"])
        let key = try #require(harness.record(second, "books")?.key)
        let report = try harness.store.result(run: second.record.id, key: key)
        let unreadable = try #require(report.apps.first?.unreadable.first)
        #expect(unreadable.contains("Shelf.xcodeproj/project.pbxproj cannot be parsed"))
        let diffMarkdown = try String(contentsOfFile: second.runFolder + "/diff.md", encoding: .utf8)
        #expect(!diffMarkdown.contains("## Improvements"))
        #expect(!diffMarkdown.contains("## Resolved findings"))
    }

    @Test func aSymlinkedProjectFileLeavesItsAppUnknownAndItsFindingsUnresolved() throws {
        let (harness, books, _) = try Self.atRiskBooks()
        let text = try String(contentsOfFile: books + "/" + Self.project, encoding: .utf8)
        try harness.bench.write(["Shared/project.pbxproj": text], in: books)
        try FileManager.default.removeItem(atPath: books + "/" + Self.project)
        try FileManager.default.createSymbolicLink(atPath: books + "/" + Self.project, withDestinationPath: "../Shared/project.pbxproj")
        try harness.bench.git(["add", "-A"], in: books)
        try harness.bench.git(["commit", "-q", "-m", "link the project"], in: books)

        let second = try harness.sweep()

        let app = try #require(second.summary.apps.first { $0.repoName == "books" })
        #expect(app.verdict == .unknown)
        #expect(second.diff.resolvedFindings.isEmpty)
        #expect(second.diff.improvements.isEmpty)
    }

    @Test func aScanOfAConflictedProjectSaysUnknownWithTheReasonAndTheCleanOneStillScans() throws {
        let directory = TemporaryDirectory("conflicted")
        let bench = GitWorkbench("conflicted-copy")
        try bench.copyTree(FixturePaths.scan("migrated-swift-uikit").path, to: directory.path + "/books")
        let projectPath = directory.path + "/books/" + Self.project
        try Self.conflicted(try String(contentsOfFile: projectPath, encoding: .utf8)).write(
            toFile: projectPath, atomically: true, encoding: .utf8)

        let report = Scanner.scan(try DirectorySource(root: directory.path + "/books", label: "books"))

        #expect(report.apps.map(\.verdict) == [.unknown])
        #expect(report.apps.first?.unreadable.first?.hasPrefix("Shelf.xcodeproj/project.pbxproj cannot be parsed") == true)
        let clean = Scanner.scan(try DirectorySource(root: FixturePaths.scan("migrated-swift-uikit").path, label: "clean"))
        #expect(clean.apps.map(\.verdict) == [.ready])
        #expect(clean.apps.first?.unreadable == [])
    }

    @Test func aFindingOfAnAppThatBecameUnknownIsNeverResolved() {
        func app(_ verdict: Verdict, _ findings: [Finding], unreadable: [String] = []) -> AppReport {
            AppReport(
                path: "Shelf", target: "Shelf", project: nil, platform: "iOS", framework: "native", frameworkVersion: nil,
                verdict: verdict, findings: findings, suppressed: [], unreadable: unreadable)
        }
        var finding = Finding(
            rule: "window-lookup", severity: .warning, message: "m", file: "Shelf/A.swift", line: 3, column: 1, anchor: "a")
        finding.fingerprint = "0123456789abcdef"
        let key = RepoKey(rawValue: "books-1")
        func snapshot(_ id: String, _ app: AppReport) -> RunSnapshot {
            let repo = RepoRecord(
                key: key, name: "books", url: "books", branch: nil, team: nil, status: .scanned, commit: "c", scannedIn: id)
            let record = RunRecord(
                id: id, fleet: FleetInfo(name: "F", deadline: nil), tool: ToolInfo(version: "1", rulePack: "p"), configHash: "h",
                startedAt: Date(), finishedAt: Date(), offline: false, only: [], previousRun: nil, repos: [repo])
            return RunSnapshot(
                record: record,
                reports: [key: ScanReport(root: "books", toolVersion: "1", rulePack: "p", apps: [app], diagnostics: [])])
        }
        let before = snapshot("20261130T060000Z-0001", app(.atRisk, [finding]))
        let after = snapshot("20261130T070000Z-0001", app(.unknown, [], unreadable: ["Shelf.xcodeproj/project.pbxproj cannot be parsed"]))

        let diff = RunDiff.between(before, after)

        #expect(diff.resolvedFindings.isEmpty)
        #expect(diff.improvements.isEmpty)
        #expect(diff.otherChanges.count == 1)
    }
}
