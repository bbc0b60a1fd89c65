import CLI
import Fleet
import Forge
import Foundation
import Results
import TestSupport
import Testing

/// `scenesweep campaign`: the plan of a stored run, read with what campaign.json says was opened before.
@Suite("campaign")
struct CampaignCommandTests {
    static func line(_ out: String, _ repo: String) -> String {
        out.split(separator: "\n").map(String.init).first { $0.hasPrefix("  \(repo) ") } ?? ""
    }

    @Test func aPatchedRepositoryWouldGetAPullRequestAndAReadyOneNothing() throws {
        let bench = try FleetCommandTests.fleet()
        let sweep = FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--patches", "--quiet"], in: bench.root)
        #expect(sweep.status == 0, "\(sweep.err)")

        let plan = FleetCommandTests.run(["campaign", "--config", "fleet.yaml"], in: bench.root)

        #expect(plan.status == 0, "\(plan.err)")
        #expect(plan.err.contains("has no campaign: section; planning with the defaults"))
        #expect(plan.out.hasPrefix("campaign over run "))
        #expect(plan.out.contains("(dry run: nothing is changed on any forge)"))
        #expect(Self.line(plan.out, "shop").hasSuffix("would open a pull request: 1 blocked app with a verified patch"), "\(plan.out)")
        #expect(Self.line(plan.out, "books").hasSuffix("left alone: no blocked app"), "\(plan.out)")
        #expect(
            plan.out.hasSuffix(
                "2 repositories: 1 pull request to open, 0 pull requests to update, 0 issues to open, 0 issues to update, 0 to close, 0 held, 1 left alone\n"
            ), "\(plan.out)")
        // A dry run writes nothing: no campaign.json appears.
        #expect(!FileManager.default.fileExists(atPath: bench.path("ws/campaign.json")))
        // The pull request's text, from the decisions the sweep wrote for the repository.
        let run = try String(contentsOfFile: bench.path("ws/latest"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let folders = try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/runs/\(run)/patches"))
        #expect(folders.count == 1)
        let decisions = try PatchDecision.read(folder: bench.path("ws/runs/\(run)/patches/\(folders[0])"))
        #expect(decisions.map(\.status) == ["patched"])
        let body = CampaignBody.pullRequest(repoKey: folders[0], decisions: decisions, owners: [], deadline: "2027-04-01")
        #expect(body.contains("- created `Shelf/SceneDelegate.swift`"), "\(body)")
        #expect(body.contains("(`scene-manifest-missing`)"), "\(body)")
        #expect(body.contains("Verified: ") && body.contains("git apply --check on the scanned commit"), "\(body)")
        #expect(!body.contains("## What remains by hand"))
    }

    @Test func whatWasOpenedBeforeIsUpdatedOrClosedAndAPersonsCloseIsKept() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--patches", "--quiet"], in: bench.root).status == 0)
        var state = CampaignState()
        let opened = Date(timeIntervalSince1970: 1_790_000_000)
        state.repos[RepoKey(name: "books").rawValue] = CampaignRecord(
            kind: .pullRequest, url: "https://git.example.com/acme/books/pull/4", state: .open, openedAt: opened)
        state.repos[RepoKey(name: "shop").rawValue] = CampaignRecord(
            kind: .pullRequest, url: "https://git.example.com/acme/shop/pull/9", state: .closedByPerson, openedAt: opened)
        try state.save(workspace: bench.path("ws"))

        let plan = FleetCommandTests.run(["campaign", "--config", "fleet.yaml"], in: bench.root)

        #expect(plan.status == 0, "\(plan.err)")
        #expect(Self.line(plan.out, "books").hasSuffix("would close https://git.example.com/acme/books/pull/4: every app is ready"))
        #expect(plan.err.contains("a dry run reads no forge: what earlier nights opened is planned as campaign.json last saw it"))
        #expect(
            Self.line(plan.out, "shop").hasSuffix(
                "left alone: its pull request was closed by a person (https://git.example.com/acme/shop/pull/9); not reopened (campaign.retry takes its address to open a new one)"
            ))
    }

    @Test func aRunWithoutPatchDecisionsIsNeverTakenForReady() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        var state = CampaignState()
        state.repos[RepoKey(name: "shop").rawValue] = CampaignRecord(
            kind: .pullRequest, url: "https://git.example.com/acme/shop/pull/9", state: .open, openedAt: Date())
        try state.save(workspace: bench.path("ws"))

        let plan = FleetCommandTests.run(["campaign", "--config", "fleet.yaml"], in: bench.root)

        #expect(plan.status == 0)
        #expect(plan.err.contains("has blocked apps but no patch decisions: sweep with fix: { patches: true } or --patches"), "\(plan.err)")
        // Its pull request is not closed: the apps are still blocked, only undecided.
        #expect(
            Self.line(plan.out, "shop").hasSuffix(
                "left alone: 1 blocked app with no patch decision in this run: sweep with fix: { patches: true } or --patches"),
            "\(plan.out)")
    }

    @Test func aDamagedCampaignStateStopsThePlanInsteadOfStartingOver() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--patches", "--quiet"], in: bench.root).status == 0)
        try bench.write(["ws/campaign.json": "{ not json"], in: bench.root)

        let plan = FleetCommandTests.run(["campaign", "--config", "fleet.yaml"], in: bench.root)

        #expect(plan.status == 2)
        #expect(plan.out.isEmpty)
        #expect(plan.err.contains("campaign.json: cannot read what the campaign opened before"), "\(plan.err)")
    }

    @Test func theConfigsCampaignSectionChoosesWhoTakesPart() throws {
        let bench = try FleetCommandTests.fleet()
        let text = try String(contentsOfFile: bench.path("fleet.yaml"), encoding: .utf8)
        try bench.write(
            ["fleet.yaml": text.replacingOccurrences(of: "repos:\n", with: "campaign: { teams: [retail] }\nrepos:\n")], in: bench.root)
        #expect(FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--patches", "--quiet"], in: bench.root).status == 0)

        let plan = FleetCommandTests.run(["campaign", "--config", "fleet.yaml"], in: bench.root)

        #expect(plan.status == 0, "\(plan.err)")
        #expect(plan.err.isEmpty, "\(plan.err)")
        #expect(Self.line(plan.out, "shop").hasSuffix("left alone: not taking part (campaign.teams, campaign.repos)"), "\(plan.out)")
    }

    @Test func dryRunWinsOverApplyTrueAndApplyNeedsTheForges() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(FleetCommandTests.run(["sweep", "--config", "fleet.yaml", "--patches", "--quiet"], in: bench.root).status == 0)
        let config = try String(contentsOfFile: bench.path("fleet.yaml"), encoding: .utf8)
        try (config + "campaign: { apply: true }\n").write(toFile: bench.path("fleet.yaml"), atomically: true, encoding: .utf8)

        let dry = FleetCommandTests.run(["campaign", "--config", "fleet.yaml", "--dry-run"], in: bench.root)
        #expect(dry.status == 0, "\(dry.err)")
        #expect(dry.out.contains("(dry run: nothing is changed on any forge)"))
        #expect(!FileManager.default.fileExists(atPath: bench.path("ws/campaign.json")))

        // apply: true without --dry-run acts, and acting needs to know each repository's forge.
        let apply = FleetCommandTests.run(["campaign", "--config", "fleet.yaml"], in: bench.root)
        #expect(apply.status == 2)
        #expect(apply.err.contains("has no publish.forges: --apply needs each repository's forge and its token_env"), "\(apply.err)")

        let both = FleetCommandTests.run(["campaign", "--config", "fleet.yaml", "--apply", "--dry-run"], in: bench.root)
        #expect(both.status == 64)
        #expect(both.err.contains("--apply and --dry-run say opposite things; give one"), "\(both.err)")
    }
}
