import Results
import ScanCore

/// One SARIF log per app of a repository's result, each with its own code-scanning category
/// (`runs[0].automationDetails.id`), so that each app's alerts open and close on their own: an app with
/// no findings gets a log with no results, which closes its alerts. Every app of the result gets one.
package enum SARIFPerApp {
    package struct Log: Sendable {
        package let app: AppReport
        package let category: String
        package let sarif: String
    }

    package static func logs(_ report: ScanReport) -> [Log] {
        report.apps.map { app in
            let single = ScanReport(
                root: report.root, toolVersion: report.toolVersion, rulePack: report.rulePack, apps: [app], diagnostics: report.diagnostics)
            let category = category(path: app.path, target: app.target)
            return Log(app: app, category: category, sarif: SARIFReport.serialized(SARIFReport.log(single, automationID: category + "/")))
        }
    }

    /// `scenesweep/<path>/<target>#<hash>`: made by `AppArtifactName`, the one place per-app names are made.
    package static func category(path: String, target: String) -> String {
        AppArtifactName.category(path: path, target: target)
    }
}
