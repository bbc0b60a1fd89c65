import Foundation
import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// Each fixture's EXPECTED.md was written by hand from RULES.md, independently of the scanner: the
/// apps, verdicts and every finding (rule, file, line, severity) it lists must be exactly what a scan reports.
@Suite("Fixture oracles")
struct FixtureOracleTests {
    /// Fixture folders (relative to Fixtures/) that have an EXPECTED.md: native apps under `scan/`,
    /// framework eras under `frameworks/`.
    static let fixtures: [String] = {
        var result: [String] = []
        for group in ["scan", "frameworks", "descriptions"] {
            let folder = FixturePaths.fixtures.appendingPathComponent(group)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            result += names.filter {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).appendingPathComponent("EXPECTED.md").path)
            }.map { group + "/" + $0 }
        }
        return result.sorted()
    }()

    struct ExpectedFinding: Hashable, CustomStringConvertible {
        let rule: String
        let file: String
        let line: Int
        let severity: String
        var description: String { "\(rule) \(file):\(line) \(severity)" }
    }

    struct ExpectedApp: Hashable, CustomStringConvertible {
        let path: String
        let target: String
        let verdict: String
        /// The framework kind, when the oracle's table has a framework column.
        let framework: String?
        let frameworkVersion: String?
        var description: String {
            "\(path) \(target) \(verdict)" + (framework.map { " \($0)" } ?? "") + (frameworkVersion.map { " \($0)" } ?? "")
        }
    }

    /// Reads the apps table (columns found by their header) and every fenced block under a "## Findings" heading.
    static func oracle(_ name: String) throws -> (apps: Set<ExpectedApp>, findings: Set<ExpectedFinding>) {
        let url = FixturePaths.fixtures.appendingPathComponent(name).appendingPathComponent("EXPECTED.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var apps: Set<ExpectedApp> = []
        var findings: Set<ExpectedFinding> = []
        var section = ""
        var inBlock = false
        var columns: [String: Int] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                section = String(line)
                continue
            }
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if section.hasPrefix("## Apps"), line.hasPrefix("| path") {
                columns = Dictionary(cells.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            }
            if section.hasPrefix("## Apps"), line.hasPrefix("| `"), let path = columns["path"], let target = columns["target"],
                let verdict = columns["verdict"]
            {
                // A cell may add a remark after the value: "`Notes` (sources; Info.plist generated)".
                let clean = { (cell: String) -> String in
                    // A code span is the whole value, spaces included (`Local Pods/Analytics/Example/Notes`).
                    if cell.hasPrefix("`"), let close = cell.dropFirst().firstIndex(of: "`") {
                        return String(cell[cell.index(after: cell.startIndex)..<close])
                    }
                    return String(
                        cell.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "*", with: "").split(separator: " ").first
                            ?? "")
                }
                apps.insert(
                    ExpectedApp(
                        path: clean(cells[path]), target: clean(cells[target]), verdict: clean(cells[verdict]),
                        framework: columns["framework"].map { clean(cells[$0]) },
                        frameworkVersion: columns["frameworkVersion"].map { clean(cells[$0]) }))
            }
            if section.hasPrefix("## Findings"), inBlock {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard words.count >= 3, let colon = words[1].lastIndex(of: ":"), let number = Int(words[1][words[1].index(after: colon)...])
                else { continue }
                findings.insert(
                    ExpectedFinding(rule: String(words[0]), file: String(words[1][..<colon]), line: number, severity: String(words[2])))
            }
        }
        return (apps, findings)
    }

    @Test("Scans match the hand-written oracle", arguments: fixtures)
    func scanMatchesOracle(fixture: String) throws {
        let expected = try Self.oracle(fixture)
        #expect(!expected.apps.isEmpty, "EXPECTED.md of \(fixture) lists no apps")
        let report = Scanner.scan(try DirectorySource(root: FixturePaths.fixtures.appendingPathComponent(fixture).path))
        let hasFramework = expected.apps.contains { $0.framework != nil }
        let apps = Set(
            report.apps.map {
                ExpectedApp(
                    path: $0.path, target: $0.target, verdict: $0.verdict.rawValue, framework: hasFramework ? $0.framework : nil,
                    frameworkVersion: hasFramework ? ($0.frameworkVersion ?? "-") : nil)
            })
        #expect(apps == expected.apps, "apps: missing \(expected.apps.subtracting(apps)), unexpected \(apps.subtracting(expected.apps))")
        let findings = Set(
            report.findings.map { ExpectedFinding(rule: $0.rule, file: $0.file, line: $0.line, severity: $0.severity.rawValue) })
        let missing = expected.findings.subtracting(findings).sorted { $0.description < $1.description }
        let unexpected = findings.subtracting(expected.findings).sorted { $0.description < $1.description }
        #expect(missing.isEmpty && unexpected.isEmpty, "\(fixture): missing \(missing), unexpected \(unexpected)")
    }
}
