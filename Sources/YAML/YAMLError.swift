/// One problem in a YAML document, printed as `LINE:COL: message`; the caller prefixes the file name.
package struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    package let mark: Mark
    /// What is wrong, including the coding path for decoding errors (e.g. "repos[2].url: expected a string, found a mapping").
    package let message: String
    /// The coding path of the offending node ("repos[2].url", "" for the top level); nil for syntax errors.
    package let path: String?
    /// What the parser was doing, e.g. "while scanning a quoted scalar", with where that began.
    package let context: String?
    package let contextMark: Mark?

    package init(mark: Mark, message: String, path: String? = nil, context: String? = nil, contextMark: Mark? = nil) {
        self.mark = mark
        self.message = message
        self.path = path
        self.context = context
        self.contextMark = contextMark
    }

    package var line: Int { mark.line }
    package var column: Int { mark.column }

    package var description: String {
        var text = "\(mark): \(message)"
        if let context {
            text += contextMark.map { " (\(context) at \($0))" } ?? " (\(context))"
        }
        return text
    }
}

/// Every problem found while decoding a document, sorted by position.
package struct YAMLErrorList: Error, Sendable, Hashable, CustomStringConvertible {
    package let errors: [YAMLError]

    package init(_ errors: [YAMLError]) {
        self.errors = errors.sorted { ($0.mark, $0.message) < ($1.mark, $1.message) }
    }

    /// One line per problem.
    package var description: String { errors.map(\.description).joined(separator: "\n") }
}
