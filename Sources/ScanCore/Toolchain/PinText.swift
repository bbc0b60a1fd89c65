import Foundation
import YAML

/// A value that decides an Xcode, with where it is written.
struct PinValue {
    let text: String
    let location: Location
}

/// Reading pins out of CI text: scalars with their lines, `${{ matrix.x }}` expansions, and shell
/// scripts that select an Xcode (`xcode-select -s`, `DEVELOPER_DIR=`, `xcodes select`).
enum PinText {
    /// The scalar's text and position; nil for collections, null and empty values.
    static func value(_ node: Node?, file: String) -> PinValue? {
        guard let node, let scalar = node.scalar, !node.isNull else { return nil }
        let text = scalar.text.trimmed(.quotesAndSpaces)
        guard !text.isEmpty else { return nil }
        return PinValue(text: text, location: Location(file: file, line: node.mark.line, column: node.mark.column))
    }

    /// Every value a `${{ matrix.NAME }}` in `value` takes (from `strategy.matrix.NAME` and its
    /// `include` entries), each at the line that writes it. Text without a matrix reference is returned
    /// as it is; a reference the matrix does not resolve is kept unresolved.
    static func expand(_ value: PinValue, matrix: Node?, file: String) -> [PinValue] {
        guard let open = value.text.range(of: "${{"), let close = value.text.range(of: "}}", range: open.upperBound..<value.text.endIndex)
        else { return [value] }
        let expression = value.text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
        guard expression.hasPrefix("matrix."), let matrix else { return [value] }
        let name = String(expression.dropFirst("matrix.".count))
        var options: [Node] = matrix[name]?.sequence ?? []
        if let single = matrix[name], single.scalar != nil { options.append(single) }
        for entry in matrix["include"]?.sequence ?? [] {
            if let option = entry[name], option.scalar != nil { options.append(option) }
        }
        let resolved = options.compactMap { option -> PinValue? in
            guard let item = Self.value(option, file: file) else { return nil }
            let text = value.text.replacingCharacters(in: open.lowerBound..<close.upperBound, with: item.text)
            return PinValue(text: text, location: item.location)
        }
        return resolved.isEmpty ? [value] : resolved
    }

    /// Xcode selections in a shell script: `xcode-select -s PATH` / `--switch PATH`, `DEVELOPER_DIR=PATH`
    /// (exported or appended to `$GITHUB_ENV`), `xcodes select 16.2`, `xcversion select 15.4`. Lines
    /// starting with `#` are comments. `firstLine` is the line of the script's first line in the file.
    static func scriptSelections(_ script: String, file: String, firstLine: Int) -> [(PinValue, XcodePin.Source)] {
        var found: [(PinValue, XcodePin.Source)] = []
        // Most scripts select nothing: those that mention neither form are not split into words.
        guard contains(script, "xc") || contains(script, "DEVELOPER_DIR") else { return found }
        for (index, rawLine) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#") { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" || $0 == "&" }).map(String.init)
            let location = Location(file: file, line: firstLine + index, column: 1)
            for (position, word) in words.enumerated() {
                let next = position + 1 < words.count ? words[position + 1] : nil
                let afterNext = position + 2 < words.count ? words[position + 2] : nil
                if word.hasSuffix("xcode-select"), let flag = next, ["-s", "--switch", "-switch"].contains(flag), let path = afterNext {
                    found.append((PinValue(text: path.trimmed(.quotesAndSpaces), location: location), .xcodeSelect))
                } else if word == "xcodes" || word == "xcversion", next == "select", let version = afterNext {
                    found.append((PinValue(text: version.trimmed(.quotesAndSpaces), location: location), .xcodeSelect))
                }
                let trimmedWord = word.trimmed(.quotesAndSpaces)
                if let range = trimmedWord.range(of: "DEVELOPER_DIR=") {
                    let path = String(trimmedWord[range.upperBound...]).trimmed(.quotesAndSpaces)
                    if !path.isEmpty { found.append((PinValue(text: path, location: location), .developerDir)) }
                }
            }
        }
        return found
    }

    /// Whether `needle` occurs in `text`, comparing bytes.
    static func contains(_ text: String, _ needle: String) -> Bool {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard pattern.count <= haystack.count, let first = pattern.first else { return pattern.isEmpty }
        var index = 0
        while index + pattern.count <= haystack.count {
            if haystack[index] == first, haystack[index..<index + pattern.count].elementsEqual(pattern) { return true }
            index += 1
        }
        return false
    }

    /// The line in the file where a scalar's text starts: block scalars (`|`, `>`) begin on the line
    /// after their indicator.
    static func firstLine(of node: Node) -> Int {
        guard let scalar = node.scalar else { return node.mark.line }
        return scalar.style == .literal || scalar.style == .folded ? node.mark.line + 1 : node.mark.line
    }

    /// A pin from a selected value: a version, an Xcode bundle path, or a floating word.
    static func pin(_ value: PinValue, source: XcodePin.Source, scope: String) -> XcodePin {
        let text = value.text
        let isPath = text.contains("/") || text.hasSuffix(".app")
        let version = isPath ? XcodeVersion.inBundlePath(text) : (text.contains("${{") ? nil : XcodeVersion.parse(text))
        return XcodePin(
            version: version, floating: !isPath && XcodeVersion.isFloatingWord(text), text: text, source: source,
            location: value.location, scope: scope)
    }
}
