/// How a source file indents: the unit one level adds (a tab, or some spaces), so generated code reads like
/// the code beside it.
package struct IndentStyle: Sendable, Hashable {
    package let unit: String

    package init(unit: String) {
        self.unit = unit
    }

    package static let fourSpaces = IndentStyle(unit: "    ")

    /// The style most lines of `bytes` use: tabs when more indented lines start with a tab than with a space,
    /// else the most common step between the indentation of consecutive lines (2, 3, 4 or 8 spaces).
    package static func detect(in bytes: [UInt8]) -> IndentStyle {
        var tabLines = 0
        var spaceLines = 0
        var steps = [Int](repeating: 0, count: 9)
        var previous = 0
        var index = 0
        while index < bytes.count {
            var spaces = 0
            var cursor = index
            if bytes[cursor] == UInt8(ascii: "\t") { tabLines += 1 }
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") {
                spaces += 1
                cursor += 1
            }
            let blank = cursor >= bytes.count || bytes[cursor] == UInt8(ascii: "\n") || bytes[cursor] == UInt8(ascii: "\r")
            // Lines inside block comments that start with ` *` are one space off the code: not a step.
            let commentStar = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "*")
            if !blank, !commentStar {
                if spaces > 0 { spaceLines += 1 }
                let step = spaces - previous
                if step > 0, step < steps.count { steps[step] += 1 }
                previous = spaces
            }
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
            index = cursor + 1
        }
        if tabLines > spaceLines { return IndentStyle(unit: "\t") }
        guard let best = [4, 2, 3, 8].max(by: { steps[$0] < steps[$1] }), steps[best] > 0 else { return .fourSpaces }
        return IndentStyle(unit: String(repeating: " ", count: best))
    }

    /// `level` units.
    package func callAsFunction(_ level: Int) -> String {
        String(repeating: unit, count: level)
    }
}
