import Foundation
import Rules
import ScanCore
import TestSupport
import Testing

@testable import Reports
@testable import Results

/// The machine-readable formats keep their contracts: DESIGN.md's JSON, SARIF 2.1.0's required
/// structure, GitHub's workflow-command escaping.
@Suite("Report structure")
struct ReportStructureTests {
    static func report(_ fixture: String = "legacy-objc-xib") throws -> ScanReport {
        Scanner.scan(try DirectorySource(root: FixturePaths.scan(fixture).path, label: fixture))
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("JSON has the contract's fields with their types")
    func jsonContract() throws {
        let json = try Self.object(JSONReport.render(try Self.report()))
        #expect(json["schemaVersion"] as? Int == 1)
        let tool = try #require(json["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "scenesweep")
        #expect(tool["rulePack"] as? String == "ios27")
        #expect(json["root"] as? String == "legacy-objc-xib")
        let apps = try #require(json["apps"] as? [[String: Any]])
        let app = try #require(apps.first)
        for key in ["path", "target", "platform", "framework", "verdict"] { #expect(app[key] is String, "\(key)") }
        #expect(app["frameworkVersion"] is NSNull)
        let findings = try #require(app["findings"] as? [[String: Any]])
        #expect(findings.count == 11)
        for finding in findings {
            for key in ["rule", "severity", "message", "file", "fingerprint"] { #expect(finding[key] is String, "\(key)") }
            #expect((finding["line"] as? Int ?? 0) >= 1)
            #expect((finding["column"] as? Int ?? 0) >= 1)
            #expect((finding["fingerprint"] as? String)?.count == 16)
        }
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary["apps"] == 1 && summary["blocked"] == 1 && summary["atRisk"] == 0 && summary["ready"] == 0)
    }

    @Test("SARIF has one run, the catalogue as rules, relative URIs and line-free fingerprints")
    func sarifStructure() throws {
        let sarif = try Self.object(SARIFReport.render(try Self.report()))
        #expect(sarif["version"] as? String == "2.1.0")
        #expect((sarif["$schema"] as? String)?.hasSuffix("sarif-2.1.0.json") == true)
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == Catalogue.all.map { $0.description.id })
        for rule in rules {
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 11)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleID)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.hasPrefix("/") && !uri.contains("://"))
            #expect(((location["region"] as? [String: Any])?["startLine"] as? Int ?? 0) >= 1)
            let fingerprints = try #require(result["partialFingerprints"] as? [String: String])
            #expect(fingerprints.values.allSatisfy { $0.count == 16 })
        }
    }

    @Test("Fingerprints survive a finding moving to another line")
    func fingerprintsIgnoreLines() throws {
        let first = TemporaryDirectory("fingerprint")
        let second = TemporaryDirectory("fingerprint")
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchStoryboardName</key><string>L</string></dict></plist>
            """
        for (directory, padding) in [(first, ""), (second, "\n\n// moved down\n")] {
            directory.write("App/Info.plist", plist)
            directory.write("App/Alerts.swift", padding + "func show() {\n    let w = UIApplication.shared.keyWindow\n}\n")
        }
        let a = Scanner.scan(try DirectorySource(root: first.path)).findings.filter { $0.rule == "window-lookup" }
        let b = Scanner.scan(try DirectorySource(root: second.path)).findings.filter { $0.rule == "window-lookup" }
        #expect(a.count == 1 && b.count == 1)
        #expect(a.first?.line != b.first?.line)
        #expect(a.first?.fingerprint == b.first?.fingerprint)
    }

    @Test("Report text from repositories cannot break Markdown tables or workflow commands")
    func escaping() {
        #expect(Markdown.cell("a|b\nc<script>") == "a\\|b c&lt;script&gt;")
        // Text with nothing to escape comes back as it is; each special byte is escaped wherever it sits.
        #expect(Markdown.cell("Plain text, 1.2 (x) {y} #z ~ / - + = 'q' \"d\"") == "Plain text, 1.2 (x) {y} #z ~ / - + = 'q' \"d\"")
        #expect(Markdown.cell("*a_b[c]`d&") == "\\*a\\_b\\[c\\]\\`d&amp;")
        #expect(Markdown.cell("tab\there é \u{202E}x") == "tab\there é \\u{202E}x")
        #expect(Markdown.code("File.swift:12") == "File.swift:12")
        #expect(Markdown.code("a`b|c\r\nd") == "a'b\\|c  d")
        #expect(
            GitHubReport.render(
                ScanReport(
                    root: "r", toolVersion: "1", rulePack: "p",
                    apps: [
                        AppReport(
                            path: "p", target: "T,1:2", project: nil, platform: "iOS", framework: "native", frameworkVersion: nil,
                            verdict: .blocked,
                            findings: [
                                Finding(
                                    rule: "r", severity: .error, message: "bad\n::error::injected%", file: "a,b:c.swift", line: 1,
                                    column: 1, anchor: "")
                            ],
                            suppressed: [], unreadable: [])
                    ], diagnostics: [])
            ).hasPrefix("::error file=a%2Cb%3Ac.swift,line=1,col=1,title=r (T%2C1%3A2)::bad%0A::error::injected%25\n"))
    }
}
