import Foundation
import Results
import TestSupport
import Testing

@testable import Fleet
@testable import Reports

/// The run's large reports go to their files in pieces as they are rendered, never held whole: at 10,000
/// repositories rendering them whole, side by side, was the sweep's peak of memory.
@Suite struct StreamedReportsTests {
    /// A fleet of one repository with `count` apps: its dashboard, summary.json and apps.csv are each
    /// several times the sink's piece.
    static func largeSummary(_ count: Int = 3000) -> FleetSummary {
        FleetReportTests.summary((0..<count).map { RunDiffTests.app("Apps/App\($0)", $0 % 3 == 0 ? .blocked : .ready) })
    }

    /// Every piece a sink hands on, in order.
    final class Pieces: @unchecked Sendable {
        var pieces: [[UInt8]] = []
        var joined: [UInt8] { pieces.flatMap { $0 } }
        var largest: Int { pieces.map(\.count).max() ?? 0 }

        func sink(chunk: Int = 1 << 16) -> TextSink {
            TextSink(chunk: chunk) { self.pieces.append($0) }
        }
    }

    @Test func aSinkHandsOnItsTextInPiecesOfAboutTheChunkAndTheRestAtTheEnd() {
        let pieces = Pieces()
        let sink = pieces.sink(chunk: 10)
        for word in ["abcd", "efgh", "ijkl", "mnop", "q"] { sink.write(word) }
        #expect(pieces.pieces.map { String(decoding: $0, as: UTF8.self) } == ["abcdefghijkl"])
        sink.finish()
        #expect(pieces.pieces.map { String(decoding: $0, as: UTF8.self) } == ["abcdefghijkl", "mnopq"])
        #expect(sink.failure == nil)
    }

    @Test func aSinkWhoseDrainFailsKeepsTheFirstErrorAndDropsTheRest() {
        struct DiskFull: Error {}
        var calls = 0
        let sink = TextSink(chunk: 4) { _ in
            calls += 1
            throw DiskFull()
        }
        sink.write("12345")
        sink.write("67890")
        sink.finish()
        #expect(calls == 1)
        #expect(sink.failure is DiskFull)
    }

    @Test func summaryJSONGoesOutInPiecesThatJoinToTheWholeDocument() throws {
        let summary = Self.largeSummary()
        let whole = FleetSummaryReport.json(summary)
        let pieces = Pieces()
        let sink = pieces.sink()
        FleetSummaryReport.json(summary, to: sink)
        sink.finish()
        #expect(String(decoding: pieces.joined, as: UTF8.self) == whole)
        // Streamed member by member, it is what the whole tree serialises to.
        #expect(whole == (try JSONValueEncoder().encode(summary).serialized()))
        #expect(whole.utf8.count > 3 << 16)
        #expect(pieces.pieces.count > 2)
        // A piece passes the chunk by one member at most: the document is never gathered whole.
        #expect(pieces.largest < (1 << 16) + 4096)
        #expect(try JSONSerialization.jsonObject(with: Data(whole.utf8)) is [String: Any])
    }

    @Test func theDashboardGoesOutARowOfTheAppTableAtATime() {
        let summary = Self.largeSummary()
        let whole = DashboardReport.html(summary, history: [])
        let pieces = Pieces()
        let sink = pieces.sink()
        DashboardReport.html(summary, history: [], to: sink)
        sink.finish()
        #expect(String(decoding: pieces.joined, as: UTF8.self) == whole)
        #expect(whole.utf8.count > 8 << 16)
        #expect(pieces.largest < (1 << 16) + 4096)
        #expect(whole.hasPrefix("<!DOCTYPE html>\n"))
        #expect(whole.hasSuffix("</body>\n</html>\n"))
    }

    @Test func appsCSVGoesOutARowAtATime() {
        let summary = Self.largeSummary()
        let pieces = Pieces()
        let sink = pieces.sink(chunk: 1024)
        AppsCSVReport.render(summary, to: sink)
        sink.finish()
        #expect(String(decoding: pieces.joined, as: UTF8.self) == AppsCSVReport.render(summary))
        #expect(pieces.pieces.count > 50)
        #expect(pieces.largest < 1024 + 512)
    }

    @Test func aFileWrittenInPiecesIsTheWholeTextAndAppearsOnlyWhenComplete() throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/summary.html"
        let summary = Self.largeSummary()
        var seenMidway: Bool?
        try AtomicFile.write(to: path) { sink in
            DashboardReport.html(summary, history: [], to: sink)
            // Pieces have gone to the temporary file by now; the file's own name is not there yet.
            seenMidway = FileManager.default.fileExists(atPath: path)
        }
        #expect(seenMidway == false)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == DashboardReport.html(summary, history: []))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["summary.html"])
    }

    @Test func aFileThatCannotBeWrittenIsAnErrorNamingIt() throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/missing/summary.json"
        #expect {
            try AtomicFile.write(to: path) { $0.write("{}") }
        } throws: { error in
            "\(error)".contains(path)
        }
    }

    @Test func summaryMarkdownListsBlockedAppsByTeamInNameOrderAndSummaryOrderWithin() {
        let snapshot = RunDiffTests.snapshot(
            RunDiffTests.new,
            [
                (
                    RunDiffTests.repo("zeta", .scanned, team: "mobile"),
                    [RunDiffTests.app("Z2", .blocked), RunDiffTests.app("Z1", .blocked)]
                ),
                (RunDiffTests.repo("alpha", .scanned, team: "commerce"), [RunDiffTests.app("A", .blocked), RunDiffTests.app("R", .ready)]),
                (RunDiffTests.repo("beta", .scanned, team: "mobile"), [RunDiffTests.app("B", .blocked)]),
            ])
        let summary = FleetSummary.make(
            snapshot: snapshot, diff: RunDiff.between(nil, snapshot), at: Date(timeIntervalSince1970: 1_796_018_400))
        let markdown = FleetSummaryReport.markdown(summary)
        let section = markdown.components(separatedBy: "## Blocked apps by team\n\n")[1].components(separatedBy: "\n## ")[0]
        let lines = section.split(separator: "\n").filter { $0.hasPrefix("### ") || $0.hasPrefix("| ") && !$0.hasPrefix("| Repository") }
        #expect(
            lines == [
                "### commerce (1)", "| alpha | `A` | A |  | — |", "### mobile (3)", "| zeta | `Z1` | Z1 |  | — |",
                "| zeta | `Z2` | Z2 |  | — |", "| beta | `B` | B |  | — |",
            ])
    }
}
