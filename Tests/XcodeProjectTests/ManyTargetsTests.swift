import Foundation
import TestSupport
import Testing
import XcodeProject

/// A project of many application targets (scripts/lib/many_targets.py, as `scripts/pbxproj-scale`
/// measures at 1,000, 5,000 and 20,000): every target and configuration still gets its own line, from
/// the one-pass index that replaced a search of the whole file per object.
@Suite("Projects of many targets")
struct ManyTargetsTests {
    /// 2,000 targets are found through the index; 12 through searches alone (a few lookups each); 40 through
    /// searches first and the index after them.
    @Test(arguments: [2000, 12, 40])
    func eachTargetAndItsConfigurationsHaveTheirOwnDefinitionLines(count: Int) throws {
        let folder = TemporaryDirectory("many-targets")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", FixturePaths.packageRoot.appendingPathComponent("scripts/lib/many_targets.py").path, folder.path, String(count),
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/Many.xcodeproj/project.pbxproj")))
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)

        let project = try ProjectReader.read(bytes, xcodeprojPath: "Many.xcodeproj")

        #expect(project.targets.count == count)
        for target in project.targets {
            #expect(lines[target.line - 1].hasPrefix("\t\t\(target.id) /* \(target.name) */ = {"), "\(target.name)")
            for configuration in target.buildConfigurations {
                let line = try #require(configuration.settingLines["INFOPLIST_FILE"])
                #expect(lines[line - 1] == "\t\t\t\tINFOPLIST_FILE = \(target.name)/Info.plist;", "\(target.name) \(configuration.name)")
            }
        }
    }

    @Test func anIdMentionedBeforeItsDefinitionStillFindsTheDefinition() throws {
        // The target is listed (indented deeper) before it is defined: only a line that starts with two
        // tabs and the id defines it.
        let text = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tAA /* Project */ = {
            \t\t\tisa = PBXProject;
            \t\t\ttargets = (
            \t\t\t\tBB,
            \t\t\t);
            \t\t\tmainGroup = CC;
            \t\t};
            \t\tCC = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \t\tBB /* Shelf */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tname = Shelf;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t};
            \trootObject = AA;
            }

            """
        let project = try ProjectReader.read(Array(text.utf8), xcodeprojPath: "Shelf.xcodeproj")
        #expect(project.targets.map(\.line) == [12])
    }
}
