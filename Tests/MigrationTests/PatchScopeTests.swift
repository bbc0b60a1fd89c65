import Foundation
import Results
import Rules
import ScanCore
import TestSupport
import Testing

@testable import Migration

/// A re-scan of a patched monorepo checks again only the apps the patches can have changed; every other app
/// keeps the report it had.
struct PatchScopeTests {
    /// Two copies of the legacy Swift fixture, in `apps/one` and `apps/two`, scanned.
    private struct TwoApps {
        let folder: TemporaryDirectory
        let source: DirectorySource
        let workspace: Workspace
        let report: ScanReport

        init() throws {
            folder = TemporaryDirectory("scope")
            try FileManager.default.createDirectory(atPath: folder.path + "/apps", withIntermediateDirectories: true)
            for name in ["one", "two"] {
                try FileManager.default.copyItem(
                    atPath: FixturePaths.scan("legacy-swift-uikit").path, toPath: folder.path + "/apps/" + name)
            }
            source = try DirectorySource(root: folder.path, label: ".")
            workspace = Workspace.load(from: source, anchors: Catalogue.anchors)
            report = Scanner.scan(workspace, rules: RuleSelection())
        }

        func facts(_ name: String) throws -> AppFacts {
            try #require(workspace.facts.first { $0.app.path.hasPrefix("apps/\(name)/") })
        }

        func app(_ name: String) throws -> AppReport {
            try #require(report.apps.first { $0.path.hasPrefix("apps/\(name)/") })
        }
    }

    @Test("Paths elsewhere leave an app alone; its files, its folder, folders holding it and xcconfigs do not")
    func whatLeavesAnAppAlone() throws {
        let tree = try TwoApps()
        let one = try tree.facts("one")
        #expect(one.app.path == "apps/one/Shelf")
        let other = ["apps/two/Shelf/Info.plist", "apps/two/Shelf/SceneDelegate.swift", "apps/two/Shelf.xcodeproj/project.pbxproj"]
        #expect(PatchScope.leavesAlone(one, touched: Set(other)))
        #expect(PatchScope.leavesAlone(one, touched: []))
        for touched in [
            "apps/one/Shelf/Info.plist",  // its Info.plist
            "apps/one/Shelf.xcodeproj/project.pbxproj",  // its project, outside its folder
            "apps/one/Shelf/Notes.swift",  // a new file in its folder
            "apps/one/package.json",  // beside its folder
            "package.json",  // at the root, above every app
            "config/Shared.xcconfig",  // build settings
        ] {
            #expect(!PatchScope.leavesAlone(one, touched: Set(other + [touched])), "\(touched)")
        }
    }

    @Test("An app at the root of the tree holds every path")
    func aRootAppIsNeverLeftAlone() throws {
        let source = try DirectorySource(root: FixturePaths.scan("swiftui-app").path, label: ".")
        let workspace = Workspace.load(from: source, anchors: Catalogue.anchors)
        let facts = try #require(workspace.facts.first)
        #expect(PatchScope.leavesAlone(facts, touched: []))
        if facts.app.path.isEmpty {
            #expect(!PatchScope.leavesAlone(facts, touched: ["Elsewhere/Other.swift"]))
        } else {
            #expect(!PatchScope.leavesAlone(facts, touched: ["Other.swift"]))
        }
    }

    @Test("The re-scan keeps the other app's report when the patch leaves it alone, and checks it again when not")
    func theOtherAppKeepsItsReportOnlyWhenLeftAlone() throws {
        let tree = try TwoApps()
        // The patch `fix` makes for app two, found by running it over the tree.
        let run = Migrator.run(source: tree.source, request: FixRequest(swiftParser: .none(reason: "not in this test")))
        let two = try tree.app("two")
        let migration = try #require(run.migrations.first { $0.path == two.path })
        #expect(migration.status == .patched, "\(migration.reasons.map(\.described))")
        // A mark only the report as scanned carries: a re-scan that checks app one again cannot make it.
        let one = try tree.app("one")
        let marked = AppReport(
            path: one.path, target: one.target, project: one.project, platform: one.platform, framework: one.framework,
            frameworkVersion: one.frameworkVersion, verdict: one.verdict, findings: one.findings, suppressed: one.suppressed,
            unreadable: one.unreadable, owners: ["@carried-from-the-scan"])
        let before = ScanReport(
            root: tree.report.root, toolVersion: tree.report.toolVersion, rulePack: tree.report.rulePack,
            apps: tree.report.apps.map { $0.path == one.path ? marked : $0 }, diagnostics: tree.report.diagnostics)
        let verification = PatchVerification(
            source: tree.source, filter: PathFilter(), rules: RuleSelection(), before: before,
            swiftParser: .none(reason: "not in this test"), environment: ProcessInfo.processInfo.environment,
            anchors: Catalogue.anchors, lexed: tree.workspace.sources, notLexed: [], projects: tree.workspace.projects, prefix: "",
            scannedFacts: tree.workspace.facts)
        func owners(after changes: [FileChange]) throws -> [String] {
            let outcome = verification.verify(changes, app: two, newFiles: [], pbxproj: nil, target: two.target)
            #expect(outcome.failure == nil, "\(outcome.failure ?? "")")
            let rescan = try #require(outcome.rescan)
            #expect(rescan.apps.count == 2)
            return try #require(rescan.apps.first { $0.path == one.path }).owners
        }
        #expect(try owners(after: migration.changes) == ["@carried-from-the-scan"])
        // The same patch with a new file in app one's folder: app one is checked again.
        let note = FileChange(
            path: "apps/one/Shelf/Notes.swift", before: nil, after: Array("import UIKit\n\nclass Notes: NSObject {}\n".utf8))
        #expect(try owners(after: migration.changes + [note]) != ["@carried-from-the-scan"])
    }
}
