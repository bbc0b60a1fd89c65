import Fleet
import Forge
import Foundation
import Results

/// `scenesweep publish [--config FILE] [--run ID]`.
enum PublishCommand: Command {
    static let name = "publish"
    static let summary = "Upload each repository's results to its own forge (code scanning, commit status)"

    struct Options {
        var config: String?
        var run = "latest"
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            ConfigDefault.option(\.config),
            RunOption.option(\.run, purpose: " to publish"),
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep publish [--config FILE] [--run ID]

        Sends each repository's result of a stored run to that repository on its forge, so that app teams
        see it where they work. Which forge a repository is on comes from the host of its URL and the
        config's publish.forges; each forge's token is read from the environment variable its token_env
        names, and never printed.

          github   one SARIF upload per app to code scanning (POST /repos/OWNER/NAME/code-scanning/sarifs),
                   gzip-compressed and base64-encoded, for the scanned commit and refs/heads/BRANCH, each
                   app under its own category, so an app whose findings are gone gets its alerts closed.
                   The token needs the security_events scope (or "Code scanning alerts: write").
          gitlab   a commit status, scenesweep/ios27 (GitLab takes SARIF only as a CI job's artifact)
          gitea    a commit status, scenesweep/ios27 (Gitea has no code scanning)

        A repository whose result was already published (same commit, same scan: see published.json in
        the workspace) is not sent again. Stale and failed repositories are never published: their result
        is not of the commit the forge shows. Busy or failing APIs (429, 5xx, GitHub's rate limit) are
        tried again with backoff, honouring Retry-After; one repository's failure never stops the others.

          publish:
            forges:
              - { host: github.com, kind: github, token_env: GITHUB_TOKEN }
              - { host: gitlab.example.com, kind: gitlab, token_env: GITLAB_TOKEN }

        OPTIONS:
        \(OptionParser.help(table))

        EXIT STATUS:
          0  every repository was published, unchanged or not on a forge     2  an upload failed, bad config
          64 usage error                                                        or no such run

        EXAMPLES:
          GITHUB_TOKEN=… scenesweep publish
          scenesweep sweep && scenesweep publish --config fleet.yaml

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.isEmpty else { throw UsageError(message: "unexpected argument '\(positional[0])'") }
        let configPath = try ConfigDefault.path(options.config, console: console)
        guard let config = FleetCommands.loadConfig(configPath, console: console) else { return ExitStatus.failed }
        guard let settings = config.publish, !settings.forges.isEmpty else {
            console.err("scenesweep publish: \(configPath) has no publish.forges: nowhere to publish to\n")
            return ExitStatus.failed
        }
        let run: String
        do {
            run = try RunStore(root: config.workspace).resolveRun(options.run)
        } catch {
            console.err("scenesweep publish: \(error)\n")
            return ExitStatus.failed
        }
        let publisher = Publisher(config: config, settings: settings, variables: console.environment, progress: console.err)
        switch AwaitResult.of({ try await publisher.publish(run: run) }) {
        case .success(let summary):
            console.out(
                "run \(run): \(summary.published) published, \(summary.unchanged) unchanged, \(summary.skipped) skipped, "
                    + "\(summary.failed) failed\n")
            return summary.failed > 0 ? ExitStatus.failed : ExitStatus.clean
        case .failure(let error):
            console.err("scenesweep publish: \(error)\n")
            return ExitStatus.failed
        }
    }
}
