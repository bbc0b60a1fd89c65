import Fleet
import Reports
import Results

/// Runs one sweep for the daemon. Called on a thread of its own, so it may block; tests replace it.
package protocol SweepRunner: Sendable {
    /// Sweeps the fleet of `config`, reporting to `progress` and stopping early when `stop` is requested
    /// (by throwing `SweepStopped`).
    func sweep(_ config: FleetConfig, progress: ProgressReporter, stop: StopRequest) throws -> SweepOutcome
}

/// The real sweep, with the standard reports.
package struct FleetSweepRunner: SweepRunner {
    /// The process environment: the https token is read from it.
    package var variables: [String: String]
    package var fetchRetry: RetryPolicy
    /// Worker processes for each repository's fetch and scan; nil runs them on this process's threads.
    package var workers: WorkerLaunch?

    package init(variables: [String: String], fetchRetry: RetryPolicy = .fetch, workers: WorkerLaunch? = nil) {
        self.variables = variables
        self.fetchRetry = fetchRetry
        self.workers = workers
    }

    package func sweep(_ config: FleetConfig, progress: ProgressReporter, stop: StopRequest) throws -> SweepOutcome {
        let environment = SweepEnvironment(
            links: ReportLinks(config), variables: variables, progress: progress, fetchRetry: fetchRetry, stop: stop,
            workers: workers)
        return try Sweep(config: config, environment: environment).run()
    }
}
