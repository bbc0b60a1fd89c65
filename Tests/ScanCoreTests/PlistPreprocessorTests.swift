import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Info.plist preprocessing (`INFOPLIST_PREPROCESS`), evaluated by our own preprocessor, never by cpp.
@Suite("Info.plist preprocessing")
struct PlistPreprocessorTests {
    static func run(
        _ text: String, definitions: String = "", prefixHeader: String? = nil, files: [String: String] = [:], controlled: Set<String> = []
    ) -> (outcomes: [PlistPreprocessor.Outcome], problems: [PlistPreprocessor.Problem]) {
        let preprocessor = PlistPreprocessor(load: { path in files[path].map { (path, Array($0.utf8)) } })
        return preprocessor.run(
            file: "App/Info.plist", bytes: Array(text.utf8), definitions: PlistPreprocessor.definitions(definitions),
            prefixHeader: prefixHeader, controlled: controlled)
    }

    static func lines(_ outcome: PlistPreprocessor.Outcome) -> [String] {
        outcome.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    @Test("Definitions are NAME, NAME=value and quoted values")
    func definitions() {
        #expect(PlistPreprocessor.definitions(#"A B=2 C="x y" D='z'"#) == ["A": "1", "B": "2", "C": "x y", "D": "z"])
        #expect(PlistPreprocessor.definitions("") == [:])
    }

    @Test("#if, #ifdef, #ifndef, #elif, #else and #endif choose lines; nested groups under a false branch stay off")
    func conditions() {
        let text = """
            #if LEVEL > 2 && defined(PRO)
            pro-high
            #elif LEVEL == 2 || !defined(PRO)
            two-or-lite
            #else
            other
            #endif
            #ifdef PRO
            #ifndef LITE
            pro-not-lite
            #endif
            #else
            #if 1
            lite-branch
            #endif
            #endif
            """
        #expect(Self.lines(Self.run(text, definitions: "LEVEL=3 PRO").outcomes[0]) == ["pro-high", "pro-not-lite"])
        #expect(Self.lines(Self.run(text, definitions: "LEVEL=2 PRO").outcomes[0]) == ["two-or-lite", "pro-not-lite"])
        #expect(Self.lines(Self.run(text, definitions: "LEVEL=1").outcomes[0]) == ["two-or-lite", "lite-branch"])
        #expect(Self.lines(Self.run(text, definitions: "LEVEL=1 PRO LITE").outcomes[0]) == ["other"])
    }

    @Test("Object-like macros are replaced in the text on word boundaries; directive lines keep line numbers")
    func substitution() {
        let text = "#define NAME Shelf\n<string>NAME</string>\n<string>NAMES https://HOST/v2/</string>\n"
        let outcome = Self.run(text, definitions: "HOST=api.example.com").outcomes[0]
        #expect(Self.lines(outcome) == ["<string>Shelf</string>", "<string>NAMES https://api.example.com/v2/</string>"])
        #expect(outcome.sourceLines == [1, 2, 3, 4])
    }

    @Test("The prefix header's #defines and included files count; included lines have no plist line")
    func prefixHeaderAndIncludes() {
        let files = [
            "App/Prefix.h": "#define SCENES 1\n#define NAME Shelf\n",
            "App/Extra.plist.h": "<key>Extra</key>\n<true/>\n",
        ]
        let text = "#if SCENES\n<key>UIApplicationSceneManifest</key>\n#endif\n#include \"Extra.plist.h\"\n<string>NAME</string>\n"
        let (outcomes, problems) = Self.run(text, prefixHeader: "App/Prefix.h", files: files)
        #expect(problems.isEmpty)
        let outcome = outcomes[0]
        #expect(Self.lines(outcome) == ["<key>UIApplicationSceneManifest</key>", "<key>Extra</key>", "<true/>", "<string>Shelf</string>"])
        #expect(outcome.sourceLines == [1, 2, 3, nil, nil, nil, 4, 5, 6])
    }

    @Test("A condition that cannot be decided is read both ways, each outcome saying which branch it took")
    func undecidable() {
        let text = "#include \"Generated.h\"\n#ifdef FEATURE\nwith\n#else\nwithout\n#endif\n#if HAS(x)\nf\n#endif\n"
        let (outcomes, problems) = Self.run(text)
        #expect(outcomes.count == 4)
        #expect(outcomes.map { Self.lines($0) } == [["with", "f"], ["with"], ["without", "f"], ["without"]])
        #expect(outcomes[1].assumptions == ["#ifdef FEATURE at App/Info.plist:2", "not #if HAS(x) at App/Info.plist:7"])
        #expect(problems.map(\.line) == [1])
        #expect(problems.first?.message.contains("not in the tree") == true)
    }

    @Test("Macros the build settings control stay decided after an include that is not in the tree")
    func controlledMacros() {
        let text = "#include \"Generated.h\"\n#ifdef DEBUG_MENU\nmenu\n#endif\n"
        #expect(Self.run(text, controlled: ["DEBUG_MENU"]).outcomes.map { Self.lines($0) } == [[]])
        #expect(Self.run(text).outcomes.count == 2)
    }

    @Test("Without undecidable conditions there is one outcome; past the choice limit the first branch is taken")
    func boundedChoices() {
        var text = "#include \"Missing.h\"\n"
        for index in 0..<10 { text += "#ifdef F\(index)\nf\(index)\n#endif\n" }
        let outcomes = Self.run(text).outcomes
        #expect(outcomes.count <= 1 << PlistPreprocessor.maximumChoices)
        #expect(Self.run("plain\n").outcomes.count == 1)
    }

    @Test("Unbalanced groups and #error are problems with their line, not crashes")
    func problems() {
        let (_, problems) = Self.run("#endif\n#if 1\n#error flavour not set\n")
        #expect(problems.map(\.line) == [1, 2, 3])
        #expect(problems.map(\.message).contains("#if without #endif"))
    }

    @Test("An app whose Info.plist is preprocessed is read per configuration instead of being unknown")
    func throughDiscovery() throws {
        let directory = TemporaryDirectory()
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>LSRequiresIPhoneOS</key>
            \t<true/>
            #if SCENES
            \(TreeFixtures.sceneManifest)
            #endif
            </dict>
            </plist>

            """
        TreeFixtures.writeApp(
            in: directory, settings: ["INFOPLIST_PREPROCESS": "YES", "INFOPLIST_PREPROCESSOR_DEFINITIONS": "SCENES=1"], plist: plist)
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.unreadable.isEmpty)
        #expect(app.infoPlists.count == 1)
        #expect(app.infoPlists.first?.manifestState.manifest != nil)
        #expect(app.infoPlists.first?.location(of: "UIApplicationSceneManifest") == Location(file: "App/Info.plist", line: 7, column: 2))

        // Without INFOPLIST_PREPROCESS the `#` lines are not a plist: unknown, as before.
        let plain = TemporaryDirectory()
        TreeFixtures.writeApp(in: plain, plist: plist)
        let unread = try #require(try TreeFixtures.workspace(plain).apps.first)
        #expect(!unread.unreadable.isEmpty)
    }
}
