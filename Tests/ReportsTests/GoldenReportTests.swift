import Foundation
import Reports
import Rules
import ScanCore
import TestSupport
import Testing

/// Every fixture's report in every format equals its checked-in golden file, byte for byte, and two
/// scans of the same tree render identically. Re-record on purpose with `scripts/record-goldens`.
@Suite("Golden reports")
struct GoldenReportTests {
    static let fixtures: [String] = {
        let folder = FixturePaths.fixtures.appendingPathComponent("scan")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }()

    static let recording = ProcessInfo.processInfo.environment["SCENESWEEP_RECORD_GOLDENS"] == "1"

    static func fileName(_ format: ReportFormat) -> String {
        switch format {
        case .text: return "report.txt"
        case .json: return "report.json"
        case .markdown: return "report.md"
        case .sarif: return "report.sarif"
        case .github: return "report.github.txt"
        }
    }

    static func scan(_ fixture: String) throws -> ScanReport {
        let source = try DirectorySource(root: FixturePaths.scan(fixture).path, label: fixture)
        return Scanner.scan(source)
    }

    @Test("Reports equal their goldens in every format", arguments: fixtures)
    func reportsEqualGoldens(fixture: String) throws {
        let report = try Self.scan(fixture)
        let folder = FixturePaths.fixtures.appendingPathComponent("goldens").appendingPathComponent(fixture)
        for format in ReportFormat.allCases {
            let rendered = format.render(report)
            let url = folder.appendingPathComponent(Self.fileName(format))
            if Self.recording {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(rendered.utf8).write(to: url)
                continue
            }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(
                rendered == golden,
                "\(fixture) \(format.rawValue) differs from \(url.path); run scripts/record-goldens if the change is intended")
        }
    }

    @Test(
        "A second scan of the same tree renders byte-identical reports",
        arguments: ["legacy-swift-uikit", "workspace-two-apps-with-extensions"])
    func scansAreDeterministic(fixture: String) throws {
        let first = try Self.scan(fixture)
        let second = try Self.scan(fixture)
        for format in ReportFormat.allCases {
            #expect(format.render(first) == format.render(second))
        }
    }
}
