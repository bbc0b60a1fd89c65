import Fleet
import Foundation
import TestSupport
import Testing

@testable import Reports
@testable import Results

/// A repository whose content is hostile (names with line breaks, ESC sequences and overrides, a
/// target named like a formula, a plist value with markup, symlinks to /etc/passwd and out of the
/// tree, binary and invalid UTF-8 sources), and a config entry whose name and team are hostile too,
/// swept twice: everything stays inside the workspace and every file of the run shows the strings as
/// text.
@Suite("Hostile repositories (sweep)")
struct HostileRepositoryTests {
    static let fileNames = [
        "Evil/evil\r\n::error file=x::pwned|=cmd.swift",
        "Evil/esc\u{1B}[31mred\u{202E}txt.swift",
        "Evil/-tab\there%0A,line\u{2028}sep.swift",
    ]
    static let targetName = "=HYPERLINK(1)\r\n::warning::pwned <img src=x onerror=alert(1)> | x"
    static let repoName = "../../etc\r\n::error::x|=1 <marquee>"
    static let team = "=team\r\n|x"
    static let owner = "@acme/=x|`*<marquee>"

    struct Swept {
        let harness: FleetHarness
        let first: SweepOutcome
        let second: SweepOutcome
    }

    static func sweep() throws -> Swept {
        let harness = FleetHarness()
        let bench = harness.bench
        let xmlClass = "Evil&#13;&#10;::error::pwned|&lt;script&gt;alert(1)&lt;/script&gt;"
        var files: [String: String] = [
            "Evil/Info.plist": """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>LSRequiresIPhoneOS</key><true/><key>UILaunchStoryboardName</key><string>Launch</string>
            <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneConfigurationName</key><string>Default</string>
            <key>UISceneDelegateClassName</key><string>\(xmlClass)</string>
            </dict></array></dict></dict></dict></plist>
            """,
            "Evil/AppDelegate.swift": "@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n",
            "Evil/Blob.swift": "import UIKit\u{0}\u{1}\u{2}keyWindow\n",
            "Evil/Blob.m": "#import <UIKit/UIKit.h>\u{0}\u{FF}keyWindow\n",
            "Named/App/Info.plist": "<plist version=\"1.0\"><dict><key>LSRequiresIPhoneOS</key><true/></dict></plist>",
            "Named/App/AppDelegate.swift": "@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n",
            ".github/CODEOWNERS": "* \(owner)\n",
        ]
        for name in fileNames { files[name] = "let w = UIApplication.shared.keyWindow\n" }
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        files["Named/App.xcodeproj/project.pbxproj"] = writer.write().text.replacingOccurrences(
            of: "name = App;", with: "name = \"\(targetName)\";")
        let upstream = try bench.makeRepository("evil", files: files)
        try Data(Array("// caf".utf8) + [0xE9] + Array("\nlet w = UIApplication.shared.keyWindow\n".utf8)).write(
            to: URL(fileURLWithPath: upstream + "/Evil/Latin1.swift"))
        for (link, target) in [("Evil/passwd.swift", "/etc/passwd"), ("Evil/up", "../.."), ("Evil/etc", "/etc")] {
            try FileManager.default.createSymbolicLink(atPath: upstream + "/" + link, withDestinationPath: target)
        }
        try bench.commit(in: upstream, message: "links and bytes")
        try harness.writeConfig(
            """
            repos:
              - url: evil
                name: "../../etc\\r\\n::error::x|=1 <marquee>"
                team: "=team\\r\\n|x"

            """)
        let first = try harness.sweep()
        // A second run with one hostile file gone and another come, so the diff has findings to show.
        try bench.commit(
            in: upstream, files: ["Evil/new\r\n::error::diff\u{1B}[2J.swift": "let w = UIApplication.shared.keyWindow\n"],
            removing: [fileNames[0]])
        let second = try harness.sweep()
        return Swept(harness: harness, first: first, second: second)
    }

    /// Scalars no line-oriented file of a run may hold raw.
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { ["\r", "\u{1B}", "\u{202E}", "\u{2028}"].contains($0) }
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func everyFileTheSweepWritesIsInsideTheWorkspaceUnderASafeName() throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
        let swept = try Self.sweep()
        let written = swept.harness.writtenFiles()

        #expect(swept.first.record.repos.first?.name == Self.repoName)
        #expect(!written.isEmpty)
        for file in written {
            for component in file.split(separator: "/") {
                #expect(component.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }, "\(file)")
                #expect(component != "..", "\(file)")
            }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: swept.harness.bench.root).sorted() == ["evil", "fleet.yaml", "workspace"])
        let after = try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
        #expect(!Set(after).subtracting(before).contains { $0.hasPrefix("etc") || $0.contains("::") })
    }

    @Test func theRepositoryResultGivesEveryHostileStringBackExactlyAndNotesTheBadFiles() throws {
        let swept = try Self.sweep()
        let key = try #require(swept.first.record.repos.first?.key)
        let data = try Data(
            contentsOf: URL(fileURLWithPath: swept.harness.store.resultPath(run: swept.first.record.id, key: key, ext: "json")))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let apps = object["apps"] as? [[String: Any]] ?? []
        let findings = apps.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
        let diagnostics = (object["diagnostics"] as? [[String: Any]] ?? []).map {
            "\($0["file"] as? String ?? ""): \($0["message"] as? String ?? "")"
        }

        #expect(Set(findings.compactMap { $0["file"] as? String }).isSuperset(of: Self.fileNames + ["Evil/Latin1.swift"]))
        #expect(apps.contains { $0["target"] as? String == Self.targetName })
        #expect(diagnostics.contains("Evil/Blob.swift: binary data in a source file; skipped"))
        #expect(diagnostics.contains("Evil/Blob.m: binary data in a source file; skipped"))
        #expect(diagnostics.contains("Evil/Latin1.swift: invalid UTF-8 at byte 6; scanned as bytes"))
        for link in ["Evil/passwd.swift", "Evil/up", "Evil/etc"] {
            #expect(diagnostics.contains("\(link): symlink points outside the scanned tree; not followed"), "\(diagnostics)")
        }
        #expect(!findings.contains { ($0["file"] as? String)?.hasPrefix("Evil/passwd") == true })

        let sarif = try Data(
            contentsOf: URL(fileURLWithPath: swept.harness.store.resultPath(run: swept.first.record.id, key: key, ext: "sarif")))
        #expect((try? JSONSerialization.jsonObject(with: sarif)) != nil)
        // Nothing of /etc/passwd reached any file of the run.
        for file in swept.harness.writtenFiles() where !file.hasPrefix("mirrors/") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: swept.harness.workspace + "/" + file))
            #expect(bytes.range(of: Data("root:x:0:0".utf8)) == nil, "\(file)")
        }
    }

    @Test func markdownPagesKeepEveryTableRowWholeAndHoldNoRawControlCharacters() throws {
        let swept = try Self.sweep()
        for run in [swept.first, swept.second] {
            let key = try #require(run.record.repos.first?.key)
            for path in [
                run.runFolder + "/summary.md", run.runFolder + "/diff.md",
                swept.harness.store.resultPath(run: run.record.id, key: key, ext: "md"),
            ] {
                let markdown = try Self.text(path)
                #expect(!Self.hasRawControl(markdown), "\(path)")
                // Outside code spans, where a Markdown renderer would take markup for HTML.
                let prose = markdown.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }
                    .map(\.element).joined()
                #expect(!HTMLTag.all(in: prose).contains { ["script", "img", "marquee"].contains($0.name) }, "\(path)")
                Self.expectWholeTableRows(markdown, path)
            }
        }
        let diff = try Self.text(swept.second.runFolder + "/diff.md")
        #expect(diff.contains("`Evil/new  ::error::diff\\u{1B}[2J.swift:1`"))
        #expect(try Self.text(swept.second.runFolder + "/summary.md").contains("=team  \\|x"))
    }

    /// Every row of a Markdown table has as many unescaped pipes as its header.
    static func expectWholeTableRows(_ markdown: String, _ path: String) {
        var width: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                width = nil
                continue
            }
            let pipes = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            if let width { #expect(pipes == width, "\(path): \(line)") } else { width = pipes }
        }
    }

    @Test func diffTextAndProgressLinesShowControlCharactersAsEscapes() throws {
        let swept = try Self.sweep()
        let text = RunDiffReport.text(swept.second.diff)

        for output in [text, swept.harness.probe.output] {
            #expect(!Self.hasRawControl(output))
            for line in output.split(separator: "\n") { #expect(!line.hasPrefix("::"), "\(line)") }
        }
        #expect(
            text.contains(#"new: ../../etc\u{D}\u{A}::error::x|=1 <marquee> Evil/new\u{D}\u{A}::error::diff\u{1B}[2J.swift:1: warning:"#))
        #expect(swept.harness.probe.output.contains(#"../../etc\u{D}\u{A}::error::x|=1 <marquee>: scanned"#))
    }

    @Test func htmlPagesShowTheMarkupAsTextAndCSVCellsCannotBecomeFormulas() throws {
        let swept = try Self.sweep()
        let run = swept.second
        let key = try #require(run.record.repos.first?.key)
        for path in [run.runFolder + "/summary.html", swept.harness.store.resultPath(run: run.record.id, key: key, ext: "html")] {
            let html = try Self.text(path)
            // The dashboard's one script is its own filter, byte for byte; nothing from the repository.
            #expect(HTMLTag.dangerous(in: html).filter { $0.name != "script" }.isEmpty, "\(path)")
            #expect(!HTMLTag.all(in: html).contains { ["img", "marquee"].contains($0.name) }, "\(path)")
            #expect(html.components(separatedBy: "<script>").dropFirst().allSatisfy { $0.hasPrefix(AppFilterScript.source + "</script>") })
            #expect(!html.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(path)")
            #expect(html.contains("@acme/=x|`*&lt;marquee&gt;"), "\(path)")
        }

        let rows = Self.csvRows(try Self.text(run.runFolder + "/apps.csv"))
        let header = try #require(rows.first)
        let named = try #require(rows.first { $0.contains { $0.contains("HYPERLINK") } })
        let cell = { (name: String) in named[header.firstIndex(of: name)!] }
        #expect(cell("target") == "'" + Self.targetName)
        #expect(cell("team") == "'" + Self.team)
        #expect(cell("owners") == "'" + Self.owner)
        #expect(cell("repo") == Self.repoName)
        for row in rows { #expect(row.count == header.count) }
    }

    /// RFC 4180 rows: quoted cells may hold commas, quotes (doubled) and line breaks.
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        cell.unicodeScalars.append(scalars.removeFirst())
                    } else {
                        quoted = false
                    }
                } else {
                    cell.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                row.append(cell)
                cell = ""
            } else if scalar == "\r", scalars.first == "\n" {
                scalars.removeFirst()
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            } else {
                cell.unicodeScalars.append(scalar)
            }
        }
        return rows
    }
}
