import Fleet
public import Rules
import ScanCore

/// One SARIF log per app of a repository's result, each with its own code-scanning category
/// (`runs[0].automationDetails.id`), so that each app's alerts open and close on their own: an app with
/// no findings gets a log with no results, which closes its alerts. Every app of the result gets one.
public enum SARIFPerApp {
    public struct Log: Sendable {
        public let app: AppReport
        public let category: String
        public let sarif: String
    }

    public static func logs(_ report: ScanReport) -> [Log] {
        report.apps.map { app in
            let single = ScanReport(
                root: report.root, toolVersion: report.toolVersion, rulePack: report.rulePack, apps: [app], diagnostics: report.diagnostics)
            let category = category(path: app.path, target: app.target)
            guard case .object(var members) = SARIFReport.value(single),
                let runsIndex = members.firstIndex(where: { $0.0 == "runs" }), case .array(var runs) = members[runsIndex].1,
                case .object(var run) = runs.first
            else { return Log(app: app, category: category, sarif: SARIFReport.render(single)) }
            // The trailing slash makes the id a category with no run id of its own (SARIF 3.17.4).
            run.append(("automationDetails", .object([("id", .string(category + "/"))])))
            runs[0] = .object(run)
            members[runsIndex].1 = .array(runs)
            return Log(app: app, category: category, sarif: JSONValue.object(members).serialized())
        }
    }

    /// `scenesweep/<path>/<target>#<hash>`: made by `AppArtifactName`, the one place per-app names are made.
    public static func category(path: String, target: String) -> String {
        AppArtifactName.category(path: path, target: target)
    }
}
