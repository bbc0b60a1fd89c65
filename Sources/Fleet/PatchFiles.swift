import Foundation
import Git
import Migration
import Results
import Rules
import ScanCore

/// With `fix: patches`, each scanned repository's blocked apps as `fix` decides them: per app
/// `runs/<id>/patches/<repo key>/<app>.patch` (the verified patch, for `git apply` at the repository root)
/// and `<app>.json` (the decision as `fix --format json` gives it: patched, or explained with the reasons and
/// steps). An explained app has its `.json` only.
enum PatchFiles {
    /// Decides the repository's blocked apps from the same tree its result was made from, writes their files
    /// and returns the counts; nil when no app is blocked (nothing is written).
    static func write(
        workspace: Workspace, source: GitTreeSource, settings: ScanSettings, rules: RuleSelection, report: ScanReport, key: RepoKey,
        folder: String
    ) throws -> PatchCounts? {
        guard report.apps.contains(where: { $0.verdict == .blocked && $0.counted }) else { return nil }
        // A sweep must not depend on a Swift toolchain, and a compiler process per patch would cost more than
        // the rest of the patch: written Swift is read back with scenesweep's lexer here, and `fix` adds
        // swiftc -parse. git apply --check and the re-scan run here as in `fix`; git checks each patch against
        // the scanned commit in the mirror, so the files it changes need not be copied out.
        var request = FixRequest(swiftParser: .none(reason: "a sweep leaves it to `scenesweep fix`"), environment: environment)
        request.applyBase = .commit(gitDirectory: source.repositoryPath) { source.index(editing: $0, creating: $1) }
        // The workspace's own source (`RememberingSource` over the tree) serves again what the scan read.
        let run = Migrator.run(
            workspace: workspace, report: report, source: workspace.fileSource, filter: settings.filter, rules: rules,
            request: request)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var counts = PatchCounts()
        for migration in run.migrations {
            let name = AppArtifactName.file(repo: key, path: migration.path, target: migration.target)
            let single = FixReport(root: report.root, toolVersion: report.toolVersion, rulePack: report.rulePack, apps: [migration])
            try AtomicFile.write(single.json, to: folder + "/" + name + ".json")
            if migration.status == .patched {
                try AtomicFile.write(migration.patch, to: folder + "/" + name + ".patch")
                counts.patched += 1
            } else {
                counts.explained += 1
            }
        }
        return counts
    }

    /// Links the patches a previous run wrote for a repository into this run (`from` and `to` are the
    /// repository's patch folders); nothing when it had none.
    /// The process's environment, read once: `ProcessInfo` copies it into a new dictionary on each call.
    private static let environment = ProcessInfo.processInfo.environment

    static func carry(from previous: String, to folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: previous), !names.isEmpty else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in names { _ = try? AtomicFile.link(previous + "/" + name, to: folder + "/" + name) }
    }
}
