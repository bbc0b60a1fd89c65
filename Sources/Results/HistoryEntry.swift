import Foundation

/// One line of `history.jsonl`: a completed run's aggregates, for trends.
package struct HistoryEntry: Sendable, Equatable {
    package var run: String
    package var finishedAt: Date
    /// Apps by verdict and those counted from stale results: what a history line keeps of the run's counts.
    package var counts: AppCounts
    package var repos: Int
    package var failedRepos: Int
    package var scannedRepos: Int
    package var reusedRepos: Int
    package var regressions: Int
    package var improvements: Int
    package var seconds: Double
    /// Blocked apps by campaign stage at the run (nil before the workspace had a campaign): the burndown.
    package var campaign: CampaignProgress?
    /// The same by team, for each team's burndown.
    package var campaignTeams: [String: CampaignProgress]?

    package init(
        run: String, finishedAt: Date, counts: AppCounts, repos: Int, failedRepos: Int, scannedRepos: Int, reusedRepos: Int,
        regressions: Int, improvements: Int, seconds: Double
    ) {
        self.run = run
        self.finishedAt = finishedAt
        self.counts = counts
        self.repos = repos
        self.failedRepos = failedRepos
        self.scannedRepos = scannedRepos
        self.reusedRepos = reusedRepos
        self.regressions = regressions
        self.improvements = improvements
        self.seconds = seconds
    }

    /// The line a completed run adds to the history.
    package init(record: RunRecord, summary: FleetSummary) {
        self.init(
            run: record.id, finishedAt: record.finishedAt, counts: summary.totals.kept(in: .history), repos: summary.repos,
            failedRepos: summary.failedRepos, scannedRepos: summary.scannedRepos, reusedRepos: summary.reusedRepos,
            regressions: summary.diff.regressions.count, improvements: summary.diff.improvements.count,
            seconds: (record.finishedAt.timeIntervalSince(record.startedAt) * 10).rounded() / 10)
        campaign = summary.campaign
        if summary.campaign != nil {
            campaignTeams = Dictionary(
                summary.teams.compactMap { team in team.campaign.map { (team.team, $0) } }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Ready apps over all apps, in percent with one decimal.
    package var readiness: Double { counts.readiness }
}

/// The line's members beside its counts (AppCounts+Codable.swift's history form).
extension HistoryEntry: Codable {
    private enum CodingKeys: String, CodingKey {
        case run, finishedAt, repos, failedRepos, scannedRepos, reusedRepos, regressions, improvements, seconds, campaign, campaignTeams
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            run: container.decode(String.self, forKey: .run), finishedAt: container.decode(Date.self, forKey: .finishedAt),
            counts: AppCounts(from: decoder, as: .history), repos: container.decode(Int.self, forKey: .repos),
            failedRepos: container.decode(Int.self, forKey: .failedRepos),
            scannedRepos: container.decode(Int.self, forKey: .scannedRepos),
            reusedRepos: container.decode(Int.self, forKey: .reusedRepos), regressions: container.decode(Int.self, forKey: .regressions),
            improvements: container.decode(Int.self, forKey: .improvements), seconds: container.decode(Double.self, forKey: .seconds))
        campaign = try container.decodeIfPresent(CampaignProgress.self, forKey: .campaign)
        campaignTeams = try container.decodeIfPresent([String: CampaignProgress].self, forKey: .campaignTeams)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(run, forKey: .run)
        try container.encode(finishedAt, forKey: .finishedAt)
        try counts.encode(to: encoder, as: .history)
        try container.encode(repos, forKey: .repos)
        try container.encode(failedRepos, forKey: .failedRepos)
        try container.encode(scannedRepos, forKey: .scannedRepos)
        try container.encode(reusedRepos, forKey: .reusedRepos)
        try container.encode(regressions, forKey: .regressions)
        try container.encode(improvements, forKey: .improvements)
        try container.encode(seconds, forKey: .seconds)
        try container.encodeIfPresent(campaign, forKey: .campaign)
        try container.encodeIfPresent(campaignTeams, forKey: .campaignTeams)
    }
}
