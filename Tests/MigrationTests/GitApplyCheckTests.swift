import Foundation
import Results
import TestSupport
import Testing

@testable import Migration

struct GitApplyCheckTests {
    private let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin"]

    private let changes = [
        FileChange(
            path: "App/Info.plist", before: Array("<dict>\n\t<key>A</key>\n</dict>\n".utf8),
            after: Array("<dict>\n\t<key>B</key>\n</dict>\n".utf8)),
        FileChange(path: "App/SceneDelegate.swift", before: nil, after: Array("import UIKit\n".utf8)),
    ]

    @Test func aPatchOfTheFilesItWasMadeFromPasses() {
        #expect(GitApplyCheck.run(UnifiedDiff.render(changes), against: changes, environment: environment) == .passed)
    }

    @Test func aPatchAgainstOtherBytesFailsWithGitsMessage() {
        let moved =
            [FileChange(path: "App/Info.plist", before: Array("<dict>\n\t<key>C</key>\n</dict>\n".utf8), after: [])] + changes.dropFirst()
        let outcome = GitApplyCheck.run(UnifiedDiff.render(changes), against: moved, environment: environment)
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(message.contains("error: patch failed: App/Info.plist:1"))
        #expect(message.contains("error: App/Info.plist: patch does not apply"))
    }

    @Test func aPatchThatCreatesAFileAlreadyThereFails() {
        let present = [changes[0], FileChange(path: "App/SceneDelegate.swift", before: Array("// mine\n".utf8), after: [])]
        let outcome = GitApplyCheck.run(UnifiedDiff.render(changes), against: present, environment: environment)
        #expect(outcome == .failed(message: "error: App/SceneDelegate.swift: already exists in working directory"))
    }

    @Test func withoutGitOnThePathThePatchIsNotChecked() {
        // A relative entry would be looked up from the working directory, which may be the scanned tree.
        for path in ["/nonexistent", "usr/bin:.:bin", ""] {
            #expect(
                GitApplyCheck.run(UnifiedDiff.render(changes), against: changes, environment: ["PATH": path])
                    == .notChecked(reason: "not checked (git not found)"))
        }
    }

    @Test(arguments: [
        "../outside.swift", "/etc/hosts", "App/../../outside", ".git/config", "App/.GIT/hooks/pre-commit", "App//x", "./x", "",
    ])
    func aPathOutsideTheTreeOrInsideGitIsRefusedBeforeAnythingRuns(path: String) {
        let unsafe = [FileChange(path: path, before: Array("a\n".utf8), after: Array("b\n".utf8))]
        #expect(
            GitApplyCheck.run(UnifiedDiff.render(unsafe), against: unsafe, environment: environment)
                == .failed(message: "the patch names a path outside the scanned tree or inside .git: \(path)"))
    }

    @Test func aGitThatDoesNotAnswerInTimeIsStopped() throws {
        let folder = TemporaryDirectory("slow-git")
        folder.write("git", "#!/bin/sh\nexec sleep 20\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.appendingPathComponent("git").path)
        let outcome = GitApplyCheck.run(
            UnifiedDiff.render(changes), against: changes, environment: ["PATH": folder.path + ":/usr/bin:/bin"], timeout: 0.5)
        #expect(outcome == .notChecked(reason: "not checked (git apply --check took longer than 0.5 s)"))
    }
}
