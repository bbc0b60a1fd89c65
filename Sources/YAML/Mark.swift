/// A position in a YAML document: 1-based line and column (columns count characters).
package struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let line: Int
    package let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "\(line):\(column)" }

    package static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
