import Fleet
import Foundation
import Testing

/// `campaign:` in the fleet config: what it reads into, its defaults, and every mistake reported at its line.
@Suite("Campaign settings")
struct CampaignSettingsTests {
    static let repos = """
        repos:
          - url: https://git.example.com/acme/shop-ios.git
            team: commerce
            branch: release
          - url: https://git.example.com/acme/wallet.git
            team: payments
          - url: https://git.example.com/acme/kiosk.git
            name: kiosk
        """

    static func config(_ campaign: String) throws(ConfigProblems) -> FleetConfig {
        try ConfigValidatorTests.check("version: 1\n" + campaign + "\n" + repos)
    }

    static func problems(_ campaign: String) -> [String] {
        ConfigValidatorTests.problems("version: 1\n" + campaign + "\n" + repos)
    }

    @Test func everySettingIsReadWithHandlesPerTeam() throws {
        let settings = try #require(
            try Self.config(
                """
                campaign:
                  branch: mobile/scenes
                  title: Scenes before April
                  labels: [ios27, platform]
                  reviewers: { commerce: ["@ana", li], payments: [acme/ios-owners] }
                  draft: true
                  canary: 2
                  max_open: 10
                  rate: 5 per hour
                  teams: [commerce]
                  repos: [kiosk]
                  apply: true
                  retry: ["https://github.com/acme/kiosk/pull/4"]
                """
            ).campaign)
        #expect(settings.branch == "mobile/scenes")
        #expect(settings.title == "Scenes before April")
        #expect(settings.labels == ["ios27", "platform"])
        #expect(settings.reviewers == .byTeam(["commerce": ["ana", "li"], "payments": ["acme/ios-owners"]]))
        #expect(settings.namedReviewers(team: "commerce") == ["ana", "li"])
        #expect(settings.namedReviewers(team: nil).isEmpty)
        #expect(settings.draft && settings.apply)
        #expect((settings.canary, settings.maxOpen, settings.ratePerHour) == (2, 10, 5))
        #expect((settings.teams, settings.repos) == (["commerce"], ["kiosk"]))
        #expect(settings.retry == ["https://github.com/acme/kiosk/pull/4"])
    }

    @Test func anEmptySectionIsADryRunWithTheDefaultsAndEveryRepositoryTakesPart() throws {
        let config = try Self.config("campaign: {}")
        let settings = try #require(config.campaign)
        #expect(settings == CampaignSettings())
        #expect(!settings.apply)
        #expect(settings.branch == "scenesweep/uikit-scenes")
        #expect(settings.reviewers == .codeOwners)
        #expect(config.repos.allSatisfy(settings.includes))
        #expect(try Self.config("").campaign == nil)
    }

    @Test func teamsAndNamesChooseWhoTakesPart() throws {
        let config = try Self.config("campaign: { teams: [payments], repos: [kiosk], rate: 7 }")
        let settings = try #require(config.campaign)
        #expect(config.repos.filter(settings.includes).map(\.name) == ["acme/wallet", "kiosk"])
        #expect(settings.ratePerHour == 7)
    }

    @Test func theCampaignDoesNotChangeWhatARunHolds() throws {
        let without = try Self.config("")
        let with = try Self.config("campaign: { branch: mobile/scenes, apply: true }")
        #expect(without.hash == with.hash)
    }

    @Test(
        "Mistakes are reported at their line, with the nearest name",
        arguments: [
            ("campaign: { branch: 'fix scenes' }", "campaign.branch: 'fix scenes' is not a branch name git accepts"),
            (
                "campaign: { branch: main }",
                "campaign.branch: 'main' is a usual default branch; the campaign pushes only to a branch of its own"
            ),
            ("campaign: { branch: release }", "campaign.branch: 'release' is the branch repository acme/shop-ios is scanned on"),
            ("campaign: { branch: a..b }", "campaign.branch: 'a..b' is not a branch name git accepts"),
            ("campaign: { branch: topic.lock }", "campaign.branch: 'topic.lock' is not a branch name git accepts"),
            ("campaign: { title: '  ' }", "campaign.title: expected a title of 1 to 200 characters"),
            ("campaign: { labels: ['a,b'] }", "campaign.labels[0]: expected a label of 1 to 50 characters without commas, found 'a,b'"),
            ("campaign: { canary: -1 }", "campaign.canary: expected 0 to 1000 repositories, found -1"),
            ("campaign: { max_open: 0 }", "campaign.max_open: expected 1 to 100000 pull requests and issues, found 0"),
            ("campaign: { rate: 0 }", "campaign.rate: expected 1 to 3600 an hour, found 0"),
            ("campaign: { teams: [paymnets] }", "campaign.teams[0]: no repository has team 'paymnets' (did you mean 'payments'?)"),
            ("campaign: { repos: [kiosc] }", "campaign.repos[0]: no repository is named 'kiosc' (did you mean 'kiosk'?)"),
            (
                "campaign: { reviewers: { payment: [ana] } }",
                "campaign.reviewers: no repository has team 'payment' (did you mean 'payments'?)"
            ),
            ("campaign: { reviewers: { payments: ['a b'] } }", "campaign.reviewers.payments: 'a b' is not a user name"),
            (
                "campaign: { retry: [kiosk] }",
                "campaign.retry[0]: expected the web address of a pull request or issue a person closed, found 'kiosk'"
            ),
            ("campaign: { max_opne: 3 }", "campaign: unknown key 'max_opne' (did you mean 'max_open'?)"),
        ])
    func mistakes(campaign: String, message: String) {
        let problems = Self.problems(campaign)
        #expect(problems.contains { $0.hasSuffix(message) }, "\(problems)")
        #expect(problems.allSatisfy { $0.hasPrefix("fleet.yaml:2:") }, "\(problems)")
    }

    @Test func anUnknownReviewersWordOrARateThatIsNoNumberIsOneProblem() {
        let problems = Self.problems("campaign: { reviewers: owners }")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.contains("expected codeowners, none or handles per team, found 'owners'") == true, "\(problems)")
        let rate = Self.problems("campaign: { rate: 'fast' }")
        #expect(rate.count == 1, "\(rate)")
        #expect(rate.first?.contains("campaign.rate: expected a number an hour, such as 10 or \"10 per hour\"") == true, "\(rate)")
    }

    @Test func goodBranchNamesAndHandlesPass() {
        for branch in ["scenesweep/uikit-scenes", "mobile/ios27.scenes", "fix-1"] {
            #expect(CampaignSettings.branchProblem(branch) == nil, "\(branch)")
        }
        for bad in ["", "-x", "a/", "/a", "a//b", "a/.b", "a@{1}", "a~1", "a:b", "x."] {
            #expect(CampaignSettings.branchProblem(bad) != nil, "\(bad)")
        }
        #expect(["ana", "@ana", "acme/ios-owners", "j.doe_2"].allSatisfy(CampaignSettings.isHandle))
        #expect(!["", "@", "a b", "a/b/c", "/a", "ä"].contains(where: CampaignSettings.isHandle))
    }
}
