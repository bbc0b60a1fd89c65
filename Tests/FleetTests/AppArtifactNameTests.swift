import Fleet
import Reports
import Results
import Testing

/// Per-app names are unique by construction, and `publish` and `report --format sarif-apps` take them from
/// the one function that makes them (issue 13, item 4).
@Suite("per-app names")
struct AppArtifactNameTests {
    @Test func namesThatReadAlikeOrAreCutAlikeStayApart() {
        let repo = RepoKey(name: "acme/shop")
        let long = String(repeating: "very-long-folder-name/", count: 10)
        let apps = [
            ("apps/shop ios", "Shop"), ("apps/shop-ios", "Shop"), ("a/b", "c"), ("a", "b/c"), (long + "a", "App"), (long + "b", "App"),
        ]
        let categories = apps.map { AppArtifactName.category(repo: repo, path: $0.0, target: $0.1) }
        let own = apps.map { AppArtifactName.category(path: $0.0, target: $0.1) }
        let files = apps.map { AppArtifactName.file(repo: repo, path: $0.0, target: $0.1) }
        #expect(Set(categories).count == apps.count && Set(own).count == apps.count && Set(files).count == apps.count)
        #expect(files.allSatisfy { RepoKey.isSafe(String($0.prefix(120))) && $0.utf8.count <= 160 })
        #expect(categories[0].hasPrefix("scenesweep/\(repo.rawValue)/apps/shop ios/Shop#"))
        // publish's logs and sarif-apps' files take their categories from the same functions.
        let app = AppReport(
            path: "apps/shop ios", target: "Shop", project: nil, platform: "ios", framework: "uikit", frameworkVersion: nil,
            verdict: .ready, findings: [], suppressed: [], unreadable: [])
        let report = ScanReport(root: ".", toolVersion: "0", rulePack: "ios27", apps: [app], diagnostics: [])
        #expect(PerAppSARIF.logs(report).map(\.category) == [own[0]])
        #expect(PerAppSARIF.files(report, repo: repo, repoName: "acme/shop").map(\.category) == [categories[0]])
    }
}
