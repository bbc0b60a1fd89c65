import ScanCore

extension ScanReport {
    /// The same report with every path (apps, projects, findings, suppressions, diagnostics) under
    /// `prefix`, the scanned folder's path from the repository root, and fingerprints made again from
    /// those paths: so a finding has one path and one fingerprint whichever folder of the repository was
    /// scanned, and GitHub and code scanning can attach it to the file.
    package func rebased(under prefix: String) -> ScanReport {
        guard !prefix.isEmpty else { return self }
        func path(_ path: String) -> String { path.isEmpty || path == "." ? prefix : prefix + "/" + path }
        func moved(_ finding: Finding) -> Finding {
            var moved = Finding(
                rule: finding.rule, severity: finding.severity, message: finding.message, file: path(finding.file), line: finding.line,
                column: finding.column, anchor: finding.anchor, offset: finding.offset)
            moved.fingerprint = finding.fingerprint
            return moved
        }
        func moved(_ pin: XcodePin) -> XcodePin {
            XcodePin(
                version: pin.version, floating: pin.floating, text: pin.text, source: pin.source,
                location: Location(file: path(pin.location.file), line: pin.location.line, column: pin.location.column),
                scope: path(pin.scope), basis: pin.basis)
        }
        func moved(_ status: DependencyStatus) -> DependencyStatus {
            DependencyStatus(
                name: status.name, package: status.package, ecosystem: status.ecosystem, resolved: status.resolved,
                sceneAware: status.sceneAware, state: status.state, breaks: status.breaks, source: status.source,
                severity: status.severity, file: path(status.file), line: status.line)
        }
        let apps = self.apps.map { app in
            let counted = app.findings.map(moved)
            let suppressed = app.suppressed.map { SuppressedFinding(finding: moved($0.finding), reason: $0.reason, line: $0.line) }
            // One numbering over every finding, as the scan engine does, from the paths as they are now.
            let all = (counted + suppressed.map(\.finding)).sorted(by: Finding.sortOrder)
            let prints = Dictionary(zip(all, Finding.fingerprinted(all).map(\.fingerprint)), uniquingKeysWith: { first, _ in first })
            func printed(_ finding: Finding) -> Finding {
                var finding = finding
                finding.fingerprint = prints[finding] ?? finding.fingerprint
                return finding
            }
            let refused = app.refusedSuppressions.map {
                SuppressedFinding(finding: printed(moved($0.finding)), reason: $0.reason, line: $0.line)
            }
            // A copy with its paths moved: every other member is carried as it is, whatever is added later.
            var rebased = app
            rebased.path = path(app.path)
            rebased.project = app.project.map(path)
            rebased.findings = counted.map(printed)
            rebased.suppressed = suppressed.map { SuppressedFinding(finding: printed($0.finding), reason: $0.reason, line: $0.line) }
            rebased.refusedSuppressions = refused
            rebased.toolchain = AppToolchain(pins: app.toolchain.pins.map(moved))
            rebased.dependencies = app.dependencies.map(moved)
            return rebased
        }
        let diagnostics = self.diagnostics.map { diagnostic in
            Diagnostic(diagnostic.severity, file: diagnostic.file.map(path), line: diagnostic.line, diagnostic.message)
        }
        var report = ScanReport(root: root, toolVersion: toolVersion, rulePack: rulePack, apps: apps, diagnostics: diagnostics)
        report.rootURI = rootURI
        return report
    }
}
