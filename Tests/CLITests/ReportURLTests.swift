import CLI
import Foundation
import TestSupport
import Testing

/// `report_url:` in the config: where the workspace is served, used for the links scenesweep writes for
/// readers elsewhere (the sweep's summary lines, summary.md, diff.md, webhooks, commit statuses).
@Suite("report_url")
struct ReportURLTests {
    static func fleet(reportURL: String?) throws -> GitWorkbench {
        let bench = try FleetCommandTests.fleet()
        if let reportURL {
            let path = bench.path("fleet.yaml")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try (text.replacingOccurrences(of: "workspace: ws\n", with: "workspace: ws\nreport_url: \(reportURL)\n"))
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        return bench
    }

    @Test func theSweepAndItsMarkdownLinkToTheRunUnderTheReportURL() throws {
        let bench = try Self.fleet(reportURL: "https://reports.example.com/ios27/")
        let sweep = FleetCommandTests.run(["sweep", "--quiet"], in: bench.root)
        #expect(sweep.status == 0, "\(sweep.err)")
        let run = try String(contentsOfFile: bench.path("ws/latest"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let base = "https://reports.example.com/ios27/runs/\(run)"
        #expect(sweep.out.contains("report:  \(base)/summary.html\n"))

        let summary = try String(contentsOfFile: bench.path("ws/runs/\(run)/summary.md"), encoding: .utf8)
        #expect(summary.hasSuffix("\n[Dashboard](\(base)/summary.html) · [what changed](\(base)/diff.md) · [apps.csv](\(base)/apps.csv)\n"))
        let diff = try String(contentsOfFile: bench.path("ws/runs/\(run)/diff.md"), encoding: .utf8)
        #expect(diff.hasSuffix("\n[Dashboard](\(base)/summary.html) · [summary](\(base)/summary.md)\n"))
        // `report` renders the stored run again byte for byte, links included.
        #expect(FleetCommandTests.run(["report", "--format", "markdown"], in: bench.root).out == summary)
    }

    @Test func withoutAReportURLNothingChanges() throws {
        let bench = try Self.fleet(reportURL: nil)
        let sweep = FleetCommandTests.run(["sweep", "--quiet"], in: bench.root)
        #expect(!sweep.out.contains("report:"))
        let run = try String(contentsOfFile: bench.path("ws/latest"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let summary = try String(contentsOfFile: bench.path("ws/runs/\(run)/summary.md"), encoding: .utf8)
        #expect(!summary.contains("[Dashboard]"))
    }

    @Test func aReportURLOrForgeThatCannotBeUsedIsAConfigErrorAtItsLine() throws {
        let bench = GitWorkbench("reporturl")
        try bench.write(
            [
                "bad.yaml": """
                version: 1
                report_url: http://reports.example.com/x
                publish:
                  forges:
                    - { host: github.com, kind: gihub, token_env: GITHUB_TOKEN }
                    - { host: github.com, kind: gitea, token_env: "ghp_abc123 secret", api: "https://user:pw@git.example.com" }
                repos:
                  - url: a

                """
            ], in: bench.root)
        let result = FleetCommandTests.run(["validate", "--config", "bad.yaml"], in: bench.root)
        #expect(result.status == 2)
        #expect(
            result.err.contains(
                "bad.yaml:2:13: error: report_url: expected an https URL (plain http only for localhost), found 'http://reports.example.com/x'"
            ))
        #expect(
            result.err.contains(
                "bad.yaml:5:33: error: publish.forges[0].kind: unknown forge 'gihub' (did you mean 'github'?); use github, gitlab or gitea")
        )
        #expect(result.err.contains("bad.yaml:6:15: error: publish.forges[1].host: github.com is already publish.forges[0]"))
        #expect(
            result.err.contains(
                "publish.forges[1].token_env: expected the name of an environment variable (such as GITHUB_TOKEN), not the secret itself"))
        #expect(!result.err.contains("ghp_abc123"))
        #expect(result.err.contains("publish.forges[1].api: the URL holds credentials; give tokens through token_env"))
    }
}
