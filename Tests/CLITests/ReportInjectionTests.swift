import CLI
import Foundation
import TestSupport
import Testing

/// Hostile strings from a repository (file names, a target name, a plist value echoed in a message)
/// reach every format of `scenesweep scan` as text: nothing starts a line of its own, breaks a table,
/// becomes markup or a workflow command, and JSON and SARIF give the strings back exactly.
@Suite("Report injection (scan)")
struct ReportInjectionTests {
    /// File names git and Linux can carry: line breaks with a workflow command after them, an ESC
    /// sequence, a right-to-left override, a tab, `%`, a leading `-`, a `..`-looking name.
    static let fileNames = [
        "Evil/evil\r\n::error file=x::pwned|=cmd.swift",
        "Evil/esc\u{1B}[31mred\u{202E}txt.swift",
        "Evil/-tab\there%0A,line\u{2028}sep.swift",
        "Evil/..dots...swift",
    ]
    /// A target name: a spreadsheet formula, a line break and a workflow command, markup, table pipes.
    static let targetName = "=HYPERLINK(1)\r\n::warning::pwned <img src=x onerror=alert(1)> | x"
    /// A scene delegate class named in Info.plist, echoed in the finding's message.
    static let className = "Evil\r\n::error::pwned|<script>alert(1)</script>"

    static func tree() -> TemporaryDirectory {
        let directory = TemporaryDirectory("injection")
        let xmlClass = "Evil&#13;&#10;::error::pwned|&lt;script&gt;alert(1)&lt;/script&gt;"
        directory.write(
            "Evil/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchStoryboardName</key><string>Launch</string>
            <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneConfigurationName</key><string>Default</string>
            <key>UISceneDelegateClassName</key><string>\(xmlClass)</string>
            </dict></array></dict></dict></dict></plist>
            """)
        directory.write("Evil/AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n")
        for name in fileNames { directory.write(name, "let w = UIApplication.shared.keyWindow\n") }

        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        let project = writer.write().text.replacingOccurrences(of: "name = App;", with: "name = \"\(targetName)\";")
        directory.write("Named/App.xcodeproj/project.pbxproj", project)
        directory.write("Named/App/Info.plist", "<plist version=\"1.0\"><dict><key>LSRequiresIPhoneOS</key><true/></dict></plist>")
        directory.write("Named/App/AppDelegate.swift", "@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n")
        return directory
    }

    static func scan(_ format: String, _ directory: TemporaryDirectory) -> (status: Int32, out: String, err: String) {
        ConsoleCapture.run(["scan", "--format", format, "--fail-on", "never", directory.path])
    }

    /// Scalars that must never reach a line-oriented output raw.
    static let raw: [Unicode.Scalar] = ["\r", "\u{1B}", "\u{202E}", "\u{2028}"]

    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { raw.contains($0) }
    }

    @Test func theTreeReallyHoldsTheHostileNames() throws {
        let directory = Self.tree()
        let listed = try FileManager.default.contentsOfDirectory(atPath: directory.path + "/Evil")
        #expect(Set(Self.fileNames.map { String($0.dropFirst("Evil/".count)) }).isSubset(of: Set(listed)))
    }

    @Test func textOutputShowsControlCharactersAsEscapesAndNoLineIsAWorkflowCommand() {
        let result = Self.scan("text", Self.tree())

        #expect(!Self.hasRawControl(result.out))
        #expect(!Self.hasRawControl(result.err))
        for line in (result.out + result.err).split(separator: "\n") {
            #expect(!line.hasPrefix("::"), "\(line)")
        }
        #expect(result.out.contains(#"Evil/evil\u{D}\u{A}::error file=x::pwned|=cmd.swift:1:30: warning: UIApplication.keyWindow"#))
        #expect(result.out.contains(#"Evil/esc\u{1B}[31mred\u{202E}txt.swift:1:30: warning:"#))
        #expect(result.out.contains(#"Evil/-tab"# + "\t" + #"here%0A,line\u{2028}sep.swift:1:30: warning:"#))
        #expect(
            result.out.contains(#"target =HYPERLINK(1)\u{D}\u{A}::warning::pwned <img src=x onerror=alert(1)> | x (Named/App.xcodeproj)"#))
        #expect(result.out.contains(#"UISceneDelegateClassName Evil\u{D}\u{A}::error::pwned|<script>alert(1)</script> names no class"#))
    }

    @Test func githubAnnotationsEncodeLineBreaksPercentColonsAndCommasSoEachFindingIsOneCommand() {
        let result = Self.scan("github", Self.tree())
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()

        #expect(!result.out.contains("\r"))
        for line in lines {
            #expect(line.hasPrefix("::error ") || line.hasPrefix("::warning ") || line.hasPrefix("::notice "), "\(line)")
        }
        // One command per finding, and the summary: nothing the repository wrote added or split a line.
        let json = Self.scan("json", Self.tree()).out
        let findings = Self.findings(inJSON: json)
        #expect(lines.count == Set(findings.map { "\($0.file):\($0.line):\($0.rule):\($0.message)" }).count + 1)
        #expect(result.out.contains("file=Evil/evil%0D%0A%3A%3Aerror file=x%3A%3Apwned|=cmd.swift,line=1,col=30,"))
        #expect(result.out.contains("file=Evil/-tab\there%250A%2Cline\u{2028}sep.swift,"))
        #expect(
            result.out.contains(
                "title=scene-manifest-missing (=HYPERLINK(1)%0D%0A%3A%3Awarning%3A%3Apwned <img src=x onerror=alert(1)> | x)::"))
        #expect(result.out.contains("::UISceneDelegateClassName Evil%0D%0A::error::pwned|<script>"))
    }

    @Test func markdownKeepsEveryTableRowOnOneLineWithItsPipesEscaped() {
        let result = Self.scan("markdown", Self.tree())

        #expect(!Self.hasRawControl(result.out))
        #expect(!HTMLTag.all(in: result.out).contains { $0.name == "script" || $0.name == "img" })
        for line in result.out.split(separator: "\n") where line.hasPrefix("|") {
            // A finding row has four cells: five pipes that are not escaped.
            let cells = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            #expect(line.hasSuffix("|") && (cells == 5 || cells == 9), "\(line)")
        }
        #expect(result.out.contains("`Evil/evil  ::error file=x::pwned\\|=cmd.swift:1`"))
        #expect(result.out.contains("`Evil/esc\\u{1B}[31mred\\u{202E}txt.swift:1`"))
        #expect(result.out.contains("UISceneDelegateClassName Evil  ::error::pwned\\|&lt;script&gt;alert(1)&lt;/script&gt; names no class"))
    }

    struct Found: Hashable {
        let file: String
        let line: Int
        let rule: String
        let message: String
        let target: String
    }

    static func findings(inJSON text: String) -> [Found] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [] }
        var result: [Found] = []
        for app in object["apps"] as? [[String: Any]] ?? [] {
            for finding in app["findings"] as? [[String: Any]] ?? [] {
                result.append(
                    Found(
                        file: finding["file"] as? String ?? "", line: finding["line"] as? Int ?? 0, rule: finding["rule"] as? String ?? "",
                        message: finding["message"] as? String ?? "", target: app["target"] as? String ?? ""))
            }
        }
        return result
    }

    @Test func jsonParsesBackAndGivesEveryHostileStringExactly() throws {
        let result = Self.scan("json", Self.tree())
        let findings = Self.findings(inJSON: result.out)

        #expect(Set(findings.map(\.file)).isSuperset(of: Self.fileNames))
        #expect(findings.contains { $0.target == Self.targetName })
        #expect(findings.contains { $0.message.contains("UISceneDelegateClassName \(Self.className) names no class") })
    }

    @Test func sarifParsesBackAndItsURIsDecodeToTheHostileNames() throws {
        let result = Self.scan("sarif", Self.tree())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        var uris: [String] = []
        var messages: [String] = []
        for item in results {
            messages.append((item["message"] as? [String: Any])?["text"] as? String ?? "")
            for location in item["locations"] as? [[String: Any]] ?? [] {
                let physical = location["physicalLocation"] as? [String: Any]
                let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String ?? ""
                // A URI reference: no raw space, control character or `%` that is not an escape.
                #expect(!uri.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || $0 == "\u{202E}" }, "\(uri)")
                uris.append(uri.removingPercentEncoding ?? "")
            }
        }
        #expect(Set(uris).isSuperset(of: Self.fileNames))
        #expect(messages.contains { $0.contains("UISceneDelegateClassName \(Self.className) names no class") })
    }
    @Test func aRepoURLWithALineBreakIsAConfigErrorAndHostileNamesAndURLsReachTheSweepLogEscaped() throws {
        let bench = GitWorkbench("injection")
        try bench.makeRepository("up", files: ["README.md": "x\n"])
        let header = "version: 1\nfleet: { name: P, deadline: 2027-04-01 }\nworkspace: ws\nrepos:\n"
        try Data((header + "  - url: \"up\\r\\n::error::url\"\n").utf8).write(to: URL(fileURLWithPath: bench.path("broken.yaml")))
        try Data(
            (header + "  - url: \"up\\u001b[2J\\u202e\"\n    name: \"a/b\\u001b[2J\\r\\n::error::name\"\n  - url: up\n    name: ../../etc\n")
                .utf8
        ).write(to: URL(fileURLWithPath: bench.path("fleet.yaml")))

        let broken = ConsoleCapture.run(["validate", "--config", bench.path("broken.yaml")])
        let sweep = ConsoleCapture.run(["sweep", "--config", bench.path("fleet.yaml")])

        #expect(broken.status == 2)
        #expect(broken.err.contains("broken.yaml:5:10: error: repos[0].url: the URL holds a line break"))
        #expect(sweep.status == 0, "\(sweep.err)")
        #expect(!Self.hasRawControl(sweep.out + sweep.err))
        for line in (sweep.out + sweep.err).split(separator: "\n") { #expect(!line.hasPrefix("::"), "\(line)") }
        #expect((sweep.out + sweep.err).contains(#"a/b\u{1B}[2J\u{D}\u{A}::error::name: FAILED: repository not found at "#))
        #expect((sweep.out + sweep.err).contains(#"/up\u{1B}[2J\u{202E}"#))
        // Names never become paths: the only folders are the mirror and run of the good URL, by key.
        let mirrors = try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/mirrors"))
        #expect(mirrors.count == 1 && mirrors[0].hasPrefix("local-up-") && mirrors[0].hasSuffix(".git"))
        #expect(!FileManager.default.fileExists(atPath: bench.path("etc")))
    }
}
