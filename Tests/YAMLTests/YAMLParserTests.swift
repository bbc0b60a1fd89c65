import Foundation
import Testing
import YAML

private func parse(_ text: String) throws -> Node {
    try YAMLParser().parse(Array(text.utf8))
}

private func parseError(_ text: String, parser: YAMLParser = YAMLParser()) -> YAMLError? {
    parseError(Array(text.utf8), parser: parser)
}

private func parseError(_ bytes: [UInt8], parser: YAMLParser = YAMLParser()) -> YAMLError? {
    do {
        _ = try parser.parse(bytes)
        return nil
    } catch {
        return error as? YAMLError
    }
}

@Suite struct YAMLParserTests {
    @Test func blockAndFlowCollectionsBecomeNodesWithMarks() throws {
        let root = try parse(
            """
            name: shop
            paths: [apps/, "lib, shared"]
            repos:
              - url: /srv/a.git
                branch: main
              - {url: /srv/b.git}
            """)

        #expect(root.mark == Mark(line: 1, column: 1))
        #expect(root.keys.map(\.name) == ["name", "paths", "repos"])
        #expect(root["paths"]?.sequence?.map { $0.scalar?.text } == ["apps/", "lib, shared"])
        #expect(root["paths"]?.mark == Mark(line: 2, column: 8))
        let repos = try #require(root["repos"]?.sequence)
        #expect(repos.count == 2)
        #expect(repos[0]["branch"]?.scalar == Scalar("main"))
        #expect(repos[0]["branch"]?.mark == Mark(line: 5, column: 13))
        #expect(repos[1]["url"]?.scalar?.text == "/srv/b.git")
        #expect(repos[1].mark == Mark(line: 6, column: 5))
    }

    @Test func scalarsKeepTheirStyleAndText() throws {
        let root = try parse(
            """
            plain: true
            double: "true"
            single: 'it''s'
            unicode: "caf\\u00e9 \\u2713"
            literal: |
              swift build
              swift test
            folded: >
              folded text
              on two lines
            empty:
            tagged: !!str 12
            """)

        #expect(root["plain"]?.scalar == Scalar("true"))
        #expect(root["plain"]?.scalar?.bool == true)
        #expect(root["double"]?.scalar == Scalar("true", style: .doubleQuoted))
        #expect(root["double"]?.scalar?.bool == nil)
        #expect(root["single"]?.scalar == Scalar("it's", style: .singleQuoted))
        #expect(root["unicode"]?.scalar?.text == "café ✓")
        #expect(root["literal"]?.scalar == Scalar("swift build\nswift test\n", style: .literal))
        #expect(root["folded"]?.scalar == Scalar("folded text on two lines\n", style: .folded))
        #expect(root["empty"]?.isNull == true)
        #expect(root["tagged"]?.scalar?.tag == "tag:yaml.org,2002:str")
        #expect(root["tagged"]?.scalar?.integer == nil)
    }

    @Test func plainScalarsAreTypedLikeTheYAML12CoreSchema() {
        #expect(Scalar("True").bool == true)
        #expect(Scalar("FALSE").bool == false)
        #expect(Scalar("yes").bool == nil)
        #expect(Scalar("~").isNull)
        #expect(Scalar("Null").isNull)
        #expect(!Scalar("null", style: .doubleQuoted).isNull)
        #expect(Scalar("-42").integer == -42)
        #expect(Scalar("+7").integer == 7)
        #expect(Scalar("0x1F").integer == 31)
        #expect(Scalar("0o17").integer == 15)
        #expect(Scalar("1_000").integer == nil)
        #expect(Scalar("12", style: .singleQuoted).integer == nil)
        #expect(Scalar("1.5e3").double == 1500)
        #expect(Scalar(".5").double == 0.5)
        #expect(Scalar("-.inf").double == -Double.infinity)
        #expect(Scalar(".nan").double?.isNaN == true)
        #expect(Scalar("1.2.3").double == nil)
        #expect(Scalar("e5").double == nil)
    }

    @Test func anAliasIsACopyOfItsAnchoredNodeAtTheAliasMark() throws {
        let root = try parse(
            """
            base: &base
              team: mobile
              paths: [a, b]
            copy: *base
            """)

        let copy = try #require(root["copy"])
        #expect(copy.mapping == root["base"]?.mapping)
        #expect(copy.mark == Mark(line: 4, column: 7))
    }

    @Test func mergeKeysMergeOneOrSeveralMappingsAndExplicitKeysWin() throws {
        let root = try parse(
            """
            a: &a {x: 1, y: 1}
            b: &b {y: 2, z: 2}
            single:
              <<: *a
              x: 9
            list:
              w: 0
              <<: [*a, *b]
            """)

        let single = try #require(root["single"])
        #expect(single.keys.map(\.name) == ["x", "y"])
        #expect(single["x"]?.scalar?.text == "9")
        #expect(single["y"]?.scalar?.text == "1")
        let list = try #require(root["list"])
        #expect(Set(list.keys.map(\.name)) == ["w", "x", "y", "z"])
        #expect(list["y"]?.scalar?.text == "1")
        #expect(list["z"]?.scalar?.text == "2")
    }

    @Test func aMergeKeyWithAScalarIsAnError() {
        let error = parseError("a: 1\nb:\n  <<: 5\n")
        #expect(error?.description == "3:7: a merge key (<<) takes a mapping or a sequence of mappings, not a scalar")
    }

    @Test func aDuplicateKeyIsReportedAtTheSecondOccurrence() {
        let error = parseError("repos: []\nname: x\nrepos: [a]\n")
        #expect(error?.line == 3)
        #expect(error?.column == 1)
        #expect(error?.message == "duplicate key 'repos' (first defined at 1:1)")
    }

    @Test func anUndefinedAliasIsAnErrorAtTheAlias() {
        let error = parseError("a: 1\nb: *nope\n")
        #expect(error?.description == "2:4: undefined alias 'nope'")
    }

    @Test func aTabInIndentationIsAnErrorWithLineAndColumn() {
        let error = parseError("a:\n  b: 1\n\tc: 2\n")
        #expect(error?.line == 3)
        #expect(error?.column == 1)
        #expect(error?.message.contains("tab") == true)
    }

    @Test func anUnterminatedQuoteReportsWhereTheQuoteStarted() {
        let error = parseError("a: \"open\nb: 2\n")
        #expect(error?.message == "found unexpected end of stream")
        #expect(error?.context == "while scanning a quoted scalar")
        #expect(error?.contextMark == Mark(line: 1, column: 4))
        #expect(error?.description == "3:1: found unexpected end of stream (while scanning a quoted scalar at 1:4)")
    }

    @Test func invalidUTF8IsAnErrorWithLineAndColumnFromTheOffset() {
        let bytes = Array("ok: 1\nname: caf".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        let error = parseError(bytes)
        #expect(error?.line == 2)
        #expect(error?.column == 10)
        #expect(error?.message.contains("invalid leading UTF-8 octet") == true)
    }

    @Test func invalidUTF8AfterMultibyteCharactersCountsCharactersNotBytes() {
        // libyaml reports the offset of the bad trailing byte, one character after the 0xC3 that starts it.
        let bytes = Array("é: ü".utf8) + [0xC3, 0x28]
        let error = parseError(bytes)
        #expect(error?.line == 1)
        #expect(error?.column == 6)
        #expect(error?.message.contains("invalid trailing UTF-8 octet") == true)
    }

    @Test func aBillionLaughsDocumentIsRejectedQuickly() {
        var text = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ")
            text += "l\(level): &l\(level) [\(refs)]\n"
        }
        // 9^10 nodes if expanded: the error at the millionth is what keeps the parse short.
        let error = parseError(text)
        #expect(error?.message.contains("more than 1000000 nodes") == true)
    }

    @Test func aDocumentOfMoreThanAMillionPlainNodesParsesButAliasCopiesCount() throws {
        let plain = String(repeating: "- [a, b, c]\n", count: 300_000)
        let root = try YAMLParser().parse(Array(plain.utf8))
        #expect(root.sequence?.count == 300_000)

        // Each alias copies four nodes: 250,000 copies stay within the cap, 250,001 do not.
        let within = "x: &x [a, b, c]\ny: [" + Array(repeating: "*x", count: 250_000).joined(separator: ",") + "]\n"
        #expect(parseError(within) == nil)
        let past = "x: &x [a, b, c]\ny: [" + Array(repeating: "*x", count: 250_001).joined(separator: ",") + "]\n"
        #expect(parseError(past)?.message == "aliases expand the document by more than 1000000 nodes")
        // A total cap still holds when asked for.
        #expect(parseError(plain, parser: YAMLParser(maximumNodes: 1000))?.message == "document holds more than 1000 nodes")
    }

    @Test func tenThousandOpenBracketsAreRejectedWithoutCrashing() {
        let error = parseError(String(repeating: "[", count: 10_000))
        #expect(error?.message == "nesting is deeper than 512 levels")
        #expect(error?.line == 1)
        #expect(error?.column == 513)
    }

    @Test func aliasesCannotNestPastTheDepthLimit() {
        let parser = YAMLParser(maximumDepth: 4)
        #expect(parseError("a: &a [[x]]\nb: [*a]\n", parser: parser) == nil)
        #expect(parseError("a: &a [[x]]\nb: [[*a]]\n", parser: parser)?.message == "nesting is deeper than 4 levels")
    }

    @Test func anEmptyDocumentIsANullNode() throws {
        #expect(try parse("").isNull)
        #expect(try parse("# only a comment\n").isNull)
        #expect(try parse("---\n...\n").isNull)
    }

    @Test func parseTakesTheFirstDocumentAndParseAllReturnsEvery() throws {
        let text = "first: 1\n---\nsecond: 2\n"
        #expect(try parse(text).keys.map(\.name) == ["first"])
        let all = try YAMLParser().parseAll(Array(text.utf8))
        #expect(all.map { $0.keys.map(\.name) } == [["first"], ["second"]])
        #expect(all[1].mark.line == 3)
    }

    @Test func anchorsDoNotLeakIntoTheNextDocument() {
        let error = #expect(throws: YAMLError.self) {
            try YAMLParser().parseAll(Array("a: &x 1\n---\nb: *x\n".utf8))
        }
        #expect(error?.message == "undefined alias 'x'")
    }

    @Test func walkVisitsEveryNodeWithItsPath() throws {
        let root = try parse("repos:\n  - url: a\n    paths: [x]\n")
        var visited: [String] = []
        root.walk { path, _ in visited.append(path.description) }
        #expect(visited == ["", "repos", "repos[0]", "repos[0].url", "repos[0].paths", "repos[0].paths[0]"])
        #expect(root.node(at: NodePath([.key("repos"), .index(0), .key("url")]))?.scalar?.text == "a")
        #expect(root.node(at: NodePath([.key("repos"), .index(3)])) == nil)
    }
}
