import Foundation
import Git

#if canImport(Glibc)
    import Glibc
#endif

/// A repository's bare mirror in the workspace, and how it is brought up to date.
///
/// Mirrors are bare and nothing is ever checked out, so no hook, filter or script from the repository
/// can run. Calls are synchronous and libgit2's errors are read on the calling thread.
package struct Mirror: Sendable {
    package let path: String
    package let repo: RepoConfig

    package init(path: String, repo: RepoConfig) {
        self.path = path
        self.repo = repo
    }

    /// What an update found.
    package struct State: Sendable, Codable {
        package let commit: ObjectID
        package let branch: String
        /// Whether the mirror was made in this update.
        package let cloned: Bool
        /// Whether it was made because the mirror there was damaged (`cloneAgain`).
        package fileprivate(set) var clonedAgain = false
    }

    /// Clones the mirror if there is none (into a temporary folder renamed into place, so an interrupted
    /// clone never looks like a mirror), otherwise fetches with pruning; then resolves the branch.
    /// - Parameter offline: use the mirror as it is; fail if there is none.
    package func update(credentials: Credentials, offline: Bool) throws(GitError) -> State {
        var cloned = false
        let repository: Repository
        do {
            if let existing = try openExisting() {
                if offline {
                    repository = existing
                } else {
                    var current = existing
                    // The same repository may be configured another way (ssh instead of https).
                    if existing.origin?.original != repo.location {
                        try existing.setOriginURL(repo.location)
                        current = try Repository.openBare(at: path)
                    }
                    // The sweep compares commits, so the fetch need not list which references moved.
                    _ = try current.fetch(credentials: credentials, listingChanges: false)
                    repository = current
                }
            } else {
                guard !offline else {
                    throw GitError(.notFound, "no mirror of \(GitURL.redacted(repo.url)) yet; run a sweep without --offline first")
                }
                repository = try clone(credentials: credentials)
                cloned = true
            }
            let branch = try repo.branch ?? repository.defaultBranch()
            let commit = try repository.resolve(branch: branch)
            return State(commit: commit, branch: branch, cloned: cloned)
        } catch let error as GitError {
            throw error
        } catch {
            throw GitError(.other, "\(error)")
        }
    }

    /// The mirror as it is (`--offline`), from its references alone: no object is read and nothing is
    /// changed, so this is safe in the sweep's own process. The tip is the reference's target as stored
    /// (a branch made to point at an annotated tag is scanned through it, `Repository.commit`). nil when the
    /// references cannot tell (no mirror, no such branch, HEAD not a branch): `update(offline: true)`, in a
    /// worker, then says why.
    package func currentState() -> State? {
        guard case .tip(let branch, let commit) = RemoteTips.local(path, branch: repo.branch) else { return nil }
        return State(commit: commit, branch: branch, cloned: false)
    }

    /// Removes the mirror and clones it afresh, for one found damaged on disk: mirrors are a cache, and the
    /// remote still holds what a damaged one lost. Called at most once per repository and sweep, so a
    /// remote whose every clone is damaged fails that repository instead of cloning in a loop.
    package func cloneAgain(credentials: Credentials) throws(GitError) -> State {
        try? FileManager.default.removeItem(atPath: path)
        var state = try update(credentials: credentials, offline: false)
        state.clonedAgain = true
        return state
    }

    /// The existing mirror, or nil when there is none. A folder that is not a usable repository (left by
    /// a crash, or damaged) is removed so it can be cloned again: mirrors are a cache.
    private func openExisting() throws -> Repository? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // A fetch killed while it updated a reference left its lock; the workspace lock makes it stale.
        MirrorLocks.removeStale(in: path)
        do {
            return try Repository.openBare(at: path)
        } catch let error as GitError where error.kind == .notRepository || error.kind == .corrupt || error.kind == .notFound {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
    }

    private func clone(credentials: Credentials) throws -> Repository {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            _ = try Repository.cloneMirror(from: repo.location, to: temporary, credentials: credentials)
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw GitError(.other, "cannot move the new mirror into \(path): \(reason)")
        }
        return try Repository.openBare(at: path)
    }

    /// Removes temporary clone folders an interrupted sweep left in `folder`.
    package static func removeLeftovers(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.contains(".git.tmp-") {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
