import Foundation
import TestSupport
import Testing

@testable import XcodeProject

/// `fix` names a new Info.plist in each configuration of a target whose Info.plist is generated (issue 19):
/// `INFOPLIST_FILE = …;` inserted as a line where Xcode's sorted order puts it, nothing else touched.
@Suite("Build setting editor")
struct BuildSettingEditorTests {
    static let xcodeproj = "Switchback.xcodeproj"

    static func fixture() throws -> [UInt8] {
        let url = FixturePaths.scan("generated-infoplist-no-manifest").appendingPathComponent(xcodeproj)
            .appendingPathComponent("project.pbxproj")
        return Array(try Data(contentsOf: url))
    }

    static func targetID(_ bytes: [UInt8]) throws -> String {
        try #require(try ProjectReader.read(bytes, xcodeprojPath: xcodeproj).targets.first).id
    }

    /// The edited text minus `inserted` lines, and the lines that were inserted.
    static func removing(_ inserted: String, from edited: [UInt8]) -> (rest: String, count: Int) {
        let lines = String(decoding: edited, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let rest = lines.filter { $0 != inserted }
        return (rest.joined(separator: "\n"), lines.count - rest.count)
    }

    @Test func theSettingGoesInEachConfigurationInSortedPlaceAndNothingElseChanges() throws {
        let bytes = try Self.fixture()
        let edited = try BuildSettingEditor.adding(
            key: "INFOPLIST_FILE", value: "Switchback/Info.plist", toConfigurations: ["Debug", "Release"],
            ofTarget: try Self.targetID(bytes), in: bytes, xcodeprojPath: Self.xcodeproj)
        let line = "\t\t\t\tINFOPLIST_FILE = Switchback/Info.plist;"
        let (rest, count) = Self.removing(line, from: edited)
        #expect(count == 2)
        #expect(rest == String(decoding: bytes, as: UTF8.self))
        // Between GENERATE_INFOPLIST_FILE and the INFOPLIST_KEY_ settings, as Xcode sorts them.
        #expect(
            String(decoding: edited, as: UTF8.self).contains(
                "GENERATE_INFOPLIST_FILE = YES;\n\(line)\n\t\t\t\tINFOPLIST_KEY_CFBundleDisplayName"))
        // Foundation and ProjectReader read it back with the setting in both configurations of the target only.
        _ = try PropertyListSerialization.propertyList(from: Data(edited), options: [], format: nil)
        let project = try ProjectReader.read(edited, xcodeprojPath: Self.xcodeproj)
        #expect(
            project.targets[0].buildConfigurations.map { $0.settings["INFOPLIST_FILE"] } == [
                "Switchback/Info.plist", "Switchback/Info.plist",
            ])
        #expect(project.buildConfigurations.allSatisfy { $0.settings["INFOPLIST_FILE"] == nil })
    }

    @Test func onlyTheNamedConfigurationsGetItAndAPathXcodeQuotesIsQuoted() throws {
        let bytes = try Self.fixture()
        let edited = try BuildSettingEditor.adding(
            key: "INFOPLIST_FILE", value: "Switchback/Info-Debug.plist", toConfigurations: ["Debug"],
            ofTarget: try Self.targetID(bytes), in: bytes, xcodeprojPath: Self.xcodeproj)
        let (_, count) = Self.removing("\t\t\t\tINFOPLIST_FILE = \"Switchback/Info-Debug.plist\";", from: edited)
        #expect(count == 1)
        let project = try ProjectReader.read(edited, xcodeprojPath: Self.xcodeproj)
        let settings = Dictionary(
            uniqueKeysWithValues: project.targets[0].buildConfigurations.map { ($0.name, $0.settings["INFOPLIST_FILE"]) })
        #expect(settings == ["Debug": "Switchback/Info-Debug.plist", "Release": nil])
    }

    @Test func aKeyAfterEveryOtherGoesBeforeTheClosingBrace() throws {
        let bytes = try Self.fixture()
        let edited = try BuildSettingEditor.adding(
            key: "ZZZ_SETTING", value: "YES", toConfigurations: ["Release"], ofTarget: try Self.targetID(bytes), in: bytes,
            xcodeprojPath: Self.xcodeproj)
        #expect(String(decoding: edited, as: UTF8.self).contains("TARGETED_DEVICE_FAMILY = \"1,2\";\n\t\t\t\tZZZ_SETTING = YES;\n\t\t\t};"))
    }

    @Test func aSettingAlreadyWrittenOrAConfigurationTheTargetLacksIsRefused() throws {
        let bytes = try Self.fixture()
        let target = try Self.targetID(bytes)
        #expect(throws: ProjectEditError.settingAlreadySet(key: "GENERATE_INFOPLIST_FILE", configuration: "Debug", target: "Switchback")) {
            try BuildSettingEditor.adding(
                key: "GENERATE_INFOPLIST_FILE", value: "NO", toConfigurations: ["Debug"], ofTarget: target, in: bytes,
                xcodeprojPath: Self.xcodeproj)
        }
        #expect(throws: ProjectEditError.configurationNotFound(name: "Staging", target: "Switchback")) {
            try BuildSettingEditor.adding(
                key: "INFOPLIST_FILE", value: "x.plist", toConfigurations: ["Staging"], ofTarget: target, in: bytes,
                xcodeprojPath: Self.xcodeproj)
        }
    }
}
