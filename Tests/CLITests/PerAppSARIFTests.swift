import CLI
import Foundation
import TestSupport
import Testing

/// Per-app SARIF files and code-scanning categories are unique by construction: a readable slug plus a
/// short hash of the exact path and target, made by the tool (`report --format sarif-apps`) for the CI
/// workflow and `publish` alike (issue 13, item 4); names that slug alike: AppArtifactNameTests.
@Suite("per-app SARIF names never collide")
struct PerAppSARIFTests {
    static func run(_ arguments: [String], in directory: String) -> (status: Int32, out: String, err: String) {
        FleetCommandTests.run(arguments, in: directory)
    }

    /// One repository holding a blocked app at `apps/shop ios` and a ready one at `apps/shop-ios`, plus
    /// two apps whose folders agree on their first 200 characters.
    static func monorepo() throws -> GitWorkbench {
        let bench = GitWorkbench("perapp")
        let long = String(repeating: "very-long-folder-name/", count: 10)
        let repository = try bench.makeRepository("mono")
        for (folder, fixture) in [
            ("apps/shop ios", "legacy-swift-uikit"), ("apps/shop-ios", "migrated-swift-uikit"), (long + "a", "legacy-swift-uikit"),
            (long + "b", "migrated-swift-uikit"),
        ] {
            try bench.copyTree(FixturePaths.scan(fixture).path, to: repository + "/" + folder)
        }
        try bench.git(["add", "-A"], in: repository)
        try bench.git(["commit", "-q", "-m", "apps"], in: repository)
        try bench.write(["fleet.yaml": "version: 1\nworkspace: ws\nrepos:\n  - url: mono\n"], in: bench.root)
        return bench
    }

    @Test func appsWhoseNamesSlugAlikeGetTheirOwnFileAndCategoryWithTheirOwnResults() throws {
        let bench = try Self.monorepo()
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)

        let result = Self.run(["report", "--config", "fleet.yaml", "--format", "sarif-apps", "--output", "sarif"], in: bench.root)

        #expect(result.status == 0, "\(result.err)")
        let indexData = try Data(contentsOf: URL(fileURLWithPath: bench.path("sarif/apps.json")))
        let index = try #require(try JSONSerialization.jsonObject(with: indexData) as? [[String: Any]])
        #expect(index.count == 4)
        let files = index.compactMap { $0["file"] as? String }
        let categories = index.compactMap { $0["category"] as? String }
        #expect(Set(files).count == 4 && Set(categories).count == 4)
        #expect(files.allSatisfy { $0.hasPrefix("sarif/") && $0.hasSuffix(".sarif") && $0.utf8.count < 200 })
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: bench.path("sarif")))
                == Set(files.map { String($0.dropFirst(6)) } + ["apps.json"]))
        var resultsByPath: [String: Int] = [:]
        for entry in index {
            let file = try #require(entry["file"] as? String)
            let log = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bench.path(file)))) as? [String: Any]
            let run = try #require((log?["runs"] as? [[String: Any]])?.first)
            #expect((run["automationDetails"] as? [String: Any])?["id"] as? String == (entry["category"] as? String ?? "") + "/")
            resultsByPath[entry["path"] as? String ?? ""] = (run["results"] as? [Any])?.count
        }
        #expect(resultsByPath["apps/shop ios/Shelf"] == 19)
        #expect(resultsByPath["apps/shop ios/Shelf"] != resultsByPath["apps/shop-ios/Shelf"])
        let dashed = try #require(index.first { $0["path"] as? String == "apps/shop-ios/Shelf" })
        let spaced = try #require(index.first { $0["path"] as? String == "apps/shop ios/Shelf" })
        #expect((dashed["file"] as? String)?.contains("apps-shop-ios") == true)
        #expect((spaced["file"] as? String)?.contains("apps-shop-ios") == true)
    }

    @Test func theWorkflowUploadsThroughTheToolAndDerivesNoNamesOfItsOwn() throws {
        let workflow = try String(
            contentsOf: FixturePaths.fixtures.deletingLastPathComponent().appendingPathComponent("config/ci/scenesweep-fleet.yml"),
            encoding: .utf8)
        #expect(workflow.contains("scenesweep publish --config fleet.yaml"))
        #expect(!workflow.contains("re.sub("), "the workflow must not derive names of its own")
        #expect(!workflow.contains("python"), "the workflow must not derive names of its own")
    }
}
