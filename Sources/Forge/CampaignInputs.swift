import Fleet
import Foundation
import Results

/// What a run left for one repository's campaign step: each blocked app's decision (`<app>.json`) and, for
/// the patched ones, the verified patch beside it (`<app>.patch`), turned into the branch's commits in the
/// folder's (file-name) order.
struct CampaignInputs {
    var decisions: [PatchDecision]
    var commits: [CampaignCommit]

    static func read(folder: String) throws -> CampaignInputs {
        let decisions = try PatchDecision.read(folder: folder)
        var commits: [CampaignCommit] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where name.hasSuffix(".patch") {
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path), let patch = String(data: data, encoding: .utf8) else {
                throw CampaignInputError("\(path): cannot read the app's patch")
            }
            let stem = String(name.dropLast(".patch".count))
            let decision = try? PatchDecision.read(Data(contentsOf: URL(fileURLWithPath: folder + "/" + stem + ".json"))).first
            commits.append(CampaignCommit(name: name, patch: patch, message: message(decision, file: name)))
        }
        return CampaignInputs(decisions: decisions, commits: commits)
    }

    /// A commit message in git's form: a subject under 72 characters, then what changed and was checked.
    static func message(_ decision: PatchDecision?, file: String) -> String {
        guard let decision else { return "Adopt the UIKit scene life cycle (\(file))\n" }
        var subject = "Adopt the UIKit scene life cycle in \(decision.target)"
        if subject.count > 72 { subject = String(subject.prefix(71)) + "…" }
        var text = subject + "\n\nThe iOS 27 SDK requires it: an app without scenes stops at launch.\n"
        text += "App: \(decision.path) (\(decision.framework))\n"
        if !decision.files.isEmpty {
            text += "\n" + decision.files.map { "- \($0.change) \($0.path)" }.joined(separator: "\n") + "\n"
        }
        if !decision.checks.isEmpty { text += "\nVerified by scenesweep: " + decision.checks.joined(separator: "; ") + ".\n" }
        return text
    }

    /// The owners (CODEOWNERS) of the repository's blocked apps, from the run's result; none if it cannot be read.
    func owners(store: RunStore, run: String, key: RepoKey) -> [String] {
        guard let report = try? store.result(run: run, key: key) else { return [] }
        var owners: [String] = []
        for app in report.apps where app.verdict == .blocked {
            for owner in app.owners where !owners.contains(owner) { owners.append(owner) }
        }
        return owners
    }
}
