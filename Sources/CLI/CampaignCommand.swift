import Fleet
import Forge
import Foundation
import Results

/// `scenesweep campaign [--config FILE] [--run ID] [--apply]`: what the campaign does for each repository
/// tonight; a dry run unless `--apply` or the config's `campaign.apply: true`.
enum CampaignCommand: Command {
    static let name = "campaign"
    static let summary = "Run the migration campaign: a pull request or an issue per repository (dry run by default)"

    struct Options {
        var config: String?
        var run = "latest"
        var apply = false
        var dryRun = false
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            ConfigDefault.option(\.config),
            RunOption.option(\.run, purpose: " to plan from"),
            OptionSpec(["--apply"], help: "Carry the plan out on the forges (as the config's campaign.apply: true)") { options, _ in
                options.apply = true
            },
            OptionSpec(["--dry-run"], help: "Only print the plan, even when the config says campaign.apply: true") { options, _ in
                options.dryRun = true
            },
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep campaign [--config FILE] [--run ID] [--apply | --dry-run]

        Says, for each repository of the config, what the migration campaign does with a stored run that was
        swept with patches (fix: { patches: true } or sweep --patches): a pull request where a blocked app has
        a verified patch, an issue with the steps where its apps could only be explained, an update of the
        pull request or issue opened on an earlier night, a close where every app became ready by other means.
        Nothing is said on a result that is not fresh (a failed fetch keeps last night's), nothing a person
        closed is replaced unless campaign.retry names its address, and the config's canary, max_open and
        rate hold back new ones. What the campaign opened is kept in campaign.json in the workspace.

        Without --apply (or campaign.apply: true), or with --dry-run, it only prints what it would do. With it, each pull request's
        branch (campaign.branch, never the branch a repository is scanned on) gets one commit per verified patch
        on the scanned commit and is force-pushed with the sweep's credentials; the pull request, merge request
        or issue is opened or updated through the forge of publish.forges, with that forge's token_env. One
        repository's failure (a refused push, a 403, a rate limit past the retries) is its line; the rest go on.

          campaign:
            branch: scenesweep/uikit-scenes
            labels: [ios27]
            reviewers: codeowners          # or none, or { payments: [ana, li] }
            canary: 3                      # pull requests to 3 repositories first; the rest once those merged
            max_open: 20
            rate: 10                       # new pull requests and issues an hour
            teams: [payments]              # or repos: [shop-ios]; neither: every repository
            draft: false
            retry: []                      # addresses of pull requests or issues a person closed, to replace

        OPTIONS:
        \(OptionParser.help(table))

        EXIT STATUS:
          0  planned, or every step carried out
          2  a repository's step failed (its line says why; the others were carried out), bad config, no such
             run, an unreadable campaign.json, or another sweep or campaign holds the workspace
          64 usage error

        EXAMPLES:
          scenesweep sweep --patches && scenesweep campaign
          scenesweep campaign --config fleet.yaml --run 20261205
          GITHUB_TOKEN=… scenesweep campaign --apply

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        if options.apply && options.dryRun { throw UsageError(message: "--apply and --dry-run say opposite things; give one") }
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
        guard (options.apply || settings.apply) && !options.dryRun else {
            if state.repos.values.contains(where: { $0.state == .open }) {
                console.err(
                    "scenesweep campaign: a dry run reads no forge: what earlier nights opened is planned as \(CampaignState.fileName) last saw it (--apply reads each from its forge first)\n"
                )
            }
            let plan = CampaignPlan(settings: settings, candidates: candidates, now: Date())
            console.out(CampaignPlanText.render(plan, candidates: candidates, run: run, applies: false))
            return ExitStatus.clean
        }
        guard let forges = config.publish, !forges.forges.isEmpty else {
            console.err(
                "scenesweep campaign: \(configPath) has no publish.forges: --apply needs each repository's forge and its token_env\n")
            return ExitStatus.failed
        }
        return apply(config: config, settings: settings, forges: forges, run: run, console: console)
    }

    /// Carries the campaign out, holding the workspace lock: a sweep does not move the mirrors under it, and
    /// two campaigns never open the same pull request twice.
    private static func apply(config: FleetConfig, settings: CampaignSettings, forges: PublishSettings, run: String, console: Console)
        -> Int32
    {
        let lock: WorkspaceLock
        do {
            lock = try RunStore(root: config.workspace).lock()
        } catch {
            console.err("scenesweep campaign: \(error)\n")
            return ExitStatus.failed
        }
        defer { withExtendedLifetime(lock) {} }
        let runner = CampaignRunner(
            config: config, settings: settings, forges: forges, variables: console.environment, push: CampaignPush.push,
            progress: console.err)
        switch AwaitResult.of({ try await runner.run(run: run) }) {
        case .success(let summary):
            console.out(CampaignRunText.render(summary))
            return summary.failed > 0 ? ExitStatus.failed : ExitStatus.clean
        case .failure(let error):
            console.err("scenesweep campaign: \(error)\n")
            return ExitStatus.failed
        }
    }
}
