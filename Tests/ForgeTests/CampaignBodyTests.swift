import Forge
import Foundation
import Testing

/// What a campaign's pull request and issue say, and that nothing from the scanned repository can change the
/// page's structure.
@Suite("Campaign body")
struct CampaignBodyTests {
    static let decisions = """
        {"schemaVersion": 1, "apps": [
          {"path": "ios/App", "target": "Shop", "framework": "native", "status": "patched",
           "files": [{"path": "ios/App/SceneDelegate.swift", "change": "created"}, {"path": "ios/App/Info.plist", "change": "modified"}],
           "resolves": [{"rule": "scene-manifest-missing", "severity": "error", "message": "no UIApplicationSceneManifest",
                         "file": "ios/App/Info.plist", "line": 3, "column": 1, "fingerprint": "x"}],
           "remaining": [], "reasons": [], "steps": [], "checks": ["git apply --check on the scanned commit", "re-scan: not blocked"],
           "patch": "diff --git …"},
          {"path": "ios/Kiosk", "target": "Kiosk", "framework": "native", "status": "explained", "files": [], "resolves": [],
           "remaining": [{"rule": "app-delegate-window", "severity": "error", "message": "the window is built in <code>",
                          "file": "ios/Kiosk/App`Delegate.m", "line": 12}],
           "reasons": [{"file": "ios/Kiosk/AppDelegate.m", "line": 12, "message": "two windows are made here"}, {"message": "no storyboard"}],
           "steps": ["Move the window into a scene delegate", "Add <b>UIApplicationSceneManifest</b>"], "checks": []}
        ]}
        """

    static func read() throws -> [PatchDecision] { try PatchDecision.read(Data(decisions.utf8)) }

    @Test func aPullRequestSaysWhatThePatchChangesWhatItResolvesAndWhatRemainsByHand() throws {
        let body = CampaignBody.pullRequest(
            repoKey: "shop-1a2b", decisions: try Self.read(), owners: ["ana", "@acme/ios"], deadline: "2027-04-01")
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "<!-- scenesweep-campaign: shop-1a2b -->")
        #expect(body.contains("From 2027-04-01, the App Store takes only builds made with it."))
        #expect(
            body.contains(
                "## What this pull request changes\n\n### Shop (`ios/App`, native)\n- created `ios/App/SceneDelegate.swift`\n- modified `ios/App/Info.plist`\n"
            ))
        #expect(body.contains("Resolves:\n- `ios/App/Info.plist:3` no UIApplicationSceneManifest (`scene-manifest-missing`)\n"))
        #expect(body.contains("Verified: git apply --check on the scanned commit; re-scan: not blocked.\n"))
        #expect(body.contains("## What remains by hand\n\n### Kiosk (`ios/Kiosk`, native)\n"))
        #expect(body.contains("Why there is no patch:\n- `ios/Kiosk/AppDelegate.m:12`: two windows are made here\n- no storyboard\n"))
        #expect(body.contains("Steps:\n1. Move the window into a scene delegate\n2. Add &lt;b&gt;UIApplicationSceneManifest&lt;/b&gt;\n"))
        #expect(body.contains("Owners: @ana, @acme/ios\n"))
    }

    @Test func anIssueHoldsOnlyTheStepsOfTheExplainedApps() throws {
        let body = CampaignBody.issue(repoKey: "kiosk-9f", decisions: try Self.read(), owners: [], deadline: nil)
        #expect(body.hasPrefix("<!-- scenesweep-campaign: kiosk-9f -->\n"))
        #expect(body.contains("## What to change\n\n### Kiosk"))
        #expect(!body.contains("### Shop"))
        #expect(!body.contains("Owners:"))
        #expect(!body.contains("App Store takes only"))
    }

    @Test func textFromTheRepositoryCannotEndACodeSpanOrAddHTML() throws {
        let body = CampaignBody.issue(repoKey: "k", decisions: try Self.read(), owners: [], deadline: nil)
        // A backtick in a file name: the span's fence is longer than any run of backticks inside it.
        #expect(body.contains("- ``ios/Kiosk/App`Delegate.m:12`` the window is built in &lt;code&gt; (`app-delegate-window`)\n"), "\(body)")
        #expect(!body.contains("<code>") && !body.contains("<b>"))
        #expect(CampaignBody.marker(repoKey: "x --><script>") == "<!-- scenesweep-campaign: x --&gt;&lt;script&gt; -->")
    }

    @Test func aFindingIsSaidOnceInItsStepAndChecksKeepTheirCommands() throws {
        let json = """
            {"apps": [
              {"path": "Ledger", "target": "Ledger", "framework": "native", "status": "explained", "files": [], "resolves": [],
               "remaining": [
                 {"rule": "window-lookup", "severity": "error", "message": "keyWindow", "file": "Ledger/Top.m", "line": 11},
                 {"rule": "status-bar-api", "severity": "warning", "message": "statusBarFrame", "file": "Ledger/Sync.m", "line": 24}],
               "reasons": [], "steps": ["Ledger/Top.m:11: keyWindow [window-lookup] — use view.window"], "checks": []},
              {"path": "Shop", "target": "Shop", "framework": "native", "status": "patched", "files": [], "resolves": [],
               "remaining": [], "reasons": [], "steps": [], "checks": ["swiftc -parse not run: a sweep leaves it to `scenesweep fix`"]}
            ]}
            """
        let decisions = try PatchDecision.read(Data(json.utf8))
        let issue = CampaignBody.issue(repoKey: "ledger", decisions: decisions, owners: [], deadline: nil)
        #expect(issue.components(separatedBy: "Ledger/Top.m:11").count == 2, "\(issue)")
        #expect(issue.contains("\nAlso found:\n- `Ledger/Sync.m:24` statusBarFrame (`status-bar-api`)\n"), "\(issue)")
        #expect(!issue.contains("Findings:"))
        let pull = CampaignBody.pullRequest(repoKey: "shop", decisions: decisions, owners: [], deadline: nil)
        #expect(pull.contains("Verified: swiftc -parse not run: a sweep leaves it to `scenesweep fix`.\n"), "\(pull)")
    }

    @Test func aDecisionFileThatDoesNotReadIsAnErrorNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decisions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.decisions.utf8).write(to: URL(fileURLWithPath: folder + "/a.json"))
        try Data("patch".utf8).write(to: URL(fileURLWithPath: folder + "/a.patch"))
        #expect(try PatchDecision.read(folder: folder).map(\.target) == ["Shop", "Kiosk"])
        #expect(try PatchDecision.read(folder: folder + "/missing").isEmpty)
        try Data("{".utf8).write(to: URL(fileURLWithPath: folder + "/b.json"))
        #expect(throws: CampaignInputError.self) { try PatchDecision.read(folder: folder) }
        do {
            _ = try PatchDecision.read(folder: folder)
        } catch {
            #expect("\(error)".hasPrefix(folder + "/b.json: cannot read the app's patch decision"))
        }
    }
}
