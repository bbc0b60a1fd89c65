import Fleet
import Foundation
import Git

/// The campaign's branch made and pushed with libgit2: each verified patch applied in turn to the scanned
/// commit's tree in the repository's mirror and committed, then the last commit force-pushed to the
/// campaign's branch (and only there: `Repository.push` refuses the default branch). The commits carry the
/// scanned commit's time, so the same patches on the same commit make the same commit night after night
/// and the push is skipped when the branch already holds it: an unchanged pull request shows no new push.
package enum CampaignPush {
    /// Who the commits are by. The forge shows the pushing token's user as the one who pushed.
    package static let author = (name: "scenesweep", email: "scenesweep@users.noreply.localhost")

    package static let push: CampaignPusher = { branch, credentials in await push(branch, credentials: credentials) }

    /// Makes the commits and pushes them; a failure that may pass (no answer, a 5xx, a broken connection) is
    /// tried again as a fetch is, after a growing wait; a refusal (a hook, a protected branch) is not.
    package static func push(
        _ branch: CampaignBranch, credentials: Credentials, retry: RetryPolicy = .fetch,
        sleep: @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(for: .seconds($0)) }
    ) async -> Result<CampaignPushed, ForgeError> {
        var attempt = 1
        while true {
            do {
                let repository = try Repository.openBare(at: branch.mirror)
                guard let base = ObjectID(hex: branch.base) else {
                    return .failure(ForgeError("not a commit id: \(branch.base)", status: nil))
                }
                let scanned = try repository.commit(base)
                let signature = GitSignature(name: author.name, email: author.email, time: scanned.authorTime)
                let commits = branch.commits.map { PatchCommit(name: $0.name, diff: Array($0.patch.utf8), message: $0.message) }
                let head = try repository.commitPatches(commits, onto: base, author: signature)
                let outcome = try repository.push(
                    commit: head, toBranch: branch.branch, url: branch.url, credentials: credentials, force: true)
                return .success(CampaignPushed(commit: head.description, sent: outcome != .unchanged))
            } catch let failure as GitError where failure.isTransient && attempt < retry.attempts {
                do {
                    try await sleep(retry.delay(beforeRetry: attempt, jitter: retry.jitter()))
                } catch {
                    return .failure(ForgeError("cannot push: \(failure) (stopped before trying again)", status: nil))
                }
                attempt += 1
            } catch {
                // libgit2's and the server's words name the branch and the remote already.
                let tries = attempt > 1 ? " (after \(attempt) tries)" : ""
                return .failure(ForgeError("cannot push: \(error)\(tries)", status: nil))
            }
        }
    }
}
