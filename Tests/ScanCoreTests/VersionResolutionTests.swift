import Foundation
import TestSupport
import Testing
import XcodeProject

@testable import ScanCore

/// Framework versions are releases, never the ranges manifests require; generated apps are named from
/// what their configuration writes plainly.
@Suite("Framework versions and names")
struct VersionResolutionTests {
    static let pubspec = "name: quill\nenvironment:\n  sdk: ^3.9.0\n  flutter: \">=3.35.0\"\ndependencies:\n  flutter:\n    sdk: flutter\n"
    static let lock = "packages: {}\nsdks:\n  dart: \">=3.9.0 <4.0.0\"\n  flutter: \">=3.35.0\"\n"

    static func flutterApp(_ files: [String: String]) throws -> App {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "ios")
        directory.write("pubspec.yaml", pubspec)
        for (path, contents) in files { directory.write(path, contents) }
        return try #require(try TreeFixtures.workspace(directory).apps.first)
    }

    @Test("A release is exact; a range, a channel or a tag is not")
    func exactness() {
        for exact in ["3.41.4", "0.88.0-rc.1", "v8.5.0", "57.0.24", "7.1.1"] { #expect(FrameworkInfo.isExact(exact), "\(exact)") }
        for range in [">=3.38.0", "^0.72.4", "~54.0.0", "stable", "", "3.x", ">=3.9.0 <4.0.0", "latest"] {
            #expect(!FrameworkInfo.isExact(range), "\(range)")
        }
    }

    @Test("Flutter with only pubspec.lock's sdks constraint has no version, and the requirement apart")
    func flutterConstraintOnly() throws {
        let app = try Self.flutterApp(["pubspec.lock": Self.lock])
        #expect(app.framework.kind == .flutter)
        #expect(app.framework.resolvedVersion == nil)
        #expect(app.framework.unresolvedRequirement == ">=3.35.0")
        // Comparisons still use the lower bound: 3.35 is below the 3.38 scene APIs.
        #expect(app.framework.isAtLeast(SemanticVersion(3, 38)) == false)
    }

    @Test("Flutter pinned by fvm: .fvmrc, then .fvm/fvm_config.json, then .fvm/version; a pinned channel is not a version")
    func flutterPinned() throws {
        #expect(
            try Self.flutterApp([".fvmrc": #"{"flutter": "3.41.2"}"#, "pubspec.lock": Self.lock]).framework.resolvedVersion == "3.41.2")
        #expect(try Self.flutterApp([".fvm/fvm_config.json": #"{"flutterSdkVersion": "3.38.5"}"#]).framework.resolvedVersion == "3.38.5")
        #expect(try Self.flutterApp([".fvm/version": "3.41.0\n"]).framework.resolvedVersion == "3.41.0")
        let channel = try Self.flutterApp([".fvmrc": #"{"flutter": "stable"}"#, "pubspec.lock": Self.lock])
        #expect(channel.framework.resolvedVersion == nil)
        #expect(channel.framework.unresolvedRequirement == ">=3.35.0")
    }

    @Test("cordova-ios comes from CordovaLib/VERSION first (what the build compiles), then platforms.json")
    func cordovaVersion() throws {
        let directory = TemporaryDirectory()
        TreeFixtures.writeApp(in: directory, folder: "platforms/ios")
        directory.write(
            "config.xml",
            "<?xml version='1.0'?><widget id=\"com.example.tide\"><name>Tide</name><engine name=\"ios\" spec=\"^7.0.0\"/></widget>")
        directory.write("platforms/ios/CordovaLib/VERSION", "7.1.1\n")
        directory.write("platforms/platforms.json", #"{"ios": "7.0.0"}"#)
        let app = try #require(try TreeFixtures.workspace(directory).apps.first)
        #expect(app.framework.kind == .cordova)
        #expect(app.framework.resolvedVersion == "7.1.1")

        let withoutLib = TemporaryDirectory()
        TreeFixtures.writeApp(in: withoutLib, folder: "platforms/ios")
        withoutLib.write("config.xml", "<?xml version='1.0'?><widget id=\"x\"><engine name=\"ios\" spec=\"^7.0.0\"/></widget>")
        withoutLib.write("platforms/platforms.json", #"{"ios": "7.0.0"}"#)
        #expect(try TreeFixtures.workspace(withoutLib).apps.first?.framework.resolvedVersion == "7.0.0")
    }

    @Test("An Expo app without ios/ is named from app.json, else from a plain string literal in app.config.ts, else package.json")
    func expoNames() throws {
        func name(_ files: [String: String]) throws -> String? {
            let directory = TemporaryDirectory()
            directory.write("package.json", #"{"name": "tide-mobile", "dependencies": {"expo": "58.0.6"}}"#)
            for (path, contents) in files { directory.write(path, contents) }
            return try TreeFixtures.workspace(directory).apps.first?.target
        }
        #expect(try name(["app.json": #"{"expo": {"name": "Tide"}}"#]) == "Tide")
        #expect(
            try name(["app.config.ts": "export default {\n  // name: 'Old'\n  name: 'Tide Pools',\n  slug: 'tide',\n};\n"]) == "Tide Pools")
        #expect(try name(["app.config.js": "module.exports = () => ({ name: \"Tide\", slug: 'tide' });\n"]) == "Tide")
        // Computed names are never evaluated: the package's name stands in.
        #expect(
            try name(["app.config.ts": "const v = process.env.V;\nexport default { name: `Tide ${v}`, slug: 'tide' };\n"]) == "tide-mobile")
        #expect(try name(["app.config.ts": "export default { name: variant === 'p' ? 'Tide' : 'Tide β' };\n"]) == "tide-mobile")
    }
}
