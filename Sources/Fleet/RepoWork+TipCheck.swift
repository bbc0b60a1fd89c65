import Foundation
import Git

extension RepoWork {
    /// How long asking a remote for its branch tip may take; past it the repository is fetched as usual
    /// (in a worker, under the watchdog's limits).
    static let tipDeadline: Double = 30

    /// A repository decided without fetching: when its previous result holds for everything but the
    /// commit (same tool, rule pack and settings, a mirror on disk), the remote is asked where the branch
    /// points (`RemoteTips`, one bounded request); an unmoved branch reuses the result, with no fetch and
    /// no worker process, and a redirect to another origin is the repository's failure. nil: fetch.
    ///
    /// The mirror is not brought up to date then (its other branches may lag): nothing reads them, and
    /// the next fetch catches up. `--offline` compares with the mirror's own branch instead.
    func withoutFetch(_ repo: RepoConfig) -> Outcome? {
        guard let previous, let before = previous.repo(repo), before.hasResult, let commit = before.commit,
            before.resultTool == environment.toolVersion, before.resultRulePack == environment.rulePack,
            before.settingsHash == config.scanSettings(for: repo).hash,
            FileManager.default.fileExists(atPath: store.mirrorPath(repo.mirrorKey))
        else { return nil }
        let started = environment.clock.now()
        let answer =
            offline
            ? RemoteTips.local(store.mirrorPath(repo.mirrorKey), branch: repo.branch)
            : RemoteTips.check(GitURL(repo.location), branch: repo.branch, credentials: credentials, deadline: Self.tipDeadline)
        switch answer {
        case .tip(let branch, let tip) where tip.description == commit:
            guard let report = previous.report(repo) else { return nil }
            return reuse(repo, before: before, report: report, branch: branch, fetchSeconds: seconds(since: started))
        case .tip, .unknown:
            return nil
        case .refused(let error):
            return failure(repo, error.message, branch: nil, fetchSeconds: seconds(since: started))
        }
    }
}
