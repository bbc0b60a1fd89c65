internal import CYAML

/// Parses YAML bytes into `Node` trees with libyaml's event API.
///
/// Beyond libyaml it resolves aliases (as copies), applies merge keys, rejects duplicate keys, and caps
/// the expanded size and depth of a document so alias bombs and deep nesting fail fast with an error.
package struct YAMLParser: Sendable {
    /// The most nodes a document may hold, counting every alias copy in full. Unlimited by default: a
    /// document's own nodes are bounded by its size (a 200,000-repository fleet config is a million).
    package var maximumNodes: Int
    /// The most nodes aliases may add by copying what they name, each copy counted in full: the cap on
    /// alias bombs (a billion laughs), which plain nodes never count against.
    package var maximumAliasNodes: Int
    /// The deepest nesting of collections allowed, after alias expansion.
    package var maximumDepth: Int

    package init(maximumNodes: Int = .max, maximumAliasNodes: Int = 1_000_000, maximumDepth: Int = 512) {
        self.maximumNodes = maximumNodes
        self.maximumAliasNodes = maximumAliasNodes
        self.maximumDepth = maximumDepth
    }

    /// The first document; an empty stream gives a null scalar at 1:1. Later documents are not read.
    package func parse(_ bytes: [UInt8]) throws -> Node {
        try parseDocuments(bytes, limit: 1).first ?? Node(.scalar(Scalar("")), mark: Mark(line: 1, column: 1))
    }

    /// Every document in the stream, in order.
    package func parseAll(_ bytes: [UInt8]) throws -> [Node] {
        try parseDocuments(bytes, limit: Int.max)
    }

    private func parseDocuments(_ bytes: [UInt8], limit: Int) throws -> [Node] {
        guard !bytes.isEmpty else { return [] }
        // libyaml keeps a pointer to the parser inside the parser, so it must not move: heap, not stack.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw YAMLError(mark: Mark(line: 1, column: 1), message: "cannot initialise the YAML parser")
        }
        defer { yaml_parser_delete(parser) }

        return try bytes.withUnsafeBufferPointer { buffer in
            // The buffer stays valid for the whole closure, which is where every event is read.
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var composer = Composer(maximumNodes: maximumNodes, maximumAliasNodes: maximumAliasNodes, maximumDepth: maximumDepth)
            var documents: [Node] = []
            while documents.count < limit {
                var event = yaml_event_t()
                guard yaml_parser_parse(parser, &event) != 0 else {
                    throw Self.parserError(parser.pointee, bytes: buffer)
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                if let document = try composer.handle(event) { documents.append(document) }
            }
            return documents
        }
    }

    private static func parserError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) }
        if parser.error == YAML_READER_ERROR {
            // Reader errors leave the marks at 0/0 and only set the byte offset.
            var message = problem
            if parser.problem_value != -1 {
                let hex = String(parser.problem_value, radix: 16, uppercase: true)
                message += " (byte 0x\(hex.count < 2 ? "0" + hex : hex))"
            }
            return YAMLError(mark: mark(atOffset: parser.problem_offset, in: bytes), message: message)
        }
        if parser.error == YAML_MEMORY_ERROR {
            return YAMLError(mark: Mark(line: 1, column: 1), message: "out of memory while parsing YAML")
        }
        return YAMLError(
            mark: mark(parser.problem_mark),
            message: problem,
            context: context,
            contextMark: context == nil ? nil : mark(parser.context_mark)
        )
    }

    static func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// Line and column of a byte offset; columns count UTF-8 characters, as libyaml's marks do.
    static func mark(atOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Mark {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r") && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "\n")))
            {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\r") {
                column += 1
            }
            index += 1
        }
        return Mark(line: line, column: column)
    }
}

/// Builds nodes from events without recursion, so nesting depth cannot overflow the stack.
private struct Composer {
    let maximumNodes: Int
    let maximumAliasNodes: Int
    let maximumDepth: Int

    /// An open collection. A class, so appending to the top frame does not copy its arrays.
    final class Frame {
        let isMapping: Bool
        let mark: Mark
        let tag: String?
        let anchor: String?
        var items: [Node] = []
        var pairs: [Node.Pair] = []
        var merges: [Node] = []
        var pendingKey: Node?
        var pendingKeyIsMerge = false
        var keyMarks: [String: Mark] = [:]
        var size = 1
        /// Collections from this one down to its deepest leaf; scalars add nothing.
        var height = 1

        init(isMapping: Bool, mark: Mark, tag: String?, anchor: String?) {
            self.isMapping = isMapping
            self.mark = mark
            self.tag = tag
            self.anchor = anchor
        }
    }

    struct Anchored {
        let node: Node
        let size: Int
        let height: Int
    }

    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var documentRoot: Node?
    private var nodeCount = 0
    /// Nodes added by alias copies in this document.
    private var aliasNodeCount = 0

    init(maximumNodes: Int, maximumAliasNodes: Int, maximumDepth: Int) {
        self.maximumNodes = maximumNodes
        self.maximumAliasNodes = maximumAliasNodes
        self.maximumDepth = maximumDepth
    }

    /// Feeds one event; returns a document when one ends.
    mutating func handle(_ event: yaml_event_t) throws -> Node? {
        let mark = YAMLParser.mark(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            anchors = [:]
            documentRoot = nil
            nodeCount = 0
            aliasNodeCount = 0
        case YAML_DOCUMENT_END_EVENT:
            defer { documentRoot = nil }
            return documentRoot ?? Node(.scalar(Scalar("")), mark: mark)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
            let scalar = Scalar(text, style: Self.style(data.style), tag: Self.string(data.tag))
            try add(Node(.scalar(scalar), mark: mark), size: 1, height: 0, anchor: Self.string(data.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw YAMLError(mark: mark, message: "undefined alias '\(name)'")
            }
            aliasNodeCount += anchored.size
            if aliasNodeCount > maximumAliasNodes {
                throw YAMLError(mark: mark, message: "aliases expand the document by more than \(maximumAliasNodes) nodes")
            }
            try add(
                Node(anchored.node.content, mark: mark, tag: anchored.node.tag), size: anchored.size, height: anchored.height, anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try open(Frame(isMapping: false, mark: mark, tag: Self.string(data.tag), anchor: Self.string(data.anchor)))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try open(Frame(isMapping: true, mark: mark, tag: Self.string(data.tag), anchor: Self.string(data.anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            let node =
                frame.isMapping
                ? Node(.mapping(try merged(frame)), mark: frame.mark, tag: frame.tag)
                : Node(.sequence(frame.items), mark: frame.mark, tag: frame.tag)
            try add(node, size: frame.size, height: frame.height, anchor: frame.anchor, counted: true)
        default:
            break
        }
        return nil
    }

    private mutating func open(_ frame: Frame) throws {
        guard stack.count + 1 <= maximumDepth else {
            throw YAMLError(mark: frame.mark, message: "nesting is deeper than \(maximumDepth) levels")
        }
        try count(1, at: frame.mark)
        stack.append(frame)
    }

    private mutating func count(_ nodes: Int, at mark: Mark) throws {
        nodeCount += nodes
        if nodeCount > maximumNodes {
            throw YAMLError(mark: mark, message: "document holds more than \(maximumNodes) nodes")
        }
    }

    /// Adds a finished node to the open collection, or makes it the document root.
    private mutating func add(_ node: Node, size: Int, height: Int, anchor: String?, counted: Bool = false) throws {
        if !counted { try count(size, at: node.mark) }
        if stack.count + height > maximumDepth {
            throw YAMLError(mark: node.mark, message: "nesting is deeper than \(maximumDepth) levels")
        }
        if let anchor { anchors[anchor] = Anchored(node: node, size: size, height: height) }
        guard let frame = stack.last else {
            documentRoot = node
            return
        }
        frame.size += size
        frame.height = max(frame.height, height + 1)
        guard frame.isMapping else {
            frame.items.append(node)
            return
        }
        guard let key = frame.pendingKey else {
            if let scalar = node.scalar, scalar.isPlain, scalar.text == "<<" {
                frame.pendingKeyIsMerge = true
            } else if let scalar = node.scalar {
                if let first = frame.keyMarks[scalar.text] {
                    throw YAMLError(mark: node.mark, message: "duplicate key '\(scalar.text)' (first defined at \(first))")
                }
                frame.keyMarks[scalar.text] = node.mark
            }
            frame.pendingKey = node
            return
        }
        if frame.pendingKeyIsMerge {
            frame.merges.append(node)
        } else {
            frame.pairs.append(Node.Pair(key: key, value: node))
        }
        frame.pendingKey = nil
        frame.pendingKeyIsMerge = false
    }

    /// Explicit keys win over merged ones; among merged mappings the earlier one wins.
    private func merged(_ frame: Frame) throws -> [Node.Pair] {
        guard !frame.merges.isEmpty else { return frame.pairs }
        var pairs = frame.pairs
        var present = Set(frame.keyMarks.keys)
        for value in frame.merges {
            let sources: [Node]
            switch value.content {
            case .mapping: sources = [value]
            case .sequence(let items): sources = items
            case .scalar: sources = [value]
            }
            for source in sources {
                guard let sourcePairs = source.mapping else {
                    throw YAMLError(
                        mark: source.mark,
                        message: "a merge key (<<) takes a mapping or a sequence of mappings, not \(source.kindDescription)")
                }
                for pair in sourcePairs {
                    guard let name = pair.key.scalar?.text else {
                        pairs.append(pair)
                        continue
                    }
                    if present.insert(name).inserted { pairs.append(pair) }
                }
            }
        }
        return pairs
    }

    private static func style(_ style: yaml_scalar_style_t) -> Scalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
