import Foundation
import Results

/// What GitLab and Gitea get instead of SARIF. Neither has an API that takes a SARIF log into its
/// security views: GitLab reads security reports only as CI job artifacts (`artifacts:reports:sast`, in
/// its own JSON format, with Ultimate), and Gitea has no code scanning at all. Both take a commit status,
/// so each repository's scanned commit gets one (`scenesweep/ios27`) saying how many apps are blocked,
/// at risk and ready, linked to the repository's page when the config has a `report_url`.
package enum CommitStatus {
    package static let context = "scenesweep/ios27"

    /// GitLab `POST /projects/:id/statuses/:sha`, Gitea `POST /repos/:owner/:repo/statuses/:sha`.
    package static func path(_ repository: ForgeRepository, commit: String) -> String {
        switch repository.forge.kind {
        case .gitlab: "/projects/" + PathSegment.escaping(repository.path, keepSlash: false) + "/statuses/" + commit
        case .gitea, .github: "/repos/" + PathSegment.escaping(repository.path, keepSlash: true) + "/statuses/" + commit
        }
    }

    package static func body(_ repository: ForgeRepository, apps: [AppReport], ref: String, targetURL: String?) throws -> Data {
        let blocked = apps.filter { $0.verdict == .blocked }.count
        let atRisk = apps.filter { $0.verdict == .atRisk }.count
        let ready = apps.filter { $0.verdict == .ready }.count
        let description =
            apps.isEmpty
            ? "no iOS app found"
            : "iOS 27: \(blocked) blocked, \(atRisk) at risk, \(ready) ready of \(apps.count) app\(apps.count == 1 ? "" : "s")"
        var fields: [String: String] = ["description": description]
        switch repository.forge.kind {
        case .gitlab:
            // GitLab's states: pending, running, success, failed, canceled (no warning).
            fields["state"] = blocked > 0 ? "failed" : "success"
            fields["name"] = context
            fields["ref"] = ref
        case .gitea, .github:
            fields["state"] = blocked > 0 ? "failure" : atRisk > 0 ? "warning" : "success"
            fields["context"] = context
        }
        if let targetURL { fields["target_url"] = targetURL }
        return try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    }
}
