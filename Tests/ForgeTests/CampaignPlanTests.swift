import Fleet
import Forge
import Foundation
import Testing

/// The campaign's policy, night by night: what each repository gets, and what the canary, `max_open` and
/// `rate` hold back.
@Suite("Campaign plan")
struct CampaignPlanTests {
    static let now = Date(timeIntervalSince1970: 1_796_018_400)

    static func repo(_ name: String, team: String? = nil) -> RepoConfig {
        RepoConfig(
            url: "https://git.example.com/acme/\(name).git", location: "https://git.example.com/acme/\(name).git", team: team, name: name)
    }

    static func record(_ kind: CampaignRecord.Kind, _ state: CampaignRecord.State, _ name: String, hoursAgo: Double = 48) -> CampaignRecord
    {
        CampaignRecord(
            kind: kind, url: "https://git.example.com/acme/\(name)/\(kind == .issue ? "issues" : "pull")/1", state: state,
            openedAt: now.addingTimeInterval(-hoursAgo * 3600))
    }

    static func actions(settings: CampaignSettings = CampaignSettings(), _ candidates: [CampaignCandidate]) -> [String: CampaignAction] {
        Dictionary(
            uniqueKeysWithValues: CampaignPlan(settings: settings, candidates: candidates, now: now).steps.map { ($0.repo, $0.action) })
    }

    @Test func aPatchIsAPullRequestAnExplanationAnIssueAndAReadyRepositoryIsLeftAlone() {
        let plan = Self.actions([
            CampaignCandidate(repo: Self.repo("shop"), isFresh: true, patched: 1, explained: 1),
            CampaignCandidate(repo: Self.repo("wallet"), isFresh: true, patched: 0, explained: 2),
            CampaignCandidate(repo: Self.repo("kiosk"), isFresh: true, patched: 0, explained: 0),
        ])
        #expect(plan["shop"] == .openPullRequest(replacing: nil))
        #expect(plan["wallet"] == .openIssue(replacing: nil))
        #expect(plan["kiosk"] == .leave("no blocked app"))
    }

    @Test func theNextNightUpdatesWhatIsOpenInsteadOfOpeningItAgain() {
        let plan = Self.actions([
            CampaignCandidate(
                repo: Self.repo("shop"), isFresh: true, patched: 2, explained: 0, record: Self.record(.pullRequest, .open, "shop")),
            CampaignCandidate(
                repo: Self.repo("wallet"), isFresh: true, patched: 0, explained: 1, record: Self.record(.issue, .open, "wallet")),
        ])
        #expect(plan["shop"] == .updatePullRequest(url: "https://git.example.com/acme/shop/pull/1"))
        #expect(plan["wallet"] == .updateIssue(url: "https://git.example.com/acme/wallet/issues/1"))
    }

    @Test func readyByOtherMeansClosesWhatTheCampaignOpenedButAStaleResultChangesNothing() {
        let plan = Self.actions([
            CampaignCandidate(
                repo: Self.repo("shop"), isFresh: true, patched: 0, explained: 0, record: Self.record(.pullRequest, .open, "shop")),
            // The fetch failed tonight: the result is last night's, and a result that is not fresh is never news.
            CampaignCandidate(
                repo: Self.repo("wallet"), isFresh: false, patched: 0, explained: 0, record: Self.record(.issue, .open, "wallet")),
            CampaignCandidate(repo: Self.repo("kiosk"), isFresh: false, patched: 1, explained: 0),
        ])
        #expect(plan["shop"] == .close(url: "https://git.example.com/acme/shop/pull/1"))
        #expect(plan["wallet"] == .leave("no fresh result tonight; nothing on the forge changes"))
        #expect(plan["kiosk"] == .leave("no fresh result tonight; nothing on the forge changes"))
    }

    @Test func whatAPersonClosedIsNeverReopenedAndAMergedPatchWaitsForTheNextScan() {
        let plan = Self.actions([
            CampaignCandidate(
                repo: Self.repo("shop"), isFresh: true, patched: 1, explained: 0, record: Self.record(.pullRequest, .closedByPerson, "shop")
            ),
            CampaignCandidate(
                repo: Self.repo("wallet"), isFresh: true, patched: 1, explained: 0, record: Self.record(.pullRequest, .merged, "wallet")),
            // Closed by scenesweep when it became ready; blocked again since: a new pull request is fine.
            CampaignCandidate(
                repo: Self.repo("kiosk"), isFresh: true, patched: 1, explained: 0, record: Self.record(.pullRequest, .closed, "kiosk")),
        ])
        #expect(
            plan["shop"]
                == .leave(
                    "its pull request was closed by a person (https://git.example.com/acme/shop/pull/1); not reopened (campaign.retry takes its address to open a new one)"
                ))
        #expect(
            plan["wallet"]
                == .leave("its pull request merged (https://git.example.com/acme/wallet/pull/1); waiting for a scan of the merged code"))
        #expect(plan["kiosk"] == .openPullRequest(replacing: nil))
    }

    @Test func campaignRetryUndoesOnePersonsCloseNamedByItsAddressAndNoOther() {
        let closed = Self.record(.pullRequest, .closedByPerson, "shop")
        let candidate = CampaignCandidate(repo: Self.repo("shop"), isFresh: true, patched: 1, explained: 0, record: closed)
        #expect(Self.actions(settings: CampaignSettings(retry: [closed.url]), [candidate])["shop"] == .openPullRequest(replacing: nil))
        // Another address (an earlier close, another repository's) leaves this one closed.
        let other = CampaignSettings(retry: ["https://git.example.com/acme/shop/pull/7", "https://git.example.com/acme/cart/pull/1"])
        guard case .leave = Self.actions(settings: other, [candidate])["shop"] else {
            Issue.record("a close not named by campaign.retry was undone")
            return
        }
        // Explained apps get a new issue the same way.
        let issue = Self.record(.issue, .closedByPerson, "shop")
        let explained = CampaignCandidate(repo: Self.repo("shop"), isFresh: true, patched: 0, explained: 1, record: issue)
        #expect(Self.actions(settings: CampaignSettings(retry: [issue.url]), [explained])["shop"] == .openIssue(replacing: nil))
    }

    @Test func aPatchThatNowVerifiesReplacesTheIssueAndOneThatNoLongerDoesReplacesThePullRequest() {
        let settings = CampaignSettings(maxOpen: 2)
        let plan = Self.actions(
            settings: settings,
            [
                CampaignCandidate(
                    repo: Self.repo("shop"), isFresh: true, patched: 1, explained: 0, record: Self.record(.issue, .open, "shop")),
                CampaignCandidate(
                    repo: Self.repo("wallet"), isFresh: true, patched: 0, explained: 1, record: Self.record(.pullRequest, .open, "wallet")),
            ])
        // Two open, max_open 2: a replacement closes one as it opens one, so neither is held.
        #expect(plan["shop"] == .openPullRequest(replacing: "https://git.example.com/acme/shop/issues/1"))
        #expect(plan["wallet"] == .openIssue(replacing: "https://git.example.com/acme/wallet/pull/1"))
    }

    @Test func onlyTheTeamsAndRepositoriesNamedTakePart() {
        let settings = CampaignSettings(teams: ["payments"], repos: ["kiosk"])
        let plan = Self.actions(
            settings: settings,
            [
                CampaignCandidate(repo: Self.repo("shop", team: "commerce"), isFresh: true, patched: 1, explained: 0),
                CampaignCandidate(repo: Self.repo("wallet", team: "payments"), isFresh: true, patched: 1, explained: 0),
                CampaignCandidate(repo: Self.repo("kiosk"), isFresh: true, patched: 0, explained: 1),
            ])
        #expect(plan["shop"] == .leave("not taking part (campaign.teams, campaign.repos)"))
        #expect(plan["wallet"] == .openPullRequest(replacing: nil))
        #expect(plan["kiosk"] == .openIssue(replacing: nil))
    }

    /// Five repositories with patches and a canary of two, over three nights.
    @Test func theCanaryOpensItsPullRequestsFirstAndTheRestOnceTheyMerged() {
        let settings = CampaignSettings(canary: 2, ratePerHour: 100)
        let names = ["a", "b", "c", "d", "e"]
        let hold = CampaignAction.hold("canary: the first 2 pull requests must merge before more are opened")
        func night(_ records: [String: CampaignRecord]) -> [CampaignAction] {
            let candidates = names.map {
                CampaignCandidate(repo: Self.repo($0), isFresh: true, patched: 1, explained: 0, record: records[$0])
            }
            return CampaignPlan(settings: settings, candidates: candidates, now: Self.now).steps.map(\.action)
        }
        #expect(night([:]) == [.openPullRequest(replacing: nil), .openPullRequest(replacing: nil), hold, hold, hold])
        let first = ["a": Self.record(.pullRequest, .open, "a"), "b": Self.record(.pullRequest, .open, "b")]
        #expect(night(first).dropFirst(2).allSatisfy { $0 == hold })
        // An issue never waits for the canary: it changes no code.
        let issue = CampaignPlan(
            settings: settings,
            candidates: [CampaignCandidate(repo: Self.repo("z"), isFresh: true, patched: 0, explained: 1)]
                + names.map {
                    CampaignCandidate(repo: Self.repo($0), isFresh: true, patched: 1, explained: 0, record: first[$0])
                }, now: Self.now)
        #expect(issue.steps.first?.action == .openIssue(replacing: nil))
        let merged = ["a": Self.record(.pullRequest, .merged, "a"), "b": Self.record(.pullRequest, .merged, "b")]
        #expect(
            night(merged).dropFirst(2) == [
                .openPullRequest(replacing: nil), .openPullRequest(replacing: nil), .openPullRequest(replacing: nil),
            ])
    }

    @Test func maxOpenCountsWhatClosesTonightAndRateCountsTheLastHour() {
        let limited = CampaignSettings(maxOpen: 2, ratePerHour: 100)
        let plan = CampaignPlan(
            settings: limited,
            candidates: [
                CampaignCandidate(
                    repo: Self.repo("a"), isFresh: true, patched: 1, explained: 0, record: Self.record(.pullRequest, .open, "a")),
                CampaignCandidate(
                    repo: Self.repo("b"), isFresh: true, patched: 0, explained: 0, record: Self.record(.pullRequest, .open, "b")),
                CampaignCandidate(repo: Self.repo("c"), isFresh: true, patched: 1, explained: 0),
                CampaignCandidate(repo: Self.repo("d"), isFresh: true, patched: 0, explained: 1),
            ], now: Self.now
        ).steps.map(\.action)
        #expect(
            plan == [
                .updatePullRequest(url: "https://git.example.com/acme/a/pull/1"), .close(url: "https://git.example.com/acme/b/pull/1"),
                .openPullRequest(replacing: nil), .hold("max_open: 2 campaign pull requests and issues are open"),
            ])

        let rated = CampaignSettings(ratePerHour: 2)
        let actions = CampaignPlan(
            settings: rated,
            candidates: [
                CampaignCandidate(
                    repo: Self.repo("a"), isFresh: true, patched: 1, explained: 0,
                    record: Self.record(.pullRequest, .open, "a", hoursAgo: 0.2)),
                CampaignCandidate(
                    repo: Self.repo("b"), isFresh: true, patched: 1, explained: 0,
                    record: Self.record(.pullRequest, .open, "b", hoursAgo: 2)),
                CampaignCandidate(repo: Self.repo("c"), isFresh: true, patched: 1, explained: 0),
                CampaignCandidate(repo: Self.repo("d"), isFresh: true, patched: 0, explained: 1),
            ], now: Self.now
        ).steps.map(\.action)
        // One opened 12 minutes ago counts; the one two hours ago does not.
        #expect(actions[2] == .openPullRequest(replacing: nil))
        #expect(actions[3] == .hold("rate: 2 opened in the last hour"))
    }
}
