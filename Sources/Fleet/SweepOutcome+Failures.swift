import Results

extension SweepOutcome {
    /// The repositories of the run that could not be brought up to date (stale or failed), in config order.
    package var failedRepos: [RepoRecord] {
        record.repos.filter { $0.status.isFailure }
    }

    /// `2 of 10 repositories could not be fetched or scanned (--fail-on-fetch-error): shop, books`, or nil
    /// when every repository was: what `--fail-on-fetch-error` reports before exiting 2.
    package var fetchFailureSentence: String? {
        let failed = failedRepos
        guard !failed.isEmpty else { return nil }
        let names = failed.prefix(10).map(\.name).joined(separator: ", ") + (failed.count > 10 ? ", …" : "")
        let total = record.repos.count
        return
            "\(failed.count) of \(total) \(total == 1 ? "repository" : "repositories") could not be fetched or scanned (--fail-on-fetch-error): \(names)"
    }
}
