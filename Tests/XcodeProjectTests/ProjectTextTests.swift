import Testing

@testable import XcodeProject

/// `ProjectText` parses a project's objects only when an edit looks into them: skipped values must end
/// exactly where a full parse ends them, whatever brackets their strings and comments hold.
struct ProjectTextTests {
    static let text = """
        // !$*UTF8*$!
        {
        \tobjects = {
        \t\tAAA /* tricky */ = {isa = PBXGroup; name = "a } ) { ("; path = a//b; children = (
        \t\t\t\tBBB /* } ( */,
        \t\t\t\t'CCC', // ) }
        \t\t\t); };
        \t\tBBB = {isa = PBXFileReference; path = "x\\"}.swift"; };
        \t\tCCC = {isa = PBXFileReference; path = <0a0b>; };
        \t};
        \trootObject = AAA;
        }

        """

    @Test func objectsWaitAndTheirParseMatchesAFullOne() throws {
        let bytes = Array(Self.text.utf8)
        let text = try #require(ProjectText(bytes))
        let objects = try #require(text.root["objects"])
        #expect(objects.entries.map(\.key) == ["AAA", "BBB", "CCC"])
        for entry in objects.entries {
            guard case .unparsed(let range) = entry.value else {
                Issue.record("\(entry.key) was parsed up front")
                continue
            }
            #expect(bytes[range.lowerBound] == UInt8(ascii: "{") && bytes[range.upperBound - 1] == UInt8(ascii: "}"))
        }
        let group = try #require(text.parsed(objects.entries[0].value))
        #expect(group.entries.map(\.key) == ["isa", "name", "path", "children"])
        #expect(try #require(group["path"]).range.count == "a//b".utf8.count)
        let children = try #require(group["children"]).items.map(text.text(of:))
        #expect(children == ["BBB", "'CCC'"])
        #expect(text.root["rootObject"].map(text.text(of:)) == "AAA")
    }

    @Test func anObjectThatNeverClosesIsNotFollowed() {
        #expect(ProjectText(Array("{ objects = { A = { isa = X; }; B = { isa = \"}\"; };\n".utf8)) == nil)
    }
}
