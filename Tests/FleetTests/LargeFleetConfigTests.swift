import Fleet
import Foundation
import Results
import Testing

/// The alias cap counts what aliases add, not the document's own nodes: a fleet of any size that uses no
/// alias is a config like any other (150,000 repositories of seven nodes each were past the old cap of a
/// million nodes; `scenesweep validate` of 200,000 is in RELIABILITY.md).
@Suite("Large fleet configs")
struct LargeFleetConfigTests {
    static func fleet(repositories count: Int) -> String {
        var text = "version: 1\nfleet: { name: Big }\nworkspace: ws\nrepos:\n"
        text.reserveCapacity(count * 80)
        for index in 0..<count {
            text += "  - url: https://git.example.com/org/app-\(index).git\n    team: team-\(index % 50)\n    branch: main\n"
        }
        return text
    }

    @Test func aConfigOf150000RepositoriesWithoutAliasesIsAccepted() throws {
        let config = try ConfigValidatorTests.check(Self.fleet(repositories: 150_000))

        #expect(config.repos.count == 150_000)
        #expect(config.repos.last?.name == "org/app-149999")
        #expect(config.repos.last?.team == "team-49")
    }

    @Test func aliasesThatMultiplyAreStillRefusedAtTheirLine() {
        var text = "version: 1\nbomb:\n  l0: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
        for level in 1...7 {
            text += "  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        text += "repos:\n  - url: https://git.example.com/a.git\n"

        let problems = ConfigValidatorTests.problems(text)

        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("fleet.yaml:8:") == true, "\(problems)")
        #expect(problems.first?.contains("aliases expand the document by more than 1000000 nodes") == true)
    }
}
