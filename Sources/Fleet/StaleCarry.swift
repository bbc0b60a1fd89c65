import Foundation
import Git
import Results

/// The one policy for carrying results into a new run, shared by sweeps and shard merges: a result's
/// files are linked from the run that has them (rendered when that run predates a format), and a
/// repository that could not be brought up to date keeps its last result marked stale, with the error
/// and the first run of its failing streak, or, without one, fails (its apps count as unknown).
struct StaleCarry {
    let store: RunStore
    let runID: String

    /// The first run of the current streak of failures: the earlier record's when it was failing too.
    func failingSince(_ before: RepoRecord?) -> String {
        before.flatMap { $0.status.isFailure ? $0.failingSince : nil } ?? runID
    }

    /// Links (or copies) a result's files into this run, rendering any the source lacks; false if that
    /// fails. `source` gives a file's path by extension.
    func place(_ report: ScanReport, of key: RepoKey, from source: (String) -> String) -> Bool {
        do {
            for (ext, render) in RunFiles.repoFiles {
                let target = store.resultPath(run: runID, key: key, ext: ext)
                if try !AtomicFile.link(source(ext), to: target) {
                    try AtomicFile.write(render(report), to: target)
                }
            }
            // The patches made from that result, when it had them: `repos/<key>.json` → `patches/<key>`.
            let previous = source("json")
            let runFolder = (previous as NSString).deletingLastPathComponent.replacingOccurrences(
                of: "/repos", with: "", options: .anchored.union(.backwards))
            let previousKey = ((previous as NSString).lastPathComponent as NSString).deletingPathExtension
            PatchFiles.carry(from: runFolder + "/patches/" + previousKey, to: store.patchFolder(run: runID, key: key))
            return true
        } catch {
            return false
        }
    }

    /// `record`, whose result `report` is already placed in this run, marked stale with `error`; its
    /// pages get the notice saying so (best effort: without it they still show the right, last, result).
    func stale(_ record: RepoRecord, report: ScanReport, error: String, since: String) -> RepoWork.Outcome {
        var record = record
        record.status = .stale
        record.error = error
        record.failingSince = since
        try? RunFiles.writeStalePages(report, notice: StaleNotice(record), key: record.key, store: store, runID: runID)
        return RepoWork.Outcome(record: record, report: report)
    }

    /// A repository with no result to carry: failed, its apps unknown.
    func failed(
        _ repo: RepoConfig, error: String, since: String, scannedBranch: String? = nil, fetchSeconds: Double? = nil
    ) -> RepoWork.Outcome {
        let record = RepoRecord(
            key: repo.key, name: repo.name, url: GitURL.redacted(repo.url), branch: repo.branch, scannedBranch: scannedBranch,
            team: repo.team, status: .failed, error: error, failingSince: since, fetchSeconds: fetchSeconds)
        return RepoWork.Outcome(record: record, report: nil)
    }
}
