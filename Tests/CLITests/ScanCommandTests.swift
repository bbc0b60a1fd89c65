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
