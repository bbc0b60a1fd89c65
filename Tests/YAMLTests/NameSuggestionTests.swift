import Testing
import YAML

@Suite("Name suggestions")
struct NameSuggestionTests {
    static let ruleIDs = ["app-delegate-window", "launch-options-read", "scene-manifest-missing", "window-lookup"]

    @Test(
        "A typo within the allowed edits is suggested",
        arguments: [
            ("scna", ["scan", "sweep", "merge"], "scan"),  // a transposition is two edits, allowed in a short word
            ("bokos", ["books", "shop", "kiosk"], "books"),
            ("--formt", ["--format", "--fail-on", "--output"], "--format"),
            ("window-lookups", NameSuggestionTests.ruleIDs, "window-lookup"),
            ("scene-manfest-mising", NameSuggestionTests.ruleIDs, "scene-manifest-missing"),
            ("Europe/Berln", ["UTC", "Europe/Bern", "Europe/Berlin"], "Europe/Berlin"),  // one edit from both
        ])
    func suggestsNearby(word: String, candidates: [String], expected: String) {
        #expect(NameSuggestion.nearest(word, in: candidates) == expected)
    }

    @Test(
        "A word further off than the allowed edits gets no suggestion",
        arguments: [
            ("deploy", ["regression", "blocked"]),
            ("colour", ["version", "fleet", "repos", "rules", "defaults"]),
            ("xyz", ["scan", "sweep"]),  // three edits from anything: short words allow two
            ("Mars/Olympus", ["Europe/Berlin", "UTC", "America/New_York"]),
            ("anything", []),
        ])
    func staysSilentWhenFar(word: String, candidates: [String]) {
        #expect(NameSuggestion.nearest(word, in: candidates) == nil)
    }

    @Test("Two edits are allowed up to eight characters, then a third of the length")
    func allowedEditsGrowWithLength() {
        // "abcdefgh" to "zzcdefgh" is two edits; to "zzzdefgh" three.
        #expect(NameSuggestion.nearest("abcdefgh", in: ["zzcdefgh"]) == "zzcdefgh")
        #expect(NameSuggestion.nearest("abcdefgh", in: ["zzzdefgh"]) == nil)
        // Twelve characters allow four edits, not five.
        #expect(NameSuggestion.nearest("abcdefghijkl", in: ["zzzzefghijkl"]) == "zzzzefghijkl")
        #expect(NameSuggestion.nearest("abcdefghijkl", in: ["zzzzzfghijkl"]) == nil)
    }

    @Test("A word of four or more characters that starts a longer name means that name; a shorter one does not")
    func prefixes() {
        #expect(NameSuggestion.nearest("scene-manifest", in: Self.ruleIDs) == "scene-manifest-missing")
        #expect(NameSuggestion.nearest("conc", in: ["branch", "concurrency", "repos"]) == "concurrency")
        // Several names start with it: the alphabetically first.
        #expect(NameSuggestion.nearest("window", in: ["window-lookup", "window-creation"]) == "window-creation")
        // Three characters are too few to mean a long name ("sce" is far more than two edits from it).
        #expect(NameSuggestion.nearest("sce", in: ["scene-manifest-missing"]) == nil)
    }

    @Test("Equally near names: the alphabetically first, whatever the order given")
    func ties() {
        #expect(NameSuggestion.nearest("tem", in: ["term", "team"]) == "team")
        #expect(NameSuggestion.nearest("tem", in: ["team", "term"]) == "team")
        #expect(NameSuggestion.nearest("branhc", in: ["brand", "branch"]) == "branch")  // two edits from each
    }

    @Test("The clause reads as the messages print it, and is empty without a suggestion")
    func clause() {
        #expect(NameSuggestion.clause("gihub", in: ["github", "gitlab", "gitea"]) == " (did you mean 'github'?)")
        #expect(NameSuggestion.clause("bitbucket", in: ["github", "gitlab", "gitea"]) == "")
    }

    @Test("An unknown config key follows the same policy: two edits in a short key, a prefix of a longer one")
    func unknownKeysShareThePolicy() throws {
        let node = try YAMLParser().parse(Array("tema: mobile\nconc: 4\nzz: 1\n".utf8))
        let outcome = YAMLDecoder().decodeReportingProblems(Settings.self, from: node)

        #expect(outcome.unknownKeys.map(\.key) == ["tema", "conc", "zz"])
        #expect(outcome.unknownKeys.map(\.suggestion) == ["team", "concurrency", nil])
    }

    struct Settings: Decodable {
        var team: String?
        var concurrency: Int?
    }
}
