import Foundation
import TestSupport
import Testing
import YAML

/// action.yml's composite step, run as GitHub runs it (bash, with the inputs in its environment and the
/// GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files) over fixtures, with the real scenesweep binary.
@Suite struct GitHubActionTests {
    struct Run {
        let status: Int32
        let stdout: String
        let outputs: [String: String]
        let summary: String
        let sarif: [String: Any]?
    }

    static func runAction(scanning fixture: String, failOn: String? = nil) throws -> Run {
        let bytes = try #require(FileManager.default.contents(atPath: FixturePaths.packageRoot.path + "/action.yml"))
        let action = try YAMLParser().parse(Array(bytes))
        #expect(action["runs"]?["using"]?.scalar?.text == "composite")
        let step = try #require(action["runs"]?["steps"]?.sequence?.first)
        #expect(step["shell"]?.scalar?.text == "bash")
        let script = try #require(step["run"]?.scalar?.text)
        #expect(!script.contains("${{"), "inputs must reach the script through env, never pasted into it")

        // Each env value is `${{ inputs.NAME }}`: the input's default unless the test gives it.
        let inputs = try #require(action["inputs"]?.mapping)
        var given = ["path": FixturePaths.scan(fixture).path, "scenesweep": ScenesweepProcess.binary]
        if let failOn { given["fail-on"] = failOn }
        let work = TemporaryDirectory("action")
        given["sarif-file"] = work.path + "/scenesweep.sarif"
        var environment = ProcessInfo.processInfo.environment
        for pair in try #require(step["env"]?.mapping) {
            let expression = try #require(pair.value.scalar?.text)
            let name = try #require(expression.split(separator: ".").last?.split(separator: " ").first.map(String.init))
            let fallback = inputs.first { $0.key.scalar?.text == name }?.value["default"]?.scalar?.text
            environment[try #require(pair.key.scalar?.text)] = given[name] ?? fallback
        }
        environment["GITHUB_OUTPUT"] = work.path + "/output"
        environment["GITHUB_STEP_SUMMARY"] = work.path + "/summary"
        FileManager.default.createFile(atPath: work.path + "/output", contents: nil)
        FileManager.default.createFile(atPath: work.path + "/summary", contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", script]
        process.environment = environment
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let outputText = (try? String(contentsOfFile: work.path + "/output", encoding: .utf8)) ?? ""
        var outputs: [String: String] = [:]
        for line in outputText.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { outputs[parts[0]] = parts[1] }
        }
        let sarif = FileManager.default.contents(atPath: given["sarif-file"]!).flatMap {
            try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
        }
        return Run(
            status: process.terminationStatus, stdout: printed, outputs: outputs,
            summary: (try? String(contentsOfFile: work.path + "/summary", encoding: .utf8)) ?? "", sarif: sarif)
    }

    @Test func aBlockedAppFailsTheStepWithAnnotationsASummaryAndASARIFLog() throws {
        let run = try Self.runAction(scanning: "legacy-swift-uikit")

        #expect(run.status == 1)
        #expect(run.outputs["exit-code"] == "1")
        #expect(run.outputs["sarif-file"]?.hasSuffix("/scenesweep.sarif") == true)
        #expect(run.stdout.contains("::error file="), "annotations are GitHub workflow commands")
        #expect(run.summary.hasPrefix("#"), "the step summary is the Markdown report")
        #expect(run.summary.contains("blocked"))
        let runs = try #require(run.sarif?["runs"] as? [[String: Any]])
        #expect((runs.first?["results"] as? [Any])?.isEmpty == false)
    }

    @Test func aReadyAppPassesAndStillGetsItsSummaryAndSARIF() throws {
        let run = try Self.runAction(scanning: "migrated-swift-uikit")

        #expect(run.status == 0)
        #expect(run.outputs["exit-code"] == "0")
        #expect(!run.stdout.contains("::error"))
        #expect(!run.summary.isEmpty)
        #expect(run.sarif?["version"] as? String == "2.1.0")
    }

    @Test func failOnNeverReportsButNeverFails() throws {
        let run = try Self.runAction(scanning: "legacy-swift-uikit", failOn: "never")
        #expect(run.status == 0)
        #expect(run.stdout.contains("::error file="))
    }
}
