import Foundation
import TestSupport
import Testing

@testable import Migration

/// The read-back of plists and project files with Foundation's own parser.
struct FoundationPlistReadTests {
    @Test("A project file, an XML and a binary plist read back; a cut one does not, with Foundation's message")
    func readsWhatFoundationReads() throws {
        let project = try Data(
            contentsOf: FixturePaths.scan("legacy-swift-uikit").appendingPathComponent("Shelf.xcodeproj/project.pbxproj"))
        let xml = try Data(contentsOf: FixturePaths.scan("legacy-swift-uikit").appendingPathComponent("Shelf/Info.plist"))
        let value = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        for bytes in [project, xml, binary] {
            #expect(FoundationPlistRead.problem(Array(bytes)) == nil)
        }
        for cut in [project.prefix(project.count / 2), xml.prefix(xml.count - 20)] {
            let problem = try #require(FoundationPlistRead.problem(Array(cut)))
            #expect(!problem.isEmpty)
        }
        // An unbalanced brace in the middle of an OpenStep file.
        var text = String(decoding: project, as: UTF8.self)
        text = text.replacingOccurrences(of: "isa = PBXGroup;", with: "isa = PBXGroup; {", options: [], range: nil)
        #expect(FoundationPlistRead.problem(Array(text.utf8)) != nil)
    }
}
