import Foundation
import TestSupport
import Testing

@Suite("fix command")
struct FixCommandTests {
    @Test("fix prints a patch git applies, says what it patched on standard error, and exits 0")
    func printsThePatch() throws {
        let bench = GitWorkbench("fix")
        let repository = try bench.makeRepository("shelf", fixture: "legacy-swift-uikit")
        let result = ConsoleCapture.run(["fix", repository])
        #expect(result.status == 0, "\(result.err)")
        #expect(
            result.out.hasPrefix("diff --git a/Shelf/Info.plist b/Shelf/Info.plist\n")
                || result.out.hasPrefix("diff --git a/Shelf/SceneDelegate.swift"))
        #expect(result.out.contains("+++ b/Shelf/SceneDelegate.swift"))
        #expect(result.err.contains("patched   Shelf (Shelf, native)"))
        #expect(result.err.contains("1 app: 1 patched, 0 explained"))
        let patch = bench.path("fix.patch")
        try result.out.write(toFile: patch, atomically: true, encoding: .utf8)
        _ = try bench.git(["apply", "--check", patch], in: repository)
    }

    @Test("--format json names each app by the scan's path and target and says what the patch clears")
    func json() throws {
        let bench = GitWorkbench("fix")
        let repository = try bench.makeRepository("shelf", fixture: "legacy-swift-uikit")
        let result = ConsoleCapture.run(["fix", repository, "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let apps = try #require(object["apps"] as? [[String: Any]])
        let scan = ConsoleCapture.run(["scan", repository, "--format", "json"])
        let scanned = try #require(
            (try JSONSerialization.jsonObject(with: Data(scan.out.utf8)) as? [String: Any])?["apps"] as? [[String: Any]])
        #expect(apps.first?["path"] as? String == scanned.first?["path"] as? String)
        #expect(apps.first?["target"] as? String == scanned.first?["target"] as? String)
        #expect(apps.first?["status"] as? String == "patched")
        let files = try #require(apps.first?["files"] as? [[String: Any]])
        #expect(files.contains { $0["path"] as? String == "Shelf/SceneDelegate.swift" && $0["change"] as? String == "created" })
        let resolves = try #require(apps.first?["resolves"] as? [[String: Any]])
        #expect(resolves.contains { $0["rule"] as? String == "scene-manifest-missing" })
        #expect((object["summary"] as? [String: Any])?["patched"] as? Int == 1)
    }

    @Test("--write applies the patch to a clean working tree; the next run finds nothing to fix")
    func writes() throws {
        let bench = GitWorkbench("fix")
        let repository = try bench.makeRepository("shelf", fixture: "legacy-swift-uikit")
        let result = ConsoleCapture.run(["fix", repository, "--write"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.isEmpty)
        #expect(FileManager.default.fileExists(atPath: repository + "/Shelf/SceneDelegate.swift"))
        #expect(try String(contentsOfFile: repository + "/Shelf/Info.plist", encoding: .utf8).contains("UIApplicationSceneManifest"))
        let again = ConsoleCapture.run(["fix", repository])
        #expect(again.status == 0)
        #expect(again.out.isEmpty)
        #expect(again.err.contains("nothing to fix"))
        #expect(ConsoleCapture.run(["scan", repository]).out.contains("0 blocked"))
    }

    @Test("--write refuses files with uncommitted changes and writes nothing, unless --force")
    func refusesDirtyFiles() throws {
        let bench = GitWorkbench("fix")
        let repository = try bench.makeRepository("shelf", fixture: "legacy-swift-uikit")
        let plist = repository + "/Shelf/Info.plist"
        let edited = try String(contentsOfFile: plist, encoding: .utf8).replacingOccurrences(
            of: "</dict>\n</plist>", with: "\t<key>Edited</key>\n\t<true/>\n</dict>\n</plist>")
        try edited.write(toFile: plist, atomically: true, encoding: .utf8)
        let refused = ConsoleCapture.run(["fix", repository, "--write"])
        #expect(refused.status == 2)
        #expect(refused.err.contains("Shelf/Info.plist has uncommitted changes"))
        #expect(!FileManager.default.fileExists(atPath: repository + "/Shelf/SceneDelegate.swift"))
        let forced = ConsoleCapture.run(["fix", repository, "--write", "--force"])
        #expect(forced.status == 0, "\(forced.err)")
        let written = try String(contentsOfFile: plist, encoding: .utf8)
        #expect(written.contains("<key>Edited</key>") && written.contains("UIApplicationSceneManifest"))
    }

    @Test("An explained app makes the run exit 1; an unknown --app is a usage error with a suggestion")
    func explainedAndUnknownApp() throws {
        let explained = ConsoleCapture.run([
            "fix", FixturePaths.fixtures.appendingPathComponent("frameworks/rn-0.72-rctappdelegate-objc").path,
        ])
        #expect(explained.status == 1)
        #expect(explained.out.isEmpty)
        #expect(explained.err.contains("explained"))
        let unknown = ConsoleCapture.run(["fix", FixturePaths.scan("legacy-swift-uikit").path, "--app", "Shelv"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("no app named 'Shelv'; did you mean 'Shelf'?"))
    }
}
