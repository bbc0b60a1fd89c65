import Foundation
import YAML

/// The Xcode each macOS job of a GitHub Actions workflow uses.
///
/// A job's own selection wins: a setup action's input (`xcode-version` of maxim-lobanov/setup-xcode
/// and its forks, `xcode` of mxcl/xcodebuild, `version` of an xcode-select action), `DEVELOPER_DIR` in the
/// workflow's, job's or a step's `env`, or a `run` script that switches Xcode. Only a macOS job that
/// selects nothing builds with its runner image's default Xcode (`RunnerImages`). `${{ matrix.x }}` in
/// either place expands to every value of the job's matrix.
enum GitHubActionsPins {
    static func read(_ root: Node, file: String) -> [XcodePin] {
        let workflowScope = PinText.value(root["defaults"]?["run"]?["working-directory"], file: file)?.text
        var pins: [XcodePin] = []
        for pair in root["jobs"]?.mapping ?? [] {
            let job = pair.value
            let matrix = job["strategy"]?["matrix"]
            let scope = Self.scope(PinText.value(job["defaults"]?["run"]?["working-directory"], file: file)?.text ?? workflowScope)
            let labels = runnerLabels(job["runs-on"], file: file).flatMap { PinText.expand($0, matrix: matrix, file: file) }
            // Linux and Windows jobs build no iOS app, whatever their environment says.
            if !labels.isEmpty, labels.allSatisfy({ RunnerImages.isOtherOS($0.text) }) { continue }
            var selected: [(PinValue, XcodePin.Source)] = []
            for environment in [root["env"], job["env"]] {
                if let value = PinText.value(environment?["DEVELOPER_DIR"], file: file) { selected.append((value, .developerDir)) }
            }
            for step in job["steps"]?.sequence ?? [] {
                selected += selections(in: step, file: file)
            }
            if !selected.isEmpty {
                for (value, source) in selected {
                    for expanded in PinText.expand(value, matrix: matrix, file: file) {
                        pins.append(PinText.pin(expanded, source: source, scope: scope))
                    }
                }
                continue
            }
            for label in labels {
                if let pin = imagePin(label, scope: scope) { pins.append(pin) }
            }
        }
        return pins
    }

    /// A local composite action (`.github/actions/<name>/action.yml`) that jobs call to set up their
    /// build: the Xcode its steps select, with `${{ inputs.x }}` read from the input's `default`. Which jobs
    /// use it is not followed, so its pins cover the whole repository.
    static func readCompositeAction(_ root: Node, file: String) -> [XcodePin] {
        guard root["runs"]?["using"]?.scalar?.text == "composite" else { return [] }
        var pins: [XcodePin] = []
        for step in root["runs"]?["steps"]?.sequence ?? [] {
            for (value, source) in selections(in: step, file: file) {
                pins.append(PinText.pin(inputDefault(value, inputs: root["inputs"], file: file), source: source, scope: ""))
            }
        }
        return pins
    }

    /// `${{ inputs.NAME }}` replaced by the input's default, at the default's line; other text unchanged.
    private static func inputDefault(_ value: PinValue, inputs: Node?, file: String) -> PinValue {
        guard let open = value.text.range(of: "${{"), let close = value.text.range(of: "}}", range: open.upperBound..<value.text.endIndex)
        else { return value }
        let expression = value.text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
        guard expression.hasPrefix("inputs."),
            let fallback = PinText.value(inputs?[String(expression.dropFirst(7))]?["default"], file: file)
        else { return value }
        return PinValue(
            text: value.text.replacingCharacters(in: open.lowerBound..<close.upperBound, with: fallback.text), location: fallback.location)
    }

    /// What one step selects.
    private static func selections(in step: Node, file: String) -> [(PinValue, XcodePin.Source)] {
        var found: [(PinValue, XcodePin.Source)] = []
        if let uses = step["uses"]?.scalar?.text.lowercased(), uses.contains("xcode"), let inputs = step["with"] {
            for key in ["xcode-version", "xcode", "version"] {
                if let value = PinText.value(inputs[key], file: file) {
                    found.append((value, .githubSetupAction))
                    break
                }
            }
        }
        if let value = PinText.value(step["env"]?["DEVELOPER_DIR"], file: file) { found.append((value, .developerDir)) }
        if let run = step["run"], let script = run.scalar?.text {
            found += PinText.scriptSelections(script, file: file, firstLine: PinText.firstLine(of: run))
        }
        return found
    }

    /// `runs-on` as a label, a list of labels, or `{ group:, labels: }`.
    private static func runnerLabels(_ node: Node?, file: String) -> [PinValue] {
        guard let node else { return [] }
        if let single = PinText.value(node, file: file) { return [single] }
        if let items = node.sequence { return items.compactMap { PinText.value($0, file: file) } }
        if let labels = node["labels"] { return runnerLabels(labels, file: file) }
        return []
    }

    /// The default Xcode of a macOS runner label; nil for other machines. A macOS label this table does
    /// not know (a self-hosted Mac, an expression left unresolved) still marks the job as an Xcode
    /// build, with its version unknown.
    private static func imagePin(_ label: PinValue, scope: String) -> XcodePin? {
        if let image = RunnerImages.githubDefault(label: label.text) {
            return XcodePin(
                version: image.xcode, floating: image.floating, text: label.text, source: .githubRunnerImage, location: label.location,
                scope: scope, basis: "default Xcode of the \(label.text) image, \(RunnerImages.source)")
        }
        guard RunnerImages.isMacOSLabel(label.text) else { return nil }
        return XcodePin(version: nil, text: label.text, source: .githubRunnerImage, location: label.location, scope: scope)
    }

    /// A working directory as a scope: `./apps/shop/` → `apps/shop`.
    static func scope(_ directory: String?) -> String {
        guard var text = directory, !text.contains("${{") else { return "" }
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.hasSuffix("/") { text.removeLast() }
        return text == "." ? "" : text
    }
}
