import Fleet
import Forge
import Foundation
import Results

/// `scenesweep campaign [--config FILE] [--run ID]`: what the campaign would do for each repository tonight.
enum CampaignCommand: Command {
    static let name = "campaign"
    static let summary = "Plan the migration campaign: a pull request or an issue per repository (dry run)"

    struct Options {
        var config: String?
        var run = "latest"
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            ConfigDefault.option(\.config),
            RunOption.option(\.run, purpose: " to plan from"),
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep campaign [--config FILE] [--run ID]

        Says, for each repository of the config, what the migration campaign does with a stored run that was
        swept with patches (fix: { patches: true } or sweep --patches): a pull request where a blocked app has
        a verified patch, an issue with the steps where its apps could only be explained, an update of the
        pull request or issue opened on an earlier night, a close where every app became ready by other means.
        Nothing is said on a result that is not fresh (a failed fetch keeps last night's), nothing a person
        closed is reopened, and the config's canary, max_open and rate hold back new ones. What the campaign
        opened is kept in campaign.json in the workspace.

        This version plans only: it prints what it would do and changes nothing on any forge.

          campaign:
            branch: scenesweep/uikit-scenes
            labels: [ios27]
            reviewers: codeowners          # or none, or { payments: [ana, li] }
            canary: 3                      # pull requests to 3 repositories first; the rest once those merged
            max_open: 20
            rate: 10                       # new pull requests and issues an hour
            teams: [payments]              # or repos: [shop-ios]; neither: every repository

        OPTIONS:
        \(OptionParser.help(table))

        EXIT STATUS:
          0  planned          2  bad config, no such run, or an unreadable campaign.json          64 usage error

        EXAMPLES:
          scenesweep sweep --patches && scenesweep campaign
          scenesweep campaign --config fleet.yaml --run 20261205

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        let configPath = try ConfigDefault.path(options.config, console: console)
        guard let config = FleetCommands.loadConfig(configPath, console: console) else { return ExitStatus.failed }
        let settings = config.campaign ?? CampaignSettings()
        if config.campaign == nil {
            console.err("scenesweep campaign: \(configPath) has no campaign: section; planning with the defaults\n")
        }
        let store = RunStore(root: config.workspace)
        let run: String
        let record: RunRecord
        let state: CampaignState
        do {
            run = try store.resolveRun(options.run)
            record = try store.record(of: run)
            state = try CampaignState.load(workspace: config.workspace)
        } catch {
            console.err("scenesweep campaign: \(error)\n")
            return ExitStatus.failed
        }
        let candidates = CampaignCandidate.from(run: record, config: config, state: state)
        if !candidates.contains(where: { $0.patched + $0.explained > 0 }), candidates.contains(where: { $0.undecided > 0 }) {
            console.err(
                "scenesweep campaign: run \(run) has blocked apps but no patch decisions: sweep with fix: { patches: true } or --patches\n")
        }
        let plan = CampaignPlan(settings: settings, candidates: candidates, now: Date())
        console.out(CampaignPlanText.render(plan, candidates: candidates, run: run, applies: false))
        if settings.apply {
            console.err("scenesweep campaign: apply: true is not carried out by this version, which only plans\n")
        }
        return ExitStatus.clean
    }
}
