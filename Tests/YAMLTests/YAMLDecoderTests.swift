import Testing
import YAML

private struct FleetConfig: Decodable, Equatable {
    var version: Int
    var fleet: Fleet
    var workspace: String?
    var concurrency: Concurrency?
    var rules: Rules?
    var exclude: [String]?
    var repos: [Repo]
}

private struct Fleet: Decodable, Equatable {
    var name: String
    var deadline: String
}

private struct Concurrency: Decodable, Equatable {
    var fetch: Int
    var scan: String?
}

private enum Severity: String, Decodable, CaseIterable, Equatable {
    case error, warning, note
}

private struct Rules: Decodable, Equatable {
    var disable: [String]?
    var severity: [String: Severity]?
}

private struct Repo: Decodable, Equatable {
    var url: String
    var branch: String?
    var team: String?
    var paths: [String]?
    var shallow: Bool?
}

/// A value with a hand-written decoder that rejects bad text, like a cron schedule.
private struct Schedule: Decodable, Equatable {
    var fields: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        fields = text.split(separator: " ").map(String.init)
        guard fields.count == 5 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a schedule has 5 fields, found \(fields.count)")
        }
    }
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String, decoder: YAMLDecoder = YAMLDecoder()) throws -> T {
    try decoder.decode(type, from: Array(text.utf8))
}

private func errors<T: Decodable>(_ type: T.Type, _ text: String, decoder: YAMLDecoder = YAMLDecoder()) -> [String] {
    do {
        _ = try decoder.decode(type, from: Array(text.utf8))
        return []
    } catch let list as YAMLErrorList {
        return list.errors.map(\.description)
    } catch {
        return ["unexpected \(error)"]
    }
}

@Suite struct YAMLDecoderTests {
    @Test func aConfigLikeDocumentDecodesIntoNestedStructsArraysOptionalsAndEnums() throws {
        let config = try decode(
            FleetConfig.self,
            """
            version: 1
            fleet: { name: Acme Mobile, deadline: 2027-04-01 }
            concurrency: { fetch: 0x10, scan: auto }
            rules: { disable: [main-screen-use], severity: { window-lookup: error } }
            exclude: ["**/Pods/**", "**/node_modules/**"]
            repos:
              - url: https://git.example.com/acme/shop-ios.git
                branch: main
                paths: [apps/]
                shallow: TRUE
              - url: /srv/git/wallet.git
                team: ~
            """)

        #expect(
            config
                == FleetConfig(
                    version: 1,
                    fleet: Fleet(name: "Acme Mobile", deadline: "2027-04-01"),
                    workspace: nil,
                    concurrency: Concurrency(fetch: 16, scan: "auto"),
                    rules: Rules(disable: ["main-screen-use"], severity: ["window-lookup": .error]),
                    exclude: ["**/Pods/**", "**/node_modules/**"],
                    repos: [
                        Repo(url: "https://git.example.com/acme/shop-ios.git", branch: "main", paths: ["apps/"], shallow: true),
                        Repo(url: "/srv/git/wallet.git"),
                    ]))
    }

    @Test func anchorsAndMergeKeysFeedTheDecoder() throws {
        let repos = try decode(
            [Repo].self,
            """
            - &defaults
              url: /srv/a.git
              branch: develop
              team: mobile
            - <<: *defaults
              url: /srv/b.git
            """)
        #expect(repos[1] == Repo(url: "/srv/b.git", branch: "develop", team: "mobile"))
    }

    @Test func aQuotedTrueIsAStringNotABoolean() throws {
        #expect(
            errors(Repo.self, "url: x\nshallow: \"true\"\n")
                == [#"2:10: shallow: expected true or false, found the string "true""#])
        #expect(try decode([String].self, "[true, \"true\", 12, 1.5]") == ["true", "true", "12", "1.5"])
    }

    @Test func aPlainScalarThatIsNoIntegerIsAnErrorAtItsMark() {
        #expect(errors(Concurrency.self, "fetch: four\n") == ["1:8: fetch: expected an integer, found 'four'"])
        #expect(errors(Concurrency.self, "fetch: '4'\n") == [#"1:8: fetch: expected an integer, found the string "4""#])
        #expect(errors(Concurrency.self, "fetch: [4]\n") == ["1:8: fetch: expected an integer, found a sequence"])
        #expect(
            errors([UInt8].self, "[1, 300, -1]") == [
                "1:5: [1]: 300 is out of range for UInt8",
                "1:10: [2]: -1 is out of range for UInt8",
            ])
    }

    @Test func integersAndFloatsFollowTheCoreSchema() throws {
        #expect(try decode([Int].self, "[0, -3, +4, 0x1f, 0o17]") == [0, -3, 4, 31, 15])
        #expect(try decode([Double].self, "[1, 2.5, -1e3, .inf]") == [1, 2.5, -1000, .infinity])
        #expect(try decode([Float].self, "[0.25]") == [0.25])
        #expect(try decode([UInt64].self, "[18446744073709551615]") == [UInt64.max])
    }

    @Test func nullAndMissingValuesDecodeAsNilForOptionals() throws {
        let repo = try decode(Repo.self, "url: x\nbranch:\nteam: null\npaths: ~\n")
        #expect(repo == Repo(url: "x"))
        #expect(try decode([Int?].self, "[1, ~, null, ]") == [1, nil, nil])
    }

    @Test func aNullWhereAStringIsRequiredIsAnError() {
        #expect(errors(Repo.self, "url:\n") == ["1:5: url: expected a string, found null"])
    }

    @Test func errorsNameTheCodingPathAndPointAtTheNode() {
        let text = """
            version: 1
            fleet: { name: Acme, deadline: 2027-04-01 }
            repos:
              - url: /a
              - url: /b
              - url: { nested: true }
            """
        #expect(errors(FleetConfig.self, text) == ["6:10: repos[2].url: expected a string, found a mapping"])
    }

    @Test func everyProblemIsReportedAtOnceInDocumentOrder() {
        let text = """
            version: one
            fleet: { name: Acme }
            rules: { severity: { window-lookup: fatal } }
            repos:
              - branch: main
              - url: /b
                shallow: maybe
            """
        #expect(
            errors(FleetConfig.self, text) == [
                "1:10: version: expected an integer, found 'one'",
                "2:8: fleet: missing required key 'deadline'",
                "3:37: rules.severity.window-lookup: expected one of error, warning, note; found 'fatal'",
                "5:5: repos[0]: missing required key 'url'",
                "7:14: repos[1].shallow: expected true or false, found 'maybe'",
            ])
    }

    @Test func withoutCollectingOnlyTheFirstProblemIsReported() {
        let decoder = YAMLDecoder(collectsAllErrors: false)
        #expect(errors(Concurrency.self, "fetch: x\nscan: [1]\n", decoder: decoder) == ["1:8: fetch: expected an integer, found 'x'"])
    }

    @Test func aHandWrittenDecoderErrorKeepsItsMessageAndGetsTheNodesMark() throws {
        struct Job: Decodable { var schedule: Schedule }
        #expect(try decode(Job.self, "schedule: '0 2 * * *'").schedule.fields.count == 5)
        #expect(errors(Job.self, "\nschedule: \"0 2 *\"\n") == ["2:11: schedule: a schedule has 5 fields, found 3"])
    }

    @Test func unknownKeysAreReportedWithMarksAndSuggestions() throws {
        let node = try YAMLParser().parse(
            Array(
                """
                version: 1
                fleet: { name: A, deadline: x }
                repos:
                  - url: /a
                    brnach: main
                colour: red
                """.utf8))

        let outcome = YAMLDecoder().decodeReportingProblems(FleetConfig.self, from: node)

        #expect(outcome.value != nil)
        #expect(outcome.errors.isEmpty)
        #expect(outcome.unknownKeys.map(\.key) == ["brnach", "colour"])
        let typo = try #require(outcome.unknownKeys.first)
        #expect(typo.path == "repos[0]")
        #expect(typo.mark == Mark(line: 5, column: 5))
        #expect(typo.suggestion == "branch")
        #expect(typo.knownKeys == ["branch", "paths", "shallow", "team", "url"])
        #expect(outcome.unknownKeys[1].suggestion == nil)
    }

    @Test func unknownKeysCanBeErrors() {
        let decoder = YAMLDecoder(unknownKeysAreErrors: true)
        #expect(
            errors(Repo.self, "url: /a\nbrnach: main\n", decoder: decoder)
                == ["2:1: unknown key 'brnach' (did you mean 'branch'?)"])
    }

    @Test func keysOfDictionariesAreNeverUnknown() throws {
        let outcome = YAMLDecoder().decodeReportingProblems(
            Rules.self, from: try YAMLParser().parse(Array("severity: {a: note, b: error}".utf8)))
        #expect(outcome.unknownKeys.isEmpty)
        #expect(outcome.value?.severity == ["a": .note, "b": .error])
    }

    @Test func anEmptyDocumentIsAnEmptyMapping() throws {
        struct AllOptional: Decodable, Equatable { var name: String? }
        #expect(try decode(AllOptional.self, "") == AllOptional(name: nil))
        #expect(
            errors(Fleet.self, "# nothing\n") == [
                "1:1: missing required key 'deadline'",
                "1:1: missing required key 'name'",
            ])
    }

    @Test func aSyntaxErrorComesBackAsAnErrorList() {
        #expect(
            errors(Repo.self, "url: [a, b\nnext: 1\n") == [
                "2:5: did not find expected ',' or ']' (while parsing a flow sequence at 1:6)"
            ])
    }

    @Test func aSequenceWhereAMappingIsExpectedIsAnError() {
        #expect(errors(FleetConfig.self, "- a\n- b\n") == ["1:1: expected a mapping, found a sequence"])
        #expect(errors(Repo.self, "url: /a\npaths: apps/\n") == ["2:8: paths: expected a sequence, found 'apps/'"])
    }

    @Test func nestedArraysDecode() throws {
        #expect(try decode([[Int]].self, "- [1, 2]\n- []\n- [3]\n") == [[1, 2], [], [3]])
    }
}

/// A recursive type, to check that decoding a deep (but allowed) document does not exhaust the stack.
private struct Nest: Decodable {
    var inner: [Nest]

    init(from decoder: any Decoder) throws {
        inner = try [Nest](from: decoder)
    }

    var depth: Int { 1 + (inner.map(\.depth).max() ?? 0) }
}

@Suite struct YAMLDepthTests {
    @Test func aDocumentAtTheDepthLimitDecodesWithoutExhaustingTheStack() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let nest = try YAMLDecoder().decode(Nest.self, from: Array(text.utf8))
        #expect(nest.depth == 512)
    }
}
