import Results
import Rules
import ScanCore
import TestSupport
import Testing

/// Every rule's documented examples are its tests: triggering ones must report exactly at their
/// `↓` markers, the others must report nothing.
@Suite("Rule examples")
struct RuleExampleTests {
    static let rules: [String] = Catalogue.all.map { $0.description.id }

    @Test("Triggering examples report exactly at their markers", arguments: rules)
    func triggeringExamplesReportAtMarkers(ruleID: String) throws {
        let rule = try #require(Catalogue.rule(named: ruleID))
        let description = rule.description
        #expect(!description.triggering.isEmpty, "\(ruleID) needs triggering examples")
        for (number, example) in description.triggering.enumerated() {
            let directory = TemporaryDirectory("example")
            let expected = Set(ExampleApp.materialize(example, in: directory))
            #expect(!expected.isEmpty, "\(ruleID) triggering example \(number + 1) has no ↓ marker")
            let report = try ExampleApp.findings(of: rule, in: directory)
            let findings = report.findings.filter { $0.rule == ruleID }
            let actual = Set(findings.map { MarkedLocation(file: $0.file, line: $0.line, column: $0.column) })
            #expect(
                actual == expected,
                """
                \(ruleID) triggering example \(number + 1): expected \(expected.sorted { $0.description < $1.description }), \
                got \(findings.map { "\($0.file):\($0.line):\($0.column) \($0.message)" })
                """, sourceLocation: Self.location(of: example))
            // A message names the place it is about: never an empty one.
            for finding in findings {
                #expect(!finding.message.contains("(in )"), "\(ruleID): \(finding.message)", sourceLocation: Self.location(of: example))
            }
        }
    }

    @Test("Non-triggering examples report nothing", arguments: rules)
    func nonTriggeringExamplesReportNothing(ruleID: String) throws {
        let rule = try #require(Catalogue.rule(named: ruleID))
        let description = rule.description
        #expect(!description.nonTriggering.isEmpty, "\(ruleID) needs non-triggering examples")
        for (number, example) in description.nonTriggering.enumerated() {
            let directory = TemporaryDirectory("example")
            _ = ExampleApp.materialize(example, in: directory)
            let report = try ExampleApp.findings(of: rule, in: directory)
            let findings = report.findings.filter { $0.rule == ruleID }
            #expect(
                findings.isEmpty,
                "\(ruleID) non-triggering example \(number + 1) reported \(findings.map { "\($0.file):\($0.line):\($0.column) \($0.message)" })",
                sourceLocation: Self.location(of: example))
        }
    }

    /// A failing example is reported at the line that writes it, in its rule's file.
    static func location(of example: Example) -> SourceLocation {
        SourceLocation(fileID: example.fileID, filePath: example.filePath, line: example.line, column: 1)
    }

    @Test("Every example knows the line of its rule's file that writes it")
    func examplesRecordWhereTheyAreWritten() throws {
        for rule in Catalogue.all {
            let file = String(describing: rule) + ".swift"
            for example in rule.description.triggering + rule.description.nonTriggering {
                #expect(example.filePath.hasSuffix("/Sources/Rules/Catalogue/" + file), "\(example.filePath)")
                #expect(example.fileID == "Rules/" + file)
                let lines = try String(contentsOfFile: example.filePath, encoding: .utf8).split(
                    separator: "\n", omittingEmptySubsequences: false)
                #expect(example.line >= 1 && example.line <= lines.count)
                #expect(lines[example.line - 1].contains("Example("), "\(file):\(example.line) does not write an example")
            }
        }
    }

    @Test("Rule types are named after what they are, and their files after them")
    func ruleTypesEndInRule() {
        for rule in Catalogue.all {
            #expect(String(describing: rule).hasSuffix("Rule"), "\(rule) is a rule: its name ends in Rule")
        }
    }

    @Test("A rule says it is a verdict rule exactly when it conforms to VerdictRule")
    func verdictRulesAnswerForThemselves() {
        let asked = Catalogue.all.filter { $0.asVerdictRule != nil }.map { $0.description.id }
        let cast = Catalogue.all.filter { $0 is any VerdictRule.Type }.map { $0.description.id }
        #expect(asked == cast)
        #expect(asked == ["xcode-pin"])
    }

    @Test("Rule ids are unique, sorted and kebab-case")
    func ruleIDsAreUniqueAndSorted() {
        let ids = Self.rules
        #expect(Set(ids).count == ids.count)
        let typeNames = Catalogue.all.map { String(describing: $0) }
        #expect(typeNames == typeNames.sorted())
        for id in ids {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id) is not kebab-case")
        }
    }
}
