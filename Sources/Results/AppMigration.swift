/// What `fix` decided for one app: a verified patch, or an explanation instead of one.
package struct AppMigration: Sendable {
    package enum Status: String, Sendable {
        /// A patch was written and passed every check.
        case patched
        /// No patch: the reasons say why, the steps what to do by hand.
        case explained
    }

    /// The app's folder and target, exactly as the scan reports them.
    package let path: String
    package let target: String
    package let framework: String
    package let status: Status
    /// The files the patch creates or changes (none when explained).
    package let changes: [FileChange]
    /// The app's findings the patch clears, as the scan of the unpatched tree reported them.
    package let resolves: [Finding]
    /// The app's errors and warnings left once the patch is applied (or now, when explained).
    package let remaining: [Finding]
    /// Why there is no patch; for a patch, what it could not do (a callback it cannot call).
    package let reasons: [MigrationNote]
    /// What to do by hand.
    package var steps: [String]
    /// Each check the patch passed, in words (`git apply --check`, `re-scan: not blocked`, …).
    package let checks: [String]
    /// The patch as a unified diff that `git apply` takes from the repository root ("" when explained).
    package var patch: String = ""

    package init(
        path: String, target: String, framework: String, status: Status, changes: [FileChange], resolves: [Finding],
        remaining: [Finding], reasons: [MigrationNote], steps: [String], checks: [String]
    ) {
        self.path = path
        self.target = target
        self.framework = framework
        self.status = status
        self.changes = changes
        self.resolves = resolves
        self.remaining = remaining
        self.reasons = reasons
        self.steps = steps
        self.checks = checks
    }
}

extension AppMigration {
    /// The same decision with every path under `prefix` (the scanned folder's path from the repository root);
    /// `finding` gives each finding as the rebased scan report has it.
    package func rebased(under prefix: String, finding: (Finding) -> Finding) -> AppMigration {
        guard !prefix.isEmpty else { return self }
        func path(_ path: String) -> String { path.isEmpty || path == "." ? prefix : prefix + "/" + path }
        return AppMigration(
            path: path(self.path), target: target, framework: framework, status: status,
            changes: changes.map { FileChange(path: path($0.path), before: $0.before, after: $0.after) },
            resolves: resolves.map(finding), remaining: remaining.map(finding),
            reasons: reasons.map { MigrationNote($0.text, file: $0.file.map(path), line: $0.line) }, steps: steps, checks: checks)
    }
}
