import CLI
import Foundation
import TestSupport
import Testing

@Suite("help, rules and explain")
struct HelpAndCatalogueTests {
    @Test("--help lists the commands and --version names the rule pack")
    func overview() {
        let help = ConsoleCapture.run(["--help"])
        #expect(help.status == 0)
        for command in ["scan", "rules", "explain"] { #expect(help.out.contains("  \(command)")) }
        let version = ConsoleCapture.run(["--version"])
        #expect(version.out == "scenesweep 0.1.0 (rule pack ios27)\n")
        #expect(ConsoleCapture.run([]).status == 64)
    }

    @Test("Every command has a help page with usage and options", arguments: ["scan", "rules", "explain"])
    func commandHelp(command: String) {
        let result = ConsoleCapture.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("USAGE: scenesweep \(command)"))
        #expect(ConsoleCapture.run(["help", command]).out == result.out)
    }

    @Test("An unknown command suggests the nearest one")
    func unknownCommand() {
        let result = ConsoleCapture.run(["scna"])
        #expect(result.status == 64)
        #expect(result.err.contains("did you mean 'scan'?"))
    }

    @Test("rules lists every rule id under its severity")
    func rulesList() {
        let result = ConsoleCapture.run(["rules"])
        #expect(result.status == 0)
        for id in ["scene-manifest-missing", "app-delegate-window", "window-lookup", "main-screen-use", "legacy-open-url"] {
            #expect(result.out.contains("  \(id) "))
        }
        #expect(result.out.hasPrefix("ERRORS\n"))
    }

    @Test("explain prints the rationale, fix, Apple links and marked examples")
    func explain() {
        let result = ConsoleCapture.run(["explain", "launch-options-read"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("launch-options-read: Launch options read\nseverity: warning"))
        #expect(result.out.contains("https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey"))
        #expect(result.out.contains("launchOptions?[↓.url]"))
        let unknown = ConsoleCapture.run(["explain", "scene-manifest"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("did you mean 'scene-manifest-missing'?"))
    }

    @Test("Docs/rules.md is what 'rules --format markdown' generates (regenerate it when rules change)")
    func ruleDocumentationIsCurrent() throws {
        let generated = ConsoleCapture.run(["rules", "--format", "markdown"]).out
        let committed = try String(contentsOf: FixturePaths.packageRoot.appendingPathComponent("Docs/rules.md"), encoding: .utf8)
        #expect(
            generated == committed,
            "Docs/rules.md differs from the catalogue's renderer (RuleCatalogueReport.markdown): run scripts/record-goldens and commit Docs/rules.md"
        )
    }
}
