import Fleet
import Foundation
import Reports
import Results

/// `scenesweep _sweep-worker`: not listed in the help, started by sweeps (`IsolatedRepoWork`).
package enum SweepWorkerCommand {
    static let name = "_sweep-worker"

    /// This binary as the sweep's worker: /proc/self/exe resolved, so a PATH lookup or a relative
    /// argv[0] cannot pick another scenesweep.
    /// nil when `SCENESWEEP_WORKERS=0`: repositories then run on the sweep's own threads, unbounded (to
    /// measure what the workers cost, or to debug a scan in one process).
    package static func launchingSelf(environment: [String: String] = ProcessInfo.processInfo.environment) -> WorkerLaunch? {
        if environment["SCENESWEEP_WORKERS"] == "0" { return nil }
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        return WorkerLaunch(executable: path, arguments: [name])
    }

    /// Serves the sweep that started this process, with the standard reports.
    static func serve() -> Int32 {
        SweepWorker.serve()
    }
}
