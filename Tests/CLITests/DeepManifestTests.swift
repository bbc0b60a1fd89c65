import CLI
import Foundation
import TestSupport
import Testing

/// Manifests nested 100,000 levels deep (JSON, YAML, XML and binary plists, fleet.yaml): each is a
/// diagnostic naming the file, never a stack overflow, and the rest of the tree is still scanned.
@Suite("Deeply nested manifests")
struct DeepManifestTests {
    static let depth = 100_000

    /// A binary plist `{Deep: [[[…]]]}` with `depth` nested arrays, written by hand: Foundation's own
    /// writer recurses.
    static func binaryPlist(depth: Int) -> Data {
        func reference(_ index: Int) -> [UInt8] { [UInt8(index >> 16 & 0xFF), UInt8(index >> 8 & 0xFF), UInt8(index & 0xFF)] }
        var objects: [[UInt8]] = [[0xD1] + reference(1) + reference(2), [0x54] + Array("Deep".utf8)]
        for level in 0..<depth {
            objects.append(level == depth - 1 ? [0xA0] : [0xA1] + reference(3 + level))
        }
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += reference(offset) }
        func bigEndian(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) } }
        // Trailer: unused bytes, offset size 3, reference size 3, object count, top object, table offset.
        bytes += [0, 0, 0, 0, 0, 0, 3, 3] + bigEndian(objects.count) + bigEndian(0) + bigEndian(table)
        return Data(bytes)
    }

    static func deepTree() -> TemporaryDirectory {
        let open = String(repeating: "[", count: depth)
        let close = String(repeating: "]", count: depth)
        return BadInputTests.tree { tree in
            var writer = ProjectWriter()
            writer.sourceFiles = ["AppDelegate.swift"]
            let appDelegate = "@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n"
            for folder in ["Binary", "XML"] {
                tree.write("\(folder)/App.xcodeproj/project.pbxproj", writer.write().text)
                tree.write("\(folder)/App/AppDelegate.swift", appDelegate)
            }
            tree.write("Binary/App/Info.plist", Self.binaryPlist(depth: depth))
            tree.write(
                "XML/App/Info.plist",
                "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>Deep</key>"
                    + String(repeating: "<dict><key>a</key>", count: depth)
                    + "<true/>" + String(repeating: "</dict>", count: depth) + "</dict></plist>\n")

            tree.write("rn/package.json", "{\"name\": \"rn\", \"dependencies\": {\"react-native\": \"0.77.2\"}, \"deep\": \(open)\(close)}")
            tree.write("rn/ios/App.xcodeproj/project.pbxproj", writer.write().text)
            tree.write("rn/ios/App/Info.plist", "<plist version=\"1.0\"><dict><key>LSRequiresIPhoneOS</key><true/></dict></plist>")
            tree.write("rn/ios/App/AppDelegate.swift", "import React\n@main class AppDelegate: RCTAppDelegate {}\n")

            tree.write("expo/package.json", "{\"name\": \"shop\", \"dependencies\": {\"expo\": \"~54.0.0\"}}")
            tree.write(
                "expo/app.json",
                "{\"expo\": {\"name\": \"deep\", \"extra\": " + String(repeating: "{\"a\": ", count: depth) + "1"
                    + String(repeating: "}", count: depth) + "}}")

            tree.write("flutter/pubspec.yaml", "name: app\ndependencies:\n  flutter:\n    sdk: flutter\ndeep: \(open)\(close)\n")
            tree.write("flutter/ios/Runner/Info.plist", "<plist version=\"1.0\"><dict><key>LSRequiresIPhoneOS</key><true/></dict></plist>")
            tree.write("flutter/ios/Runner/AppDelegate.swift", "import Flutter\n@main @objc class AppDelegate: FlutterAppDelegate {}\n")
        }
    }

    @Test func eachDeepManifestIsADiagnosticNamingItAndEveryAppIsStillReported() {
        let tree = Self.deepTree()
        let result = ConsoleCapture.run(["scan", tree.path])

        // 100,000 nested arrays are 100,001 objects: the expansion count refuses them before Foundation.
        #expect(
            result.err.contains(
                "Binary/App/Info.plist: error: cannot parse Info.plist: binary plist expands to more than 100000 objects"))
        #expect(result.err.contains("XML/App/Info.plist: error: cannot parse Info.plist: nested more than 200 levels deep"))
        #expect(
            result.err.contains(
                "rn/package.json:1: warning: not valid JSON (too many nested arrays or dictionaries); the framework version is unknown"))
        #expect(
            result.err.contains(
                "expo/app.json:1: warning: not valid JSON (too many nested arrays or dictionaries); the framework version is unknown"))
        #expect(
            result.err.contains(
                "flutter/pubspec.yaml:5: warning: not valid YAML: nesting is deeper than 512 levels; the framework version is unknown"))
        #expect(result.out.contains("Binary/App · target App (Binary/App.xcodeproj) · iOS · native: UNKNOWN (inputs could not be read)"))
        #expect(result.out.contains("XML/App · target App (XML/App.xcodeproj) · iOS · native: UNKNOWN (inputs could not be read)"))
        #expect(result.out.contains("rn/ios/App · target App (rn/ios/App.xcodeproj) · iOS · react-native: BLOCKED"))
        #expect(result.out.contains("expo · target shop · iOS · expo (version not pinned; requires ~54.0.0): BLOCKED"))
        #expect(result.out.contains("flutter/ios/Runner · target Runner · iOS · flutter: BLOCKED"))
        #expect(result.out.contains("6 apps: 4 blocked, 0 at risk, 0 ready, 2 unknown"))
        BadInputTests.expectGoodAppScanned(result)
    }

    @Test func aFleetConfigNested100000DeepIsAValidationErrorWithItsPosition() {
        let directory = TemporaryDirectory("deepconfig")
        directory.write(
            "fleet.yaml",
            "version: 1\nfleet: { name: Deep, deadline: 2027-04-01 }\nrepos: " + String(repeating: "[", count: Self.depth)
                + String(repeating: "]", count: Self.depth) + "\n")

        let result = ConsoleCapture.run(["validate", "--config", directory.path + "/fleet.yaml"])

        #expect(result.status == 2)
        #expect(result.err.contains("fleet.yaml:3:"))
        #expect(result.err.contains("error: nesting is deeper than 512 levels"))
    }
}
