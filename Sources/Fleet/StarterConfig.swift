/// The commented config `scenesweep init` writes; config/fleet.example.yaml holds the same text.
package enum StarterConfig {
    package static let text = """
        # scenesweep fleet config: which repositories to sweep for iOS 27 scene readiness, and how.
        #   scenesweep validate --config fleet.yaml   check it (every problem, with line and column)
        #   scenesweep sweep --config fleet.yaml      fetch, scan, store, diff and report
        version: 1

        fleet:
          name: Acme Mobile
          # From this day the App Store takes only iOS 27 SDK builds; summaries count down to it.
          deadline: 2027-04-01

        # Mirrors, runs and reports. Relative paths here are relative to this file's folder.
        workspace: .scenesweep

        # When `scenesweep daemon` sweeps: cron (5 fields: minute hour day-of-month month day-of-week, with
        # lists, ranges, steps and names like mon-fri), @hourly, @daily, @weekly, or "@every 6h".
        schedule: "0 2 * * *"
        timezone: UTC                       # the zone the schedule is read in, e.g. Europe/Berlin

        concurrency:
          fetch: 4       # repositories fetched at once (network-bound)
          scan: auto     # repositories scanned at once (CPU-bound); auto: one per core

        # Secrets never go in this file, only the names of the environment variables holding them.
        auth:
          https_token_env: GIT_TOKEN        # sent as the password for https remotes, never put in a URL
          ssh_key: ~/.ssh/id_ed25519        # ed25519 or ecdsa (libssh2 cannot sign with RSA keys here)
          known_hosts: ~/.ssh/known_hosts   # ssh hosts not listed, or with a changed key, are refused
          # A token for one host only (host or host:port): a listed host never gets the token above.
          # hosts:
          #   git.example.com: { https_token_env: GHE_TOKEN }

        # How much of its past the workspace keeps. Without runs or days every run is kept; latest, the run
        # it was compared with and history.jsonl always are. Mirrors of repositories no longer listed go
        # after mirror_grace_days.
        retention:
          runs: 60                          # the newest 60 complete runs; or days: 90, or both
          mirror_grace_days: 30

        rules:
          disable: []                       # e.g. [main-screen-use]
          # The level of a rule's findings at its default level, e.g. { window-lookup: error }. Findings a rule
          # grades above its default (a force-unwrapped window that crashes) keep their grade.
          severity: {}
          # Every finding of the rule at this level, those graded higher too: this can hide a crash.
          force_severity: {}

        # Which `scenesweep:ignore` comments in the repositories count. A comment that does not count leaves its
        # finding counted; every report lists the suppressions per team with their reasons.
        suppressions:
          allow: all                        # or a list of rules, e.g. [window-lookup, main-screen-use]
          errors: false                     # true: a comment may also hide an error (a launch blocker)

        # Skipped in every repository, besides Pods/, node_modules/, build/, DerivedData/ and the like.
        exclude:
          - "**/Generated/**"

        # Vendors' example and demo apps inside third-party code (vendor/, third_party/, Local Pods/, git
        # submodules…) are reported apart and left out of the figures; true counts them like the team's own.
        include_vendored_apps: false

        # `scenesweep fix` in every sweep: each blocked app's verified patch (or why there is none) is written
        # in the run's patches/<repo>/ folder, ready for a pull request. Off by default.
        fix:
          patches: false

        # Used by `scenesweep daemon`: after a run in which an app's verdict got worse (regression) or an app
        # became blocked (blocked), post a Slack-compatible message naming the apps, teams and owners.
        notify:
          webhook_url_env: SLACK_WEBHOOK    # the variable holding the webhook URL, never the URL itself
          on: [regression, blocked]

        repos:
          - url: https://github.com/acme/shop-ios.git
            team: commerce                  # summaries group apps by team
          - url: git@github.com:acme/wallet-ios.git
            branch: release                 # default: the remote's default branch
            team: payments
          - url: https://github.com/acme/mobile.git
            team: platform
            paths: [apps/]                  # a monorepo: scan only these folders
            name: mobile-monorepo           # how reports and --only name it (default: acme/mobile)
          # Local paths (relative to this file) and file:// URLs work too:
          # - url: ../git/legacy-app.git

        """
}
