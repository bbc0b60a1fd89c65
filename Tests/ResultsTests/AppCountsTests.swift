import Foundation
import Results
import ScanCore
import Testing

@Suite("App counts")
struct AppCountsTests {
    static func finding(_ severity: Severity) -> Finding {
        Finding(rule: "window-lookup", severity: severity, message: "m", file: "App.swift", line: 1, column: 1, anchor: "")
    }

    static func app(_ verdict: Verdict, _ severities: [Severity] = [], suppressed: Int = 0, refused: Int = 0, counted: Bool = true)
        -> AppReport
    {
        let comment = SuppressedFinding(finding: finding(.warning), reason: "checked", line: 1)
        return AppReport(
            path: "App", target: "App", project: nil, platform: "iOS", framework: "native", frameworkVersion: nil, verdict: verdict,
            findings: severities.map(finding), suppressed: Array(repeating: comment, count: suppressed), unreadable: [],
            refusedSuppressions: Array(repeating: comment, count: refused), vendored: counted ? nil : "inside vendor/", counted: counted)
    }

    /// Apps that touch every count, one stale.
    static let apps = [
        app(.blocked, [.error, .warning, .note], suppressed: 2), app(.atRisk, [.warning], refused: 1), app(.ready), app(.unknown),
        app(.blocked, [.error], counted: false),
    ]

    static var counts: AppCounts {
        AppCounts(apps) + AppCounts(app: .ready, errors: 0, warnings: 0, notes: 0, suppressed: 0, suppressionsRefused: 0, stale: true)
    }

    static func members(_ counts: AppCounts) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: counts).children.map { ($0.label ?? "", $0.value as? Int ?? -1) })
    }

    @Test("An app counts once under its verdict, with its findings and comments; a vendored one only as vendored")
    func appsAreCountedOnce() {
        let counts = AppCounts(Self.apps)
        #expect(counts.apps == 4 && counts.blocked == 1 && counts.atRisk == 1 && counts.ready == 1 && counts.unknown == 1)
        #expect(counts.errors == 1 && counts.warnings == 2 && counts.notes == 1)
        #expect(counts.suppressed == 2 && counts.suppressionsRefused == 1 && counts.vendored == 1 && counts.stale == 0)
        #expect(Verdict.allCases.map { counts[$0] } == [1, 1, 1, 1])
        #expect(counts.readiness == 25)
        #expect(AppCounts().readiness == 0)
    }

    @Test("Adding counts adds every member, whatever members there are")
    func addingAddsEveryMember() {
        let counts = Self.counts
        let once = Self.members(counts)
        #expect(once.values.allSatisfy { $0 > 0 }, "the apps above leave a count at 0: \(once)")
        #expect(Self.members(counts + counts) == once.mapValues { $0 * 2 })
        #expect([counts, counts, counts].sum() == counts + counts + counts)
    }

    @Test("Readiness is the share of ready apps with one decimal, rounded half up")
    func readinessRounds() {
        #expect(AppCounts.percent(1, of: 3) == 33.3)
        #expect(AppCounts.percent(2, of: 3) == 66.7)
        #expect(AppCounts.percent(1, of: 8) == 12.5)
        #expect(AppCounts.percent(3, of: 3) == 100)
        #expect(AppCounts.percent(0, of: 0) == 0)
    }

    /// A stored form of the counts, as the objects that hold them write and read it.
    struct Stored: Codable {
        static let form = AppCounts.Form.repository
        var counts: AppCounts
        init(_ counts: AppCounts) { self.counts = counts }
        init(from decoder: any Decoder) throws { counts = try AppCounts(from: decoder, as: Self.form) }
        func encode(to encoder: any Encoder) throws { try counts.encode(to: encoder, as: Self.form) }
    }

    @Test("A stored form reads back what it keeps; apps and readiness follow from the verdicts, not from what was written")
    func storedFormsReadBackWhatTheyKeep() throws {
        let counts = Self.counts
        let data = try JSONEncoder().encode(Stored(counts))
        let written = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Int])
        #expect(Set(written.keys) == ["apps", "blocked", "atRisk", "ready", "unknown", "errors", "warnings", "notes"])
        let read = try JSONDecoder().decode(Stored.self, from: data).counts
        #expect(read == counts.kept(in: .repository))
        #expect(read.suppressed == 0 && read.stale == 0 && read.apps == counts.apps)

        var contradictory = written
        contradictory["apps"] = 99
        let fromContradictory = try JSONDecoder().decode(Stored.self, from: JSONSerialization.data(withJSONObject: contradictory)).counts
        #expect(fromContradictory.apps == counts.apps)

        var missing = written
        missing["blocked"] = nil
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Stored.self, from: JSONSerialization.data(withJSONObject: missing))
        }
    }

    @Test("A history line written before stale apps were counted reads back, with none stale")
    func earlierHistoryLineReadsBack() throws {
        let line =
            #"{"apps":3,"atRisk":1,"blocked":1,"failedRepos":0,"finishedAt":"2026-11-30T06:00:00Z","improvements":0,"readiness":33.3,"#
            + #""ready":1,"regressions":0,"repos":2,"reusedRepos":0,"run":"20261130T060000Z-0000","scannedRepos":2,"seconds":12.5,"unknown":0}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let entry = try decoder.decode(HistoryEntry.self, from: Data(line.utf8))
        #expect(entry.counts.apps == 3 && entry.counts.blocked == 1 && entry.counts.stale == 0)
        #expect(entry.readiness == 33.3 && entry.repos == 2 && entry.seconds == 12.5)
    }
}
