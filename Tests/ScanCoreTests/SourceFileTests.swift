import Testing

@testable import ScanCore

@Suite("Source file positions")
struct SourceFilePositionTests {
    @Test("Lines and columns are 1-based")
    func lineAndColumn() {
        let file = source("import UIKit\n\nclass A {\n    var window: UIWindow?\n}\n")
        #expect(file.position(of: "import")! == (1, 1))
        #expect(file.position(of: "class")! == (3, 1))
        #expect(file.position(of: "window")! == (4, 9))
        #expect(file.lineCount == 6)
    }

    @Test("Columns count Unicode scalars, not bytes")
    func columnsCountScalars() {
        // é is 2 bytes, 🙂 is 4 bytes: one column each.
        let file = source("let é = \"🙂\"; target")
        #expect(file.position(of: "target")!.column == 14)
    }

    @Test("A combining accent is its own scalar and so its own column")
    func combiningCharacters() {
        // e + U+0301 is one Character but two scalars.
        let file = source("\"e\u{301}\" target")
        #expect(file.position(of: "target")!.column == 6)
    }

    @Test("Offsets at line starts and ends map to the right line")
    func lineOfOffset() {
        let file = source("ab\ncd\n")
        #expect(file.line(ofOffset: 0) == 1)
        #expect(file.line(ofOffset: 2) == 1)  // the newline belongs to its line
        #expect(file.line(ofOffset: 3) == 2)
        #expect(file.line(ofOffset: 6) == 3)
    }

    @Test("Token indices on a line are those that start on it")
    func tokenIndicesOnLine() {
        let file = source("let a = 1\nlet s = \"\"\"\nmulti\n\"\"\"; b\n\nc")
        #expect(file.tokenIndices(onLine: 1).map { file.text($0) } == ["let", "a", "=", "1"])
        // The multi-line string starts on line 2; the `;` and `b` start on line 4.
        #expect(file.tokenIndices(onLine: 2).map { file.text($0) } == ["let", "s", "=", "\"\"\"\nmulti\n\"\"\""])
        #expect(file.tokenIndices(onLine: 3).isEmpty)
        #expect(file.tokenIndices(onLine: 4).map { file.text($0) } == [";", "b"])
        #expect(file.tokenIndices(onLine: 5).isEmpty)
        #expect(file.tokenIndices(onLine: 6).map { file.text($0) } == ["c"])
        #expect(file.tokenIndices(onLine: 0).isEmpty)
        #expect(file.tokenIndices(onLine: 99).isEmpty)
    }

    @Test("Line text drops the line terminator, CR included")
    func lineText() {
        let file = source("first\r\nsecond\nthird")
        #expect(file.lineText(1) == "first")
        #expect(file.lineText(2) == "second")
        #expect(file.lineText(3) == "third")
        #expect(file.lineText(4) == "")
    }

    @Test("Normalised code on a line joins its tokens without spaces")
    func normalizedCode() {
        let file = source("let  window = UIWindow( frame: .zero ) // note\n")
        #expect(file.normalizedCode(onLine: 1) == "letwindow=UIWindow(frame:.zero)")
    }
}

@Suite("Source file token helpers")
struct SourceFileHelperTests {
    @Test("is(_:_:) compares whole tokens and is false out of range")
    func isLiteral() {
        let file = source("keyWindow keyWindowScene")
        #expect(file.is(0, "keyWindow"))
        #expect(!file.is(1, "keyWindow"))
        #expect(!file.is(-1, "keyWindow"))
        #expect(!file.is(2, "keyWindow"))
        #expect(file.is(1, text: "keyWindowScene"))
        #expect(!file.is(5, text: "x"))
    }

    @Test("matches reads a run of tokens")
    func matchesRun() {
        let file = source("UIApplication.shared.keyWindow")
        #expect(file.matches(0, "UIApplication", ".", "shared", ".", "keyWindow"))
        #expect(!file.matches(0, "UIApplication", ".", "keyWindow"))
    }

    @Test("mentions finds text in comments and strings too")
    func mentions() {
        let file = source("// keyWindow\nlet x = \"UIScreen\"")
        #expect(file.mentions("keyWindow"))
        #expect(file.mentions("UIScreen"))
        #expect(!file.mentions("UIWindow"))
        #expect(!file.mentions(""))
    }

    @Test("code(from:through:) renders a token range")
    func codeRange() {
        let file = source("a . b ( c )")
        #expect(file.code(from: 0, through: 5) == "a.b(c)")
        #expect(file.code(from: 3, through: 2) == "")
        #expect(file.code(from: 0, through: 99) == "")
    }
}

@Suite("Suppression comments")
struct SuppressionCommentTests {
    @Test("A line comment with the marker names rules and a reason")
    func lineComment() {
        let file = source("let a = 1\n// scenesweep:ignore window-lookup,main-screen-use reviewed by ops\nlet b = 2")
        #expect(
            file.suppressions == [
                SuppressionComment(line: 2, rules: ["window-lookup", "main-screen-use"], reason: "reviewed by ops", ownsLine: true)
            ])
    }

    @Test("A trailing comment does not own its line")
    func trailingComment() {
        let file = source("foo() // scenesweep:ignore window-lookup legacy path")
        #expect(file.suppressions.map(\.ownsLine) == [false])
        #expect(file.suppressions.first?.rules == ["window-lookup"])
        #expect(file.suppressions.first?.reason == "legacy path")
    }

    @Test("An indented comment still owns its line")
    func indentedComment() {
        let file = source("\t    // scenesweep:ignore window-lookup")
        #expect(file.suppressions.map(\.ownsLine) == [true])
        #expect(file.suppressions.first?.reason == "")
    }

    @Test("Block comments carry suppressions without their terminator")
    func blockComment() {
        let file = source("x /* scenesweep:ignore status-bar-api kept for iOS 12 */ y", .objectiveC)
        #expect(file.suppressions.count == 1)
        #expect(file.suppressions.first?.rules == ["status-bar-api"])
        #expect(file.suppressions.first?.reason == "kept for iOS 12")
    }

    @Test("The marker inside a string is not a suppression")
    func markerInString() {
        let file = source("let s = \"// scenesweep:ignore window-lookup\"")
        #expect(file.suppressions.isEmpty)
    }

    @Test("A marker without a rule id is no suppression")
    func markerWithoutRule() {
        let file = source("// scenesweep:ignore\nlet a = 1")
        #expect(file.suppressions.isEmpty)
    }

    @Test("A comment without the marker is no suppression")
    func plainComment() {
        let file = source("// scenesweep ignore window-lookup\n// ignore")
        #expect(file.suppressions.isEmpty)
    }

    @Test("Suppressions in plists are found in XML comments")
    func plistComments() {
        let plist = "<dict>\n  <!-- scenesweep:ignore scene-manifest-missing migrating in Q3 -->\n  <key>A</key>\n</dict>"
        let found = SuppressionComment.scan(Array(plist.utf8))
        #expect(
            found == [
                SuppressionComment(line: 2, rules: ["scene-manifest-missing"], reason: "migrating in Q3", ownsLine: true)
            ])
    }

    @Test("The marker outside any comment of a plist is ignored")
    func plistMarkerOutsideComment() {
        let plist = "<string>scenesweep:ignore scene-manifest-missing</string>"
        #expect(SuppressionComment.scan(Array(plist.utf8)).isEmpty)
    }

    @Test("Suppressions in pbxproj comments are found")
    func pbxprojComments() {
        let text = "\t\tIPHONEOS_DEPLOYMENT_TARGET = 12.0; /* scenesweep:ignore deployment-target-low until March */\n"
        let found = SuppressionComment.scan(Array(text.utf8))
        #expect(found.count == 1)
        #expect(found.first?.ownsLine == false)
        #expect(found.first?.reason == "until March")
    }
}

@Suite("Identifiers found by a byte search")
struct IdentifierIndicesTests {
    @Test("Only identifier tokens that read exactly a name, in token order, across several names")
    func exactIdentifiersInOrder() {
        let file = source(
            """
            // window in a comment, UIWindow too
            let title = "window"
            let windows = UIApplication.shared.windows
            let w = UIApplication.shared.keyWindow ?? windowScene.window
            let _window = UIWindow(frame: .zero); self.window = UIWindowScene.self
            """)
        let found = file.identifierIndices(["window", "keyWindow", "windows", "UIWindow"])
        #expect(found == found.sorted())
        #expect(found.map(file.text) == ["windows", "windows", "keyWindow", "window", "UIWindow", "window"])
        // The same as comparing every token.
        let names: Set<String> = ["window", "keyWindow", "windows", "UIWindow"]
        #expect(found == file.tokens.indices.filter { file.tokens[$0].kind == .identifier && names.contains(file.text($0)) })
        #expect(file.identifierIndices(["absent"]).isEmpty)
        #expect(source("").identifierIndices(["window"]).isEmpty)
    }

    @Test("A name at the very end of the file, and one split by the end, are handled")
    func endOfFile() {
        let file = source("let a = window")
        #expect(file.identifierIndices(["window"]).map(file.text) == ["window"])
        #expect(file.identifierIndices(["windowScene"]).isEmpty)
    }
}
