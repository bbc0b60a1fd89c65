import Foundation
import Results
import Rules
import ScanCore
import TestSupport
import Testing

@testable import Migration

/// The first checks a patch passes: each written file reads back as what it claims to be, whatever parses
/// it besides scenesweep's own readers.
struct PatchReadBackTests {
    /// The verification `fix` would run on the legacy Swift fixture, with no Swift compiler.
    private func verification() throws -> (PatchVerification, AppReport) {
        let source = try DirectorySource(root: FixturePaths.scan("legacy-swift-uikit").path, label: ".")
        let workspace = Workspace.load(from: source, anchors: Catalogue.anchors)
        let report = Scanner.scan(workspace, rules: RuleSelection())
        let verification = PatchVerification(
            source: source, filter: PathFilter(), rules: RuleSelection(), before: report,
            swiftParser: .none(reason: "not in this test"), environment: ProcessInfo.processInfo.environment, anchors: Catalogue.anchors,
            lexed: workspace.sources, notLexed: [], projects: workspace.projects, prefix: "")
        return (verification, try #require(report.apps.first))
    }

    @Test("Written Swift with an unbalanced bracket or no type is refused without a compiler, at its line")
    func brokenSwiftIsCaughtByTheLexer() throws {
        let (verification, app) = try verification()
        for (text, problem) in [
            (
                "import UIKit\n\nclass SceneDelegate: UIResponder {\n    func f() {\n}\n",
                "Shelf/SceneDelegate.swift:3: unbalanced bracket in the written Swift"
            ),
            ("import UIKit\n\nlet x = 1\n", "Shelf/SceneDelegate.swift: no type found in the written Swift"),
        ] {
            let outcome = verification.verify(
                [FileChange(path: "Shelf/SceneDelegate.swift", before: nil, after: Array(text.utf8))], app: app,
                newFiles: [], pbxproj: nil, target: app.target)
            #expect(outcome.failure == problem)
            #expect(outcome.patch.isEmpty)
        }
    }

    @Test("The checks name what read each kind of written file back, and why swiftc did not")
    func theChecksSayWhatReadTheFilesBack() throws {
        let (verification, app) = try verification()
        let text = "import UIKit\n\nclass Unused: NSObject {}\n"
        let outcome = verification.verify(
            [FileChange(path: "Shelf/Unused.swift", before: nil, after: Array(text.utf8))], app: app, newFiles: [], pbxproj: nil,
            target: app.target)
        #expect(
            outcome.checks.first == "every written file reads back (Swift with scenesweep's lexer; swiftc -parse not run: not in this test)"
        )
    }
}
