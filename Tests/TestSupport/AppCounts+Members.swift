import Results

extension AppCounts {
    /// Counts given member by member, as a test states what it expects.
    package init(blocked: Int = 0, atRisk: Int = 0, ready: Int = 0, unknown: Int = 0, errors: Int = 0, warnings: Int = 0, notes: Int = 0) {
        self.init()
        (self.blocked, self.atRisk, self.ready, self.unknown) = (blocked, atRisk, ready, unknown)
        (self.errors, self.warnings, self.notes) = (errors, warnings, notes)
    }
}
