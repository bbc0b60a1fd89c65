import Foundation
import Results

#if canImport(Glibc)
    import Glibc
#endif

/// What applying the retention policy removed.
package struct RetentionOutcome: Sendable, Equatable {
    package var removedRuns: [String] = []
    /// Keys of the mirrors removed.
    package var removedMirrors: [String] = []
    /// Removals that failed, in words; the run stays stored all the same.
    package var problems: [String] = []

    /// One line for the log, or nil when nothing was removed.
    package var summary: String? {
        var parts: [String] = []
        if !removedRuns.isEmpty { parts.append("\(removedRuns.count) old run\(removedRuns.count == 1 ? "" : "s")") }
        if !removedMirrors.isEmpty {
            parts.append("\(removedMirrors.count) mirror\(removedMirrors.count == 1 ? "" : "s") of repositories no longer configured")
        }
        return parts.isEmpty ? nil : "retention: removed " + parts.joined(separator: " and ")
    }
}

extension RunStore {
    /// When each mirror of a repository that is not configured (any more) was first found so.
    var unlistedMirrorsFile: String { root + "/unlisted-mirrors.json" }

    /// Applies `policy` after a run was stored (holding the lock, so nothing else reads or writes these
    /// files): removes the complete runs it does not keep, and the mirrors of repositories missing from
    /// `listed` for longer than the grace period. `history.jsonl` keeps every line.
    /// - Parameter shard: for a shard's store, its index and the workspace whose merges take its runs:
    ///   runs newer than the last one a merge took are kept (all of them while no merge is seen).
    /// - Parameter stored: the run just stored (`latest`), whose previous run is kept too: known to the caller, so
    ///   its run.json (7 MB at 10,000 repositories) is not read again at the sweep's end.
    func applyRetention(
        _ policy: RetentionPolicy, listed: Set<RepoKey>, now: Date, stored: RunRecord? = nil,
        shard: (index: Int, workspace: RunStore)? = nil
    ) -> RetentionOutcome {
        var outcome = RetentionOutcome()
        removeOldRuns(policy, now: now, stored: stored, shard: shard, into: &outcome)
        removeUnlistedMirrors(graceDays: policy.mirrorGraceDays, listed: listed, now: now, into: &outcome)
        return outcome
    }

    private func removeOldRuns(
        _ policy: RetentionPolicy, now: Date, stored: RunRecord?, shard: (index: Int, workspace: RunStore)?,
        into outcome: inout RetentionOutcome
    ) {
        guard policy.limitsRuns else { return }
        let complete = completedRuns()
        let latest = latestRun()
        let latestPrevious =
            stored.flatMap { $0.id == latest ? $0.previousRun : nil } ?? latest.flatMap { try? record(of: $0) }?.previousRun
        var protected: Set<String> = []
        if let shard {
            let merged = shard.workspace.latestRun().flatMap { try? shard.workspace.record(of: $0) }?.shards?
                .first { $0.shard.index == shard.index }?.run
            protected = Set(complete.filter { run in merged.map { run > $0 } ?? true })
        }
        for run in policy.removable(complete: complete, latest: latest, latestPrevious: latestPrevious, protected: protected, now: now) {
            // run.json first: a removal cut short leaves a folder without it, which the next sweep clears
            // as unfinished, never a "complete" run whose results are gone.
            guard unlink(recordPath(run)) == 0 || errno == ENOENT else {
                outcome.problems.append("cannot remove run \(run): \(String(cString: strerror(errno)))")
                continue
            }
            do {
                try FileManager.default.removeItem(atPath: runFolder(run))
            } catch {
                outcome.problems.append("cannot remove the rest of run \(run): \(error.localizedDescription)")
            }
            outcome.removedRuns.append(run)
        }
    }

    private func removeUnlistedMirrors(graceDays: Int, listed: Set<RepoKey>, now: Date, into outcome: inout RetentionOutcome) {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: mirrorsFolder)) ?? []
        let mirrors = Set(names.filter { $0.hasSuffix(".git") }.map { String($0.dropLast(4)) })
        let listedKeys = Set(listed.map(\.rawValue))
        let recorded =
            fileManager.contents(atPath: unlistedMirrorsFile).flatMap { try? Self.decoder.decode([String: Date].self, from: $0) } ?? [:]
        var since: [String: Date] = [:]
        for key in mirrors.subtracting(listedKeys).sorted() {
            let first = recorded[key] ?? now
            guard now.timeIntervalSince(first) >= Double(graceDays) * 86_400 else {
                since[key] = first
                continue
            }
            // Renamed first, as an interrupted clone's folder is named, so a removal cut short is finished by
            // the next sweep (`Mirror.removeLeftovers`) instead of leaving half a mirror.
            let doomed = mirrorsFolder + "/\(key).git.tmp-removed-\(getpid())"
            if rename(mirrorsFolder + "/\(key).git", doomed) == 0 {
                try? fileManager.removeItem(atPath: doomed)
                outcome.removedMirrors.append(key)
            } else {
                outcome.problems.append("cannot remove the mirror \(key).git: \(String(cString: strerror(errno)))")
                since[key] = first
            }
        }
        guard since != recorded else { return }
        do {
            if since.isEmpty {
                try? fileManager.removeItem(atPath: unlistedMirrorsFile)
            } else {
                try AtomicFile.write(Self.encoder.encode(since) + Data("\n".utf8), to: unlistedMirrorsFile)
            }
        } catch {
            outcome.problems.append("cannot write \(unlistedMirrorsFile): \(error)")
        }
    }
}
