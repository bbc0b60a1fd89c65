import Results
import ScanCore

/// A whole run's SARIF split into one file per app, each with its own code-scanning category, for uploads
/// of many repositories' apps into one code scanning (`publish` uploads each repository's apps into its
/// own, through `SARIFPerApp`). Every app gets a file, with findings or not, so an app whose findings are
/// gone has its alerts closed. Names come from `AppArtifactName`, unique by construction.
package enum PerAppSARIF {
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

    /// One file per app of `report`, the result of the repository `repo`: the logs `publish` uploads
    /// (`SARIFPerApp`), each under the fleet-wide category that adds the repository's key.
    package static func files(_ report: ScanReport, repo: RepoKey, repoName: String) -> [File] {
        report.apps.map { app in
            let category = AppArtifactName.category(repo: repo, path: app.path, target: app.target)
            let one = ScanReport(
                root: report.root, toolVersion: report.toolVersion, rulePack: report.rulePack, apps: [app], diagnostics: [])
            return File(
                name: AppArtifactName.file(repo: repo, path: app.path, target: app.target) + ".sarif", category: category,
                repo: repoName, path: app.path, target: app.target, results: app.findings.count + app.suppressed.count,
                sarif: SARIFReport.serialized(SARIFReport.log(one, automationID: category + "/")))
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
