import Fleet
import Foundation
import Results

/// A sweep's progress in the log, one event per repository as it ends (`sweep.repo`: `[3/12] shop:
/// scanned …`, a warning when it failed) and per note (`sweep.note`, a warning). Used by the daemon and by
/// `sweep` whenever its progress goes to a log rather than a terminal. The level comes from what happened,
/// never from the text, which names repositories.
extension DaemonLog: ProgressConsumer {
    package func receive(_ event: ProgressEvent, _ snapshot: ProgressReporter.Snapshot) {
        guard let line = event.logLine(done: snapshot.done, total: snapshot.total) else { return }
        switch event {
        case .note: warning("sweep.note", line)
        case .failed: warning("sweep.repo", line)
        default: info("sweep.repo", line)
        }
    }

    /// How a stored sweep ended, with its figures as fields: `sweep.finished`, or `sweep.failed` when no
    /// repository could be fetched and scanned.
    package func finished(_ outcome: SweepOutcome, seconds: Double) {
        let record = outcome.record
        let summary = outcome.summary
        let totals = summary.totals
        var message =
            "sweep finished: run \(record.id): \(record.repos.count) repositories in \(Self.seconds(seconds)): "
            + "\(outcome.count(.scanned)) scanned, \(outcome.count(.reused)) unchanged, \(summary.failedRepos) failed; "
            + "\(totals.apps) apps: \(totals.blocked) blocked, \(totals.atRisk) at risk, \(totals.ready) ready, \(totals.unknown) unknown"
        if summary.staleApps > 0 { message += " (\(summary.staleApps) from stale results)" }
        if outcome.diff.from != nil {
            let regressions = outcome.diff.regressions.count
            message +=
                "; \(regressions) regression\(regressions == 1 ? "" : "s"), \(RunNotification.newlyBlocked(in: outcome.diff).count) newly blocked"
        }
        let fields: KeyValuePairs<String, Value> = [
            "run": .string(record.id), "seconds": .number(seconds), "repos": .int(record.repos.count),
            "scanned": .int(outcome.count(.scanned)), "reused": .int(outcome.count(.reused)), "failed": .int(summary.failedRepos),
            "apps": .int(totals.apps), "blocked": .int(totals.blocked), "atRisk": .int(totals.atRisk), "ready": .int(totals.ready),
            "unknown": .int(totals.unknown), "stale": .int(summary.staleApps), "readiness": .number(summary.readiness),
            "regressions": .int(outcome.diff.regressions.count), "summary": .string(outcome.runFolder + "/summary.md"),
        ]
        if outcome.nothingScanned {
            error("sweep.failed", message + "; no repository could be fetched and scanned", fields)
        } else {
            info("sweep.finished", message, fields)
        }
    }

    static func seconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f s", value) : "\(Int(value.rounded())) s"
    }
}
