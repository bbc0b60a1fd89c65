import Results
import ScanCore

/// SARIF cut to one app per log, each under its own code-scanning category (`runs[0].automationDetails.id`),
/// so that each app's alerts open and close on their own. Every app gets a log, with findings or not, so an
/// app whose findings are gone has its alerts closed. Two uses: `publish` uploads each repository's apps
/// into that repository's code scanning (`logs`), and `report --format sarif-apps` writes a whole run's
/// apps as files for one code scanning shared by the fleet (`files`). Categories and file names come from
/// `AppArtifactName`, unique by construction.
package enum PerAppSARIF {
    /// One app's log: `report` with only `app` and the given diagnostics, under `category`.
    static func log(_ report: ScanReport, app: AppReport, category: String, diagnostics: [Diagnostic]) -> String {
        let single = ScanReport(
            root: report.root, toolVersion: report.toolVersion, rulePack: report.rulePack, apps: [app], diagnostics: diagnostics)
        return SARIFReport.serialized(SARIFReport.log(single, automationID: category + "/"))
    }

    package struct Log: Sendable {
        package let app: AppReport
        package let category: String
        package let sarif: String
    }

    /// One log per app of a repository's result for its own code scanning, each with the result's
    /// diagnostics, under `scenesweep/<path>/<target>#<hash>`.
    package static func logs(_ report: ScanReport) -> [Log] {
        report.apps.map { app in
            let category = AppArtifactName.category(path: app.path, target: app.target)
            return Log(app: app, category: category, sarif: log(report, app: app, category: category, diagnostics: report.diagnostics))
        }
    }

    package struct File: Sendable {
        /// `<repo-key>--<app>.sarif`.
        package let name: String
        package let category: String
        package let repo: String
        package let path: String
        package let target: String
        package let results: Int
        package let sarif: String
    }

    /// One file per app of `report`, the result of the repository `repo`, each under the fleet-wide
    /// category that adds the repository's key. Unlike `logs`, the files carry none of the result's
    /// diagnostics (as they never have: their output is unchanged).
    package static func files(_ report: ScanReport, repo: RepoKey, repoName: String) -> [File] {
        report.apps.map { app in
            let category = AppArtifactName.category(repo: repo, path: app.path, target: app.target)
            return File(
                name: AppArtifactName.file(repo: repo, path: app.path, target: app.target) + ".sarif", category: category,
                repo: repoName, path: app.path, target: app.target, results: app.findings.count + app.suppressed.count,
                sarif: log(report, app: app, category: category, diagnostics: []))
        }
    }

    /// `apps.json` beside the files: one line, a list of `{file, category, repo, path, target, results}`
    /// with `file` under `folder`, ready to be a CI matrix (`fromJSON`).
    package static func index(_ files: [File], folder: String) -> String {
        JSONValue.array(
            files.map { file in
                .object([
                    ("file", .string(folder + "/" + file.name)), ("category", .string(file.category)), ("repo", .string(file.repo)),
                    ("path", .string(file.path)), ("target", .string(file.target)), ("results", .int(file.results)),
                ])
            }
        ).compact() + "\n"
    }
}
