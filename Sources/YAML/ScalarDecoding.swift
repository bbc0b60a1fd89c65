/// Typing of scalar nodes into Swift primitives, with errors that say what was found.
enum ScalarDecoding {
    static func string(_ node: Node, path: [any CodingKey]) throws -> String {
        guard let scalar = node.scalar, !scalar.isNull else { throw mismatch("a string", node, path) }
        return scalar.text
    }

    static func bool(_ node: Node, path: [any CodingKey]) throws -> Bool {
        guard let value = node.scalar?.bool else { throw mismatch("true or false", node, path) }
        return value
    }

    static func double(_ node: Node, path: [any CodingKey]) throws -> Double {
        guard let value = node.scalar?.double else { throw mismatch("a number", node, path) }
        return value
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ node: Node, path: [any CodingKey]) throws -> I {
        guard let scalar = node.scalar, scalar.isPlain else { throw mismatch("an integer", node, path) }
        if let value = Scalar.parseInteger(scalar.text) {
            guard let exact = I(exactly: value) else {
                throw DecodingSession.error(at: node, path: path, "\(scalar.text) is out of range for \(I.self)")
            }
            return exact
        }
        if let value = UInt64(scalar.text), let exact = I(exactly: value) { return exact }
        throw mismatch("an integer", node, path)
    }

    static func mismatch(_ expected: String, _ node: Node, _ path: [any CodingKey]) -> YAMLError {
        DecodingSession.error(at: node, path: path, "expected \(expected), found \(describe(node))")
    }

    /// How a found value is named in messages: `'abc'` for plain text, `the string "true"` for quoted.
    static func describe(_ node: Node) -> String {
        switch node.content {
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar(let scalar):
            if scalar.isNull { return "null" }
            var text = scalar.text
            if text.count > 40 { text = String(text.prefix(40)) + "…" }
            text = text.replacingNewlines()
            return scalar.isPlain ? "'\(text)'" : "the string \"\(text)\""
        }
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        var result = ""
        for character in self {
            result += character == "\n" ? "\\n" : String(character)
        }
        return result
    }
}
