import Fleet
import Foundation
import TestSupport
import Testing

@testable import Reports
@testable import Results

/// A repository whose every name is markup (Fixtures/hostile/markup-names), with a markup name and team
/// in the config: every report must print all of it as text.
@Suite("Hostile names")
struct HostileNameTests {
    static let script = "<script>alert(1)</script>"

    /// The hostile repository beside an ordinary one, swept once.
    static func sweep() throws -> (FleetHarness, SweepOutcome) {
        let harness = FleetHarness()
        try harness.bench.copyTree(FixturePaths.hostile("markup-names").path, to: harness.bench.path("markup"))
        try harness.bench.makeRepository("markup")
        try harness.repository("books", fixture: "migrated-swift-uikit")
        try harness.writeConfig(
            """
            repos:
              - url: markup
                name: "<script>alert(1)</script>"
                team: "<script>alert('team')</script>"
              - url: books
                team: "\\"><img src=x onerror=alert(1)>"

            """)
        return (harness, try harness.sweep())
    }

    @Test func everyPageOfTheRunPrintsTheMarkupAsText() throws {
        let (harness, outcome) = try Self.sweep()
        let markup = try #require(outcome.record.repos.first)
        #expect(markup.name == Self.script)
        let summary = try String(contentsOfFile: outcome.runFolder + "/summary.html", encoding: .utf8)
        let page = try String(
            contentsOfFile: harness.store.resultPath(run: outcome.record.id, key: markup.key, ext: "html"), encoding: .utf8)

        for html in [summary, page] {
            // The dashboard's one script is its own filter, byte for byte; nothing from the repository runs.
            let dangerous = HTMLTag.dangerous(in: html).filter { $0.name != "script" }
            #expect(dangerous.isEmpty, "\(dangerous)")
            let scripts = html.components(separatedBy: "<script>").dropFirst()
            #expect(scripts.count == (html == summary ? 1 : 0))
            #expect(scripts.allSatisfy { $0.hasPrefix(AppFilterScript.source + "</script>") })
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(html.contains("@acme/&lt;script&gt;alert(&#39;owner&#39;)&lt;/script&gt;"))
        }
        // The file at `<img …>/<script>alert(1)</script>.swift`, the Expo app named <script>, the team.
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;/&lt;script&gt;alert(1)&lt;/script&gt;.swift:8:30"))
        #expect(summary.contains("data-team=\"&lt;script&gt;alert(&#39;team&#39;)&lt;/script&gt;\""))
        #expect(summary.contains("@acme/&quot;&gt;&lt;svg/onload=alert(2)&gt;"))
        #expect(summary.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(outcome.summary.totals.blocked == 2)
    }

    @Test func theTagReaderSeesTheTagsABrowserWould() {
        let tags = HTMLTag.all(
            in:
                #"<p title="a > b <script>" data-x='1'>x &lt;script&gt;<!-- <script> --><style>p>a{}</style><svg/onload=alert(1)><IMG SRC=x>"#
        )

        #expect(tags.map(\.name) == ["p", "style", "svg", "img"])
        #expect(tags[0].attribute("title") == "a > b <script>")
        #expect(tags[2].attributes.map(\.name) == ["onload"])
        #expect(HTMLTag.dangerous(in: #"<a href=" javascript:alert(1)">x</a><p>"#).count == 1)
        #expect(HTMLTag.dangerous(in: #"<p title="onload=x" class="onx">"#).isEmpty)
    }

    @Test func theHostileFixtureReallyHasMarkupInItsPaths() throws {
        let root = FixturePaths.hostile("markup-names").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: root)
        #expect(files.contains("<img src=x onerror=alert(1)>/<script>alert(1)</script>.swift"))
        #expect(try String(contentsOfFile: root + "/expo/app.json", encoding: .utf8).contains("\"name\": \"<script>alert(1)</script>\""))
    }
}
