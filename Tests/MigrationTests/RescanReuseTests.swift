import Foundation
import Results
import Rules
import ScanCore
import TestSupport
import Testing
import XcodeProject

@testable import Migration

/// A re-scan of a patched tree reuses what the scan made of the files the patch leaves alone, and finds
/// exactly what a fresh scan of the patched tree finds.
struct RescanReuseTests {
    @Test("The patched tree lists its new files in their sorted places, once")
    func patchedListingStaysSorted() throws {
        let root = FixturePaths.scan("workspace-two-apps-with-extensions").path
        let base = try DirectorySource(root: root, label: ".")
        var diagnostics: [Diagnostic] = []
        let listed = base.listFiles(filter: PathFilter(), diagnostics: &diagnostics).map(\.path)
        let existing = try #require(listed.first { $0.hasSuffix(".plist") })
        let patched = PatchedSource(
            base: base,
            changes: [
                FileChange(path: "zzz/Last.swift", before: nil, after: Array("class Z {}".utf8)),
                FileChange(path: "AAA/First.swift", before: nil, after: Array("class A {}".utf8)),
                FileChange(path: existing, before: nil, after: Array("<plist/>".utf8)),
            ])
        let paths = patched.listFiles(filter: PathFilter(), diagnostics: &diagnostics).map(\.path)
        #expect(paths == (listed + ["zzz/Last.swift", "AAA/First.swift"]).sorted())
        #expect(try patched.read(existing, limit: 100) == Array("<plist/>".utf8))
    }

    @Test("Projects the patch leaves alone are taken from the scan, and the result is a fresh scan's")
    func unchangedProjectsAreReused() throws {
        let root = FixturePaths.scan("workspace-two-apps-with-extensions").path
        let source = try DirectorySource(root: root, label: ".")
        let scanned = Workspace.load(from: source, anchors: Catalogue.anchors)
        #expect(scanned.projects.count == 2)
        let reused = Dictionary(uniqueKeysWithValues: scanned.projects.map { ($0.pbxprojPath, $0) })
        let again = Workspace.load(
            from: source, anchors: Catalogue.anchors, reusing: scanned.sources, reusingProjects: reused)
        #expect(again.projects.map(\.pbxprojPath) == scanned.projects.map(\.pbxprojPath))
        let fresh = Scanner.scan(Workspace.load(from: source, anchors: Catalogue.anchors), rules: RuleSelection())
        let fromReuse = Scanner.scan(again, rules: RuleSelection())
        func summary(_ report: ScanReport) -> [String] {
            report.apps.map { app in
                "\(app.path) \(app.target) \(app.verdict.rawValue) "
                    + app.findings.map { "\($0.rule)@\($0.file):\($0.line)" }.joined(separator: ",")
            }
        }
        #expect(summary(fromReuse) == summary(fresh))
        #expect(!fresh.apps.isEmpty)
        // A reused project is the scan's, not a new read: a stand-in with no targets shows through.
        let first = scanned.projects[0]
        let emptied = Project(
            path: first.path, kind: first.kind, sourceRoot: first.sourceRoot, name: first.name,
            buildConfigurations: first.buildConfigurations, targets: [])
        let stood = Workspace.load(from: source, anchors: Catalogue.anchors, reusingProjects: [first.pbxprojPath: emptied])
        #expect(stood.projects.first { $0.pbxprojPath == first.pbxprojPath }?.targets.isEmpty == true)
    }
}
