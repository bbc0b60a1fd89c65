import Foundation
import YAML

/// `campaign:` in the config: how `scenesweep campaign` carries each repository's verified patches as one pull
/// request, and an app it can only explain as an issue with the steps.
///
///     campaign:
///       branch: scenesweep/uikit-scenes   # pushed and force-pushed by scenesweep only; never a default branch
///       title: Adopt the UIKit scene life cycle
///       labels: [ios27]
///       reviewers: codeowners             # or none, or { payments: [ana, li] } per team
///       draft: false
///       canary: 3                         # pull requests to 3 repositories first; the rest once those merged
///       max_open: 20                      # campaign pull requests and issues open at once, at most
///       rate: 10                          # new pull requests and issues an hour (or "10 per hour")
///       teams: [payments]                 # who takes part (or repos: [shop-ios]); neither: everybody
///       apply: false                      # a dry run until true, or `campaign --apply`
package struct CampaignSettings: Sendable, Hashable, Encodable {
    /// Who is asked to review a campaign's pull request.
    package enum Reviewers: Sendable, Hashable, Encodable {
        /// The owners CODEOWNERS names for the files the patch changes (teams' fallback: none).
        case codeOwners
        case none
        /// Handles per team (`team:` of each repository); a repository of another team gets none.
        case byTeam([String: [String]])
    }

    package var branch: String
    package var title: String
    package var labels: [String]
    package var reviewers: Reviewers
    package var draft: Bool
    /// How many repositories get a pull request before the others (0: no canary).
    package var canary: Int
    package var maxOpen: Int
    package var ratePerHour: Int
    /// Teams and repository names that take part; both empty: every repository of the config.
    package var teams: [String]
    package var repos: [String]
    /// Whether the campaign acts; false is a dry run that says what it would do.
    package var apply: Bool
    /// Web addresses of pull requests and issues a person closed that the campaign may replace with a new one.
    /// By address rather than by repository, so that a new one a person closes again stays closed.
    package var retry: [String]

    package static let defaultBranch = "scenesweep/uikit-scenes"
    package static let defaultTitle = "Adopt the UIKit scene life cycle (required by the iOS 27 SDK)"

    package init(
        branch: String = CampaignSettings.defaultBranch, title: String = CampaignSettings.defaultTitle, labels: [String] = [],
        reviewers: Reviewers = .codeOwners, draft: Bool = false, canary: Int = 0, maxOpen: Int = 50, ratePerHour: Int = 20,
        teams: [String] = [], repos: [String] = [], apply: Bool = false, retry: [String] = []
    ) {
        self.branch = branch
        self.title = title
        self.labels = labels
        self.reviewers = reviewers
        self.draft = draft
        self.canary = canary
        self.maxOpen = maxOpen
        self.ratePerHour = ratePerHour
        self.teams = teams
        self.repos = repos
        self.apply = apply
        self.retry = retry
    }

    /// Whether a repository takes part: named by `repos`, or of a team `teams` names, or both lists empty.
    package func includes(_ repo: RepoConfig) -> Bool {
        if teams.isEmpty && repos.isEmpty { return true }
        return repos.contains(repo.name) || repo.team.map(teams.contains) == true
    }

    /// The reviewers a repository's pull request asks for by name; CODEOWNERS is read per repository.
    package func namedReviewers(team: String?) -> [String] {
        guard case .byTeam(let handles) = reviewers, let team else { return [] }
        return handles[team] ?? []
    }

    /// `rate:` as written: a number of new pull requests and issues an hour, or "N per hour".
    static func ratePerHour(_ text: String) -> Int? {
        let words = text.split(whereSeparator: \.isWhitespace)
        if words.count == 1 { return Int(words[0]) }
        if words.count == 3, words[1] == "per", words[2] == "hour" { return Int(words[0]) }
        return nil
    }

    /// Branch names git refuses (`git check-ref-format`), or that another process owns.
    package static func branchProblem(_ name: String) -> String? {
        let forbidden: Set<Character> = [" ", "~", "^", ":", "?", "*", "[", "\\", "\t", "\n"]
        if name.isEmpty || name.contains(where: forbidden.contains) || name.contains("..") || name.contains("@{") || name.contains("//")
            || name.hasPrefix("/") || name.hasSuffix("/") || name.hasSuffix(".") || name.hasSuffix(".lock") || name.hasPrefix("-")
            || name.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            || name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        {
            return "'\(name)' is not a branch name git accepts"
        }
        if ["main", "master", "trunk", "develop", "HEAD"].contains(name) {
            return "'\(name)' is a usual default branch; the campaign pushes only to a branch of its own"
        }
        return nil
    }

    /// The checks of `campaign:` the types cannot express, each at its node. `repos` is the config's
    /// repositories, as written (`name` and `team`), for the names `teams`, `repos` and `reviewers` use.
    static func problems(in root: Node, repos: [RepoConfig]) -> [(mark: Mark, message: String)] {
        guard let campaign = root["campaign"], campaign.mapping != nil else { return [] }
        var problems: [(mark: Mark, message: String)] = []
        func text(_ node: Node) -> String? {
            guard let scalar = node.scalar, !scalar.isNull else { return nil }
            return scalar.text
        }
        let teams = Set(repos.compactMap(\.team)).sorted()
        let names = repos.map(\.name)
        if let node = campaign["branch"], let name = text(node) {
            if let problem = branchProblem(name) {
                problems.append((node.mark, "campaign.branch: \(problem)"))
            } else if let repo = repos.first(where: { $0.branch == name }) {
                problems.append((node.mark, "campaign.branch: '\(name)' is the branch repository \(repo.name) is scanned on"))
            }
        }
        if let node = campaign["title"], let title = text(node), title.trimmingCharacters(in: .whitespaces).isEmpty || title.count > 200 {
            problems.append((node.mark, "campaign.title: expected a title of 1 to 200 characters"))
        }
        for (index, label) in (campaign["labels"]?.sequence ?? []).enumerated() {
            guard let name = text(label) else { continue }
            if name.trimmingCharacters(in: .whitespaces).isEmpty || name.contains(",") || name.count > 50 {
                problems.append(
                    (label.mark, "campaign.labels[\(index)]: expected a label of 1 to 50 characters without commas, found '\(name)'"))
            }
        }
        let ranges: [(key: String, range: ClosedRange<Int>, what: String)] = [
            ("canary", 0...1_000, "repositories"), ("max_open", 1...100_000, "pull requests and issues"),
        ]
        for (key, range, what) in ranges {
            if let node = campaign[key], let number = node.scalar?.integer, !range.contains(number) {
                problems.append(
                    (node.mark, "campaign.\(key): expected \(range.lowerBound) to \(range.upperBound) \(what), found \(number)"))
            }
        }
        // A rate that is not a number is the decoder's to report.
        if let node = campaign["rate"], let written = text(node), let rate = ratePerHour(written), !(1...3_600).contains(rate) {
            problems.append((node.mark, "campaign.rate: expected 1 to 3600 an hour, found \(rate)"))
        }
        for (index, node) in (campaign["teams"]?.sequence ?? []).enumerated() {
            guard let team = text(node), !teams.contains(team) else { continue }
            problems.append(
                (node.mark, "campaign.teams[\(index)]: no repository has team '\(team)'" + NameSuggestion.clause(team, in: teams)))
        }
        for (index, node) in (campaign["repos"]?.sequence ?? []).enumerated() {
            guard let name = text(node), !names.contains(name) else { continue }
            problems.append(
                (node.mark, "campaign.repos[\(index)]: no repository is named '\(name)'" + NameSuggestion.clause(name, in: names)))
        }
        for (index, node) in (campaign["retry"]?.sequence ?? []).enumerated() {
            guard let address = text(node) else { continue }
            let url = URL(string: address)
            if url?.host == nil || !["http", "https"].contains(url?.scheme?.lowercased() ?? "") {
                problems.append(
                    (
                        node.mark,
                        "campaign.retry[\(index)]: expected the web address of a pull request or issue a person closed, found '\(address)'"
                    ))
            }
        }
        // A word other than codeowners or none is the decoder's to report.
        if let node = campaign["reviewers"] {
            for pair in node.mapping ?? [] {
                guard let team = text(pair.key) else { continue }
                if !teams.contains(team) {
                    problems.append(
                        (pair.key.mark, "campaign.reviewers: no repository has team '\(team)'" + NameSuggestion.clause(team, in: teams)))
                }
                for handle in pair.value.sequence ?? [] {
                    guard let name = text(handle) else { continue }
                    if !isHandle(name) {
                        problems.append((handle.mark, "campaign.reviewers.\(team): '\(name)' is not a user name"))
                    }
                }
            }
        }
        return problems
    }

    /// A forge user name: letters, digits, `-`, `_` and `.`, and `/` once for a GitHub team (`org/team`).
    package static func isHandle(_ name: String) -> Bool {
        let body = name.hasPrefix("@") ? name.dropFirst() : Substring(name)
        guard !body.isEmpty, body.count <= 100, body.filter({ $0 == "/" }).count <= 1, !body.hasPrefix("/"), !body.hasSuffix("/") else {
            return false
        }
        return body.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_./".unicodeScalars.contains(scalar)
        }
    }
}
