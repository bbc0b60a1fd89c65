/// One problem in a YAML document, printed as `LINE:COL: message`; the caller prefixes the file name.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    public let mark: Mark
    /// What is wrong, including the coding path for decoding errors (e.g. "repos[2].url: expected a string, found a mapping").
    public let message: String
    /// The coding path of the offending node ("repos[2].url", "" for the top level); nil for syntax errors.
    public let path: String?
    /// What the parser was doing, e.g. "while scanning a quoted scalar", with where that began.
    public let context: String?
    public let contextMark: Mark?

    public init(mark: Mark, message: String, path: String? = nil, context: String? = nil, contextMark: Mark? = nil) {
        self.mark = mark
        self.message = message
        self.path = path
        self.context = context
        self.contextMark = contextMark
    }

    public var line: Int { mark.line }
    public var column: Int { mark.column }

    public var description: String {
        var text = "\(mark): \(message)"
        if let context {
            text += contextMark.map { " (\(context) at \($0))" } ?? " (\(context))"
        }
        return text
    }
}

/// Every problem found while decoding a document, sorted by position.
public struct YAMLErrorList: Error, Sendable, Hashable, CustomStringConvertible {
    public let errors: [YAMLError]

    public init(_ errors: [YAMLError]) {
        self.errors = errors.sorted { ($0.mark, $0.message) < ($1.mark, $1.message) }
    }

    /// One line per problem.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
