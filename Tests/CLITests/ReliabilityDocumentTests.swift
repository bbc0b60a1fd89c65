import Foundation
import TestSupport
import Testing

/// RELIABILITY.md promises that every row is shown by a test or a script. These tests keep it honest: a
/// renamed or deleted test, or a row with nothing to show it, fails here instead of going stale.
@Suite("RELIABILITY.md")
struct ReliabilityDocumentTests {
    private static let root = FixturePaths.packageRoot

    /// `Suite/function` names and `scripts/…` paths in the last cell of each table row, by row.
    private static func rows() throws -> [(row: String, tests: [(suite: String, function: String)], scripts: [String])] {
        let document = try String(contentsOf: root.appendingPathComponent("RELIABILITY.md"), encoding: .utf8)
        // The tables of promises come before the long runs' figures.
        let text = document.components(separatedBy: "\n## Long runs").first ?? document
        var rows: [(String, [(String, String)], [String])] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| ---") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let last = cells.last, cells.count >= 3, last != "shown by" else { continue }
            var tests: [(String, String)] = []
            var scripts: [String] = []
            for item in last.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if item.hasPrefix("`scripts/") {
                    scripts.append(String(item.dropFirst().prefix { $0 != " " && $0 != "`" }))
                } else if let slash = item.firstIndex(of: "/"), isIdentifier(item[..<slash]),
                    isIdentifier(item[item.index(after: slash)...])
                {
                    tests.append((String(item[..<slash]), String(item[item.index(after: slash)...])))
                }
            }
            rows.append((String(line.prefix(80)), tests, scripts))
        }
        return rows
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Every Swift file under Tests/, read once.
    private static func testSources() throws -> [String] {
        let folder = root.appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .map { try String(contentsOf: $0, encoding: .utf8) }
    }

    @Test("Every table row names at least one test or script")
    func everyRowIsShown() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 40, "RELIABILITY.md should hold its tables; found \(rows.count) rows")
        for row in rows {
            #expect(!row.tests.isEmpty || !row.scripts.isEmpty, "nothing shows: \(row.row)")
        }
    }

    @Test("Every test it names exists, in a file declaring its suite")
    func everyNamedTestExists() throws {
        let sources = try Self.testSources()
        let named = try Self.rows().flatMap(\.tests)
        #expect(named.count >= 50)
        for (suite, function) in named {
            let found = sources.contains { source in
                source.contains("func \(function)(")
                    && (source.contains("struct \(suite) ") || source.contains("class \(suite) ")
                        || source.contains("extension \(suite) ") || source.contains("struct \(suite){"))
            }
            #expect(found, "RELIABILITY.md names \(suite)/\(function), which no test file declares")
        }
    }

    @Test("Every script it names is in scripts/ and executable")
    func everyNamedScriptExists() throws {
        let scripts = Set(try Self.rows().flatMap(\.scripts))
        #expect(scripts.contains("scripts/kill-loop"))
        for script in scripts {
            let path = Self.root.appendingPathComponent(script).path
            #expect(FileManager.default.isExecutableFile(atPath: path), "RELIABILITY.md names \(script), which is not there")
        }
    }
}
