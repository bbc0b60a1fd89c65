import CLI
import Foundation
import TestSupport
import Testing

@Suite("scan command")
struct ScanCommandTests {
    static func fixture(_ name: String) -> String { FixturePaths.scan(name).path }

    @Test("A legacy app exits 1 and prints compiler-style lines with rule ids")
    func legacyAppFailsTheGate() {
        let result = ConsoleCapture.run(["scan", Self.fixture("legacy-swift-uikit")])
        #expect(result.status == 1)
        #expect(result.out.contains("Shelf/AppDelegate.swift:26:22: error: the app delegate creates its window with UIWindow(frame:)"))
        #expect(result.out.contains("[app-delegate-window]"))
        #expect(result.out.contains("1 app: 1 blocked, 0 at risk, 0 ready; 2 errors, 13 warnings, 4 notes"))
    }

    @Test("--fail-on chooses the level that fails the run")
    func failOnLevels() {
        let migrated = Self.fixture("migrated-swift-uikit")
        #expect(ConsoleCapture.run(["scan", migrated]).status == 0)
        #expect(ConsoleCapture.run(["scan", migrated, "--fail-on", "warning"]).status == 0)
        #expect(ConsoleCapture.run(["scan", migrated, "--fail-on", "note"]).status == 1)
        #expect(ConsoleCapture.run(["scan", Self.fixture("legacy-swift-uikit"), "--fail-on", "never"]).status == 0)
        #expect(ConsoleCapture.run(["scan", Self.fixture("swiftui-app"), "--fail-on=warning"]).status == 1)
    }

    @Test("An unknown --fail-on level is a usage error naming the levels, in scan, sweep and merge alike")
    func failOnUnknownLevel() {
        for command in [
            ["scan", Self.fixture("migrated-swift-uikit")], ["sweep", "--config", "fleet.yaml"], ["merge", "--config", "fleet.yaml"],
        ] {
            let result = ConsoleCapture.run(command + ["--fail-on", "fatal"])
            #expect(result.status == 64)
            #expect(result.err.contains("unknown level 'fatal' for --fail-on; use error, warning, note or never"))
        }
    }

    @Test("A missing path is a failed run (2), not a usage error")
    func missingPathFails() {
        let result = ConsoleCapture.run(["scan", "/nonexistent/scenesweep/tree"])
        #expect(result.status == 2)
        #expect(result.err.contains("cannot scan '/nonexistent/scenesweep/tree': no such folder"))
    }

    @Test("Usage errors exit 64 and suggest the nearest option, format, level or rule")
    func usageErrors() {
        let option = ConsoleCapture.run(["scan", "--formt", "json"])
        #expect(option.status == 64)
        #expect(option.err.contains("unknown option '--formt'; did you mean '--format'?"))
        let format = ConsoleCapture.run(["scan", "--format", "xml"])
        #expect(format.status == 64 && format.err.contains("unknown format 'xml'"))
        let level = ConsoleCapture.run(["scan", "--fail-on", "fatal"])
        #expect(level.status == 64 && level.err.contains("unknown level 'fatal'"))
        let rule = ConsoleCapture.run(["scan", "--disable", "window-lookups"])
        #expect(rule.status == 64 && rule.err.contains("did you mean 'window-lookup'?"))
        let missing = ConsoleCapture.run(["scan", "--output"])
        #expect(missing.status == 64 && missing.err.contains("needs a value"))
        let twoPaths = ConsoleCapture.run(["scan", "a", "b"])
        #expect(twoPaths.status == 64)
    }

    @Test("--jobs caps the threads without changing the report; it must be a positive number")
    func jobs() {
        let fixture = Self.fixture("workspace-two-apps-with-extensions")
        let everyCore = ConsoleCapture.run(["scan", fixture, "--format", "json"])
        let one = ConsoleCapture.run(["scan", fixture, "--format", "json", "--jobs", "1"])
        #expect(one.status == everyCore.status)
        #expect(one.out == everyCore.out)
        #expect(!one.out.isEmpty)
        let zero = ConsoleCapture.run(["scan", fixture, "-j", "0"])
        #expect(zero.status == 64 && zero.err.contains("--jobs takes a positive number"))
    }

    @Test("--output writes the report to a file and leaves stdout empty")
    func outputFile() throws {
        let directory = TemporaryDirectory("cli")
        let result = ConsoleCapture.run(
            ["scan", Self.fixture("swiftui-app"), "--format", "json", "--output", "out/report.json"], directory: directory.path)
        // The folder does not exist: writing fails cleanly with status 2.
        #expect(result.status == 2)
        #expect(result.err == "scenesweep scan: cannot write out/report.json: the folder out does not exist\n")
        let written = ConsoleCapture.run(
            ["scan", Self.fixture("swiftui-app"), "--format", "json", "-o", "report.json"], directory: directory.path)
        #expect(written.status == 0)
        #expect(written.out.isEmpty)
        #expect(written.err.contains("report written to report.json"))
        let json = try String(contentsOfFile: directory.path + "/report.json", encoding: .utf8)
        #expect(json.contains("\"verdict\": \"at-risk\""))
    }

    @Test("--disable and --severity change what is reported")
    func ruleSelection() {
        let legacy = Self.fixture("legacy-swift-uikit")
        let disabled = ConsoleCapture.run(["scan", legacy, "--disable", "main-screen-use", "--disable", "app-delegate-callback-unreached"])
        #expect(!disabled.out.contains("[main-screen-use]"))
        #expect(!disabled.out.contains("[app-delegate-callback-unreached]"))
        let raised = ConsoleCapture.run(["scan", Self.fixture("migrated-swift-uikit"), "--severity", "main-screen-use=error"])
        #expect(raised.status == 1)
        #expect(raised.out.contains("error: UIScreen.main is deprecated"))
    }

    @Test("--path limits the scan to a subtree")
    func pathLimitsTheScan() {
        let workspace = Self.fixture("workspace-two-apps-with-extensions")
        let result = ConsoleCapture.run(["scan", workspace, "--path", "PantryAdmin"])
        #expect(result.out.contains("target PantryAdmin"))
        #expect(!result.out.contains("target Pantry ·"))
        #expect(result.out.contains("1 app:"))
    }

    @Test("Every format renders for the same tree", arguments: ["text", "json", "markdown", "sarif", "github"])
    func everyFormatRenders(format: String) {
        let result = ConsoleCapture.run(["scan", Self.fixture("legacy-objc-xib"), "--format", format])
        #expect(result.status == 1)
        #expect(result.out.contains("AppDelegate.m"))
    }
}

@Suite("scan command: never silent")
struct ScanNeverSilentTests {
    @Test("Signs of an app without an identified app exit 0 with an unknown entry; no sign of one still exits 2")
    func unidentifiedAppIsReported() {
        let fixture = FixturePaths.fixtures.appendingPathComponent("descriptions/rn-project-generated-by-script").path
        let text = ConsoleCapture.run(["scan", fixture, "--root", fixture])
        #expect(text.status == 0)
        #expect(text.out.contains(". · target (unidentified) · iOS · react-native 0.76.9: UNKNOWN (no app could be identified)"))
        #expect(text.out.contains("1 app: 0 blocked, 0 at risk, 0 ready, 1 unknown"))
        let json = ConsoleCapture.run(["scan", fixture, "--format", "json", "--root", fixture])
        #expect(json.status == 0)
        #expect(json.out.contains("\"unidentified\": true"))

        let empty = TemporaryDirectory()
        empty.write("server/main.go", "package main\n")
        let none = ConsoleCapture.run(["scan", empty.path])
        #expect(none.status == 2)
        #expect(none.err.contains("no iOS, tvOS or visionOS application targets found"))
    }
}

@Suite("scan command: vendored apps")
struct ScanVendoredAppsTests {
    static let fixture = FixturePaths.fixtures.appendingPathComponent("descriptions/vendored-example").path

    @Test("A scan of a subfolder, its paths rebased onto the repository root, keeps vendored apps apart")
    func rebasedScanKeepsVendoredAppsApart() {
        // No --root: the fixture is a folder of this repository, so every path is rebased under
        // Fixtures/descriptions/vendored-example (rebasing once dropped the vendored members).
        let result = ConsoleCapture.run(["scan", Self.fixture])
        #expect(result.status == 0)
        #expect(result.out.contains("1 app: 0 blocked, 0 at risk, 1 ready; 0 errors, 0 warnings, 0 notes; 3 vendored apps not counted"))
        #expect(result.out.contains("Fixtures/descriptions/vendored-example/vendor/ChartKit/Example/Shelf · target Shelf"))
        let json = ConsoleCapture.run(["scan", Self.fixture, "--format", "json"])
        #expect(json.out.contains("\"counted\": false"))
        #expect(json.out.contains("\"vendored\": \"inside vendor/"))
    }

    @Test("Vendored apps are shown apart and do not fail the gate; --count-vendored-apps counts them")
    func vendoredAppsApart() {
        let result = ConsoleCapture.run(["scan", Self.fixture, "--root", Self.fixture])
        #expect(result.status == 0)
        #expect(result.out.contains("1 app: 0 blocked, 0 at risk, 1 ready; 0 errors, 0 warnings, 0 notes; 3 vendored apps not counted"))
        #expect(result.out.contains("· vendored (inside vendor/, third-party code), not counted"))
        let counted = ConsoleCapture.run(["scan", Self.fixture, "--root", Self.fixture, "--count-vendored-apps"])
        #expect(counted.status == 1)
        #expect(counted.out.contains("4 apps: 2 blocked, 1 at risk, 1 ready"))
        #expect(counted.out.contains("· vendored (inside vendor/, third-party code)\n"))
        // Code scanning gets no alert for a vendor's example app unless it is counted.
        let sarif = ConsoleCapture.run(["scan", Self.fixture, "--root", Self.fixture, "--format", "sarif"])
        #expect(!sarif.out.contains("\"ruleId\""))
        #expect(
            ConsoleCapture.run(["scan", Self.fixture, "--root", Self.fixture, "--format", "sarif", "--count-vendored-apps"]).out.contains(
                "\"ruleId\""))
        let json = ConsoleCapture.run(["scan", Self.fixture, "--root", Self.fixture, "--format", "json"])
        #expect(json.out.contains("\"vendored\": \"inside the git submodule Libraries/Charts\""))
        #expect(json.out.contains("\"counted\": false"))
        #expect(json.out.contains("\"vendored\": 3"))
    }
}
