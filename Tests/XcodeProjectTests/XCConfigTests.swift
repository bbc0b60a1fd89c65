import Testing

@testable import XcodeProject

@Suite("xcconfig reader")
struct XCConfigTests {
    private func read(_ path: String, _ files: [String: String]) -> (assignments: [XCConfigAssignment], problems: [String]) {
        var problems: [String] = []
        let assignments = XCConfigReader.read(path: path, load: { path in files[path].map { (path, Array($0.utf8)) } }, problems: &problems)
        return (assignments, problems)
    }

    @Test("Assignments with their file and line; blanks, comments and junk lines skipped")
    func assignments() {
        let text = """
            // Shared settings
            IPHONEOS_DEPLOYMENT_TARGET = 15.0

            SWIFT_VERSION=5.0;
               OTHER_LDFLAGS = $(inherited) -ObjC   // linker flags
            this line has no equals sign
            = no key
            """
        let (assignments, problems) = read("Config/Base.xcconfig", ["Config/Base.xcconfig": text])
        #expect(problems.isEmpty)
        #expect(
            assignments == [
                XCConfigAssignment(key: "IPHONEOS_DEPLOYMENT_TARGET", value: "15.0", file: "Config/Base.xcconfig", line: 2),
                XCConfigAssignment(key: "SWIFT_VERSION", value: "5.0", file: "Config/Base.xcconfig", line: 4),
                XCConfigAssignment(key: "OTHER_LDFLAGS", value: "$(inherited) -ObjC", file: "Config/Base.xcconfig", line: 5),
            ])
    }

    // Regression test (fixed): the line is split at its first `=`, which for a conditional setting is inside the
    // condition, so `OTHER_LDFLAGS[sdk=iphoneos*] = -ObjC` reads as key `OTHER_LDFLAGS[sdk`.
    @Test("Conditional keys keep their whole condition")
    func conditionalKeys() {
        let text = "OTHER_LDFLAGS[sdk=iphoneos*] = -ObjC\nOTHER_SWIFT_FLAGS[sdk=iphoneos*][config=Release] = -DDEVICE\n"
        let (assignments, _) = read("a.xcconfig", ["a.xcconfig": text])
        #expect(assignments.map(\.key) == ["OTHER_LDFLAGS[sdk=iphoneos*]", "OTHER_SWIFT_FLAGS[sdk=iphoneos*][config=Release]"])
        #expect(assignments.map(\.value) == ["-ObjC", "-DDEVICE"])
    }

    @Test("A double slash in a value starts a comment, as in Xcode")
    func doubleSlashInValue() {
        let (assignments, _) = read("a.xcconfig", ["a.xcconfig": "API_URL = https://example.com\nESCAPED = https:/$()/example.com\n"])
        #expect(assignments.map(\.value) == ["https:", "https:/$()/example.com"])
    }

    // Regression test (fixed): the text is split on the Character "\n", and Swift treats "\r\n" as one Character, so a
    // file with Windows line endings reads as a single line (only its first assignment, with the
    // rest of the file as its value).
    @Test("CRLF line endings separate lines")
    func crlf() {
        let (assignments, _) = read("a.xcconfig", ["a.xcconfig": "A = 1\r\nB = 2\r\n"])
        #expect(assignments.map(\.key) == ["A", "B"])
        #expect(assignments.map(\.value) == ["1", "2"])
        #expect(assignments.map(\.line) == [1, 2])
    }

    @Test("Includes are read in place, relative to the including file")
    func includes() {
        let files = [
            "ios/Config/App.xcconfig": "A = app\n#include \"Shared/Base.xcconfig\"\nC = app\n",
            "ios/Config/Shared/Base.xcconfig": "B = base\n#include \"../../Common.xcconfig\"\n",
            "ios/Common.xcconfig": "COMMON = yes\n",
        ]
        let (assignments, problems) = read("ios/Config/App.xcconfig", files)
        #expect(problems.isEmpty)
        #expect(assignments.map(\.key) == ["A", "B", "COMMON", "C"])
        #expect(
            assignments.map(\.file) == [
                "ios/Config/App.xcconfig", "ios/Config/Shared/Base.xcconfig", "ios/Common.xcconfig", "ios/Config/App.xcconfig",
            ])
        #expect(assignments.map(\.line) == [1, 1, 1, 3])
    }

    @Test("A missing include is a problem; a missing optional include is not")
    func missingIncludes() {
        let files = ["App.xcconfig": "#include? \"Local.xcconfig\"\n#include \"Missing.xcconfig\"\nA = 1\n"]
        let (assignments, problems) = read("App.xcconfig", files)
        #expect(assignments.map(\.key) == ["A"])
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("Missing.xcconfig: xcconfig file not found") == true)
        #expect(problems.first?.contains("App.xcconfig:2") == true)
    }

    @Test("Missing CocoaPods support files are expected, not problems")
    func missingPods() {
        let files = ["App.xcconfig": "#include \"Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig\"\nA = 1\n"]
        let (assignments, problems) = read("App.xcconfig", files)
        #expect(assignments.map(\.key) == ["A"])
        #expect(problems.isEmpty)
    }

    @Test("A missing top-level file is a problem")
    func missingTopLevel() {
        let (assignments, problems) = read("Nope.xcconfig", [:])
        #expect(assignments.isEmpty)
        #expect(problems == ["Nope.xcconfig: xcconfig file not found"])
    }

    @Test("Include cycles are reported and broken")
    func cycles() {
        let files = [
            "A.xcconfig": "A = 1\n#include \"B.xcconfig\"\n",
            "B.xcconfig": "B = 2\n#include \"A.xcconfig\"\n",
            "Self.xcconfig": "S = 1\n#include \"Self.xcconfig\"\n",
        ]
        let (assignments, problems) = read("A.xcconfig", files)
        #expect(assignments.map(\.key) == ["A", "B"])
        #expect(problems == ["A.xcconfig: #include cycle"])
        let (selfAssignments, selfProblems) = read("Self.xcconfig", files)
        #expect(selfAssignments.map(\.key) == ["S"])
        #expect(selfProblems == ["Self.xcconfig: #include cycle"])
    }

    @Test("The same file included twice (not a cycle) is read twice")
    func diamond() {
        let files = [
            "Top.xcconfig": "#include \"Left.xcconfig\"\n#include \"Right.xcconfig\"\n",
            "Left.xcconfig": "#include \"Base.xcconfig\"\nL = 1\n",
            "Right.xcconfig": "#include \"Base.xcconfig\"\nR = 1\n",
            "Base.xcconfig": "BASE = 1\n",
        ]
        let (assignments, problems) = read("Top.xcconfig", files)
        #expect(problems.isEmpty)
        #expect(assignments.map(\.key) == ["BASE", "L", "BASE", "R"])
    }

    @Test("Very deep include chains stop with a problem")
    func deepChain() {
        var files: [String: String] = [:]
        for level in 0..<100 {
            files["L\(level).xcconfig"] = "K\(level) = \(level)\n#include \"L\(level + 1).xcconfig\"\n"
        }
        let (assignments, problems) = read("L0.xcconfig", files)
        #expect(assignments.count == 32)
        #expect(problems == ["L32.xcconfig: #include nested too deeply"])
    }

    @Test("Absolute includes and includes leaving the tree are ignored")
    func includesOutsideTree() {
        let files = ["ios/App.xcconfig": "#include \"/etc/passwd\"\n#include \"../../../etc/passwd\"\nA = 1\n"]
        var loaded: [String] = []
        var problems: [String] = []
        let assignments = XCConfigReader.read(
            path: "ios/App.xcconfig",
            load: { path in
                loaded.append(path)
                return files[path].map { (path, Array($0.utf8)) }
            }, problems: &problems)
        #expect(assignments.map(\.key) == ["A"])
        #expect(loaded == ["ios/App.xcconfig"])
        #expect(problems.isEmpty)
    }

    @Test("Assignments are attributed to the file as the tree spells it")
    func treeSpelling() {
        let files = ["Config/Base.xcconfig": "A = 1\n"]
        var problems: [String] = []
        let assignments = XCConfigReader.read(
            path: "config/base.xcconfig",
            load: { path in
                files.first { $0.key.lowercased() == path.lowercased() }.map { ($0.key, Array($0.value.utf8)) }
            }, problems: &problems)
        #expect(assignments.map(\.file) == ["Config/Base.xcconfig"])
        #expect(problems.isEmpty)
    }

    @Test("Later assignments of a key come after earlier ones")
    func duplicateKeys() {
        let (assignments, _) = read("a.xcconfig", ["a.xcconfig": "A = 1\nA = 2\n"])
        #expect(assignments.map(\.value) == ["1", "2"])
    }
}
